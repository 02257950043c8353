"""FIDE players lists over HTTP: search the directory (a registration form's look-up),
register a listed player by ``fide_id`` alone, update a tournament's ratings before round 1.

The directory is opened on the thread that uses it, for that request only: it is a table
in the store's database (the SQLite file, or the PostgreSQL database every server process
shares), read with its own short-lived connection.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Unpack

import msgspec
from aiohttp import web

from events.bounds import Name
from events.decisions import RegisterPlayer
from events.directory import DirectoryPlayer, open_directory
from server.http.handlers import players
from server.http.handlers.call import Call, respond
from server.http.schemas import WriteResult
from server.service import CommandResult, TournamentService, WriteOptions

__all__ = [
    "DirectoryEntry",
    "DirectorySearch",
    "PlayerSearchQuery",
    "RatingsUpdated",
    "register_player",
    "search_players",
    "update_ratings_handler",
]


class PlayerSearchQuery(msgspec.Struct, kw_only=True):
    search: Name = ""
    """A FIDE id, or the start of a name ("nunez, l"; accents and case ignored)."""
    limit: Annotated[int, msgspec.Meta(ge=1, le=100)] = 20


_FIDE_ID = re.compile(r"[0-9]{1,9}")
"""What a search made of digits must be: a FIDE id (``events.bounds.FideId``)."""


class DirectoryEntry(msgspec.Struct, kw_only=True):
    """A player of the loaded FIDE list; ratings are null when unrated."""

    fide_id: int
    name: str
    federation: str
    sex: str
    title: str
    women_title: str
    other_titles: str
    standard: int | None
    standard_games: int | None
    """Games rated in the list's period; null when the list gives none."""
    standard_k: int | None
    """The list's K (B.02 7.1.2); null when the list gives none."""
    rapid: int | None
    rapid_games: int | None
    rapid_k: int | None
    blitz: int | None
    blitz_games: int | None
    blitz_k: int | None
    birth_year: int | None
    flag: str


class DirectorySearch(msgspec.Struct, kw_only=True):
    list_month: str | None
    """``YYYY-MM`` of the loaded list; null when none is loaded (no players then)."""
    players: list[DirectoryEntry]


class RatingsUpdated(WriteResult):
    """A rating update: one ``player-details-corrected`` event per changed rating (none when
    every rating is already the list's; nothing is written then)."""

    list_month: str


def _entry(player: DirectoryPlayer) -> DirectoryEntry:
    return DirectoryEntry(**player._asdict())


def _search(db: str, query: PlayerSearchQuery) -> DirectorySearch:
    directory = open_directory(db)
    try:
        loaded = directory.loaded_list()
        number = query.search.strip()
        # Digits that no FIDE id can be (too many, or not 0-9) name nobody; the directory
        # would take them as an id.
        nobody = number.isdigit() and not _FIDE_ID.fullmatch(number)
        found = [] if nobody else directory.search(query.search, limit=query.limit)
        return DirectorySearch(
            list_month=loaded.month if loaded else None, players=[_entry(p) for p in found]
        )
    finally:
        directory.close()


async def search_players(call: Call[None, PlayerSearchQuery]) -> web.Response:
    return respond(await call.read(_search, call.settings.db, call.query))


def _register_listed(
    db: str,
    service: TournamentService,
    tournament_id: str,
    body: RegisterPlayer,
    **options: Unpack[WriteOptions],
) -> CommandResult:
    assert body.fide_id is not None
    given = {
        name: value
        for name, value in msgspec.structs.asdict(body).items()
        if name != "fide_id" and value not in (None, "", 0)
    }
    directory = open_directory(db)
    try:
        return service.register_listed(
            directory, tournament_id, body.fide_id, options=options, **given
        )
    finally:
        directory.close()


async def register_player(call: Call[RegisterPlayer, None]) -> web.Response:
    """A body with a surname registers as given; ``fide_id`` without one takes the player
    from the loaded FIDE list (other fields given override the list's)."""
    if call.body.surname.strip() or call.body.fide_id is None:
        return await players.register_player(call)

    return await call.command(
        _register_listed, call.settings.db, call.service, call.tournament_id, call.body,
        status=201, location=lambda written: players.player_location(call, written),
    )  # fmt: skip


def _update(
    db: str, service: TournamentService, tournament_id: str, **options: Unpack[WriteOptions]
) -> tuple[str, CommandResult | None]:
    directory = open_directory(db)
    try:
        command, result = service.update_ratings(directory, tournament_id, options=options)
    finally:
        directory.close()
    return command.list_month, result


async def update_ratings_handler(call: Call[None, None]) -> web.Response:
    """Every listed player's rating set to the loaded list's, before round 1 only (409
    afterwards, citing FIDE's rule)."""
    month = ""

    def run(**options: Unpack[WriteOptions]) -> CommandResult:
        nonlocal month
        month, result = _update(call.settings.db, call.service, call.tournament_id, **options)
        if result is None:
            raise _Unchanged
        return result

    try:
        return await call.command(
            run, render=lambda written: RatingsUpdated(**_fields(written), list_month=month)
        )
    except _Unchanged:
        state = await call.read(call.service.load, call.tournament_id)
        unchanged = RatingsUpdated(
            tournament_id=call.tournament_id, version=state.version, replayed=False, events=[],
            list_month=month,
        )  # fmt: skip
        return respond(unchanged, version=state.version)


class _Unchanged(Exception):
    """No rating differs from the list's: nothing to write."""


def _fields(written: WriteResult) -> dict[str, Any]:
    return {name: getattr(written, name) for name in WriteResult.__struct_fields__}
