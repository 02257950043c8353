"""The public pages: what players, spectators and the hall's screen read. Reads only."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from importlib.resources import files
from pathlib import Path
from typing import Any, TypeVar, get_args

from aiohttp import web
from yarl import URL

from events.errors import ArbiterError
from events.norms import tournament_norms
from events.projections import TournamentState, fold
from events.types import Event, PlayerId
from server.http import keys
from server.http.pages import i18n, qr, session, views
from server.http.pages.log import Gettext, LogLine, log_lines
from server.http.pages.render import html, page
from server.printouts import Language, counted_scores
from server.printouts.card import card, performance
from server.service import TournamentService
from server.service.access import Role

__all__ = ["EVENT_TYPES", "guarded", "load", "read", "tournament_id"]

T = TypeVar("T")

EVENT_TYPES = " ".join(sorted(cls.__struct_config__.tag for cls in get_args(Event)))
"""Every event type the live script listens for (a named SSE event has no catch-all)."""

SCREEN_ROWS = 16
"""Rows per slide on the hall's big screen: readable from the back of the room at 1080p."""

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


async def read(request: web.Request, query: Callable[..., T], /, *args: Any) -> T:
    """Run a blocking query on the reader threads."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(request.app[keys.READERS], functools.partial(query, *args))


def tournament_id(request: web.Request) -> str:
    return request.match_info["tournament_id"]


def guarded(handler: Handler) -> Handler:
    """Answer an unknown tournament, player or round with a page, not problem JSON."""

    @functools.wraps(handler)
    async def guard(request: web.Request) -> web.StreamResponse:
        try:
            return await handler(request)
        except (ArbiterError, KeyError):
            return html(request, "not_found.html", {"fragment": False}, status=404)

    return guard


@dataclass(frozen=True, slots=True)
class Loaded:
    """A tournament folded now, with the log position its live stream goes on from."""

    state: TournamentState
    position: int


def _loaded(service: TournamentService, tid: str) -> Loaded:
    state = service.load(tid)
    last = service.history(tid, after_version=state.version - 1, limit=1) if state.version else []
    return Loaded(state, last[-1].global_position if last else 0)


async def load(request: web.Request) -> Loaded:
    return await read(request, _loaded, request.app[keys.SERVICE], tournament_id(request))


def _live(request: web.Request, loaded: Loaded) -> dict[str, Any]:
    """What every live page needs: the event feed to follow, when it was rendered, and the
    points as the standings count them."""
    tid = tournament_id(request)
    return {
        "state": loaded.state,
        "scores": counted_scores(loaded.state),
        "t": loaded.state.require_settings(),
        "international": views.international(loaded.state),
        "events_url": str(request.app.router["events"].url_for(tournament_id=tid)),
        "after": loaded.position,
        "event_types": EVENT_TYPES,
        "updated": datetime.now().astimezone().strftime("%H:%M:%S"),
    }


def _states(service: TournamentService) -> list[TournamentState]:
    return [service.load(tid) for tid in service.tournament_ids()]


async def tournaments(request: web.Request) -> web.StreamResponse:
    """Every tournament with its dates, place and status; ``?status=`` and ``?q=`` filter."""
    only = request.query.get("status", "")
    only = only if only in views.STATUSES else ""
    text = request.query.get("q", "")
    states = await read(request, _states, request.app[keys.SERVICE])
    listed = views.listing(states, only=only, text=text)
    return page(
        request, "tournaments.html", tournaments=listed, only=only, q=text,
        statuses=views.STATUSES, total=len(states),
    )  # fmt: skip


@guarded
async def home(request: web.Request) -> web.StreamResponse:
    loaded = await load(request)
    return page(request, "home.html", **_live(request, loaded))


@guarded
async def round_page(request: web.Request) -> web.StreamResponse:
    loaded = await load(request)
    round_ = loaded.state.round(int(request.match_info["round_no"]))
    url = qr.address(request, tournament_id(request))
    return page(
        request, "round.html", round=round_, boards=views.boards(loaded.state, round_),
        url=url, qr_code=qr.qr_svg(url), **_live(request, loaded),
    )  # fmt: skip


@guarded
async def where_page(request: web.Request) -> web.StreamResponse:
    loaded = await load(request)
    round_ = loaded.state.round(int(request.match_info["round_no"]))
    return page(
        request, "where.html", round=round_, rows=views.where_to_play(loaded.state, round_, i18n.choose(request)),
        **_live(request, loaded),
    )  # fmt: skip


def after_round(request: web.Request, state: TournamentState) -> int | None:
    """``?round=N`` when it names a paired round (``None``: as it stands now).

    :raises KeyError: for any other value, so the page answers "not found".
    """
    asked = request.query.get("round")
    if asked is None or asked == "":
        return None
    if not asked.isdigit() or not 1 <= int(asked) <= state.rounds_paired:
        raise KeyError(asked)
    return int(asked)


@guarded
async def standings_page(request: web.Request) -> web.StreamResponse:
    """The standings now, or after any paired round (``?round=N``), with a round selector."""
    loaded = await load(request)
    round_no = after_round(request, loaded.state)
    shown = loaded.state
    if round_no is not None:
        service = request.app[keys.SERVICE]
        shown = await read(request, functools.partial(service.load, after_round=round_no),
                           tournament_id(request))  # fmt: skip
    ranking = await read(request, views.ranking, shown)
    return page(
        request, "standings.html", ranking=ranking, asked_round=round_no,
        **_live(request, loaded),
    )  # fmt: skip


@guarded
async def crosstable_page(request: web.Request) -> web.StreamResponse:
    loaded = await load(request)
    table = await read(request, views.crosstable, loaded.state)
    return page(request, "crosstable.html", table=table, **_live(request, loaded))


@guarded
async def norms_page(request: web.Request) -> web.StreamResponse:
    """Title norms after the last complete round, or after any (``?round=N``); the report is
    computed once per version and round (a live page asks again at every event)."""
    loaded = await load(request)
    round_no = after_round(request, loaded.state)
    service = request.app[keys.SERVICE]
    report = await read(
        request, service.derived, tournament_id(request), loaded.state, tournament_norms, round_no
    )
    code = i18n.choose(request)
    shown = views.norms(report, Language(code, i18n.translations(code)))
    return page(request, "norms.html", norms=shown, asked_round=round_no, **_live(request, loaded))


@guarded
async def players_page(request: web.Request) -> web.StreamResponse:
    """The field in start order; ``?q=`` keeps the players whose name holds it (every
    tournament page's search box), and opens the player's card when only one does."""
    loaded = await load(request)
    text = request.query.get("q", "").strip()
    found = views.find_players(loaded.state, text) if text else None
    if found is not None and len(found) == 1 and request.query.get("fragment") != "1":
        card = URL(f"/t/{tournament_id(request)}/players/{found[0].player_id}")
        asked = request.query.get("lang")
        raise web.HTTPSeeOther(
            str(card.with_query(lang=asked) if asked in i18n.LANGUAGES else card)
        )
    kept = None if found is None else {p.player_id for p in found}
    listed = [(number, player_id) for number, player_id in enumerate(loaded.state.order, 1)
              if kept is None or player_id in kept]  # fmt: skip
    return page(request, "players.html", listed=listed, q=text, **_live(request, loaded))


@guarded
async def player_page(request: web.Request) -> web.StreamResponse:
    loaded = await load(request)
    player = loaded.state.player(int(request.match_info["player_id"]))
    rating = views.rating_card(loaded.state, player)
    game_changes = {game.round_no: views.signed(game.change) for game in rating.games}
    player_events = (
        f"/fide/{player.fide_id}" if player.fide_id is not None
        else f"/t/{tournament_id(request)}/players/{player.player_id}/events"
    )  # fmt: skip
    return page(
        request, "player.html", player=player, rows=card(loaded.state, player),
        performance=performance(loaded.state, player), rating=rating,
        game_changes=game_changes, player_events=player_events, **_live(request, loaded),
    )  # fmt: skip


@guarded
async def fide_player_page(request: web.Request) -> web.StreamResponse:
    """Every event on this server of the player with a FIDE id: score, performance and
    rating change in each, the latest first."""
    fide_id = int(request.match_info["fide_id"])
    entries = await read(request, request.app[keys.SERVICE].player_events.by_fide_id, fide_id)
    name = entries[0].name if entries else f"FIDE ID {fide_id}"
    return page(request, "player_events.html", name=name, fide_id=fide_id, entries=entries)


@guarded
async def registration_events_page(request: web.Request) -> web.StreamResponse:
    """The events of a tournament's player: by FIDE id, or by name for one without."""
    history = request.app[keys.SERVICE].player_events
    player_id = PlayerId(int(request.match_info["player_id"]))
    entries = await read(request, history.by_registration, tournament_id(request), player_id)
    mine = [e for e in entries if e.tournament_id == tournament_id(request)]
    name, fide_id = (mine[0].name, mine[0].fide_id) if mine else ("", None)
    return page(request, "player_events.html", name=name, fide_id=fide_id, entries=entries)


def _told(service: TournamentService, tid: str, gettext: Gettext) -> tuple[list[LogLine], Loaded]:
    history = service.history(tid)
    lines = log_lines(history, gettext)
    state = fold(recorded.event for recorded in history)
    return lines, Loaded(state, history[-1].global_position)


@guarded
async def log_page(request: web.Request) -> web.StreamResponse:
    gettext = i18n.translations(i18n.choose(request)).gettext
    tid = tournament_id(request)
    lines, loaded = await read(request, _told, request.app[keys.SERVICE], tid, gettext)
    # Who made each change: public where the tournament says so; its arbiters always see it.
    signed_in = await session.current(request)
    arbiter = signed_in is not None and signed_in.actor.role(tid) >= Role.DEPUTY
    show = arbiter or loaded.state.require_settings().public_actors
    return page(request, "log.html", lines=lines, show_actors=show, **_live(request, loaded))


def _slides(rows: list[T]) -> list[list[T]]:
    return [rows[i : i + SCREEN_ROWS] for i in range(0, len(rows), SCREEN_ROWS)] or [[]]


@guarded
async def screen_page(request: web.Request) -> web.StreamResponse:
    """The hall's big screen: the latest round's boards and the standings, a slide at a time."""
    loaded = await load(request)
    state = loaded.state
    round_ = state.rounds[-1] if state.rounds else None
    ranking = await read(request, views.ranking, state)
    pairs = list(zip(ranking.rows, ranking.titles, ranking.federations, strict=True))
    url = qr.address(request, tournament_id(request))
    return page(
        request, "screen.html", round=round_, url=url, qr_code=qr.qr_svg(url),
        board_slides=_slides(views.boards(state, round_) if round_ else []),
        standing_slides=_slides(pairs), ranking=ranking, **_live(request, loaded),
    )  # fmt: skip


async def switch_language(request: web.Request) -> web.StreamResponse:
    """The language switch: remember the choice in a cookie, go back to the page (without a
    ``?lang=`` it came with, which would outrank the choice)."""
    language = request.match_info["language"]
    target = URL(request.query.get("next", "/t/"))
    if target.is_absolute() or not target.path.startswith("/") or target.path.startswith("//"):
        target = URL("/t/")
    redirect = web.HTTPSeeOther(str(target.without_query_params("lang")))
    if language in i18n.LANGUAGES:
        i18n.remember(redirect, language)
    raise redirect


_ICON = Path(str(files("server.http.pages") / "static" / "favicon.svg"))


async def favicon(request: web.Request) -> web.StreamResponse:
    """The icon a browser asks for at ``/favicon.ico`` on its own: the pages' SVG knight."""
    return web.FileResponse(
        _ICON, headers={"Content-Type": "image/svg+xml", "Cache-Control": "max-age=86400"}
    )
