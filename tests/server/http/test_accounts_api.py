"""Accounts, API tokens, sessions and roles over the API (issue 29): what an administrator,
a chief and a deputy may manage, and that what is managed takes effect at once."""

from __future__ import annotations

from typing import Any

from tests.server.http.support import Api
from tests.server.http.test_accounts import PASSWORD, sign_in
from tests.server.http.test_pages import open_tournament

RESULT = "/tournaments/open/rounds/1/boards/1/result"


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


async def add(api: Api, name: str, **fields: Any) -> dict[str, Any]:
    status, body = await api.post("/accounts", {"name": name, **fields})
    assert status == 201, body
    return body  # type: ignore[no-any-return]


async def issue(api: Api, name: str, **fields: Any) -> str:
    status, body = await api.post(f"/accounts/{name}/tokens", fields)
    assert status == 201, body
    return body["token"]  # type: ignore[no-any-return]


async def test_an_administrator_adds_an_account_grants_it_and_issues_its_token(api: Api) -> None:
    await open_tournament(api)
    linked = await add(api, "dora")
    assert linked["account"]["name"] == "dora" and not linked["account"]["disabled"]
    assert linked["sign_in_link"].startswith("/welcome/")
    assert (await add(api, "carl", password=PASSWORD))["sign_in_link"] is None
    _, listed = await api.get("/accounts", headers=bearer("arbiter-test-token"))
    assert [account["name"] for account in listed["accounts"]] == ["carl", "dora"]
    status, roles = await api.write("PUT", "/tournaments/open/roles/dora", {"role": "deputy"})
    assert status == 200, roles
    assert [(g["account"], g["role"]) for g in roles["roles"]] == [("dora", "deputy")]
    token = await issue(api, "dora", tournaments=["open"], role="deputy", label="board app")
    status, _ = await api.post(RESULT, {"result": "1-0"}, headers=bearer(token))
    assert status == 201
    status, problem = await api.post("/tournaments/open/players", {"surname": "Late"},
                                     headers=bearer(token))  # fmt: skip
    assert (status, problem["type"]) == (403, "/problems/forbidden")
    # Taking the role away refuses the next write at once.
    status, roles = await api.write("DELETE", "/tournaments/open/roles/dora")
    assert (status, roles["roles"]) == (200, [])
    status, problem = await api.write("PUT", RESULT, {"result": "0-1", "reason": "x"},
                                      headers=bearer(token))  # fmt: skip
    assert status == 403, problem


async def test_a_revoked_token_and_a_disabled_account_are_refused_at_once(api: Api) -> None:
    await open_tournament(api)
    await add(api, "dora", password=PASSWORD)
    await api.write("PUT", "/tournaments/open/roles/dora", {"role": "deputy"})
    first, second = await issue(api, "dora"), await issue(api, "dora")
    _, tokens = await api.get("/accounts/dora/tokens", headers=bearer(first))
    token_id = tokens["tokens"][0]["token_id"]
    status, revoked = await api.write("DELETE", f"/accounts/dora/tokens/{token_id}")
    assert status == 200 and revoked["revoked_at"] is not None
    status, _ = await api.post(RESULT, {"result": "1-0"}, headers=bearer(first))
    assert status == 401
    status, changed = await api.write("PATCH", "/accounts/dora", {"disabled": True})
    assert (status, changed["disabled"]) == (200, True)
    status, _ = await api.post(RESULT, {"result": "1-0"}, headers=bearer(second))
    assert status == 401
    _, events = await api.get("/tournaments/open/events")
    assert events["events"][-1]["type"] == "round-paired"


async def test_an_account_manages_its_own_tokens_and_no_one_elses(api: Api) -> None:
    await open_tournament(api)
    await add(api, "dora", password=PASSWORD)
    await add(api, "carl", password=PASSWORD)
    await api.write("PUT", "/tournaments/open/roles/carl", {"role": "chief"})
    dora, carl = await issue(api, "dora"), await issue(api, "carl", role="chief")
    status, own = await api.post("/accounts/dora/tokens", {}, headers=bearer(dora))
    assert status == 201 and own["stored"]["role"] == "deputy"
    for method, path, body in [
        ("GET", "/accounts", None),
        ("POST", "/accounts", {"name": "eve", "password": PASSWORD}),
        ("GET", "/accounts/carl/tokens", None),
        ("POST", "/accounts/carl/tokens", {}),
        ("PATCH", "/accounts/carl", {"disabled": True}),
        ("PUT", "/tournaments/open/roles/dora", {"role": "deputy"}),
    ]:
        status, problem = await api.write(method, path, body, headers=bearer(dora))
        assert (status, problem["type"]) == (403, "/problems/forbidden"), (path, problem)
    # The tournament's chief grants deputies, not chiefs.
    status, problem = await api.write(
        "PUT", "/tournaments/open/roles/dora", {"role": "chief"}, headers=bearer(carl)
    )
    assert status == 403, problem
    status, roles = await api.write(
        "PUT", "/tournaments/open/roles/dora", {"role": "deputy"}, headers=bearer(carl)
    )
    assert status == 200 and ("dora", "deputy") in [
        (g["account"], g["role"]) for g in roles["roles"]
    ]
    _, listed = await api.get("/accounts", headers=bearer("arbiter-test-token"))
    assert [account["name"] for account in listed["accounts"]] == ["carl", "dora"]


async def test_an_administrator_ends_an_accounts_session(api: Api) -> None:
    await open_tournament(api)
    await add(api, "dora", password=PASSWORD)
    status, cookie = await sign_in(api.client, "dora", PASSWORD)
    assert status == 303 and cookie is not None
    api.client.session.cookie_jar.clear()
    status, listed = await api.write("GET", "/accounts/dora/sessions")
    assert status == 200 and len(listed["sessions"]) == 1
    digest = listed["sessions"][0]["session"]
    status, left = await api.write("DELETE", f"/accounts/dora/sessions/{digest}")
    assert (status, left["sessions"]) == (200, [])
    async with api.client.get(
        "/t/open/desk", headers={"Cookie": f"arbiter_session={cookie}"}, allow_redirects=False
    ) as response:
        assert response.status == 303 and response.headers["Location"].startswith("/signin")
    status, problem = await api.write("DELETE", f"/accounts/dora/sessions/{digest}")
    assert status == 404, problem


async def test_bad_input_names_the_field_and_adds_nothing(api: Api) -> None:
    for body, field in [
        ({"name": ""}, "name"),
        ({"name": "eve", "password": "short"}, "password"),
        ({"name": "eve", "role": "chief"}, "role"),
    ]:
        status, problem = await api.post("/accounts", body)
        assert status == 422 and field in str(problem), problem
    status, problem = await api.post("/accounts/eve/tokens", {"days": 400})
    assert status == 422 and "days" in str(problem), problem
    status, problem = await api.write("PATCH", "/accounts/nobody", {"disabled": True})
    assert status == 404 and "nobody" in problem["detail"], problem
    _, listed = await api.get("/accounts", headers=bearer("arbiter-test-token"))
    assert listed["accounts"] == []
