"""``arbiter`` commands for a round: pair it, unpair it, record and correct its results."""

from __future__ import annotations

import click

from events import CorrectResult, PairRound, RecordResult, UnpairRound, parse_result
from server.cli.render import render_round
from server.cli.support import CliContext, pass_service

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


COMMANDS = (pair_round, unpair_round, record_result, correct_result)
