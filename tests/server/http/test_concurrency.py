"""Correctness under concurrency: If-Match pins the version a write was based on, and
Idempotency-Key makes a client's retry harmless (EVENT-SOURCING.md §2.3-2.4)."""

from __future__ import annotations

import asyncio

from server.http import keys
from tests.server.http.support import TOKEN, Api, Client
from tests.server.http.test_players import open_with_players

AUTH = {"Authorization": f"Bearer {TOKEN}"}


async def test_a_write_without_if_match_is_428(api: Api) -> None:
    await api.post("/tournaments", {"tournament_id": "t", "name": "T", "rounds": 5})
    async with api.client.post(
        "/tournaments/t/players", json={"surname": "Aune"}, headers=AUTH
    ) as response:
        assert response.status == 428
        assert (await response.json())["type"] == "/problems/precondition-required"


async def test_a_stale_write_is_412_with_both_versions_and_writes_nothing(api: Api) -> None:
    await open_with_players(api)  # version 5
    status, body = await api.post("/tournaments/open/players", {"surname": "Late"}, version=3)
    assert status == 412
    assert (body["type"], body["expected"], body["actual"]) == (
        "/problems/precondition-failed",
        3,
        5,
    )
    _, tournament = await api.get("/tournaments/open")
    assert (tournament["version"], tournament["players"]) == (5, 4)


async def test_the_412_carries_the_current_etag(api: Api) -> None:
    await open_with_players(api)
    async with api.client.post(
        "/tournaments/open/rounds", headers={**AUTH, "If-Match": '"2"'}
    ) as r:
        assert r.status == 412
        assert r.headers["ETag"] == '"5"'


async def test_if_match_star_applies_to_whatever_is_current(api: Api) -> None:
    await open_with_players(api)
    status, body = await api.post("/tournaments/open/players", {"surname": "Late"}, version="*")
    assert status == 201 and body["version"] == 6


async def test_an_unreadable_if_match_is_400(api: Api) -> None:
    await open_with_players(api)
    status, body = await api.post(
        "/tournaments/open/players", {"surname": "Late"}, headers={"If-Match": 'W/"5"'}
    )
    assert (status, body["type"]) == (400, "/problems/invalid-header")


async def test_a_retried_result_is_recorded_once(api: Api) -> None:
    """The draft's retry semantics: same key and body -> the first answer, nothing written."""
    await open_with_players(api)
    await api.post("/tournaments/open/rounds")
    version = api.versions["open"]
    first = await api.post(
        "/tournaments/open/rounds/1/boards/1/result",
        {"result": "1-0"},
        version=version,
        key="result-r1-b1",
    )
    async with api.client.post(
        "/tournaments/open/rounds/1/boards/1/result",
        json={"result": "1-0"},
        headers={**AUTH, "If-Match": f'"{version}"', "Idempotency-Key": "result-r1-b1"},
    ) as response:
        assert response.status == first[0] == 201
        assert response.headers["Idempotent-Replayed"] == "true"
        retry = await response.json()
    assert retry["events"] == first[1]["events"] and retry["replayed"] is True
    _, log = await api.get("/tournaments/open/events")
    assert [e["type"] for e in log["events"]].count("result-recorded") == 1
    # the key is kept for the audit, but not shown in the public log (issue 16)
    assert "idempotency_key" not in log["events"][-1]["metadata"]
    assert api.client.app is not None
    recorded = api.client.app[keys.SERVICE].history("open")[-1]
    assert recorded.metadata["idempotency_key"] == "result-r1-b1"


async def test_the_same_key_with_another_body_is_422(api: Api) -> None:
    await open_with_players(api)
    await api.post("/tournaments/open/rounds")
    await api.post("/tournaments/open/rounds/1/boards/1/result", {"result": "1-0"}, key="k1")
    status, body = await api.post(
        "/tournaments/open/rounds/1/boards/2/result", {"result": "0-1"}, version="*", key="k1"
    )
    assert (status, body["type"]) == (422, "/problems/idempotency-key-reused")


async def test_a_retry_while_the_first_attempt_runs_is_409(api: Api, client: Client) -> None:
    await open_with_players(api)
    with client.app[keys.IN_FLIGHT].hold("busy-key"):  # the first attempt, still running
        status, body = await api.post(
            "/tournaments/open/players", {"surname": "Late"}, key="busy-key"
        )
    assert (status, body["type"]) == (409, "/problems/request-in-progress")
    status, _ = await api.post("/tournaments/open/players", {"surname": "Late"}, key="busy-key")
    assert status == 201


async def test_concurrent_writers_on_one_version_one_wins(api: Api) -> None:
    """Two clients decide on the same version; the store's guard lets exactly one append."""
    await open_with_players(api)
    results = await asyncio.gather(
        *(
            api.post("/tournaments/open/players", {"surname": name}, version=5)
            for name in ("Left", "Right")
        )
    )
    assert sorted(status for status, _ in results) == [201, 412]
    _, tournament = await api.get("/tournaments/open")
    assert tournament["players"] == 5


async def test_an_unusable_idempotency_key_is_400(api: Api) -> None:
    status, body = await api.post(
        "/tournaments", {"tournament_id": "t", "name": "T", "rounds": 5}, key="has spaces in it"
    )
    assert (status, body["type"]) == (400, "/problems/invalid-header")
    assert body["header"] == "Idempotency-Key"
