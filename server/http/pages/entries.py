"""The desk's players page: register a player (typed in, or found in the loaded FIDE list),
a CSV list all or none, late entries, corrections of details with a reason, and forbidden
pairs. Each form is a command of :mod:`~server.http.pages.actions`; this page only shows
them, and what the FIDE list answers a search.
"""

from __future__ import annotations

from typing import NamedTuple

from aiohttp import web

from engine import systems
from engine.round_robin import rounds_for
from events.directory import DirectoryPlayer, open_directory
from server.http import keys
from server.http.pages.actions import CORRECTIONS, DETAILS
from server.http.pages.desk import taken_flash
from server.http.pages.public import guarded, load, read
from server.http.pages.render import page
from server.http.pages.session import signed_in

__all__ = ["Found", "players_desk", "search_directory"]


class Found(NamedTuple):
    """What the FIDE list answered a search: its month (``None``: no list is loaded)."""

    month: str | None
    players: list[DirectoryPlayer]


def search_directory(db: str, text: str) -> Found:
    """The players of the loaded FIDE list whose FIDE id is ``text`` or whose name starts
    with it (accents and case ignored)."""
    directory = open_directory(db)
    try:
        loaded = directory.loaded_list()
        if loaded is None:
            return Found(None, [])
        return Found(loaded.month, directory.search(text, limit=20) if text else [])
    finally:
        directory.close()


@guarded
async def players_desk(request: web.Request) -> web.StreamResponse:
    session = await signed_in(request)
    loaded = await load(request)
    state = loaded.state
    search = request.query.get("search", "").strip()
    system = state.require_settings().system
    round_robin = systems.is_round_robin(system)
    table_rounds = rounds_for(len(state.order), systems.cycles(system)) if round_robin else 0
    found = await read(request, search_directory, request.app[keys.SETTINGS].db, search)
    return page(
        request, "desk_players.html", state=state, t=state.require_settings(),
        csrf=session.csrf, signed_in=True, flash=await taken_flash(request, session),
        search=search, found=found, details=DETAILS, corrections=CORRECTIONS,
        forbidden=[(state.player(f.player_id), state.player(f.other), f) for f in state.forbidden],
        round_robin=round_robin, table_rounds=table_rounds,
    )  # fmt: skip
