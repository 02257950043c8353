"""Issue 29 over HTTP, as an attacker would try it: a deputy of one tournament writing to
another, a revoked token at another server on the same database, a session cookie posted
from another origin, password guessing, a disabled account's open session; and a session
that outlives the server process that opened it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from server.cli import main
from server.http.app import create_app
from tests.server.http.support import Api, Client, make_settings
from tests.server.http.test_pages import open_tournament, text

PASSWORD = "correct horse battery"


def cli(db: Path, *args: str) -> str:
    result = CliRunner().invoke(main, ["--db", str(db), *args])
    assert result.exit_code == 0, result.output
    return result.output


async def server(aiohttp_client: Any, db: Path) -> Api:
    """A server process on ``db`` (two calls: two servers sharing one database)."""
    return Api(await aiohttp_client(create_app(make_settings(db))))


async def setup(aiohttp_client: Any, tmp_path: Path) -> tuple[Api, Path, str]:
    """Tournaments ``open`` (paired) and ``other``; ``dora`` deputy of ``open`` with a token."""
    db = tmp_path / "arbiter.db"
    api = await server(aiohttp_client, db)
    await open_tournament(api)
    status, _ = await api.post("/tournaments", {"tournament_id": "other", "name": "B", "rounds": 3})
    assert status == 201
    cli(db, "user", "add", "dora", "--password", PASSWORD)
    cli(db, "grant", "open", "dora", "--role", "deputy")
    issued = cli(
        db, "user", "token", "issue", "dora", "--tournament", "open", "--tournament", "other"
    )
    return api, db, issued.split("keep it): ")[1].split()[0]


async def as_token(api: Api, token: str, path: str, body: Any) -> tuple[int, Any]:
    return await api.post(path, body, headers={"Authorization": f"Bearer {token}"})


async def test_a_deputy_records_in_its_tournament_and_nothing_elsewhere(
    aiohttp_client: Any, tmp_path: Path
) -> None:
    api, _, token = await setup(aiohttp_client, tmp_path)
    status, written = await as_token(
        api, token, "/tournaments/open/rounds/1/boards/1/result", {"result": "1-0"}
    )
    assert status == 201, written
    _, events = await api.get("/tournaments/open/events")
    assert events["events"][-1]["type"] == "result-recorded"
    # The chief's work is refused, and nothing is stored.
    before = api.versions["open"]
    for path, body in [
        ("/tournaments/open/players", {"surname": "Late"}),
        ("/tournaments/other/players", {"surname": "Intruder"}),
        ("/tournaments", {"tournament_id": "mine", "name": "Mine", "rounds": 3}),
    ]:
        status, problem = await as_token(api, token, path, body)
        assert (status, problem["type"]) == (403, "/problems/forbidden"), (path, problem)
    _, other = await api.get("/tournaments/other")
    assert other["players"] == 0
    status, _ = await api.get("/tournaments/mine")
    assert status == 404
    _, events = await api.get("/tournaments/open/events")
    assert events["events"][-1]["type"] == "result-recorded" and api.versions["open"] == before


async def test_a_revoked_token_is_refused_at_once_by_another_server(
    aiohttp_client: Any, tmp_path: Path
) -> None:
    first, db, token = await setup(aiohttp_client, tmp_path)
    second = await server(aiohttp_client, db)
    path, body = "/tournaments/open/rounds/1/boards/1/result", {"result": "1-0"}
    await second.get("/tournaments/open")
    cli(db, "user", "token", "revoke", "1")
    for api in (second, first):
        status, problem = await as_token(api, token, path, body)
        assert status == 401, problem
    _, events = await first.get("/tournaments/open/events")
    assert events["events"][-1]["type"] == "round-paired"


async def sign_in(client: Client, name: str, password: str) -> tuple[int, str | None]:
    async with client.post(
        "/signin", data={"name": name, "password": password, "next": "/t/open/desk"},
        allow_redirects=False,
    ) as response:  # fmt: skip
        cookie = response.cookies.get("arbiter_session")
        return response.status, cookie.value if cookie else None


async def desk_csrf(client: Client, cookie: str) -> str | None:
    status, body, _ = await text(client, "/t/open/desk", Cookie=f"arbiter_session={cookie}")
    if status == 303:
        return None
    match = re.search(r'name="csrf" value="([^"]+)"', body)
    assert match is not None
    return match.group(1)


async def test_a_session_survives_the_server_and_ends_when_the_account_is_disabled(
    aiohttp_client: Any, tmp_path: Path
) -> None:
    api, db, _ = await setup(aiohttp_client, tmp_path)
    status, cookie = await sign_in(api.client, "dora", PASSWORD)
    assert status == 303 and cookie is not None
    # Another server process on the database (or this one restarted) knows the session.
    restarted = await server(aiohttp_client, db)
    csrf = await desk_csrf(restarted.client, cookie)
    assert csrf is not None
    async with restarted.client.post(
        "/t/open/desk/result", data={"csrf": csrf, "round": "1", "board": "1", "result": "1-0"},
        headers={"Cookie": f"arbiter_session={cookie}"}, allow_redirects=False,
    ) as response:  # fmt: skip
        assert response.status == 303
    _, events = await api.get("/tournaments/open/events?after=0")
    recorded = events["events"][-1]
    assert recorded["type"] == "result-recorded"
    cli(db, "user", "disable", "dora")
    assert await desk_csrf(api.client, cookie) is None
    assert await desk_csrf(restarted.client, cookie) is None


async def test_a_session_cookie_posted_from_another_origin_is_refused(
    aiohttp_client: Any, tmp_path: Path
) -> None:
    api, _, _ = await setup(aiohttp_client, tmp_path)
    _, cookie = await sign_in(api.client, "dora", PASSWORD)
    assert cookie is not None
    csrf = await desk_csrf(api.client, cookie)
    form = {"round": "1", "board": "1", "result": "1-0"}
    for headers, data in [
        ({"Origin": "https://evil.example"}, {**form, "csrf": csrf}),  # another site
        ({}, form),  # no CSRF token (a forged form)
    ]:
        async with api.client.post(
            "/t/open/desk/result", data=data, allow_redirects=False,
            headers={"Cookie": f"arbiter_session={cookie}", **headers},
        ) as response:  # fmt: skip
            assert response.status == 403
    _, events = await api.get("/tournaments/open/events")
    assert events["events"][-1]["type"] == "round-paired"


async def test_password_guessing_is_limited_per_account(
    aiohttp_client: Any, tmp_path: Path
) -> None:
    api, db, _ = await setup(aiohttp_client, tmp_path)
    statuses = [(await sign_in(api.client, "dora", f"guess number {n}"))[0] for n in range(11)]
    assert statuses == [401] * 10 + [429]
    # Past the limit the password is not even checked: the right one waits too, on every
    # server on the database (the failures are counted in it).
    other = await server(aiohttp_client, db)
    assert (await sign_in(other.client, "dora", PASSWORD))[0] == 429
    # Another account at the same address is not this account's limit's business; the
    # address's limit is reached, so it waits too.
    assert (await sign_in(api.client, "nobody", PASSWORD))[0] == 429


async def test_the_log_names_the_actor_for_arbiters_and_publicly_when_the_tournament_says(
    aiohttp_client: Any, tmp_path: Path
) -> None:
    api, _, token = await setup(aiohttp_client, tmp_path)
    status, _ = await as_token(
        api, token, "/tournaments/open/rounds/1/boards/1/result", {"result": "1-0"}
    )
    assert status == 201
    named = "— dora</span>"
    _, public, _ = await text(api.client, "/t/open/log")
    assert named not in public and "— root" not in public
    _, cookie = await sign_in(api.client, "dora", PASSWORD)
    api.client.session.cookie_jar.clear()
    _, desk_view, _ = await text(api.client, "/t/open/log", Cookie=f"arbiter_session={cookie}")
    assert named in desk_view
    # The tournament's setting (off by default) shows the names to everyone.
    status, body = await api.post(
        "/tournaments/open/settings", {"public_actors": True, "reason": "regulations"}
    )
    assert status == 200, body
    api.client.session.cookie_jar.clear()
    _, public, _ = await text(api.client, "/t/open/log")
    assert named in public
