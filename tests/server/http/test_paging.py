"""Pages of the reads that grow with the field (#27): standings, players, a round's boards,
rating changes and title norms. Walking the pages gives exactly the rows of a fresh fold, in
order, none twice and none missing; the edges of ``limit`` and ``offset``; the errors naming
them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bench.scale import stream
from events import open_store
from events.envelope import NO_STREAM
from events.norms import tournament_norms
from events.projections import fold
from events.tiebreaks import tournament_standings
from events.types import Event
from server.http.app import create_app
from tests.server.http.support import Api, make_settings
from tests.server.http.test_players import open_with_players
from tests.server.http.test_standings import play_round_one

DEFAULT_PAGE = 500
"""The documented default page of players (README, "Reads at any size"); boards: half."""
MAX_PAGE = 10_000
"""The documented largest ``limit``."""


def stored(path: Path, players: int, rounds: int) -> list[Event]:
    """A generated tournament ``t`` (random pairings and results) appended to ``path``."""
    events = stream("t", players, rounds, total_rounds=9)
    store = open_store(str(path))
    store.append("tournament-t", events, expected_version=NO_STREAM)
    store.close()
    return events


async def served(
    aiohttp_client: Any, tmp_path: Path, players: int, rounds: int
) -> tuple[Api, list[Event]]:
    events = stored(tmp_path / "arbiter.db", players, rounds)
    client = await aiohttp_client(create_app(make_settings(tmp_path / "arbiter.db")))
    return Api(client), events


async def walk(api: Api, path: str, field: str) -> list[Any]:
    """Every row of a paged read, following ``next`` (and checking the ``Link`` header says
    the same) from ``path`` until it is null."""
    rows: list[Any] = []
    totals = set()
    following: str | None = path
    while following is not None:
        async with api.client.get(following) as response:
            assert response.status == 200, await response.text()
            body = await response.json()
            link = response.headers.get("Link")
        assert link == (f'<{body["next"]}>; rel="next"' if body["next"] else None)
        rows += body[field]
        totals.add(body["total"])
        following = body["next"]
    assert totals == {len(rows)}
    return rows


@pytest.mark.parametrize(
    "players", [1200, pytest.param(10_000, marks=pytest.mark.slow)], ids=lambda n: f"p{n}"
)
async def test_walking_the_pages_gives_a_fresh_folds_rows(
    aiohttp_client: Any, tmp_path: Path, players: int
) -> None:
    """The reference is the pure fold of the same events and the one ranker over it, not
    the server's cache; limits that do not divide the field leave a short last page."""
    api, events = await served(aiohttp_client, tmp_path, players, 2)
    state = fold(events)
    ranked = tournament_standings(state)
    expected = [(r.rank, r.player.player_id, float(r.points)) for r in ranked.rows]
    for query in ("", "?limit=997", f"?limit={MAX_PAGE}"):
        rows = await walk(api, f"/tournaments/t/standings{query}", "rows")
        assert [(r["rank"], r["player_id"], r["score"]) for r in rows] == expected, query
    players_walked = await walk(api, "/tournaments/t/players?limit=333", "players")
    assert [p["player_id"] for p in players_walked] == list(state.order)
    boards = await walk(api, "/tournaments/t/rounds/2?limit=101", "boards")
    assert [(b["board"], b["white"]["player_id"], b["black"]["player_id"]) for b in boards] == [
        (b.number, b.white, b.black) for b in state.round(2).boards
    ]
    changes = await walk(api, "/tournaments/t/rating-changes?limit=2999", "players")
    assert [c["player_id"] for c in changes] == list(state.order)
    norms = await walk(api, "/tournaments/t/norms?limit=499", "players")
    assert [n["player_id"] for n in norms] == [n.player_id for n in tournament_norms(state).players]


