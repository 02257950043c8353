"""Accounts, roles, sessions and tokens in the browser (issue 29): an administrator adds an
account whose owner sets a password through a one-time link; a chief grants deputies in
its tournament and nothing more; an owner ends its own sessions; a disabled account's open
session ends at once; a token issued on a page is shown once and works until revoked."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

from server.http.app import create_app
from tests.server.http.support import TOKEN, Api, Client, make_settings
from tests.server.http.test_pages import open_tournament

PASSWORD = "correct horse battery"


class Browser:
    """One person's browser: its own session cookie, sent by hand (the test client's jar is
    shared by everyone in a test)."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.cookie = ""
        self.home = "/admin"
        """A page with the session's CSRF token in its forms."""
        self.token = ""
        """The session's CSRF token (one per session), once read."""

    async def request(
        self, method: str, path: str, data: dict[str, str] | None = None
    ) -> tuple[int, str, Any]:
        self.client.session.cookie_jar.clear()
        headers = {"Cookie": f"arbiter_session={self.cookie}"} if self.cookie else {}
        async with self.client.request(
            method, path, data=data, headers=headers, allow_redirects=False
        ) as response:
            cookie = response.cookies.get("arbiter_session")
            if cookie is not None and cookie.value:
                self.cookie, self.token = cookie.value, ""
            return response.status, await response.text(), response.headers

    async def get(self, path: str) -> tuple[int, str, Any]:
        return await self.request("GET", path)

    async def post(self, path: str, data: dict[str, str]) -> tuple[int, str, Any]:
        """Post a form with the session's CSRF token."""
        return await self.request("POST", path, {**data, "csrf": await self.csrf()})

    async def csrf(self) -> str:
        if not self.token:
            _, body, _ = await self.get(self.home)
            match = re.search(r'name="csrf" value="([^"]+)"', body)
            assert match is not None, body
            self.token = match.group(1)
        return self.token

    async def sign_in(self, **form: str) -> int:
        status, _, _ = await self.request("POST", "/signin", {**form, "next": "/t/"})
        return status


def flash(body: str) -> list[str]:
    return [
        html.unescape(re.sub(r"\s+", " ", m))
        for m in re.findall(r'class="flash \w+"[^>]*>([^<]*)<', body)
    ]


async def started(aiohttp_client: Any, tmp_path: Path) -> tuple[Api, Browser]:
    """A server with tournament ``open``; the administrator signed in with the server token."""
    api = Api(await aiohttp_client(create_app(make_settings(tmp_path / "arbiter.db"))))
    await open_tournament(api)
    admin = Browser(api.client)
    assert await admin.sign_in(token=TOKEN) == 303
    return api, admin


async def add_account(admin: Browser, name: str, **extra: str) -> str:
    """Add an account on the accounts page; its one-time link's path."""
    status, body, headers = await admin.post("/admin/accounts", {"name": name, **extra})
    assert status == 200, body
    assert headers["Cache-Control"] == "no-store"
    match = re.search(r'value="http://[^/"]+(/welcome/[\w-]+)"', body)
    assert match is not None, body
    return match.group(1)


async def test_an_account_added_in_the_browser_sets_its_password_by_its_link(
    aiohttp_client: Any, tmp_path: Path
) -> None:
    api, admin = await started(aiohttp_client, tmp_path)
    link = await add_account(admin, "ana", email="ana@example.org")
    status, body, _ = await admin.get("/admin")
    assert status == 200 and "ana@example.org" in body
    ana = Browser(api.client)
    status, body, headers = await ana.get(link)
    assert status == 200 and "Welcome, ana" in body
    assert headers["Referrer-Policy"] == "same-origin"
    # Two different passwords, or a short one, are refused, and the link still works.
    status, body, _ = await ana.request("POST", link, {"password": PASSWORD, "again": "other"})
    assert status == 400 and flash(body) == ["The two passwords differ."]
    status, body, _ = await ana.request("POST", link, {"password": "short", "again": "short"})
    assert status == 400 and "password: from 12 to 128 characters" in body
    status, _, headers = await ana.request("POST", link, {"password": PASSWORD, "again": PASSWORD})
    assert (status, headers["Location"]) == (303, "/admin/accounts/ana")
    assert "HttpOnly" in headers["Set-Cookie"] and "SameSite=Strict" in headers["Set-Cookie"]
    # Signed in now; the link is used up.
    status, body, _ = await ana.get("/admin/accounts/ana")
    assert status == 200 and "this browser" in body
    status, body, _ = await Browser(api.client).get(link)
    assert status == 410 and "no longer works" in body
    assert await Browser(api.client).sign_in(name="ana", password=PASSWORD) == 303
    # Not an administrator: the accounts page is her own; another's is refused.
    status, _, headers = await ana.get("/admin")
    assert (status, headers["Location"]) == (303, "/admin/accounts/ana")
    status, body, _ = await ana.get("/admin/accounts/root")
    assert status in (403, 404) and "Not allowed" in body
    ana.home = "/admin/accounts/ana"
    status, _, _ = await ana.post("/admin/accounts", {"name": "eve"})
    assert status == 303
    status, body, _ = await ana.get("/admin/accounts/ana")
    assert flash(body) == ["Not saved: only an administrator may add accounts; ana is not one"]
    status, body, _ = await admin.get("/admin")
    assert ">eve<" not in body


