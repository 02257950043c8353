"""Ratings on the command line: ``arbiter ratings load|search|update|changes``.

``load`` streams a FIDE list (TXT or XML, zipped or not) into the player directory of the
database, reporting progress on stderr; ``register T --fide-id N`` then fills a player from
it, and ``update T`` sets every player's rating to the list before round 1. ``changes T``
shows what the event does to each rating (FIDE B.02 in the edition of the start date, B.02 0.1).
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import click

from engine.model import PairingNumber
from events.directory import DirectoryPlayer, PlayerDirectory, open_directory
from server.cli.support import CliContext, as_of_options, language_option, pass_service
from trf.rating_list import RatingListError, open_rating_list

if TYPE_CHECKING:
    from events.projections import TournamentState
    from events.rating_changes import PlayerChange
    from server.printouts import Language

__all__ = ["COMMANDS", "directory_of", "ratings_group", "register_from_list"]

INVALID_INPUT = 3
PROGRESS_EVERY = 100_000
_MONTH = re.compile(r"(19|20)[0-9]{2}-(0[1-9]|1[0-2])")


def directory_of(ctx: CliContext) -> PlayerDirectory:
    """The player directory in the command's database (closed with the command)."""
    directory = open_directory(ctx.db)
    click.get_current_context().call_on_close(directory.close)
    return directory


def register_from_list(ctx: CliContext, tournament: str, fide_id: int, **given: Any) -> None:
    """``arbiter register T --fide-id N`` without a name: the player as the list has them."""
    result = ctx.service().register_listed(directory_of(ctx), tournament, fide_id, **given)
    player = result.state.players[-1]
    late = f", late entry from round {player.joins_round}" if player.joins_round > 1 else ""
    click.echo(
        f"registered player {player.player_id}: {player.name} ({player.federation or '-'}, "
        f"{player.title or 'no title'}, rating {player.rating or 'unrated'}"
        f"{f' from the {player.rating_list} list' if player.rating_list else ' as given'}){late}"
    )


@click.group("ratings")
def ratings_group() -> None:
    """FIDE players lists: load one, search it, update a tournament's ratings from it."""


@ratings_group.command("load")
@click.argument(
    "list_file", metavar="LIST", type=click.Path(exists=True, dir_okay=False, path_type=Path)
)
@click.option("--month", help="YYYY-MM of the list, when neither its header nor its name says.")
@pass_service
def load_command(ctx: CliContext, list_file: Path, month: str | None) -> None:
    """Load a FIDE players list (TXT or XML, zipped or not) as the player directory.

    The list replaces the one loaded before, in one transaction. Its month (the list
    FIDE published on that month's first day) comes from a single list's header or FIDE's
    file name (standard_sep26frl.zip), else from --month.

    Example:

        arbiter ratings load players_list.zip --month 2026-09
    """
    if month is not None and not _MONTH.fullmatch(month):
        raise click.BadParameter(f"{month!r} is not YYYY-MM", param_hint="--month")
    try:
        ratings = open_rating_list(list_file)
    except RatingListError as error:
        _refuse(str(error))
    month = month or ratings.month
    if month is None:
        _refuse(
            f"{list_file}: the file does not say which month's list it is: give --month YYYY-MM"
        )
    started = time.monotonic()
    shown = [0]

    def progress(count: int) -> None:
        if count // PROGRESS_EVERY > shown[0]:
            shown[0] = count // PROGRESS_EVERY
            click.echo(f"{count:,} players...", err=True)

    try:
        count = directory_of(ctx).load(
            ratings, month=month, source=list_file.name,
            encoding=lambda: ratings.encoding, progress=progress,
        )  # fmt: skip
    except RatingListError as error:
        _refuse(f"{error}; nothing loaded")
    click.echo(
        f"loaded {count:,} players from {list_file.name} ({ratings.layout.upper()}, "
        f"{ratings.encoding}), list of {month}, in {time.monotonic() - started:.1f} s"
    )


@ratings_group.command("search")
@click.argument("text")
@click.option("--limit", type=click.IntRange(1, 1000), default=20, show_default=True)
@pass_service
def search_command(ctx: CliContext, text: str, limit: int) -> None:
    """Players of the loaded list by FIDE id, or by the start of their name.

    Example:

        arbiter ratings search "nunez, l"
    """
    for player in directory_of(ctx).search(text, limit=limit):
        click.echo(_line(player))


