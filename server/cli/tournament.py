"""``arbiter`` commands for a tournament and its players: create, register, correct, withdraw,
byes, close, and the views of it (``tournaments``, ``show``, ``log``).

Each command is a thin wrapper: parse the options into a command struct, hand it to the
service, print what changed. Refusals come back as typed errors that the group prints.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from datetime import date
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

import click
import msgspec

from engine import systems
from engine.model import Colour
from events.audit import is_manual_intervention
from events.decisions import (
    CancelBye,
    CloseTournament,
    CorrectPlayerDetails,
    CreateTournament,
    RegisterPlayer,
    RequestBye,
    WithdrawPlayer,
)
from events.errors import InvalidCommand
from events.names import parse_name
from events.rating_changes import SYSTEM_NAMES
from events.tiebreaks import ROUND_ROBIN_TIEBREAKS, SWISS_TIEBREAKS, Edition
from events.types import ByeKind, PointValues
from server.cli.render import render_log, render_state
from server.cli.support import CliContext, as_of_options, pass_service, player_of
from server.players_csv import read_players_csv
from server.service import deferred

__all__ = ["COMMANDS"]

INVALID_INPUT = 3


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:64] or "tournament"


def _points(pairs: tuple[str, ...]) -> PointValues:
    values: dict[str, Decimal] = {}
    for pair in pairs:
        key, _, text = pair.partition("=")
        key = key.strip().replace("-", "_")
        if key not in PointValues.__struct_fields__:
            raise InvalidCommand(
                f"--points {pair!r}: use KEY=VALUE with KEY one of "
                f"{', '.join(PointValues.__struct_fields__)}",
                field="points",
            )
        try:
            values[key] = Decimal(text.strip())
        except InvalidOperation:
            raise InvalidCommand(
                f"--points {pair!r}: {text!r} is not a number", field="points"
            ) from None
    return PointValues(**values)


_TITLE = click.Choice(["GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"], case_sensitive=False)


def _player_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """Identity and ranking options shared by ``register`` and ``correct-player``."""
    for option in reversed(
        [
            click.option("--fide-id", type=click.IntRange(min=1), help="FIDE id."),
            click.option("--rating", type=click.IntRange(0, 4000), help="Rating (0: unrated)."),
            click.option("--title", type=_TITLE, help="FIDE title."),
            click.option("--federation", help="Three-letter FIDE federation code."),
            click.option("--sex", type=click.Choice(["m", "f"]), help="m or f."),
            click.option("--birth-date", type=click.DateTime(["%Y-%m-%d"]), help="YYYY-MM-DD."),
            click.option("--club", help="Club or city."),
        ]
    ):
        command = option(command)
    return command


def _identity(options: dict[str, Any]) -> dict[str, Any]:
    """The player options actually given, in command-struct form."""
    given = {key: value for key, value in options.items() if value is not None}
    if "title" in given:
        given["title"] = given["title"].upper()
    if "birth_date" in given:
        given["birth_date"] = given["birth_date"].date()
    return given


# -- tournaments ---------------------------------------------------------------------------


@click.command("create-tournament")
@click.argument("name")
@click.option("--rounds", type=click.IntRange(1, 99), required=True, help="Number of rounds.")
@click.option("--id", "tournament_id", help="Tournament id (default: from the name).")
@click.option("--system", default=systems.DEFAULT_SYSTEM, show_default=True, help="Pairing system.")
@click.option(
    "--initial-colour",
    type=click.Choice(["white", "black", "random"]),
    default="white",
    show_default=True,
    help="Colour of the top player in round 1; random draws it now.",
)
@click.option(
    "--rules",
    "rules_edition",
    type=click.Choice(systems.edition_names()),
    default=systems.DEFAULT_EDITION,
    show_default=True,
    help="FIDE rules edition (the system must have it).",
)
@click.option("--place", default="", help="Where it is played.")
@click.option("--federation", default="", help="Host federation (three letters).")
@click.option("--start", "start_date", type=click.DateTime(["%Y-%m-%d"]), help="First day.")
@click.option("--end", "end_date", type=click.DateTime(["%Y-%m-%d"]), help="Last day.")
@click.option("--chief-arbiter", default="", help="Chief arbiter's name.")
@click.option("--time-control", default="", help="Time control, e.g. 90+30.")
@click.option(
    "--points",
    "point_pairs",
    multiple=True,
    metavar="KEY=VALUE",
    help="Point value, e.g. win=3 draw=1 pab=1 (repeatable).",
)
@click.option(
    "--max-half-point-byes",
    type=click.IntRange(min=0),
    help="Half-point byes a player may request.",
)
@click.option(
    "--full-point-byes/--no-full-point-byes", default=False, help="Allow full-point byes."
)
@click.option(
    "--tiebreaks",
    help=f'C.07 tie-break list, e.g. "BH/C1 BH SB DE"; "PTS" ranks by points alone. '
    f'Default: "{SWISS_TIEBREAKS}" (Swiss), "{ROUND_ROBIN_TIEBREAKS}" (round-robin).',
)
@click.option(
    "--tiebreak-rules",
    type=click.Choice(["2024", "2026"]),
    help=f"C.07 edition of the tie-breaks (default: the current one, {Edition.current().value}).",
)
@click.option(
    "--unrated-rating",
    type=click.IntRange(0, 4000),
    help="Rating unrated players count with in rating-based tie-breaks.",
)
@click.option(
    "--round-dates",
    metavar="DATE,DATE,...",
    help="Date of each round, YYYY-MM-DD (TRF 132, due in a rating report).",
)
@click.option(
    "--rating-type",
    type=click.Choice(["standard", "rapid", "blitz"]),
    default="standard",
    show_default=True,
    help="Which FIDE rating the time control uses (for FIDE lists).",
)
@click.option(
    "--rating-system",
    type=click.Choice(SYSTEM_NAMES),
    default="fide",
    show_default=True,
    help="Whose rating changes to show: FIDE's (the edition of the start date) or a national one.",
)
@click.option("--avoid-same-club", is_flag=True, help="Wish: players of one club not paired.")
@click.option("--avoid-same-federation", is_flag=True, help="Wish: the same for federations.")
@click.option(
    "--acceleration",
    type=click.Choice(["baku", "none"]),
    default="none",
    show_default=True,
    help="FIDE accelerated pairings (Baku, C.04.7).",
)
@pass_service
def create_tournament(
    ctx: CliContext,
    /,
    name: str,
    tournament_id: str | None,
    initial_colour: str,
    start_date: Any,
    end_date: Any,
    point_pairs: tuple[str, ...],
    tiebreak_rules: str | None,
    round_dates: str | None,
    acceleration: str,
    **options: Any,
) -> None:
    """Create a tournament.

    Example:

        arbiter create-tournament "Spring Open" --rounds 7 --place Oslo --start 2026-04-01
    """
    colour = random.choice(["white", "black"]) if initial_colour == "random" else initial_colour
    command = CreateTournament(
        tournament_id=tournament_id or _slug(name),
        name=name,
        initial_colour=Colour.WHITE if colour == "white" else Colour.BLACK,
        start_date=start_date.date() if start_date else None,
        end_date=end_date.date() if end_date else None,
        points=_points(point_pairs),
        tiebreak_rules=tiebreak_rules or "",
        round_dates=_dates(round_dates),
        acceleration="" if acceleration == "none" else acceleration,
        **options,
    )
    result = ctx.service().create(command)
    tid = result.tournament_id
    how = (
        f"by the Berger table; before round 1: arbiter draw-lots {tid}, and arbiter settings "
        f"{tid} --rounds N if the field's table has N"
        if systems.is_round_robin(command.system)
        else f"round 1 top player has {colour}"
    )
    click.echo(f"created tournament {tid} ({command.rounds} rounds, {how})")


def _dates(text: str | None) -> tuple[date, ...]:
    try:
        return tuple(date.fromisoformat(d.strip()) for d in (text or "").split(",") if d.strip())
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--round-dates") from None


@click.command("close-tournament")
@click.argument("tournament")
@click.option("--reason", default="", help="Why, for the record.")
@pass_service
def close_tournament(ctx: CliContext, tournament: str, reason: str) -> None:
    """Close a tournament: no further changes are accepted.

    Example:

        arbiter close-tournament spring-open
    """
    ctx.service().execute(tournament, CloseTournament(reason=reason))
    click.echo(f"closed {tournament}")


@click.command("tournaments")
@pass_service
def list_tournaments(ctx: CliContext) -> None:
    """List the tournaments in the database.

    Example:

        arbiter tournaments
    """
    for tournament_id in ctx.service(read_only=True).tournament_ids():
        click.echo(tournament_id)


# -- players -------------------------------------------------------------------------------


@click.command("register")
@click.argument("tournament")
@click.argument("name", required=False)
@_player_options
@click.option(
    "--joins-round", type=click.IntRange(min=1), help="First round to be paired (late entry)."
)
@pass_service
def register(
    ctx: CliContext, /, tournament: str, name: str | None, joins_round: int | None, **options: Any
) -> None:
    """Register a player; NAME is "Surname, Given name". Without NAME, --fide-id takes
    the player from the loaded FIDE list (arbiter ratings load), with the rating of the
    tournament's time control; options given override the list.

    Example:

        arbiter register spring-open "Polgar, Judit" --rating 2675 --title GM --federation HUN
        arbiter register spring-open --fide-id 700070
    """
    if name is None:
        from server.cli.ratings import register_from_list

        given = _identity(options)
        if "fide_id" not in given:
            raise click.UsageError("give NAME, or --fide-id to take the player from the FIDE list")
        register_from_list(ctx, tournament, joins_round=joins_round, **given)
        return
    surname, given_name = parse_name(name)
    command = RegisterPlayer(
        surname=surname, given_name=given_name, joins_round=joins_round, **_identity(options)
    )
    result = ctx.service().execute(tournament, command)
    player = result.state.players[-1]
    late = f", late entry from round {player.joins_round}" if player.joins_round > 1 else ""
    click.echo(f"registered player {player.player_id}: {player.name}{late}")


@click.command("register-many")
@click.argument("tournament")
@click.argument("csv_file", metavar="PLAYERS.csv", type=click.Path(path_type=Path, dir_okay=False))
@pass_service
def register_many(ctx: CliContext, tournament: str, csv_file: Path) -> None:
    """Register every player of a CSV file, all or none.

    The first line names the columns (any order and case): name ("Surname, Given name"),
    fide id, rating, title, federation, sex, birth date (YYYY-MM-DD), club. Each problem
    is printed as FILE:LINE: message, and then nobody is registered.

    Example:

        arbiter register-many spring-open players.csv
    """
    try:
        command = read_players_csv(csv_file.read_bytes())
        result = ctx.service().execute(tournament, command)
    except InvalidCommand as error:
        problems = error.details.get("problems")
        if not problems:
            raise
        for problem in problems:
            click.echo(f"{csv_file}:{problem['line']}: {problem['message']}", err=True)
        click.echo(f"{csv_file}: {len(problems)} problem(s); nobody registered", err=True)
        raise click.exceptions.Exit(INVALID_INPUT) from None
    first = result.state.players[-len(result.events)]
    click.echo(
        f"registered {len(result.events)} players: ids {first.player_id} to "
        f"{result.state.players[-1].player_id}"
    )


@click.command("correct-player")
@click.argument("tournament")
@click.argument("player")
@click.option("--name", help='Corrected "Surname, Given name".')
@_player_options
@click.option(
    "--k-factor",
    type=click.IntRange(1, 100),
    help="The player's K for rating changes (B.02 8.3.3: e.g. 40 for a player new to the list).",
)
@click.option("--reason", default="", help="Why, for the record.")
@pass_service
def correct_player(
    ctx: CliContext, /, tournament: str, player: str, name: str | None, reason: str, **options: Any
) -> None:
    """Correct a player's details (TPNs follow until round 4 is paired).

    PLAYER is the player's id (the "id" column of every listing), a FIDE id, or an
    unambiguous part of the name ("carlsen").

    Example:

        arbiter correct-player spring-open 3 --rating 2410
    """
    changes = _identity(options)
    if name is not None:
        changes["surname"], changes["given_name"] = parse_name(name)
    command = deferred(CorrectPlayerDetails, player_id=player, reason=reason, **changes)
    result = ctx.service().execute(tournament, command)
    click.echo(f"corrected player {player_of(result)}")


@click.command("withdraw")
@click.argument("tournament")
@click.argument("player")
@click.option(
    "--from-round", type=click.IntRange(min=1), help="First round missed (default: the next)."
)
@click.option("--reason", default="", help="Why, for the record.")
@pass_service
def withdraw(
    ctx: CliContext, tournament: str, player: str, from_round: int | None, reason: str
) -> None:
    """Withdraw a player from the next round (or --from-round) on.

    PLAYER is the player's id (the "id" column of every listing), a FIDE id, or an
    unambiguous part of the name ("carlsen").

    Example:

        arbiter withdraw spring-open 5 --from-round 4
    """
    result = ctx.service().execute(
        tournament,
        deferred(WithdrawPlayer, player_id=player, from_round=from_round, reason=reason),
    )
    event = result.events[0]
    click.echo(f"player {player_of(result)} withdrawn from round {getattr(event, 'from_round')}")


@click.command("request-bye")
@click.argument("tournament")
@click.argument("player")
@click.argument("round_no", metavar="ROUND", type=int)
@click.option(
    "--kind",
    type=click.Choice([kind.value for kind in ByeKind]),
    default="half",
    show_default=True,
    help="Points of the bye, as the regulations allow.",
)
@pass_service
def request_bye(ctx: CliContext, tournament: str, player: str, round_no: int, kind: str) -> None:
    """Grant a player's requested bye for a round not yet paired.

    PLAYER is the player's id (the "id" column of every listing), a FIDE id, or an
    unambiguous part of the name ("carlsen").

    Example:

        arbiter request-bye spring-open 7 3 --kind half
    """
    result = ctx.service().execute(
        tournament, deferred(RequestBye, player_id=player, round_no=round_no, kind=ByeKind(kind))
    )
    click.echo(f"player {player_of(result)}: {kind}-point bye in round {round_no}")


@click.command("cancel-bye")
@click.argument("tournament")
@click.argument("player")
@click.argument("round_no", metavar="ROUND", type=int)
@pass_service
def cancel_bye(ctx: CliContext, tournament: str, player: str, round_no: int) -> None:
    """Cancel a requested bye before its round is paired.

    PLAYER is the player's id (the "id" column of every listing), a FIDE id, or an
    unambiguous part of the name ("carlsen").

    Example:

        arbiter cancel-bye spring-open 7 3
    """
    command = deferred(CancelBye, player_id=player, round_no=round_no)
    result = ctx.service().execute(tournament, command)
    click.echo(f"player {player_of(result)}: bye in round {round_no} cancelled")


# -- views --------------------------------------------------------------------------------


@click.command("show")
@click.argument("tournament")
@as_of_options
@pass_service
def show(ctx: CliContext, tournament: str, round_no: int | None, to_version: int | None) -> None:
    """Show a tournament: players in TPN order and every round.

    Example:

        arbiter show spring-open --round 3
    """
    click.echo(
        render_state(
            ctx.service(read_only=True).load(
                tournament, to_version=to_version, after_round=round_no
            )
        )
    )


@click.command("log")
@click.argument("tournament")
@as_of_options
@click.option("--json", "as_json", is_flag=True, help="One JSON envelope per line.")
@click.option(
    "--manual", is_flag=True, help="Only manual interventions: corrections, hand pairings."
)
@pass_service
def show_log(
    ctx: CliContext,
    tournament: str,
    round_no: int | None,
    to_version: int | None,
    as_json: bool,
    manual: bool,
) -> None:
    """Show the event log (the audit trail); --manual: the integrity log of every manual
    intervention, with who made it (the actor) and why.

    Example:

        arbiter log spring-open --round 2

        arbiter log spring-open --manual
    """
    service = ctx.service(read_only=True)
    events = service.history(tournament, limit=to_version)
    if round_no is not None:
        events = events[
            : service.load(tournament, to_version=to_version, after_round=round_no).version
        ]
    if manual:
        events = [recorded for recorded in events if is_manual_intervention(recorded.event)]
    if as_json:
        for recorded in events:
            click.echo(msgspec.json.encode(recorded).decode())
    else:
        click.echo(render_log(events))


COMMANDS = (
    create_tournament,
    list_tournaments,
    register,
    register_many,
    correct_player,
    withdraw,
    request_bye,
    cancel_bye,
    close_tournament,
    show,
    show_log,
)
