"""``arbiter`` corrections: each undoes or amends something as a new event with a reason, so
the log keeps what was there before (nothing is deleted).

Reopen a closed tournament, cancel a withdrawal, remove a registration made in error, swap
the colours or the places of boards in a published round. Unpairing the latest round, even
after results, is ``arbiter unpair-round`` (:mod:`server.cli.rounds`).
"""

from __future__ import annotations

import click

from events.decisions import (
    CancelWithdrawal,
    RemoveRegistration,
    ReopenTournament,
    SwapBoards,
    SwapColours,
)
from server.cli.support import CliContext, pass_service, player_of
from server.service import deferred

__all__ = ["COMMANDS"]

_REASON = click.option("--reason", required=True, help="Why, for the record (required).")


@click.command("reopen-tournament")
@click.argument("tournament")
@_REASON
@pass_service
def reopen_tournament(ctx: CliContext, tournament: str, reason: str) -> None:
    """Reopen a closed tournament, e.g. to enter a result changed on appeal.

    Example:

        arbiter reopen-tournament spring-open --reason "appeal committee: board 3 is 1-0"
    """
    ctx.service().execute(tournament, ReopenTournament(reason=reason))
    click.echo(f"reopened {tournament}")


@click.command("cancel-withdrawal")
@click.argument("tournament")
@click.argument("player")
@_REASON
@pass_service
def cancel_withdrawal(ctx: CliContext, tournament: str, player: str, reason: str) -> None:
    """Cancel a player's withdrawal: paired again from the next round (rounds missed stay).

    PLAYER is the id, a FIDE id or an unambiguous part of the name.

    Example:

        arbiter cancel-withdrawal spring-open 5 --reason "arrived after all"
    """
    command = deferred(CancelWithdrawal, player_id=player, reason=reason)
    result = ctx.service().execute(tournament, command)
    click.echo(f"player {player_of(result)}: withdrawal cancelled")


@click.command("remove-player")
@click.argument("tournament")
@click.argument("player")
@_REASON
@pass_service
def remove_player(ctx: CliContext, tournament: str, player: str, reason: str) -> None:
    """Remove a registration made in error (refused once the player was paired: withdraw).

    PLAYER is the id, a FIDE id or an unambiguous part of the name. The id is not reused.

    Example:

        arbiter remove-player spring-open 9 --reason "registered twice"
    """
    command = deferred(RemoveRegistration, player_id=player, reason=reason)
    result = ctx.service().execute(tournament, command)
    click.echo(f"player {player_of(result)}: registration removed")


@click.command("swap-colours")
@click.argument("tournament")
@click.argument("round_no", metavar="ROUND", type=int)
@click.argument("board", type=int)
@_REASON
@pass_service
def swap_colours(ctx: CliContext, tournament: str, round_no: int, board: int, reason: str) -> None:
    """Exchange White and Black on a board of a published round, before its result.

    Example:

        arbiter swap-colours spring-open 3 5 --reason "colours misprinted on the pairing list"
    """
    ctx.service().execute(tournament, SwapColours(round_no=round_no, board=board, reason=reason))
    click.echo(f"round {round_no} board {board}: colours swapped")


@click.command("swap-boards")
@click.argument("tournament")
@click.argument("round_no", metavar="ROUND", type=int)
@click.argument("board", type=int)
@click.argument("other", type=int)
@_REASON
@pass_service
def swap_boards(
    ctx: CliContext, tournament: str, round_no: int, board: int, other: int, reason: str
) -> None:
    """Exchange the places of two boards of a published round, before their results.

    Example:

        arbiter swap-boards spring-open 3 1 7 --reason "wheelchair access at board 7"
    """
    ctx.service().execute(
        tournament, SwapBoards(round_no=round_no, board=board, other=other, reason=reason)
    )
    click.echo(f"round {round_no}: boards {board} and {other} swapped")


COMMANDS = (reopen_tournament, cancel_withdrawal, remove_player, swap_colours, swap_boards)
