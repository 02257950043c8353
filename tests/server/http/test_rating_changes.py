"""Rating changes over HTTP and on the pages, and a player across the server's events.

Round 1 of ``open`` (test_standings): Brandt (2400) - Aune (2000) 1-0, Dahl (1800) - Costa
(2200) ½-½. Worked by hand from FIDE B.02 (2024 text: the event ends 30 June 2024): each
difference is 400, so PD is .92 for the higher-rated side and .08 for the lower (table
8.1.2); K 10 for Brandt (2400), 20 for the others (8.3.3, no year of birth given):
Brandt +10 × .08 = +0.80, Aune 20 × -.08 = -1.60, Dahl 20 × .42 = +8.40, Costa -8.40.
"""

from __future__ import annotations

from typing import Any

from tests.server.http.support import Api
from tests.server.http.test_pages import text
from tests.server.http.test_players import FIELD
from tests.server.http.test_standings import play_round_one


async def _open(api: Api, tournament_id: str = "open", **regulations: object) -> None:
    status, body = await api.post(
        "/tournaments",
        {"tournament_id": tournament_id, "name": tournament_id.title(), "rounds": 5,
         "start_date": "2024-06-25", "end_date": "2024-06-30", **regulations},
    )  # fmt: skip
    assert status == 201, body
    for player in FIELD:
        status, body = await api.post(f"/tournaments/{tournament_id}/players", player)
        assert status == 201, body


def _changes(body: dict[str, Any]) -> dict[int, Any]:
    return {p["player_id"]: p["change"] for p in body["players"]}


async def test_rating_changes_game_by_game(api: Api) -> None:
    await _open(api)
    await play_round_one(api)
    status, body = await api.get("/tournaments/open/rating-changes")
    assert status == 200
    assert (body["system"], body["after_round"]) == ("fide-2024", 1)
    assert _changes(body) == {1: -1.6, 2: 0.8, 3: -8.4, 4: 8.4}
    brandt = next(p for p in body["players"] if p["player_id"] == 2)
    assert (brandt["k"], brandt["new_rating"]) == (10, 2401)
    assert brandt["games"] == [
        {"round_no": 1, "opponent_id": 1, "opponent_rating": 2000, "difference": 400,
         "expected": 0.92, "score": 1, "change": 0.8}
    ]  # fmt: skip
    _, standings = await api.get("/tournaments/open/standings")
    assert {r["player_id"]: r["rating_change"] for r in standings["rows"]} == _changes(body)
    _, player = await api.get("/tournaments/open/players/4")
    assert (player["rating_change"], player["k_factor"]) == (8.4, None)


async def test_the_edition_is_the_one_in_force_on_the_first_day(api: Api) -> None:
    # B.02 (2022: 0; 2024: 0.1, as FIDE's Arbiters' Manual of May 2025 reprints it): "For
    # tournaments, changes will apply to those starting on or after the date upon which they
    # become effective". The 2024 text took effect on 1 March 2024: an event that starts on
    # 28 February and ends on 3 March 2024 is rated by the text before it; one starting on
    # 1 March by the 2024 text. Round 1's differences are 400 exactly, so the changes are the
    # same in both (the 2022 cap is for differences of more than 400).
    await _open(api, "leap", start_date="2024-02-28", end_date="2024-03-03")
    await _open(api, "march", start_date="2024-03-01", end_date="2024-03-03")
    for tournament_id, system in (("leap", "fide-2022-10"), ("march", "fide-2024")):
        await play_round_one_in(api, tournament_id)
        _, body = await api.get(f"/tournaments/{tournament_id}/rating-changes")
        assert (body["system"], _changes(body)) == (system, {1: -1.6, 2: 0.8, 3: -8.4, 4: 8.4})


async def test_no_change_before_a_round_is_complete(api: Api) -> None:
    # Nothing is rated before a round is complete: null, and the pages show nothing (not 0).
    await _open(api)
    await api.post("/tournaments/open/rounds")
    _, standings = await api.get("/tournaments/open/standings")
    assert [r["rating_change"] for r in standings["rows"]] == [None] * 4
    _, body = await api.get("/tournaments/open/rating-changes")
    assert [(p["change"], p["new_rating"]) for p in body["players"]] == [(None, None)] * 4
    _, page, _ = await text(api.client, "/t/open/standings")
    assert '<td class="num rating-change"></td>' in page and "+0.00" not in page


