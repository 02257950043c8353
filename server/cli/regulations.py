"""``arbiter`` commands that change what reaches the pairing engine after creation: the
regulations (``settings``), forbidden pairs and acceleration points player by player."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

import click

from engine.model import Colour
from events.decisions import ChangeSettings, ForbidPair, GiveVirtualPoints
from events.errors import InvalidCommand
from events.rating_changes import SYSTEM_NAMES
from server.cli.support import CliContext, pass_service, player_of
from server.service import deferred

__all__ = ["COMMANDS"]


@click.command("settings")
@click.argument("tournament")
@click.option("--initial-colour", type=click.Choice(["white", "black"]), help="Before round 1.")
@click.option("--tiebreaks", help='C.07 tie-break list, e.g. "BH/C1 BH SB DE".')
@click.option("--tiebreak-rules", type=click.Choice(["2024", "2026"]), help="Its C.07 edition.")
@click.option("--avoid-same-club/--allow-same-club", default=None, help="A wish, never absolute.")
@click.option(
    "--avoid-same-federation/--allow-same-federation", default=None, help="A wish, never absolute."
)
@click.option(
    "--acceleration", type=click.Choice(["baku", "none"]), help="Baku (C.04.7); before round 1."
)
@click.option(
    "--public-actors/--private-actors", default=None,
    help="Whether the public log names who made each change (the desk's always does).",
)  # fmt: skip
@click.option(
    "--rating-system", type=click.Choice(SYSTEM_NAMES), help="Whose rating changes to show."
)
@click.option("--federation", help="The host federation (FIDE code), as the title norms read it.")
@click.option("--reason", default="", help="Why, for the record.")
@pass_service
def settings(
    ctx: CliContext,
    /,
    tournament: str,
    initial_colour: str | None,
    acceleration: str | None,
    reason: str,
    **options: Any,
) -> None:
    """Change the regulations the engine pairs with, until the round where each matters.

    The initial colour and the acceleration change only before round 1 is paired; the
    tie-breaks until the tournament closes; the club and federation wishes any time, for
    the rounds still to be paired.

    Example:

        arbiter settings spring-open --avoid-same-club --acceleration baku --reason "regulations"
    """
    changes = {key: value for key, value in options.items() if value is not None}
    if initial_colour is not None:
        changes["initial_colour"] = Colour.WHITE if initial_colour == "white" else Colour.BLACK
    if acceleration is not None:
        changes["acceleration"] = "" if acceleration == "none" else acceleration
    ctx.service().execute(tournament, ChangeSettings(reason=reason, **changes))
    click.echo(f"{tournament}: changed {', '.join(sorted(changes))}")


@click.command("forbid-pair")
@click.argument("tournament")
@click.argument("player")
@click.argument("other")
@click.option("--from-round", type=click.IntRange(min=1), help="Default: the next round.")
@click.option("--reason", required=True, help="Why, for the record (required).")
@pass_service
def forbid_pair(
    ctx: CliContext, tournament: str, player: str, other: str, from_round: int | None, reason: str
) -> None:
    """Forbid two players to meet (an absolute criterion for the engine, TRF record 260).

    PLAYER and OTHER are ids, FIDE ids or unambiguous parts of names.

    Example:

        arbiter forbid-pair spring-open 3 8 --reason "brothers (regulations 4.2)"
    """
    command = deferred(
        ForbidPair, player_id=player, other=other, from_round=from_round, reason=reason
    )
    event = ctx.service().execute(tournament, command).events[0]
    click.echo(
        f"players {getattr(event, 'player_id')} and {getattr(event, 'other')} may not meet "
        f"from round {getattr(event, 'from_round')}"
    )


@click.command("virtual-points")
@click.argument("tournament")
@click.argument("player")
@click.argument("points")
@click.option(
    "--rounds",
    "rounds",
    required=True,
    metavar="FIRST-LAST",
    help="Rounds they apply to, e.g. 1-3.",
)
@click.option("--reason", default="", help="Why, for the record.")
@pass_service
def virtual_points(
    ctx: CliContext, tournament: str, player: str, points: str, rounds: str, reason: str
) -> None:
    """Give a player acceleration points for pairing only (TRF-2026 record 250).

    Example:

        arbiter virtual-points spring-open 4 1 --rounds 1-2 --reason "seeded group A"
    """
    first, _, last = rounds.partition("-")
    try:
        value = Decimal(points)
        span = (int(first), int(last or first))
    except (InvalidOperation, ValueError):
        raise InvalidCommand(
            f"give POINTS as a number and --rounds as FIRST-LAST, not {points!r} {rounds!r}",
            field="points",
        ) from None
    command = deferred(
        GiveVirtualPoints,
        player_id=player,
        first_round=span[0],
        last_round=span[1],
        points=value,
        reason=reason,
    )
    result = ctx.service().execute(tournament, command)
    click.echo(
        f"player {player_of(result)}: {value} virtual point(s) in rounds {span[0]}-{span[1]}"
    )


COMMANDS = (settings, forbid_pair, virtual_points)