async def test_the_default_page_and_its_links(aiohttp_client: Any, tmp_path: Path) -> None:
    """1,200 players: three default pages of players (500, 500, 200); a round's 600 boards:
    three of 250 boards at most. ``next`` keeps the request's other parameters."""
    api, events = await served(aiohttp_client, tmp_path, 1200, 2)
    async with api.client.get(
        "/tournaments/t/standings?round=1&tiebreaks=BH&tiebreak_rules=2026"
    ) as response:
        body = await response.json()
        assert response.headers["Link"] == (
            '</tournaments/t/standings?round=1&tiebreaks=BH&tiebreak_rules=2026&offset=500>; rel="next"'
        )
    assert (len(body["rows"]), body["total"], body["after_round"]) == (DEFAULT_PAGE, 1200, 1)
    assert (
        body["next"]
        == "/tournaments/t/standings?round=1&tiebreaks=BH&tiebreak_rules=2026&offset=500"
    )
    status, last = await api.get(
        "/tournaments/t/standings?round=1&tiebreaks=BH&tiebreak_rules=2026&offset=1000"
    )
    assert (status, len(last["rows"]), last["next"]) == (200, 200, None)
    status, round_two = await api.get("/tournaments/t/rounds/2")
    assert (len(round_two["boards"]), round_two["total"]) == (DEFAULT_PAGE // 2, 600)
    assert round_two["next"] == "/tournaments/t/rounds/2?offset=250"
    status, players = await api.get("/tournaments/t/players?limit=2&offset=3")
    assert [p["player_id"] for p in players["players"]] == list(fold(events).order[3:5])
    assert players["next"] == "/tournaments/t/players?limit=2&offset=5"


async def test_edges_of_limit_and_offset(api: Api) -> None:
    """Four players: the last row alone has no next; a limit past the end is the rest."""
    await open_with_players(api)
    status, body = await api.get("/tournaments/open/standings?offset=3")
    assert (status, len(body["rows"]), body["total"], body["next"]) == (200, 1, 4, None)
    status, body = await api.get("/tournaments/open/standings?limit=1")
    assert (len(body["rows"]), body["next"]) == (1, "/tournaments/open/standings?limit=1&offset=1")
    status, body = await api.get(f"/tournaments/open/standings?limit={MAX_PAGE}&offset=2")
    assert (len(body["rows"]), body["next"]) == (2, None)
    async with api.client.get("/tournaments/open/players") as response:
        assert "Link" not in response.headers  # one page: nothing follows
        assert (await response.json())["next"] is None


async def test_an_empty_field_has_one_empty_page(api: Api) -> None:
    await api.post("/tournaments", {"tournament_id": "empty", "name": "Empty", "rounds": 5})
    status, body = await api.get("/tournaments/empty/players")
    assert (status, body["players"], body["total"], body["next"]) == (200, [], 0, None)


@pytest.mark.parametrize(
    ("query", "parameter", "status", "problem"),
    [
        ("limit=0", "limit", 400, "invalid-query"),
        (f"limit={MAX_PAGE + 1}", "limit", 400, "invalid-query"),
        ("limit=ten", "limit", 400, "invalid-query"),
        ("offset=-1", "offset", 400, "invalid-query"),
        ("offset=100000", "offset", 400, "invalid-query"),
        # past the last row of each (4 players, 8 norm rows: one per player and norm, 2 boards)
        ("offset=9", "offset", 404, "not-found"),
    ],
)
async def test_a_limit_or_offset_it_cannot_serve_is_refused_naming_it(
    api: Api, query: str, parameter: str, status: int, problem: str
) -> None:
    await open_with_players(api)
    await play_round_one(api)  # two boards
    for path in ("standings", "players", "rating-changes", "norms", "rounds/1"):
        got, body = await api.get(f"/tournaments/open/{path}?{query}")
        assert got == status, (path, body)
        assert body["type"].endswith(f"/{problem}")
        assert body["errors"][0]["parameter"] == parameter, body


async def test_an_offset_from_a_field_that_has_shrunk_is_refused(api: Api) -> None:
    """A page read before a registration was removed: its offset now points past the end."""
    await open_with_players(api)
    status, body = await api.get("/tournaments/open/players?limit=1&offset=3")
    assert (status, body["players"][0]["player_id"]) == (200, 4)
    status, _ = await api.post(
        "/tournaments/open/registration-removals", {"player_id": 4, "reason": "entered twice"}
    )
    assert status == 200
    status, body = await api.get("/tournaments/open/players?limit=1&offset=3")
    assert status == 404 and body["errors"] == [
        {"parameter": "offset", "detail": "past the last row: the answer has 3"}
    ]


async def test_every_page_is_conditional_on_the_version(api: Api) -> None:
    await open_with_players(api)
    async with api.client.get("/tournaments/open/standings?limit=2") as response:
        etag = response.headers["ETag"]
    headers = {"If-None-Match": etag}
    async with api.client.get(
        "/tournaments/open/standings?limit=2&offset=2", headers=headers
    ) as got:
        assert got.status == 304