async def test_the_arbiter_sets_a_players_k(api: Api) -> None:
    # B.02 8.3.3: K 40 for a player new to the list: Dahl 40 × .42 = +16.80.
    await _open(api)
    await play_round_one(api)
    status, body = await api.write("PATCH", "/tournaments/open/players/4", {"k_factor": 40})
    assert status == 200, body
    _, player = await api.get("/tournaments/open/players/4")
    assert (player["rating_change"], player["k_factor"]) == (16.8, 40)


async def test_a_national_rating_system(api: Api) -> None:
    # The ICU's formula (ratings.icu.ie/articles/16): 1 / (1 + 10^(-400/400)) = 0.909, K 40:
    # Brandt +40 × 0.091 = +3.64; Dahl 40 × (0.5 - 0.091) = +16.36.
    await _open(api, rating_system="icu")
    await play_round_one(api)
    _, body = await api.get("/tournaments/open/rating-changes")
    assert body["system"] == "icu"
    assert _changes(body) == {1: -3.64, 2: 3.64, 3: -16.36, 4: 16.36}
    status, refused = await api.post(
        "/tournaments", {"tournament_id": "x", "name": "X", "rounds": 5, "rating_system": "elo"}
    )
    assert status == 422 and "rating_system" in str(refused)


async def test_a_player_across_events(api: Api) -> None:
    await _open(api, "spring")
    await _open(api, "summer", end_date="2024-08-31", start_date="2024-08-25")
    for tournament in ("spring", "summer"):
        status, body = await api.write(
            "PATCH", f"/tournaments/{tournament}/players/1", {"fide_id": 1503014}
        )
        assert status == 200, body
    status, body = await api.get("/players/1503014/events")
    assert status == 200
    assert [e["tournament_id"] for e in body["events"]] == ["summer", "spring"]
    assert {e["rating_change"] for e in body["events"]} == {None}  # no round complete yet
    # A result in one event reaches the list at the next request.
    await play_round_one_in(api, "spring")
    _, body = await api.get("/players/1503014/events")
    spring = body["events"][1]
    assert (spring["score"], spring["games"], spring["rating_change"]) == (0, 1, -1.6)
    # By registration: the same list; a player without a FIDE id is found by name.
    _, by_registration = await api.get("/tournaments/summer/players/1/events")
    assert by_registration == body
    _, costa = await api.get("/tournaments/summer/players/Costa/events")
    assert [e["tournament_id"] for e in costa["events"]] == ["summer", "spring"]


async def play_round_one_in(api: Api, tournament_id: str) -> None:
    await api.post(f"/tournaments/{tournament_id}/rounds")
    for board, result in ((1, "1-0"), (2, "1/2-1/2")):
        path = f"/tournaments/{tournament_id}/rounds/1/boards/{board}/result"
        assert (await api.post(path, {"result": result}))[0] in (200, 201)


async def test_the_pages_show_the_changes_in_english_and_spanish(api: Api) -> None:
    await _open(api)
    await play_round_one(api)
    await api.write("PATCH", "/tournaments/open/players/2", {"fide_id": 1503014})
    _, card, _ = await text(api.client, "/t/open/players/2")
    assert "Rating change" in card and "+0.80 → 2401" in card
    assert 'href="/fide/1503014"' in card
    _, standings, _ = await text(api.client, "/t/open/standings")
    assert '<td class="num rating-change">+8.40</td>' in standings
    _, events, _ = await text(api.client, "/fide/1503014")
    assert 'href="/t/open/players/2"' in events and "+0.80" in events
    _, spanish, _ = await text(api.client, "/t/open/players/2", **{"Accept-Language": "es"})
    assert "Variación de Elo" in spanish and "+0,80 → 2401" in spanish
    _, nobody, _ = await text(api.client, "/fide/999")
    assert "No event of this player on this server." in nobody


async def test_the_printout_in_spanish(api: Api) -> None:
    await _open(api)
    await play_round_one(api)
    path = "/tournaments/open/rating-changes/printout?format=text"
    async with api.client.get(path, headers={"Accept-Language": "es"}) as response:
        assert response.status == 200
        printed = await response.text()
    assert "variación de Elo tras la ronda 1" in printed
    assert "Calculado según Reglamento de Elo de la FIDE en vigor desde el 1 de marzo" in printed
    lines = printed.splitlines()
    dahl = next(line for line in lines if "Dahl" in line)
    # Expected .08, score ½, +8.40 (the module's docstring), with the Spanish decimal comma;
    # 1800 + 8.40 rounded half up.
    assert dahl.split()[-4:] == ["0,5", "0,08", "8,40", "1808"]
