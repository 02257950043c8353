"""Standings over HTTP: by score, with declared C.07 tie-breaks, and as of any round."""

from __future__ import annotations

from typing import Any

from tests.server.http.support import Api
from tests.server.http.test_players import open_with_players


async def play_round_one(api: Api) -> None:
    """Round 1 boards (see test_rounds): Brandt (2) - Aune (1) 1-0, Dahl (4) - Costa (3) ½-½."""
    await api.post("/tournaments/open/rounds")
    await api.post("/tournaments/open/rounds/1/boards/1/result", {"result": "1-0"})
    await api.post("/tournaments/open/rounds/1/boards/2/result", {"result": "1/2-1/2"})


def table(body: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [(r["rank"], r["player_id"], r["score"], r["tiebreaks"]) for r in body["rows"]]


async def test_standings_with_buchholz_and_sonneborn_berger(api: Api) -> None:
    """C.07 (2026) Art. 8.1 BH: sum of the opponents' scores; Art. 9.1 SB: the scores of the
    opponents beaten plus half of those drawn. Costa and Dahl are level on both and share
    rank 2 (Art. 4: no lots drawn); the tie is listed by pairing number."""
    await open_with_players(api, tiebreaks="BH SB", tiebreak_rules="2026")
    await play_round_one(api)
    status, body = await api.get("/tournaments/open/standings")
    assert status == 200
    assert (body["after_round"], body["tiebreaks"], body["edition"]) == (1, ["BH", "SB"], "2026")
    assert table(body) == [
        (1, 2, 1, {"BH": 0, "SB": 0}),
        (2, 3, 0.5, {"BH": 0.5, "SB": 0.25}),
        (2, 4, 0.5, {"BH": 0.5, "SB": 0.25}),
        (4, 1, 0, {"BH": 1, "SB": 0}),
    ]


async def test_standings_by_score_when_no_tiebreaks_are_declared(api: Api) -> None:
    await open_with_players(api, tiebreaks="")
    await play_round_one(api)
    status, body = await api.get("/tournaments/open/standings")
    assert status == 200 and body["tiebreaks"] == [] and body["edition"] is None
    assert [(r["rank"], r["player_id"], r["score"]) for r in body["rows"]] == [
        (1, 2, 1),
        (2, 3, 0.5),
        (2, 4, 0.5),
        (4, 1, 0),
    ]


async def test_a_tournament_created_without_tie_breaks_gets_the_swiss_list(api: Api) -> None:
    """Issue 28 item 4: BH-C1, BH, DE, SB, WIN, BWG (spec/tiebreaks.md §8) under the current
    C.07 edition, stated with the tournament."""
    await open_with_players(api)
    status, body = await api.get("/tournaments/open/standings")
    assert status == 200 and body["edition"] == "2026"
    assert body["tiebreaks"] == ["BH/C1", "BH", "DE", "SB", "WIN", "BWG"]


async def test_a_round_in_play_is_not_counted_with_or_without_tiebreaks(api: Api) -> None:
    """One counting rule: ``after_round`` names the last complete round, the one the
    scores count, whether or not tie-breaks are declared."""
    await open_with_players(api)
    await api.post("/tournaments/open/rounds")
    await api.post("/tournaments/open/rounds/1/boards/1/result", {"result": "1-0"})
    _, body = await api.get("/tournaments/open/standings")
    assert body["after_round"] == 0 and {r["score"] for r in body["rows"]} == {0}
    _, ranked = await api.get("/tournaments/open/standings?tiebreaks=BH&tiebreak_rules=2026")
    assert ranked["after_round"] == 0 and ranked["edition"] == "2026"


async def test_standings_as_of_a_round_leave_out_later_corrections(api: Api) -> None:
    """docs/rulings.md (event core): "as of round N" is the stream up to the pairing of
    round N+1, so a later correction of a round-1 result shows only in today's standings."""
    await open_with_players(api)
    await play_round_one(api)
    await api.post("/tournaments/open/rounds")
    status, _ = await api.write(
        "PUT", "/tournaments/open/rounds/1/boards/1/result", {"result": "0-1"}
    )
    assert status == 200
    _, before = await api.get("/tournaments/open/standings?round=1")
    _, now = await api.get("/tournaments/open/standings")
    assert next((r["player_id"], r["score"]) for r in before["rows"]) == (2, 1)
    assert next((r["player_id"], r["score"]) for r in now["rows"]) == (1, 1)
    _, start = await api.get("/tournaments/open/standings?round=0")
    assert {r["score"] for r in start["rows"]} == {0} and start["after_round"] == 0


async def test_a_tiebreak_list_without_its_edition_is_refused(api: Api) -> None:
    await open_with_players(api, tiebreaks="")
    status, problem = await api.get("/tournaments/open/standings?tiebreaks=BH")
    assert status == 400
    assert problem["type"] == "/problems/invalid-tiebreaks"


async def printed(api: Api, path: str) -> tuple[int, str]:
    async with api.client.get(path) as response:
        return response.status, await response.text()


async def test_printouts_rank_by_the_declared_tiebreaks(api: Api) -> None:
    """Issue 19 item 5: the printable standings and crosstable over HTTP show the declared
    tie-breaks, as ``arbiter standings`` does; the values are those of the JSON standings
    above (BH, SB of C.07 2026), Costa and Dahl sharing rank 2."""
    await open_with_players(api, tiebreaks="BH SB", tiebreak_rules="2026")
    await play_round_one(api)
    status, text = await printed(api, "/tournaments/open/standings/printout?format=text")
    assert status == 200
    lines = text.splitlines()
    header = next(line for line in lines if line.startswith("Rk"))
    assert header.split()[-2:] == ["BH", "SB"]
    rows = [line.split() for line in lines[lines.index(header) + 1 :] if line.split()[0].isdigit()]
    assert [(row[0], row[-2], row[-1]) for row in rows] == [
        ("1", "0.0", "0.00"), ("2", "0.5", "0.25"), ("2", "0.5", "0.25"), ("4", "1.0", "0.00"),
    ]  # fmt: skip
    assert lines[-1].startswith("Counted: round 1.")
    status, page = await printed(api, "/tournaments/open/standings/printout")
    assert status == 200 and "<th" in page and ">SB<" in page and "Counted: round 1." in page
    status, page = await printed(api, "/tournaments/open/crosstable/printout?format=text")
    assert status == 200 and "BH" in page


async def test_without_declared_tiebreaks_printouts_rank_by_points(api: Api) -> None:
    await open_with_players(api, tiebreaks="")
    await play_round_one(api)
    status, text = await printed(api, "/tournaments/open/standings/printout?format=text")
    assert status == 200 and "Counted: round 1." in text
    assert text.splitlines()[0] == "Standings after round 1 (points)"
    status, text = await printed(api, "/tournaments/open/crosstable/printout?format=text")
    assert status == 200 and text.splitlines()[0] == "Crosstable after round 1 (points)"
    assert text.splitlines()[1].split() == ["Rk", "id", "TPN", "Name", "Rtg", "1", "PTS"]
