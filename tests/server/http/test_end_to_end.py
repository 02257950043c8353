"""A whole tournament over HTTP: 30 players, 9 Dutch rounds, with a late entry, a
withdrawal, byes (one cancelled), a forfeit, a corrected result and an unpaired round;
then exported as TRF and imported into a fresh server, which must give the same standings;
and the event stream, followed across a reconnect, must have delivered every event
exactly once, in order."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest

from server.http.app import create_app
from tests.server.http.support import Api, Client, SseReader, make_settings

TID = "e2e"
ROUNDS = 9
TIEBREAKS = {"tiebreaks": "BH/C1 BH SB", "tiebreak_rules": "2026"}

# The irregular events of the tournament (player ids are registration numbers).
LATE_ENTRY_ROUND = 3
HALF_BYE = (5, 4)  # player 5 takes a half-point bye in round 4
ZERO_BYE = (7, 6)
CANCELLED_BYE = (9, 2)
WITHDRAWN = (12, 6)  # player 12 withdraws from round 6 on
FORFEIT = (3, 4)  # round 3, board 4 is forfeited: +/-
CORRECTION = (2, 1)  # round 2, board 1 is corrected during round 5
UNPAIRED_ROUND = 7  # paired, withdrawn before any result, paired again


class Follower:
    """Follows the SSE stream in the background, reconnecting with Last-Event-ID."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.messages: list[dict[str, str]] = []
        self.connections = 0
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._follow())

    def reconnect(self) -> None:
        """Drop the connection; the follower resumes from the last id it saw."""
        assert self._task is not None
        self._task.cancel()
        self.start()

    async def _follow(self) -> None:
        headers = {"Accept": "text/event-stream"}
        if self.messages:
            headers["Last-Event-ID"] = self.messages[-1]["id"]
        self.connections += 1
        async with self.client.get(f"/tournaments/{TID}/events", headers=headers) as response:
            assert response.status == 200
            reader = SseReader(response)
            while True:
                self.messages.append(await reader.next())

    async def wait_for(self, count: int) -> None:
        for _ in range(200):
            if len(self.messages) >= count:
                break
            await asyncio.sleep(0.05)
        assert self._task is not None
        self._task.cancel()


def result_for(rng: random.Random, white: int, black: int) -> str:
    """A plausible result: the rating difference decides the odds (logistic, 400 points)."""
    expected = 1 / (1 + 10 ** ((black - white) / 400))
    roll = rng.random()
    if roll < 0.25:
        return "1/2-1/2"
    return "1-0" if rng.random() < expected else "0-1"


async def play(api: Api, follower: Follower) -> dict[int, list[tuple[int, int]]]:
    rng = random.Random(2026)
    ratings = sorted((rng.randrange(1500, 2600) for _ in range(30)), reverse=True)
    rng.shuffle(ratings)
    status, _ = await api.post(
        "/tournaments",
        {
            "tournament_id": TID,
            "name": "End-to-end Open",
            "rounds": ROUNDS,
            "max_half_point_byes": 2,
            **TIEBREAKS,
        },
    )
    assert status == 201
    for number in range(1, 30):
        status, body = await api.post(
            f"/tournaments/{TID}/players",
            {
                "surname": f"Player{number:02d}",
                "given_name": "Test",
                "rating": ratings[number - 1],
            },
        )
        assert status == 201, body
    boards: dict[int, list[tuple[int, int]]] = {}
    for round_no in range(1, ROUNDS + 1):
        if round_no == LATE_ENTRY_ROUND:
            status, body = await api.post(
                f"/tournaments/{TID}/players", {"surname": "Player30", "rating": ratings[29]}
            )
            assert status == 201 and body["events"][0]["event"]["joins_round"] == 3
        if round_no == CANCELLED_BYE[1]:
            player, bye_round = CANCELLED_BYE
            status, _ = await api.post(
                f"/tournaments/{TID}/players/{player}/byes", {"round_no": bye_round, "kind": "half"}
            )
            assert status == 201
            status, _ = await api.write(
                "DELETE", f"/tournaments/{TID}/players/{player}/byes/{bye_round}"
            )
            assert status == 200
        for (player, bye_round), kind in ((HALF_BYE, "half"), (ZERO_BYE, "zero")):
            if round_no == bye_round:
                status, _ = await api.post(
                    f"/tournaments/{TID}/players/{player}/byes",
                    {"round_no": bye_round, "kind": kind},
                )
                assert status == 201
        if round_no == WITHDRAWN[1]:
            status, _ = await api.post(
                f"/tournaments/{TID}/players/{WITHDRAWN[0]}/withdrawal",
                {"reason": "left the event"},
            )
            assert status == 200
        if round_no == UNPAIRED_ROUND:
            status, _ = await api.post(f"/tournaments/{TID}/rounds")
            assert status == 201
            status, _ = await api.write("DELETE", f"/tournaments/{TID}/rounds/{round_no}")
            assert status == 200
        if round_no == 5:
            follower.reconnect()
        status, body = await api.post(f"/tournaments/{TID}/rounds")
        assert status == 201, body
        # Another tournament writes in between: this stream's positions get gaps.
        assert (await api.post("/tournaments/other/players", {"surname": f"Other{round_no}"}))[
            0
        ] == 201
        status, round_ = await api.get(f"/tournaments/{TID}/rounds/{round_no}")
        assert status == 200
        boards[round_no] = [
            (b["white"]["player_id"], b["black"]["player_id"]) for b in round_["boards"]
        ]
        for number, board in enumerate(round_["boards"], 1):
            result = result_for(rng, board["white"]["rating"], board["black"]["rating"])
            if (round_no, number) == FORFEIT:
                result = "+/-"
            path = f"/tournaments/{TID}/rounds/{round_no}/boards/{number}/result"
            key = f"{TID}-r{round_no}-b{number}"
            status, body = await api.post(path, {"result": result}, key=key)
            assert status == 201, body
            if number == 1:  # the client's retry (lost answer): nothing is recorded twice
                retry = await api.post(
                    path, {"result": result}, key=key, version=body["version"] - 1
                )
                assert retry == (201, {**body, "replayed": True})
        if round_no == 5:
            old_round, board_no = CORRECTION
            _, old = await api.get(f"/tournaments/{TID}/rounds/{old_round}")
            previous = old["boards"][board_no - 1]["result"]
            corrected = "0-1" if previous != "0-1" else "1-0"
            status, body = await api.write(
                "PUT",
                f"/tournaments/{TID}/rounds/{old_round}/boards/{board_no}/result",
                {"result": corrected, "reason": "score sheet checked"},
            )
            assert status == 200, body
            assert body["events"][0]["event"]["previous"] == previous
    return boards


