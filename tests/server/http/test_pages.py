"""The pages for people: negotiation, escaping, languages, live fragments, the desk."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from server.http.pages import i18n
from server.http.pages.render import SECURITY_HEADERS
from tests.server.http.support import TOKEN, Api, Client

HOSTILE = "<script>alert(1)</script>"
BROWSER = {"Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}
PAGES = Path(__file__).resolve().parents[3] / "server" / "http" / "pages"


async def open_tournament(api: Api, *, players: int = 4, pair: bool = True) -> None:
    status, body = await api.post(
        "/tournaments",
        {"tournament_id": "open", "name": "Open & <Friends>", "rounds": 3, "place": "Oslo",
         "tiebreaks": "BH SB", "tiebreak_rules": "2026"},
    )  # fmt: skip
    assert status == 201, body
    names = [HOSTILE, "Brandt", "Costa", "Dahl", "Eide", "Fossum"][:players]
    for number, surname in enumerate(names):
        status, body = await api.post(
            "/tournaments/open/players", {"surname": surname, "rating": 2400 - number * 50}
        )
        assert status == 201, body
    if pair:
        status, body = await api.post("/tournaments/open/rounds")
        assert status == 201, body


async def text(client: Client, path: str, **headers: str) -> tuple[int, str, Any]:
    async with client.get(path, headers=headers, allow_redirects=False) as response:
        return response.status, await response.text(), response.headers


# -- negotiation -------------------------------------------------------------------------


async def test_a_browser_opening_an_api_address_is_sent_to_its_page(api: Api) -> None:
    await open_tournament(api)
    for api_path, page in [
        ("/", "/t/"),
        ("/tournaments/open/rounds/1", "/t/open/rounds/1"),
        ("/tournaments/open/standings", "/t/open/standings"),
        ("/tournaments/open/players/2", "/t/open/players/2"),
        ("/tournaments/open/events", "/t/open/log"),
    ]:
        status, _, headers = await text(api.client, api_path, **BROWSER)
        assert (status, headers["Location"], headers["Vary"]) == (303, page, "Accept")


async def test_api_clients_get_the_same_json_as_before(api: Api) -> None:
    await open_tournament(api)
    bodies = set()
    for headers in ({}, {"Accept": "application/json"}, {"Accept": "*/*"}):
        status, body, _ = await text(api.client, "/tournaments/open/rounds/1", **headers)
        assert status == 200
        bodies.add(body)
    status, forced, _ = await text(api.client, "/tournaments/open/rounds/1?format=json", **BROWSER)
    assert status == 200 and {forced} == bodies
    assert forced.startswith("{")


# -- the public pages --------------------------------------------------------------------

PUBLIC = [
    "/t/",
    "/t/open",
    "/t/open/rounds/1",
    "/t/open/rounds/1/where",
    "/t/open/standings",
    "/t/open/crosstable",
    "/t/open/players",
    "/t/open/players/1",
    "/t/open/log",
    "/t/open/screen",
]


async def test_every_page_is_accessible_html_with_a_strict_policy(api: Api) -> None:
    await open_tournament(api)
    for path in PUBLIC:
        status, body, headers = await text(api.client, path)
        assert status == 200, (path, body)
        assert headers["Content-Type"].startswith("text/html")
        for name, value in SECURITY_HEADERS.items():
            assert headers[name] == value
        assert '<html lang="en">' in body
        assert "<h1" in body
        assert "<script>" not in body, path  # scripts come from /static/ only
        assert not re.search(r"<script(?![^>]*\bsrc=)", body), path
        if "<table" in body:
            assert '<th scope="col"' in body, path


async def test_a_hostile_name_is_shown_as_text_everywhere(api: Api) -> None:
    await open_tournament(api)
    for path in PUBLIC:
        _, body, _ = await text(api.client, path)
        assert HOSTILE not in body, path
        assert "Open &amp; &lt;Friends&gt;" in body or path == "/t/", path
    _, body, _ = await text(api.client, "/t/open/players/1")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in body


async def test_the_round_page_lists_boards_and_where_each_player_plays(api: Api) -> None:
    await open_tournament(api)
    _, round_ = await api.get("/tournaments/open/rounds/1")
    _, body, _ = await text(api.client, "/t/open/rounds/1")
    for board in round_["boards"]:
        assert f'<tr id="board-{board["board"]}">' in body
        assert board["black"]["name"] in body.replace("&lt;", "<").replace("&gt;", ">")
    _, where, _ = await text(api.client, "/t/open/rounds/1/where")
    names = re.findall(r'<th scope="row"><a href="/t/open/players/\d+">([^<]+)</a>', where)
    assert names == sorted(names, key=str.casefold)
    assert len(names) == 4


async def test_unknown_things_are_a_page_not_json(client: Client) -> None:
    status, body, headers = await text(client, "/t/nothing")
    assert status == 404 and headers["Content-Type"].startswith("text/html")
    assert "<h1>Not found</h1>" in body


async def test_a_fragment_is_only_the_live_region(api: Api) -> None:
    await open_tournament(api)
    _, whole, _ = await text(api.client, "/t/open/standings")
    match = re.search(r'data-fragment="([^"]+)"', whole)
    assert match is not None
    _, fragment, _ = await text(api.client, match.group(1).replace("&amp;", "&"))
    assert "<html" not in fragment and "<table" in fragment and "Updated at" in fragment


async def test_the_standings_page_shows_the_declared_tiebreaks(api: Api) -> None:
    await open_tournament(api)
    _, body, _ = await text(api.client, "/t/open/standings")
    headers = re.findall(r'<th scope="col" class="num(?: pts)?">([A-Z]+)</th>', body)
    assert headers == ["PTS", "BH", "SB"]


# -- languages ---------------------------------------------------------------------------


async def test_spanish_from_the_browser_and_from_the_switch(api: Api) -> None:
    await open_tournament(api)
    _, body, headers = await text(
        api.client, "/t/open/standings", **{"Accept-Language": "es-ES,es;q=0.9"}
    )
    assert '<html lang="es">' in body and "<h1>Clasificación</h1>" in body
    assert headers["Content-Language"] == "es"
    async with api.client.get("/lang/es?next=/t/open", allow_redirects=False) as response:
        assert response.status == 303 and response.headers["Location"] == "/t/open"
    _, body, _ = await text(api.client, "/t/open/standings")
    assert "<h1>Clasificación</h1>" in body  # the cookie now says es
    async with api.client.get("/lang/en?next=//evil.example", allow_redirects=False) as response:
        assert response.headers["Location"] == "/t/"


def test_every_message_has_a_spanish_translation() -> None:
    method_map = [("**.py", "python"), ("**/templates/**.html", "jinja2")]
    options = {"**/templates/**.html": {"extensions": "jinja2.ext.i18n"}}
    used = {
        message if isinstance(message, str) else message[0]
        for _, _, message, _, _ in extract_from_dir(
            str(PAGES), method_map, options_map=options, keywords={"_": None, "gettext": None}
        )
    }
    with (PAGES / "locale" / "es" / "LC_MESSAGES" / "messages.po").open("rb") as po:
        catalog = read_po(po)
    translated = {m.id for m in catalog if m.id and m.string}
    assert len(used) > 100
    assert used - translated == set()
    assert i18n.translations("es").gettext("Standings") == "Clasificación"


# -- the arbiter's desk ------------------------------------------------------------------


async def sign_in(client: Client) -> str:
    """Sign in; the desk's CSRF token."""
    async with client.post(
        "/signin", data={"token": TOKEN, "next": "/t/open/desk"}, allow_redirects=False
    ) as response:
        assert response.status == 303
        cookie = response.headers["Set-Cookie"]
        assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
    _, body, _ = await text(client, "/t/open/desk")
    match = re.search(r'name="csrf" value="([^"]+)"', body)
    assert match is not None
    return match.group(1)


