"""``arbiter`` commands that change what reaches the pairing engine after creation: the
regulations (``settings``), forbidden pairs, acceleration points player by player, and a
round-robin's drawing of lots."""

from __future__ import annotations

import secrets
from decimal import Decimal, InvalidOperation
from typing import Any

import click

from engine.model import Colour
from events.decisions import ChangeSettings, DrawLots, ForbidPair, GiveVirtualPoints
from events.errors import InvalidCommand
from events.rating_changes import SYSTEM_NAMES
from events.types import DrawMethod
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
@click.option(
    "--norm-event",
    type=click.Choice(["national-championship", "national-team-championship", "zonal", "none"]),
    help="What the event is for the title norms' exemptions (B.01 1.4.3a-c); none: ordinary.",
)
@click.option(
    "--rounds", type=click.IntRange(min=1), help="Before round 1 (a round-robin's field)."
)
@click.option("--reason", default="", help="Why, for the record.")
@pass_service
def settings(
    ctx: CliContext,
    /,
    tournament: str,
    initial_colour: str | None,
    acceleration: str | None,
    norm_event: str | None,
    reason: str,
    **options: Any,
) -> None:
    """Change the regulations the engine pairs with, until the round where each matters.

    The initial colour, the acceleration and the number of rounds change only before round 1
    is paired (a round-robin's rounds follow its field: 9 for 9 or 10 players); the
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
    if norm_event is not None:
        changes["norm_event"] = "" if norm_event == "none" else norm_event
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


@click.command("draw-lots")
@click.argument("tournament")
@click.option("--varma", is_flag=True, help="Restricted by the Varma tables (C.05 Annex 2).")
@click.option(
    "--seed", type=click.IntRange(0, 2**53 - 1), help="The draw's seed (default: a new one)."
)
@click.option("--order", help="The numbers drawn in the hall: player ids by number, e.g. 3,1,4,2.")
@pass_service
def draw_lots(
    ctx: CliContext, tournament: str, varma: bool, seed: int | None, order: str | None
) -> None:
    """Draw a round-robin's pairing numbers before round 1 (C.05 Annex 1).

    By lots from a seed (printed, so anyone can repeat the draw), restricted by the Varma
    tables so that players of one federation meet early, or in the order drawn in the hall.

    Example:

        arbiter draw-lots club-league --varma --seed 2026
    """
    if order is not None:
        try:
            numbers = tuple(int(part) for part in order.split(","))
        except ValueError:
            raise InvalidCommand(f"--order {order!r}: player ids, comma-separated") from None
        command = DrawLots(method=DrawMethod.ARBITER, order=numbers)
    else:
        method = DrawMethod.VARMA if varma else DrawMethod.LOTS
        command = DrawLots(method=method, seed=secrets.randbelow(2**31) if seed is None else seed)
    result = ctx.service().execute(tournament, command)
    seed_text = f" (seed {command.seed})" if command.seed is not None else ""
    click.echo(f"{tournament}: pairing numbers drawn{seed_text}:")
    for number, player_id in enumerate(getattr(result.events[0], "order"), 1):
        click.echo(f"{number:>4}  {result.state.player(player_id).name} (player {player_id})")


COMMANDS = (settings, forbid_pair, virtual_points, draw_lots)
