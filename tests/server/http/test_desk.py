"""The arbiter's desk over HTTP (issue 19 item 9): the same full event as the command-line
script, through the routes: player lists, corrections, settings, manual pairing, printouts,
and the manual-intervention filter of the log."""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Any

import pytest

from tests.server.http.support import Api, Client

T = "/tournaments/desk"
PLAYERS = [
    {"surname": "Aune", "given_name": "Ingrid", "rating": 2410, "federation": "NOR",
     "club": "Oslo SK", "fide_id": 1500001},
    {"surname": "Berg", "given_name": "Jonas", "rating": 2380, "federation": "NOR",
     "club": "Oslo SK"},
    {"surname": "Costa", "given_name": "Marta", "rating": 2350, "federation": "POR"},
    {"surname": "Dahl", "given_name": "Erik", "rating": 2300, "federation": "NOR"},
    {"surname": "Eik", "given_name": "Sofie", "rating": 2250, "federation": "SWE"},
    {"surname": "<i>Fors</i>", "given_name": "Lars", "rating": 2200, "federation": "SWE"},
    {"surname": "Aune", "given_name": "Ingrid", "rating": 2410},
]  # fmt: skip


CSV = "".join(
    ",".join(f'"{cell}"' for cell in row) + "\n"
    for row in [
        ("Surname", "Given name", "Rating", "Federation", "Club", "FIDE id"),
        *[(p["surname"], p["given_name"], p["rating"], p.get("federation", ""),
           p.get("club", ""), p.get("fide_id", "")) for p in PLAYERS],
    ]
)  # fmt: skip


async def printed(client: Client, path: str) -> tuple[int, str, str]:
    async with client.get(path) as response:
        return response.status, response.content_type, await response.text()


async def ok(result: Awaitable[tuple[int, Any]], status: int = 200) -> Any:
    code, body = await result
    assert code == status, body
    return body