async def test_the_desk_needs_the_token(api: Api) -> None:
    await open_tournament(api)
    status, _, headers = await text(api.client, "/t/open/desk")
    assert status == 303 and headers["Location"] == "/signin?next=/t/open/desk"
    async with api.client.post("/signin", data={"token": "guess"}) as response:
        assert response.status == 401
        assert "not this server" in await response.text()


async def test_forms_without_the_csrf_token_or_from_elsewhere_are_refused(api: Api) -> None:
    await open_tournament(api)
    csrf = await sign_in(api.client)
    form = {"round": "1", "board": "1", "result": "1-0"}
    async with api.client.post("/t/open/desk/result", data=form) as response:
        assert response.status == 403
    async with api.client.post(
        "/t/open/desk/result", data={**form, "csrf": csrf},
        headers={"Origin": "http://evil.example"},
    ) as response:  # fmt: skip
        assert response.status == 403
    _, round_ = await api.get("/tournaments/open/rounds/1")
    assert [b["result"] for b in round_["boards"]] == [None, None]


async def post_form(client: Client, action: str, **fields: str) -> str:
    async with client.post(f"/t/open/desk/{action}", data=fields) as response:
        assert response.status == 200  # followed the redirect back to the desk
        return await response.text()


async def test_desk_forms_write_the_same_events_as_the_api(api: Api) -> None:
    await open_tournament(api)
    csrf = await sign_in(api.client)
    body = await post_form(api.client, "result", csrf=csrf, round="1", board="1", result="1-0")
    assert "Board 1: 1-0 saved." in body
    await post_form(api.client, "result", csrf=csrf, round="1", board="1", result="1/2-1/2",
                    reason="sheet checked", correct="1")  # fmt: skip
    body = await post_form(api.client, "pair", csrf=csrf, confirm="yes")
    assert "results missing on boards 2" in body
    await post_form(api.client, "result", csrf=csrf, round="1", board="2", result="+/-")
    await post_form(api.client, "bye", csrf=csrf, player="3", round="3", kind="half")
    await post_form(api.client, "cancel-bye", csrf=csrf, player="3", round="3")
    await post_form(api.client, "withdraw", csrf=csrf, player="4", from_round="3", confirm="yes")
    body = await post_form(api.client, "pair", csrf=csrf, confirm="yes")
    assert "Next round paired." in body
    await post_form(api.client, "unpair", csrf=csrf, round="2", confirm="yes")
    _, page = await api.get("/tournaments/open/events")
    events = [e["event"] for e in page["events"]][6:]
    assert [e["type"] for e in events] == [
        "result-recorded", "result-corrected", "result-recorded", "bye-requested",
        "bye-cancelled", "player-withdrawn", "round-paired", "round-unpaired",
    ]  # fmt: skip
    assert events[1]["reason"] == "sheet checked" and events[1]["previous"] == "1-0"
    assert {e["metadata"]["via"] for e in page["events"][6:]} == {"desk"}