async def test_a_chief_grants_deputies_in_its_tournament_only(
    aiohttp_client: Any, tmp_path: Path
) -> None:
    api, admin = await started(aiohttp_client, tmp_path)
    for name in ("carl", "dora"):
        link = await add_account(admin, name)
        person = Browser(api.client)
        await person.request("POST", link, {"password": PASSWORD, "again": PASSWORD})
    status, _, _ = await admin.post("/t/open/roles", {"name": "carl", "role": "chief"})
    assert status == 303
    status, body, _ = await admin.get("/t/open/roles")
    assert flash(body) == ["carl is chief arbiter now."]
    carl = Browser(api.client)
    carl.home = "/t/open/roles"
    assert await carl.sign_in(name="carl", password=PASSWORD) == 303
    status, body, _ = await carl.get("/t/open/roles")
    assert status == 200 and 'value="chief"' not in body  # a chief grants deputies only
    await carl.post("/t/open/roles", {"name": "dora", "role": "deputy"})
    await carl.post("/t/open/roles", {"name": "dora", "role": "chief"})  # a forged choice
    _, body, _ = await carl.get("/t/open/roles")
    assert flash(body) == [
        "dora is deputy arbiter now.",
        "Not allowed: this needs administrator or above, and your role is chief arbiter.",
    ]
    await carl.post("/t/open/roles", {"name": "dora", "role": "deputy"})
    _, body, _ = await carl.get("/t/open/roles")
    assert "dora: deputy arbiter" in body
    # A deputy may not see who holds the roles; a tournament that does not exist is refused.
    dora = Browser(api.client)
    assert await dora.sign_in(name="dora", password=PASSWORD) == 303
    status, body, _ = await dora.get("/t/open/roles")
    assert status == 403 and "your role is deputy arbiter" in body
    await admin.post("/t/nowhere/roles", {"name": "dora", "role": "deputy"})
    _, body, _ = await admin.get("/t/nowhere/roles")
    assert flash(body) == ["There is no such tournament."]


async def test_sessions_and_tokens_on_the_account_page(aiohttp_client: Any, tmp_path: Path) -> None:
    api, admin = await started(aiohttp_client, tmp_path)
    link = await add_account(admin, "dora")
    dora = Browser(api.client)
    dora.home = "/admin/accounts/dora"
    await dora.request("POST", link, {"password": PASSWORD, "again": PASSWORD})
    elsewhere = Browser(api.client)
    assert await elsewhere.sign_in(name="dora", password=PASSWORD) == 303
    # The owner sees both sessions and ends the other one; this one goes on.
    _, body, _ = await dora.get("/admin/accounts/dora")
    listed = re.findall(r"<li>(.*?)</li>", body, re.DOTALL)
    others = [re.findall(r'name="session" value="(\w+)"', item)[0] for item in listed
              if "name=\"session\"" in item and "this browser" not in item]  # fmt: skip
    assert len(others) == 1 and sum("this browser" in item for item in listed) == 1
    await dora.post("/admin/accounts/dora/sessions/end", {"session": others[0]})
    status, _, headers = await elsewhere.get("/admin/accounts/dora")
    assert status == 303 and headers["Location"].startswith("/signin")
    status, body, _ = await dora.get("/admin/accounts/dora")
    assert status == 200 and flash(body) == ["The session is ended."]
    # Nobody else ends them: another account's session is refused (it is not hers).
    carl_link = await add_account(admin, "carl")
    carl = Browser(api.client)
    carl.home = "/admin/accounts/carl"
    await carl.request("POST", carl_link, {"password": PASSWORD, "again": PASSWORD})
    _, body, _ = await dora.get("/admin/accounts/dora")
    own = re.findall(r'name="session" value="(\w+)"', body)[0]
    await carl.post("/admin/accounts/carl/sessions/end", {"session": own})
    assert (await dora.get("/admin/accounts/dora"))[0] == 200
    # A token issued on the page is shown once and writes as dora, until it is revoked.
    await admin.post("/t/open/roles", {"name": "dora", "role": "deputy"})
    admin.home = "/admin"
    status, body, _ = await admin.post(
        "/admin/accounts/dora/tokens", {"label": "feed", "tournaments": "open", "days": "7"}
    )
    assert status == 200, body
    token = re.search(r'value="(arb_[\w-]+)"', body)
    assert token is not None
    auth = {"Authorization": f"Bearer {token.group(1)}"}
    written, _ = await api.post("/tournaments/open/rounds/1/boards/1/result", {"result": "1-0"},
                                headers=auth)  # fmt: skip
    assert written == 201
    _, body, _ = await admin.get("/admin/accounts/dora")
    assert "feed" in body and token.group(1) not in body
    number = re.search(r'name="token" value="(\d+)"', body)
    assert number is not None
    await admin.post("/admin/accounts/dora/tokens/revoke", {"token": number.group(1)})
    refused, _ = await api.post("/tournaments/open/rounds/1/boards/2/result", {"result": "1-0"},
                                headers=auth)  # fmt: skip
    assert refused == 401


async def test_disabling_in_the_browser_ends_the_open_session_at_once(
    aiohttp_client: Any, tmp_path: Path
) -> None:
    api, admin = await started(aiohttp_client, tmp_path)
    link = await add_account(admin, "dora")
    dora = Browser(api.client)
    await dora.request("POST", link, {"password": PASSWORD, "again": PASSWORD})
    assert (await dora.get("/admin/accounts/dora"))[0] == 200
    await admin.post("/admin/accounts/dora/disabled", {"disabled": "1"})
    _, body, _ = await admin.get("/admin")
    assert flash(body) == ["Disabled dora; its sessions are ended."]
    status, _, headers = await dora.get("/admin/accounts/dora")
    assert status == 303 and headers["Location"].startswith("/signin")
    assert await Browser(api.client).sign_in(name="dora", password=PASSWORD) == 401
    await admin.post("/admin/accounts/dora/disabled", {"disabled": "0"})
    assert await Browser(api.client).sign_in(name="dora", password=PASSWORD) == 303
