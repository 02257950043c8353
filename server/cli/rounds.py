"""``arbiter`` commands for a round: pair it, unpair it, record and correct its results."""

from __future__ import annotations

import click

from events.decisions import (
    CorrectResult,
    PairManually,
    PairRound,
    RecordResult,
    UnpairRound,
    find_player,
)
from events.projections import TournamentState
from events.results import parse_result
from events.types import PairedBoard, PlayerId
from server.cli.render import render_round
from server.cli.support import CliContext, pass_service
from server.service import Deferred, NamedRequest

__all__ = ["COMMANDS"]

# Results such as "-/+" start with a dash; let them through as arguments, not options.
_RESULT_COMMAND = {"ignore_unknown_options": True}


@click.command("pair-round")
@click.argument("tournament")
@click.option("--system", help="Pairing system (default: the tournament's).")
@pass_service
def pair_round(ctx: CliContext, tournament: str, system: str | None) -> None:
    """Pair the next round with the pairing engine and publish it.

    Example:

        arbiter pair-round spring-open
    """
    result = ctx.service().pair_round(tournament, PairRound(system=system))
    click.echo(render_round(result.state, result.state.rounds[-1]))


@click.command("unpair-round")
@click.argument("tournament")
@click.argument("round_no", metavar="ROUND", type=int)
@click.option("--reason", default="", help="Why, for the record.")
@pass_service
def unpair_round(ctx: CliContext, tournament: str, round_no: int, reason: str) -> None:
    """Withdraw the latest round's pairing; after results, --reason is required.

    The results leave the standings with the round; the log keeps them.

    Example:

        arbiter unpair-round spring-open 3 --reason "late entry admitted"
    """
    ctx.service().execute(tournament, UnpairRound(round_no=round_no, reason=reason))
    click.echo(f"round {round_no} unpaired")


@click.command("record-result", context_settings=_RESULT_COMMAND)
@click.argument("tournament")
@click.argument("round_no", metavar="ROUND", type=int)
@click.argument("board", type=int)
@click.argument("result")
@pass_service
def record_result(ctx: CliContext, tournament: str, round_no: int, board: int, result: str) -> None:
    """Record a board's result: 1-0, 0-1, 1/2-1/2, +/-, -/+, -/-, 0-0, 1/2-0, 0-1/2.

    Example:

        arbiter record-result spring-open 2 4 1/2-1/2
    """
    outcome = parse_result(result)
    ctx.service().execute(tournament, RecordResult(round_no=round_no, board=board, result=outcome))
    click.echo(f"round {round_no} board {board}: {outcome.value}")


@click.command("correct-result", context_settings=_RESULT_COMMAND)
@click.argument("tournament")
@click.argument("round_no", metavar="ROUND", type=int)
@click.argument("board", type=int)
@click.argument("result")
@click.option("--reason", default="", help="Why, for the record.")
@pass_service
def correct_result(
    ctx: CliContext, tournament: str, round_no: int, board: int, result: str, reason: str
) -> None:
    """Replace a recorded result (the old one stays in the log).

    Example:

        arbiter correct-result spring-open 2 4 1-0 --reason "score sheet checked"
    """
    outcome = parse_result(result)
    done = ctx.service().execute(
        tournament, CorrectResult(round_no=round_no, board=board, result=outcome, reason=reason)
    )
    previous = getattr(done.events[0], "previous")
    click.echo(f"round {round_no} board {board}: {previous.value} corrected to {outcome.value}")


@click.command("pair-manually")
@click.argument("tournament")
@click.option(
    "--board", "boards", multiple=True, nargs=2, metavar="WHITE BLACK",
    help="A board, in board order (repeat for each); players by id, FIDE id or name.",
)  # fmt: skip
@click.option("--pab", help="The player who gets the pairing-allocated bye.")
@click.option("--from-engine", is_flag=True, help="Start from the engine's proposal.")
@click.option(
    "--exchange", "exchanges", multiple=True, nargs=2, metavar="PLAYER OTHER",
    help="With --from-engine: the two players exchange places (repeatable).",
)  # fmt: skip
@click.option("--reason", default="", help="Why, for the record.")
@click.option("--force", is_flag=True, help="Publish even though it breaks absolute criteria.")
@pass_service
def pair_manually(
    ctx: CliContext,
    tournament: str,
    boards: tuple[tuple[str, str], ...],
    pab: str | None,
    from_engine: bool,
    exchanges: tuple[tuple[str, str], ...],
    reason: str,
    force: bool,
) -> None:
    """Publish the next round paired by hand, board by board or from the engine's proposal.

    It is compared with the engine's pairing; every FIDE criterion it breaks is listed and
    recorded with the round. Absolute criteria (C1-C3) are refused unless --force is given
    with a --reason.

    Example:

        arbiter pair-manually spring-open --from-engine --exchange 4 9 --reason "appeal"

        arbiter pair-manually spring-open --board 1 4 --board 3 2 --pab 5 --reason "R"
    """
    if not from_engine and not boards:
        raise click.UsageError("give the boards (--board WHITE BLACK ...) or --from-engine")
    service = ctx.service()

    def complete(state: TournamentState) -> PairManually:
        """The pairing as decided: players found, and the engine's proposal made, in the
        state it is published on."""
        placed: list[list[int]]
        bye: int | None
        if from_engine:
            proposal = service.proposal(state)
            placed = [[board.white, board.black] for board in proposal.boards]
            bye = proposal.pab
        else:
            placed = [[find_player(state, w), find_player(state, b)] for w, b in boards]
            bye = None
        if pab is not None:
            bye = find_player(state, pab)
        for first, second in exchanges:
            a, b = find_player(state, first), find_player(state, second)
            placed = [[b if p == a else a if p == b else p for p in pair] for pair in placed]
            bye = b if bye == a else a if bye == b else bye
        return PairManually(
            boards=tuple(PairedBoard(white=PlayerId(w), black=PlayerId(b)) for w, b in placed),
            pab=PlayerId(bye) if bye is not None else None,
            reason=reason,
            force=force,
        )

    given = {"boards": boards, "pab": pab, "from_engine": from_engine, "exchanges": exchanges,
             "reason": reason, "force": force}  # fmt: skip
    command = Deferred(NamedRequest("PairManually", given, None), complete)
    result = service.pair_manually(tournament, command)
    click.echo(render_round(result.state, result.state.rounds[-1]))
    published = result.events[0]
    for departure in getattr(published, "departures", ()):
        click.echo(f"breaks {departure}")


COMMANDS = (pair_round, pair_manually, unpair_round, record_result, correct_result)
