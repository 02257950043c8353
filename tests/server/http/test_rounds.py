"""Rounds and results over HTTP: pair, read boards, unpair, record, correct."""

from __future__ import annotations

from typing import Any

from tests.server.http.support import Api
from tests.server.http.test_players import open_with_players


def board_ids(round_: dict[str, Any]) -> list[tuple[int, int]]:
    return [(b["white"]["player_id"], b["black"]["player_id"]) for b in round_["boards"]]


async def test_pair_round_one_by_the_dutch_rules(api: Api) -> None:
    """C.04.3 Dutch, round 1: S1 (TPNs 1-2) meets S2 (TPNs 3-4) in order; the top player has
    the drawn colour (white) and colours alternate down the boards. TPNs here: Brandt (id 2)
    1, Costa (3) 2, Aune (1) 3, Dahl (4) 4."""
    await open_with_players(api)
    async with api.client.post(
        "/tournaments/open/rounds",
        headers={"Authorization": "Bearer arbiter-test-token", "If-Match": '"5"'},
    ) as response:
        assert response.status == 201, await response.text()
        assert response.headers["Location"] == "/tournaments/open/rounds/1"
        written = await response.json()
    assert written["events"][0]["type"] == "round-paired"
    status, round_ = await api.get("/tournaments/open/rounds/1")
    assert status == 200
    assert board_ids(round_) == [(2, 1), (4, 3)]
    assert round_["complete"] is False and round_["pab"] is None
    status, rounds = await api.get("/tournaments/open/rounds")
    assert status == 200 and [r["round_no"] for r in rounds["rounds"]] == [1]


async def test_results_record_and_correct(api: Api) -> None:
    await open_with_players(api)
    await api.post("/tournaments/open/rounds")
    status, body = await api.post("/tournaments/open/rounds/1/boards/1/result", {"result": "1-0"})
    assert status == 201, body
    status, body = await api.post("/tournaments/open/rounds/1/boards/1/result", {"result": "0-1"})
    assert status == 409 and body["type"] == "/problems/result-already-recorded"

    status, body = await api.write(
        "PUT",
        "/tournaments/open/rounds/1/boards/1/result",
        {"result": "1/2-1/2", "reason": "score sheet checked"},
    )
    assert status == 200, body
    event = body["events"][0]["event"]
    assert (event["type"], event["result"], event["previous"]) == (
        "result-corrected",
        "1/2-1/2",
        "1-0",
    )
    _, round_ = await api.get("/tournaments/open/rounds/1")
    assert [b["result"] for b in round_["boards"]] == ["1/2-1/2", None]


async def test_a_forfeit_scores_but_is_no_game(api: Api) -> None:
    """GHR 3.5 / general.md §4.4: a forfeit gives the point but no colour and no meeting."""
    await open_with_players(api)
    await api.post("/tournaments/open/rounds")
    status, _ = await api.post("/tournaments/open/rounds/1/boards/2/result", {"result": "-/+"})
    assert status == 201
    _, player = await api.get("/tournaments/open/players/3")
    record = player["rounds"][0]
    assert (record["kind"], record["points"], record["colour"]) == ("forfeit-win", 1, "b")


async def test_unpair_only_while_the_round_has_no_results(api: Api) -> None:
    """GHR 4.4: the latest pairing may be withdrawn, but not once a result is in."""
    await open_with_players(api)
    await api.post("/tournaments/open/rounds")
    status, body = await api.write("DELETE", "/tournaments/open/rounds/1?reason=late+entry")
    assert status == 200, body
    assert body["events"][0]["event"] == {
        "type": "round-unpaired",
        "round_no": 1,
        "reason": "late entry",
    }
    status, problem = await api.get("/tournaments/open/rounds/1")
    assert status == 404 and problem["type"] == "/problems/not-found"

    await api.post("/tournaments/open/rounds")
    await api.post("/tournaments/open/rounds/1/boards/1/result", {"result": "1-0"})
    status, problem = await api.write("DELETE", "/tournaments/open/rounds/1")
    assert status == 409 and problem["type"] == "/problems/round-has-results"


async def test_next_round_waits_for_every_result(api: Api) -> None:
    await open_with_players(api)
    await api.post("/tournaments/open/rounds")
    await api.post("/tournaments/open/rounds/1/boards/1/result", {"result": "1-0"})
    status, problem = await api.post("/tournaments/open/rounds")
    assert status == 409
    assert problem["type"] == "/problems/round-incomplete"
    assert problem["boards"] == [2]


async def test_pair_round_one_by_the_dubov_text_of_1997(api: Api) -> None:
    """A tournament created under the 1997 Dubov text is paired by it (the systems table):
    round 1 by its Art. 5, the upper half of the list (TPNs 1-2: Brandt id 2, Costa id 3)
    against the lower half (Aune id 1, Dahl id 4) row by row, the first pair with the drawn
    colour (white) to the upper player, the second the other way round."""
    await open_with_players(api, system="dubov", rules_edition="fide-1997")
    status, tournament = await api.get("/tournaments/open")
    regulations = tournament["regulations"]
    assert (status, regulations["system"], regulations["rules_edition"]) == (
        200,
        "dubov",
        "fide-1997",
    )
    assert (await api.post("/tournaments/open/rounds"))[0] == 201
    _, round_ = await api.get("/tournaments/open/rounds/1")
    assert board_ids(round_) == [(2, 1), (4, 3)]
