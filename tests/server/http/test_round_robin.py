"""A 10-player double round-robin over HTTP (issue 33): created, its numbers drawn by the
Varma tables, 18 rounds paired by the Berger tables and played; after every round the
tournament is exported as TRF and imported as a new tournament, whose pairings to come,
standings and crosstable must be the same. Then the draw reads in the public log."""

from __future__ import annotations

import csv
import io
import random
import re
from typing import Any

import pytest

from tests.server.http.support import Api, Client
from tests.server.http.test_pages import sign_in, text
from tests.server.http.test_trf import upload

TID = "league"
FEDERATIONS = ["ESP", "ESP", "ESP", "FRA", "FRA", "FRA", "GER", "GER", "ITA", "POR"]
RESULTS = ["1-0", "0-1", "1/2-1/2", "1/2-1/2", "1-0"]


def comparable(standings: dict[str, Any], *, tiebreaks: bool) -> list[tuple[Any, ...]]:
    """Name and score, and where the file carries the tie-break list (TRF-2026) the rank
    and the tie-breaks (without them, tied players share a rank)."""
    rows = [(r["rank"], r["name"], r["score"], r["tiebreaks"]) for r in standings["rows"]]
    return rows if tiebreaks else sorted((name, score) for _, name, score, _ in rows)


async def pairings(api: Api, tournament: str) -> list[list[tuple[str, str]]]:
    """Each round's boards in order (a TRF file numbers no boards: a round-robin's import
    orders them as its table does)."""
    _, rounds = await api.get(f"/tournaments/{tournament}/rounds")
    return [
        [(b["white"]["name"], b["black"]["name"]) for b in round_["boards"]]
        for round_ in rounds["rounds"]
    ]


@pytest.mark.slow
@pytest.mark.parametrize("trf_format", ["trf16", "trf26"])
async def test_a_double_round_robin_over_http_round_trips_at_every_round(
    client: Client, trf_format: str
) -> None:
    api = Api(client)
    created = {"tournament_id": TID, "name": "League", "rounds": 18,
               "system": "double-round-robin"}  # fmt: skip
    assert (await api.post("/tournaments", created))[0] == 201
    for n, federation in enumerate(FEDERATIONS, 1):
        player = {"surname": f"Player{n:02}", "rating": 2600 - 10 * n, "federation": federation}
        assert (await api.post(f"/tournaments/{TID}/players", player))[0] == 201
    status, body = await api.post(f"/tournaments/{TID}/draws", {"method": "varma", "seed": 33})
    assert status == 200, body
    _, tournament = await api.get(f"/tournaments/{TID}")
    assert tournament["regulations"]["tiebreaks"] == "DE WIN SB KS"  # the round-robin list
    rng = random.Random(33)
    met: dict[frozenset[int], int] = {}
    for round_no in range(1, 19):
        status, body = await api.post(f"/tournaments/{TID}/rounds")
        assert status == 201, body
        if round_no > 1:  # the copy made after the last round paired this one the same way
            assert await pairings(api, f"copy-{round_no - 1}") == await pairings(api, TID)
        _, round_ = await api.get(f"/tournaments/{TID}/rounds/{round_no}")
        assert len(round_["boards"]) == 5
        for number, board in enumerate(round_["boards"], 1):
            pair = frozenset((board["white"]["player_id"], board["black"]["player_id"]))
            met[pair] = met.get(pair, 0) + 1
            path = f"/tournaments/{TID}/rounds/{round_no}/boards/{number}/result"
            status, body = await api.post(path, {"result": rng.choice(RESULTS)})
            assert status == 201, body
        copy = f"copy-{round_no}"
        async with client.get(f"/tournaments/{TID}/trf?format={trf_format}") as response:
            assert response.status == 200
            exported = await response.read()
        assert b"Individual: Double round-robin" in exported
        trf26 = trf_format == "trf26"  # TRF16 has no record for the tie-break list
        query = "?tiebreak_rules=2026" if trf26 else ""
        status, body = await upload(client, copy, exported, query=query)
        assert status == 201, body
        _, original = await api.get(f"/tournaments/{TID}/standings")
        _, again = await api.get(f"/tournaments/{copy}/standings")
        assert comparable(again, tiebreaks=trf26) == comparable(original, tiebreaks=trf26)
        assert await pairings(api, copy) == await pairings(api, TID), round_no
        if round_no < 18:  # the copy pairs the next round as the original will
            status, body = await api.post(f"/tournaments/{copy}/rounds")
            assert status == 201, body
    assert len(met) == 45 and set(met.values()) == {2}  # everyone meets everyone twice
    _, log, _ = await text(client, f"/t/{TID}/log")
    assert "Pairing numbers drawn by the Varma tables (seed 33): 1 Player" in log


