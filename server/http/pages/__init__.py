"""Pages for people: the tournament in the browser, and the arbiter's desk.

The pages live in their own path tree, ``/t/…``, beside the API (``/tournaments/…``),
which keeps answering JSON byte for byte as before. A browser that opens an API address
(it asks for ``text/html`` first) is sent to the page showing the same thing, so the
addresses in the README open readable pages; ``?format=json`` keeps the JSON, and any
client that does not ask for HTML first gets JSON as always.

>>> page_for("/tournaments/demo/rounds/1")
'/t/demo/rounds/1'
>>> page_for("/tournaments/demo/events"), page_for("/openapi.json")
('/t/demo/log', None)
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from importlib.resources import files
from pathlib import Path
from urllib.parse import urlencode

from aiohttp import web

from server.http.pages import admin, creation, desk, draft, entries, public

__all__ = ["negotiation_middleware", "page_for", "setup_pages"]

T = "/t/{tournament_id}"

_PAGES: tuple[tuple[str, str, Callable[[web.Request], Awaitable[web.StreamResponse]]], ...] = (
    ("GET", "/t/", public.tournaments),
    ("GET", T, public.home),
    ("GET", T + r"/rounds/{round_no:\d+}", public.round_page),
    ("GET", T + r"/rounds/{round_no:\d+}/where", public.where_page),
    ("GET", T + "/standings", public.standings_page),
    ("GET", T + "/crosstable", public.crosstable_page),
    ("GET", T + "/norms", public.norms_page),
    ("GET", T + "/players", public.players_page),
    ("GET", T + r"/players/{player_id:\d+}", public.player_page),
    ("GET", T + r"/players/{player_id:\d+}/events", public.registration_events_page),
    ("GET", r"/fide/{fide_id:\d+}", public.fide_player_page),
    ("GET", T + "/log", public.log_page),
    ("GET", T + "/screen", public.screen_page),
    ("GET", "/lang/{language}", public.switch_language),
    ("GET", "/favicon.ico", public.favicon),
    ("GET", "/signin", desk.sign_in_form),
    ("POST", "/signin", desk.sign_in),
    ("POST", "/signout", desk.sign_out),
    ("GET", "/desk/new", creation.creation_form),
    ("POST", "/desk/new", creation.create),
    ("GET", T + "/desk", desk.desk),
    ("GET", T + "/desk/players", entries.players_desk),
    ("GET", T + "/desk/draft", draft.draft_page),
    ("POST", T + "/desk/draft", draft.check_draft),
    ("GET", T + r"/desk/explain/{round_no:\d+}", desk.explain),
    ("POST", T + "/desk/{action}", desk.act),
    *admin.PAGES,
)

_API_TO_PAGE = (
    (re.compile(r"/"), "/t/"),
    (re.compile(r"/tournaments/?"), "/t/"),
    (re.compile(r"/tournaments/([^/]+)"), "/t/{0}"),
    (re.compile(r"/tournaments/([^/]+)/rounds"), "/t/{0}"),
    (re.compile(r"/tournaments/([^/]+)/rounds/(\d+)"), "/t/{0}/rounds/{1}"),
    (re.compile(r"/tournaments/([^/]+)/standings"), "/t/{0}/standings"),
    (re.compile(r"/tournaments/([^/]+)/norms"), "/t/{0}/norms"),
    (re.compile(r"/tournaments/([^/]+)/players"), "/t/{0}/players"),
    (re.compile(r"/tournaments/([^/]+)/players/(\d+)"), "/t/{0}/players/{1}"),
    (re.compile(r"/tournaments/([^/]+)/players/(\d+)/events"), "/t/{0}/players/{1}/events"),
    (re.compile(r"/players/(\d+)/events"), "/fide/{0}"),
    (re.compile(r"/tournaments/([^/]+)/events"), "/t/{0}/log"),
)


def page_for(path: str) -> str | None:
    """The page showing what the API path ``path`` answers, if there is one."""
    for pattern, page in _API_TO_PAGE:
        match = pattern.fullmatch(path)
        if match:
            return page.format(*match.groups())
    return None


def _wants_html(request: web.Request) -> bool:
    """``?format=html``, or a browser's navigation: ``text/html`` listed before any JSON."""
    asked = request.query.get("format")
    if asked is not None:
        return asked == "html"
    accept = request.headers.get("Accept", "")
    html_at, json_at = accept.find("text/html"), accept.find("json")
    return html_at >= 0 and (json_at < 0 or html_at < json_at)


@web.middleware
async def negotiation_middleware(
    request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
) -> web.StreamResponse:
    """Send a browser that opened an API address to its page (303, ``Vary: Accept``),
    keeping its query (``?round=5``) but for ``format``, which chose the page."""
    if request.method == "GET" and _wants_html(request):
        target = page_for(request.path)
        if target is not None:
            kept = request.rel_url.query.copy()
            kept.popall("format", None)
            query = urlencode(list(kept.items()))
            raise web.HTTPSeeOther(f"{target}?{query}" if query else target,
                                   headers={"Vary": "Accept"})  # fmt: skip
    return await handler(request)


def setup_pages(app: web.Application) -> None:
    """Register the pages and their static files on ``app``."""
    for method, path, handler in _PAGES:
        app.router.add_route(method, path, handler)
    static = Path(str(files("server.http.pages") / "static"))
    app.router.add_static("/static/", static, name="static", append_version=True)