@pytest.mark.slow
async def test_a_full_event_over_http(api: Api, client: Client) -> None:
    await ok(api.post("/tournaments", {"tournament_id": "desk", "name": "Desk Open",
             "rounds": 3, "acceleration": "baku", "avoid_same_club": True,
             "tiebreaks": "BH SB", "tiebreak_rules": "2026"}), 201)  # fmt: skip
    # A player list, all or none: a bad federation refuses every entry, naming where it is.
    bad = [*PLAYERS[:2], {"surname": "X", "federation": "NORWAY"}]
    status, problem = await api.post(f"{T}/player-lists", {"entries": bad})
    assert status == 422 and "[A-Z]{3}" in problem["detail"]
    assert [e["pointer"] for e in problem["errors"]] == ["/entries/2/federation"]
    # The same from a CSV file: a bad line refuses all, naming the line.
    status, problem = await api.post(f"{T}/player-lists/csv", data=CSV.replace("2410", "x", 1)
                                     .encode(), headers={"Content-Type": "text/csv"})  # fmt: skip
    assert status == 422 and [p["line"] for p in problem["problems"]] == [2]
    await ok(api.post(f"{T}/player-lists/csv", data=CSV.encode(),
                      headers={"Content-Type": "text/csv"}))  # fmt: skip
    # Players named as on the command line: "aune" fits two, so nothing is removed.
    status, problem = await api.post(f"{T}/registration-removals", {"player_id": "aune",
                                     "reason": "entered twice"})  # fmt: skip
    assert status == 409 and [c["player_id"] for c in problem["candidates"]] == [1, 7]
    await ok(api.post(f"{T}/registration-removals", {"player_id": 7, "reason": "entered twice"}))
    await ok(api.post(f"{T}/forbidden-pairs", {"player_id": "costa", "other": "Sofie Eik",
                      "reason": "married"}))  # fmt: skip
    await ok(api.post(f"{T}/settings", {"avoid_same_federation": True, "reason": "rule 4"}))
    await ok(api.post(f"{T}/virtual-points", {"player_id": "lars", "first_round": 1,
             "last_round": 1, "points": "0.5", "reason": "wildcard"}))  # fmt: skip
    # The TRF16 export carries the forbidden pairs and the acceleration as XXP and XXA.
    _, _, trf16 = await printed(client, f"{T}/trf?format=trf16")
    assert "XXP" in trf16 and "XXA" in trf16
    await ok(api.post(f"{T}/players/1500001/withdrawal", {"reason": "ill"}))
    await ok(api.post(f"{T}/withdrawal-cancellations", {"player_id": "ingrid",
                      "reason": "recovered"}))  # fmt: skip
    await ok(api.post(f"{T}/rounds"), 201)
    await ok(api.post(f"{T}/board-swaps", {"round_no": 1, "board": 1, "other": 3,
             "reason": "camera board"}))  # fmt: skip
    await ok(api.post(f"{T}/colour-swaps", {"round_no": 1, "board": 2, "reason": "misprint"}))
    status, media, page = await printed(client, f"{T}/rounds/1/pairings")
    assert status == 200 and media == "text/html"
    assert "&lt;i&gt;Fors&lt;/i&gt;" in page and "@page { size: A4" in page
    status, media, listing = await printed(client, f"{T}/rounds/1/pairings?by=name&format=csv")
    assert media == "text/csv" and listing.splitlines()[0] == "name,id,board,colour,opponent"
    for board in (1, 2, 3):
        await ok(api.post(f"{T}/rounds/1/boards/{board}/result", {"result": "1-0"}), 201)
    _, _, results = await printed(client, f"{T}/rounds/1/results?format=text")
    assert "results of round 1" in results
    # Round 2 by hand, forced over a rematch with a reason, then unpaired after a result.
    _, round1 = await api.get(f"{T}/rounds/1")
    first = round1["boards"][0]
    # Players named by name, as the pairing list shows them.
    rematch = {"white": first["black"]["name"], "black": first["white"]["name"]}
    others = round1["boards"][1:]
    boards = [
        rematch,
        {"white": others[0]["white"]["name"], "black": others[1]["white"]["name"]},
        {"white": others[1]["black"]["name"], "black": others[0]["black"]["name"]},
    ]
    status, problem = await api.post(f"{T}/manual-pairings", {"boards": boards})
    assert status == 422 and "C1:" in problem["detail"]
    written = await ok(api.post(f"{T}/manual-pairings", {"boards": boards, "force": True,
                       "reason": "players' request"}), 201)  # fmt: skip
    assert any(d.startswith("C1:") for d in written["events"][0]["event"]["departures"])
    await ok(api.post(f"{T}/rounds/2/boards/1/result", {"result": "1-0"}), 201)
    await ok(api.write("DELETE", f"{T}/rounds/2?reason=published+by+mistake"))
    for round_no in (2, 3):
        await ok(api.post(f"{T}/rounds"), 201)
        for board in (1, 2, 3):
            await ok(api.post(f"{T}/rounds/{round_no}/boards/{board}/result",
                              {"result": "0-1"}), 201)  # fmt: skip
    await ok(api.post(f"{T}/close", {"reason": "done"}))
    await ok(api.post(f"{T}/reopen", {"reason": "appeal"}))
    await ok(api.write("PUT", f"{T}/rounds/3/boards/1/result",
                       {"result": "1-0", "reason": "appeal upheld"}))  # fmt: skip
    _, _, standings = await printed(client, f"{T}/standings/printout?format=text")
    assert "Counted: rounds 1-3." in standings
    header = next(line for line in standings.splitlines() if line.startswith("Rk"))
    assert header.split()[-2:] == ["BH", "SB"]  # the declared tie-breaks, as the CLI prints
    status, _, crosstable = await printed(client, f"{T}/crosstable/printout")
    assert status == 200 and "Crosstable after round 3" in crosstable
    _, manual = await api.get(f"{T}/events?manual=true")
    assert [e["event"]["type"] for e in manual["events"]] == [
        "registration-removed", "pair-forbidden", "settings-changed", "virtual-points-given",
        "withdrawal-cancelled", "boards-swapped", "colours-swapped", "round-paired", "round-unpaired",
        "tournament-reopened", "result-corrected",
    ]  # fmt: skip