def check_rules(boards: dict[int, list[tuple[int, int]]], players: list[dict[str, Any]]) -> None:
    """What any legal Swiss pairing must satisfy, checked on what the API served."""
    met: set[frozenset[int]] = set()
    for round_no, pairs in boards.items():
        seated = [player for pair in pairs for player in pair]
        assert len(seated) == len(set(seated)), f"round {round_no}: a player seated twice"
        for number, pair in enumerate(pairs, 1):  # C.04.1 Art. 2 (C1): no two meet twice
            assert frozenset(pair) not in met, f"round {round_no}: {pair} met before"
            if (round_no, number) != FORFEIT:  # a forfeited game is no meeting (GHR 3.5)
                met.add(frozenset(pair))
        if round_no < LATE_ENTRY_ROUND:
            assert 30 not in seated
        if round_no >= WITHDRAWN[1]:
            assert WITHDRAWN[0] not in seated
        for player, bye_round in (HALF_BYE, ZERO_BYE):
            if round_no == bye_round:
                assert player not in seated
    by_id = {p["player_id"]: p for p in players}
    pabs = [r["round_no"] for p in players for r in p["rounds"] if r["kind"] == "pab"]
    assert len(pabs) == len(set(pabs))  # at most one PAB a round
    for record in players:  # C.04.1 Art. 4: a PAB at most once per player
        assert sum(r["kind"] == "pab" for r in record["rounds"]) <= 1
    assert by_id[5]["rounds"][HALF_BYE[1] - 1]["kind"] == "half-bye"
    assert by_id[5]["rounds"][HALF_BYE[1] - 1]["points"] == 0.5
    assert by_id[7]["rounds"][ZERO_BYE[1] - 1]["kind"] == "zero-bye"
    assert [r["kind"] for r in by_id[30]["rounds"][:2]] == ["not-paired", "not-paired"]
    assert by_id[9]["rounds"][CANCELLED_BYE[1] - 1]["kind"] != "half-bye"


def comparable(standings: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [(r["rank"], r["name"], r["score"], r["tiebreaks"]) for r in standings["rows"]]


@pytest.mark.slow
@pytest.mark.parametrize("trf_format", ["trf16", "trf26"])
async def test_a_tournament_over_http(aiohttp_client: Any, tmp_path: Path, trf_format: str) -> None:
    client = await aiohttp_client(create_app(make_settings(tmp_path / "first.db")))
    api = Api(client)
    follower = Follower(client)
    await api.post("/tournaments", {"tournament_id": "other", "name": "Other", "rounds": 5})
    playing = asyncio.create_task(play(api, follower))
    while (await api.get(f"/tournaments/{TID}"))[0] != 200:  # follow from the first event
        await asyncio.sleep(0.01)
    follower.start()
    boards = await playing

    _, players = await api.get(f"/tournaments/{TID}/players")
    check_rules(boards, players["players"])

    # The stream: every event once, in order, across the reconnect.
    log: list[dict[str, Any]] = []
    after = 0
    while True:
        _, page = await api.get(f"/tournaments/{TID}/events?after={after}&limit=100")
        if not page["events"]:
            break
        log += page["events"]
        after = page["next_after"]
    await follower.wait_for(len(log))
    assert follower.connections == 2
    assert [int(m["id"]) for m in follower.messages] == [e["position"] for e in log]
    assert [json.loads(m["data"]) for m in follower.messages] == log
    assert [m["event"] for m in follower.messages] == [e["type"] for e in log]
    assert [e["version"] for e in log] == list(range(1, len(log) + 1))
    positions = [e["position"] for e in log]
    assert positions[-1] - positions[0] >= len(log) - 1 + ROUNDS  # the other stream's gaps
    assert sum(e["type"] == "result-recorded" for e in log) == sum(map(len, boards.values()))

    # Export, import into a fresh server, compare the standings.
    async with client.get(f"/tournaments/{TID}/trf?format={trf_format}") as response:
        assert response.status == 200
        exported = await response.read()
    fresh = await aiohttp_client(create_app(make_settings(tmp_path / "second.db")))
    async with fresh.post(
        f"/tournaments/{TID}/trf",
        data=exported,
        headers={"Authorization": "Bearer arbiter-test-token", "Content-Type": "text/plain"},
    ) as response:
        assert response.status == 201, await response.text()
    _, original = await api.get(f"/tournaments/{TID}/standings", params=TIEBREAKS)
    _, imported = await Api(fresh).get(f"/tournaments/{TID}/standings", params=TIEBREAKS)
    assert original["after_round"] == imported["after_round"] == ROUNDS
    assert comparable(imported) == comparable(original)
