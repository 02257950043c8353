"""Tournaments: create, list, get, close (the resource and its ETag)."""

from __future__ import annotations

from tests.server.http.support import Api

OPEN = {"tournament_id": "spring-open", "name": "Spring Open", "rounds": 7, "place": "Oslo"}


async def test_create_then_get_and_list(api: Api) -> None:
    status, body = await api.post("/tournaments", OPEN)
    assert status == 201
    assert body["tournament_id"] == "spring-open"
    assert body["version"] == 1
    assert [e["type"] for e in body["events"]] == ["tournament-created"]
    assert body["events"][0]["event"]["name"] == "Spring Open"

    async with api.client.get("/tournaments/spring-open") as response:
        assert response.status == 200
        assert response.headers["ETag"] == '"1"'
        tournament = await response.json()
    assert tournament["regulations"]["rounds"] == 7
    assert tournament["regulations"]["place"] == "Oslo"
    assert tournament["rounds_paired"] == 0 and tournament["players"] == 0

    status, listed = await api.get("/tournaments")
    assert status == 200
    assert listed == {
        "tournaments": [
            {
                "tournament_id": "spring-open",
                "name": "Spring Open",
                "rounds": 7,
                "system": "dutch",
                "version": 1,
            }
        ]
    }


async def test_a_system_edition_pair_the_engine_lacks_is_a_422_naming_the_editions(
    api: Api,
) -> None:
    status, problem = await api.post(
        "/tournaments", {**OPEN, "system": "dubov", "rules_edition": "fide-2017"}
    )
    assert status == 422
    assert (
        "the dubov system has no fide-2017 edition; its editions: fide-2026, fide-1997"
        in problem["detail"]
    )
    status, problem = await api.post("/tournaments", {**OPEN, "rules_edition": "fide-1999"})
    assert status == 422 and "fide-1999" in problem["detail"]
    assert (await api.get("/tournaments"))[1] == {"tournaments": []}


async def test_a_closed_tournament_takes_no_more_changes(api: Api) -> None:
    await api.post("/tournaments", OPEN)
    status, body = await api.post("/tournaments/spring-open/close", {"reason": "prize giving"})
    assert status == 200 and body["events"][0]["event"] == {
        "type": "tournament-closed",
        "reason": "prize giving",
    }
    _, tournament = await api.get("/tournaments/spring-open")
    assert tournament["closed"] is True
    status, problem = await api.post("/tournaments/spring-open/players", {"surname": "Late"})
    assert (status, problem["type"]) == (409, "/problems/tournament-is-closed")


async def test_an_unknown_tournament_is_a_404_problem(api: Api) -> None:
    for path in (
        "/tournaments/nope",
        "/tournaments/nope/players",
        "/tournaments/nope/rounds",
        "/tournaments/nope/standings",
        "/tournaments/nope/events",
        "/tournaments/nope/trf",
    ):
        status, problem = await api.get(path)
        assert (status, problem["type"]) == (404, "/problems/tournament-not-found"), path