async def test_a_refused_command_comes_back_as_a_message(api: Api) -> None:
    await open_tournament(api)
    csrf = await sign_in(api.client)
    body = await post_form(api.client, "result", csrf=csrf, round="1", board="1", result="2-0")
    assert 'class="flash error"' in body


async def test_the_desk_shows_the_engines_explanation(api: Api) -> None:
    await open_tournament(api)
    await sign_in(api.client)
    status, body, _ = await text(api.client, "/t/open/desk/explain/1")
    assert status == 200 and '<pre class="explain">' in body
    assert re.search(r'<pre class="explain">\S', body)


@pytest.mark.parametrize("path", ["/t/open/desk", "/t/open/desk/explain/1"])
async def test_signing_out_ends_the_session(api: Api, path: str) -> None:
    await open_tournament(api)
    csrf = await sign_in(api.client)
    async with api.client.post("/signout", data={"csrf": csrf}, allow_redirects=False) as response:
        assert response.status == 303
    status, _, _ = await text(api.client, path)
    assert status == 303


async def test_the_log_tells_each_event_in_words_with_the_names_of_the_time(api: Api) -> None:
    await open_tournament(api)
    _, round_ = await api.get("/tournaments/open/rounds/1")
    white, black = (round_["boards"][0][side]["name"].split(",")[0] for side in ("white", "black"))
    await api.post("/tournaments/open/rounds/1/boards/1/result", {"result": "1/2-1/2"})
    await api.write("PATCH", "/tournaments/open/players/2", {"surname": "Renamed"})
    _, body, _ = await text(api.client, "/t/open/log")
    sentences = re.findall(r'<span class="log-text">([^<]+)</span>', body)
    assert sentences[0] == "Details of Renamed corrected."
    assert sentences[1] == f"Round 1, board 1 ({white} – {black}): ½-½.".replace(
        "<", "&lt;"
    ).replace(">", "&gt;")
    assert (
        sentences[-1] == "Tournament “Open &amp; &lt;Friends&gt;” created: 3 rounds, dutch system."
    )
    _, body, _ = await text(api.client, "/t/open/log", **{"Accept-Language": "es"})
    assert "Ronda 1 emparejada: 2 tableros (dutch)." in body
