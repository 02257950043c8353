"""The server on a SQLite file that cannot grow (a full disk, as SQLite meets it: the file
is held to its size with ``PRAGMA max_page_count``) (issue 35)."""

from __future__ import annotations

from events import SqliteEventStore
from server.http import keys
from tests.server.http.support import TOKEN, Api, Client


def _limit(client: Client, pages: int) -> None:
    """Let the store's file grow by ``pages`` pages at most."""
    store = client.app[keys.SERVICE].store
    assert isinstance(store, SqliteEventStore)
    (count,) = store.db.execute("PRAGMA page_count").fetchone()
    store.db.execute(f"PRAGMA max_page_count = {count + pages}")


async def test_a_full_disk_refuses_writes_with_503_naming_it_and_recovers(
    client: Client, api: Api
) -> None:
    assert (await api.post("/tournaments", {"tournament_id": "t", "name": "T", "rounds": 5}))[
        0
    ] == 201
    async with client.get("/ready") as response:
        assert response.status == 200

    _limit(client, pages=0)
    players = [{"surname": f"Player {n}", "rating": 1500 + n} for n in range(200)]
    async with client.post(
        "/tournaments/t/player-lists",
        json={"entries": players},
        headers={"Authorization": f"Bearer {TOKEN}", "If-Match": "*"},
    ) as response:
        problem = await response.json()
        assert response.status == 503, problem
        assert problem["type"] == "/problems/store-unavailable"
        assert "disk is full" in problem["detail"]
        assert int(response.headers["Retry-After"]) >= 1
    async with client.get("/ready") as response:
        assert response.status == 503
        assert (await response.json())["type"] == "/problems/not-ready"
        assert "Retry-After" in response.headers
    status, tournament = await api.get("/tournaments/t")  # reads go on: nothing half-written
    assert status == 200 and tournament["version"] == 1
    status, described = await api.get("/problems/store-unavailable")
    assert status == 200 and described["status"] == 503
    assert "Retry-After" in described["description"]

    _limit(client, pages=100_000)
    async with client.get("/ready") as response:
        assert response.status == 200
    status, _ = await api.post("/tournaments/t/players", {"surname": "After"}, version="*")
    assert status == 201
