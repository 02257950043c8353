"""Hostile and careless input (issue 16): refused with a 4xx problem, never written, never
a 500, and never able to break a tournament for later readers and writers."""

from __future__ import annotations

from typing import Any

import pytest

from events import MemoryEventStore
from events.errors import InvalidCommand
from events.types import ResultRecorded, RoundNo
from server.service import TournamentService
from tests.server.http.support import TOKEN, Api

OPEN = {"tournament_id": "open", "name": "Open", "rounds": 5}
HUGE = "9" * 5000


async def _open_with_players(api: Api, count: int = 2) -> None:
    assert (await api.post("/tournaments", OPEN))[0] == 201
    for number in range(count):
        assert (await api.post("/tournaments/open/players", {"surname": f"P{number}"}))[0] == 201


@pytest.mark.parametrize("win", ["Infinity", "-Infinity", "NaN", "1e308", "0.001", "101", "-1"])
async def test_a_point_value_out_of_bounds_is_refused_and_nothing_written(
    api: Api, win: str
) -> None:
    status, problem = await api.post("/tournaments", {**OPEN, "points": {"win": win}})
    assert (status, problem["type"]) == (422, "/problems/invalid-command")
    assert problem["errors"][0]["pointer"] == "/points/win"
    assert (await api.get("/tournaments/open"))[0] == 404
    # the id was not taken: the same tournament with sane points is created
    assert (await api.post("/tournaments", {**OPEN, "points": {"win": "3"}}))[0] == 201
    status, standings = await api.get("/tournaments/open/standings")
    assert status == 200 and standings["rows"] == []


async def test_points_may_be_sent_as_numbers(api: Api) -> None:
    status, _ = await api.post("/tournaments", {**OPEN, "points": {"win": 3, "draw": 1.5}})
    assert status == 201
    _, tournament = await api.get("/tournaments/open")
    assert tournament["regulations"]["points"]["draw"] == 1.5


@pytest.mark.parametrize(
    ("body", "pointer"),
    [
        ({"surname": "x" * 200_000}, "/surname"),
        ({"surname": "Line\nBreak"}, "/surname"),
        ({"surname": "Bell\x07"}, "/surname"),
        ({"surname": "Ok", "club": "a\u2028b"}, "/club"),
        ({"surname": "Ok", "rating": 4001}, "/rating"),
        ({"surname": "Ok", "fide_id": int(HUGE[:30])}, "/fide_id"),
        ({"surname": "Ok", "federation": "norway"}, "/federation"),
        ({"surname": "Ok", "title": "King"}, "/title"),
    ],
)
async def test_a_player_field_out_of_bounds_is_refused(
    api: Api, body: dict[str, Any], pointer: str
) -> None:
    await _open_with_players(api, 0)
    status, problem = await api.post("/tournaments/open/players", body)
    assert status == 422
    assert problem["errors"][0]["pointer"] == pointer
    _, players = await api.get("/tournaments/open/players")
    assert players["players"] == []


async def test_an_unknown_pairing_system_is_refused_at_creation(api: Api) -> None:
    status, problem = await api.post("/tournaments", {**OPEN, "system": "no-such-system"})
    assert (status, problem["errors"][0]["pointer"]) == (422, "/system")
    assert "dutch" in problem["detail"]
    assert (await api.get("/tournaments/open"))[0] == 404


async def test_body_less_posts_whose_body_is_optional(api: Api) -> None:
    await _open_with_players(api)
    headers = {"Authorization": f"Bearer {TOKEN}", "If-Match": "*"}
    async with api.client.post("/tournaments/open/players/2/withdrawal", headers=headers) as r:
        assert r.status == 200, await r.text()
    async with api.client.post("/tournaments/open/close", headers=headers) as r:
        assert r.status == 200, await r.text()
    _, tournament = await api.get("/tournaments/open")
    assert tournament["closed"] is True


@pytest.mark.parametrize(
    "path",
    [
        f"/tournaments/open/players/{HUGE}",
        f"/tournaments/open/rounds/{HUGE}",
        f"/tournaments/open/rounds/1/boards/{HUGE}/result",
        f"/tournaments/open/players/1/byes/{HUGE}",
    ],
)
async def test_huge_path_ids_are_not_found(api: Api, path: str) -> None:
    await _open_with_players(api)
    async with api.client.get(path) as response:
        assert response.status in (404, 405)
        assert response.content_type == "application/problem+json"


async def test_huge_if_match_and_last_event_id_are_bad_requests(api: Api) -> None:
    await _open_with_players(api)
    status, problem = await api.post("/tournaments/open/players", {"surname": "Late"}, version=HUGE)
    assert (status, problem["type"]) == (400, "/problems/invalid-header")
    headers = {"Accept": "text/event-stream", "Last-Event-ID": HUGE}
    async with api.client.get("/tournaments/open/events", headers=headers) as response:
        assert response.status == 400
        assert (await response.json(content_type=None))["type"] == "/problems/invalid-header"


def test_a_command_whose_events_do_not_fold_is_refused_and_not_written() -> None:
    """The decision is the last line of defence, not the only one: what it returns must
    fold, or the stream would be unreadable for every later request."""
    store = MemoryEventStore()
    service = TournamentService(store)
    service.create(service_command())
    before = store.current_version("tournament-open")

    def decision(state: object) -> list[Any]:
        return [ResultRecorded(round_no=RoundNo(3), board=1, result=_draw())]

    with pytest.raises(InvalidCommand, match="would not apply"):
        service.run("open", decision, request=service_command())
    assert store.current_version("tournament-open") == before
    assert service.load("open").version == before


def service_command() -> Any:
    from events.decisions import CreateTournament

    return CreateTournament(tournament_id="open", name="Open", rounds=5)


def _draw() -> Any:
    from events.results import Result

    return Result.DRAW