@ratings_group.command("update")
@click.argument("tournament")
@pass_service
def update_command(ctx: CliContext, tournament: str) -> None:
    """Set every player's rating to the loaded list's, before round 1 only.

    One correction event per changed player, carrying the list's month; players without
    a FIDE id, or not in the list, keep their rating. FIDE rates a tournament with the
    ratings in force at its start, so the update is refused once round 1 is paired.

    Example:

        arbiter ratings update spring-open
    """
    command, result = ctx.service().update_ratings(directory_of(ctx), tournament)
    if result is None:
        click.echo(f"no rating changed (list of {command.list_month})")
        return
    for event in result.events:
        player = result.state.player(event.player_id)  # type: ignore[union-attr]
        click.echo(f"player {player.player_id} {player.name}: rating {player.rating}")
    click.echo(f"updated {len(result.events)} rating(s) to the list of {command.list_month}")


def _line(player: DirectoryPlayer) -> str:
    ratings = " ".join(
        f"{kind[0].upper()}{player.rating(kind) or '-'}" for kind in ("standard", "rapid", "blitz")
    )
    title = player.title or player.women_title or "-"
    return (
        f"{player.fide_id:>10}  {player.name:<40} {player.federation or '-':<3} "
        f"{player.sex or '-'} {title:<3} {ratings}  {player.birth_year or '-'}"
    )


def _refuse(message: str) -> NoReturn:
    click.echo(f"Error: {message}", err=True)
    raise click.exceptions.Exit(INVALID_INPUT)


@ratings_group.command("changes")
@click.argument("tournament")
@as_of_options
@click.option("--player", help="Show this player's games one by one (id, FIDE id or name).")
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "csv", "html", "json"]),
    default="text",
    show_default=True,
    help="Output format (html: one page that prints on A4).",
)
@language_option
@pass_service
def changes(
    ctx: CliContext,
    /,
    tournament: str,
    round_no: int | None,
    to_version: int | None,
    player: str | None,
    output_format: str,
    language: Language,
) -> None:
    """Show each player's rating change over the complete rounds: K, expected score, change
    and new rating, by the FIDE Rating Regulations in force on the start date (or the rating
    system the tournament names); an unrated player's first rating.

    Example:

        arbiter ratings changes spring-open --player 3
    """
    from events.decisions import find_player
    from events.rating_changes import tournament_rating_changes
    from server.http.schemas import encode, rating_changes_out
    from server.printouts import as_format, rating_change_list, render

    service = ctx.service(read_only=True)
    state = service.load(tournament, to_version=to_version, after_round=round_no)
    result = service.derived(tournament, state, tournament_rating_changes)
    if output_format == "json":
        click.echo(encode(rating_changes_out(state, result)).decode())
    elif player is None:
        printout = rating_change_list(state, result, language=language)
        click.echo(render(printout, as_format(output_format)))
    else:
        found = find_player(state, player)
        change = result.player(PairingNumber(state.pairing_number(found)))
        click.echo(_games(state, change))


def _games(state: TournamentState, change: PlayerChange) -> str:
    """One player's rated games, one line each, and the rounds that are not rated."""
    name = state.player(state.order[change.pairing_number - 1]).name
    lines = [f"{name}: rating {change.rating or 'unrated'}, K {change.k or '-'}"]
    for game in change.games:
        opponent = state.player(state.order[game.opponent - 1]).name
        line = f"  round {game.round_no}: {opponent} ({game.opponent_rating}) {game.score}"
        if game.change is not None:
            line += f", D {game.difference}, expected {game.expected}, change {game.change:+}"
        lines.append(line)
    lines += [f"  round {r}: not rated ({reason})" for r, reason in change.excluded]
    if change.change is not None:
        lines.append(f"change {change.change:+}, new rating {change.new_rating}")
    elif change.initial is not None and change.initial.rating is not None:
        published = "published" if change.initial.published else "not published yet"
        lines.append(f"first rating {change.initial.rating} ({published})")
    return "\n".join(lines)


COMMANDS = (ratings_group,)