async def test_the_draw_is_made_at_the_desk_and_told_in_the_log(api: Api) -> None:
    league = {"tournament_id": "open", "name": "League", "rounds": 3, "system": "round-robin"}
    assert (await api.post("/tournaments", league))[0] == 201
    for surname in ("Aune", "Berg", "Costa", "Dahl"):
        assert (await api.post("/tournaments/open/players", {"surname": surname}))[0] == 201
    csrf = await sign_in(api.client)
    _, players, _ = await text(api.client, "/t/open/desk/players")
    assert "Drawing of lots" in players and 'value="varma"' in players
    async with api.client.post("/t/open/desk/draw-lots", data={"csrf": csrf}) as response:
        assert "Pairing numbers drawn." in await response.text()  # by lots, a seed drawn now
    form = {"csrf": csrf, "method": "arbiter", "order": "3, 1, 4, 2"}
    async with api.client.post("/t/open/desk/draw-lots", data=form) as response:
        assert response.status == 200
        page = await response.text()
    assert "Pairing numbers drawn." in page
    numbered = re.findall(r"<li>(\w+)</li>", page.split('id="draw-h"')[1].split("</ol>")[0])
    assert numbered == ["Costa", "Aune", "Dahl", "Berg"]
    # Round 1 of the table for 4 (C.05 Annex 1): 1-4, 2-3, by the numbers drawn.
    await api.get("/tournaments/open")  # the version the desk's writes left
    assert (await api.post("/tournaments/open/rounds"))[0] == 201
    for board, result in ((1, "1-0"), (2, "1/2-1/2")):
        path = f"/tournaments/open/rounds/1/boards/{board}/result"
        assert (await api.post(path, {"result": result}))[0] == 201
    _, table, _ = await text(api.client, "/t/open/crosstable")
    rows = [
        [
            re.sub(r"<[^>]+>", "", cell).strip()
            for cell in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row)
        ]
        for row in table.split("<tbody>")[1].split("</tbody>")[0].split("</tr>")[:-1]
    ]
    by_number = [
        ["1", "Costa", "", "×", "", "", "1"],
        ["2", "Aune", "", "", "×", "=", ""],
        ["3", "Dahl", "", "", "=", "×", ""],
        ["4", "Berg", "", "0", "", "", "×"],
    ]
    assert [row[1:8] for row in rows] == by_number
    # The printout (as `arbiter crosstable` prints it) is the same all-play-all table.
    async with api.client.get("/tournaments/open/crosstable/printout?format=csv") as response:
        assert response.status == 200
        printed = list(csv.reader(io.StringIO(await response.text())))
    assert printed[0][2:9] == ["start_rank", "name", "rating", "vs1", "vs2", "vs3", "vs4"]
    # A draw's "=" is written '= (server.printouts.csv_table: no cell a spreadsheet runs).
    as_csv = [["'=" if cell == "=" else cell for cell in row] for row in by_number]
    assert [row[2:9] for row in printed[1:]] == as_csv
    _, log, _ = await text(api.client, "/t/open/log")
    assert (
        "Pairing numbers drawn in the arbiter&#39;s order: 1 Costa, 2 Aune, 3 Dahl, 4 Berg." in log
    )
    assert re.search(r"Pairing numbers drawn by lots \(seed \d+\): 1 \w+, 2 \w+", log)
    _, spanish, _ = await text(api.client, "/t/open/log?lang=es")
    assert "Números de emparejamiento asignados en el orden que dio el árbitro: 1 Costa" in spanish


async def test_the_rounds_follow_the_field_until_round_1(api: Api) -> None:
    # Created for 5 rounds, four players register: the table for 3 or 4 has 3 rounds (C.05
    # Annex 1). Round 1 is refused, the rounds are changed, round 1 is the table's.
    league = {"tournament_id": "quad", "name": "Quad", "rounds": 5, "system": "round-robin"}
    assert (await api.post("/tournaments", league))[0] == 201
    for surname in ("Aune", "Berg", "Costa", "Dahl"):
        assert (await api.post("/tournaments/quad/players", {"surname": surname}))[0] == 201
    status, body = await api.post("/tournaments/quad/rounds")
    assert status == 422 and "4 players play 3 rounds by the Berger table, not 5" in str(body)
    changed = {"rounds": 3, "reason": "four players"}
    assert (await api.post("/tournaments/quad/settings", changed))[0] == 200
    status, round_ = await api.post("/tournaments/quad/rounds")
    assert status == 201, round_
    _, round_ = await api.get("/tournaments/quad/rounds/1")
    # Numbers in registration order (no draw): table round 1 is 1-4 2-3.
    names = [(b["white"]["name"], b["black"]["name"]) for b in round_["boards"]]
    assert [(w.split(",")[0], b.split(",")[0]) for w, b in names] == [
        ("Aune", "Dahl"),
        ("Berg", "Costa"),
    ]
    status, _ = await api.post("/tournaments/quad/settings", {"rounds": 4})
    assert status == 409


async def test_the_desk_sets_a_round_robins_rounds_to_its_field(api: Api) -> None:
    """Created for 5 rounds, four players play the 3 of their Berger table (C.05 Annex 1):
    the refusal to pair says so, and the desk sets the rounds before round 1."""
    league = {"tournament_id": "open", "name": "League", "rounds": 5, "system": "round-robin"}
    assert (await api.post("/tournaments", league))[0] == 201
    for surname in ("Aune", "Berg", "Costa", "Dahl"):
        assert (await api.post("/tournaments/open/players", {"surname": surname}))[0] == 201
    status, refused = await api.post("/tournaments/open/rounds")
    assert status == 422 and "4 players play 3 rounds by the Berger table, not 5" in str(refused)
    csrf = await sign_in(api.client)
    _, players, _ = await text(api.client, "/t/open/desk/players")
    assert "4 players play 3 rounds by the Berger table; the tournament is set to 5." in players
    assert re.search(r'<input name="rounds" type="number" min="1" value="3"', players)
    async with api.client.post("/t/open/desk/rounds", data={"csrf": csrf, "rounds": "3"}) as r:
        assert "a change of rounds needs a reason" in await r.text()
    form = {"csrf": csrf, "rounds": "3", "reason": "four players"}
    async with api.client.post("/t/open/desk/rounds", data=form) as response:
        assert "Rounds changed." in await response.text()
    _, tournament = await api.get("/tournaments/open")
    assert tournament["regulations"]["rounds"] == 3
    assert (await api.post("/tournaments/open/rounds"))[0] == 201
    _, players, _ = await text(api.client, "/t/open/desk/players")
    assert 'action="/t/open/desk/rounds"' not in players  # round 1 paired: too late
