"""Players over HTTP: register (and a late entry), list in TPN order, correct, withdraw, byes."""

from __future__ import annotations

from tests.server.http.support import Api

FIELD = [
    {"surname": "Aune", "given_name": "Ingrid", "rating": 2000},
    {"surname": "Brandt", "given_name": "Jonas", "rating": 2400, "title": "FM"},
    {"surname": "Costa", "given_name": "Marta", "rating": 2200},
    {"surname": "Dahl", "given_name": "Erik", "rating": 1800},
]


async def open_with_players(api: Api, rounds: int = 5, **regulations: object) -> None:
    status, _ = await api.post(
        "/tournaments", {"tournament_id": "open", "name": "Open", "rounds": rounds, **regulations}
    )
    assert status == 201
    for player in FIELD:
        status, body = await api.post("/tournaments/open/players", player)
        assert status == 201, body


async def test_register_answers_with_the_new_player_and_its_location(api: Api) -> None:
    await api.post("/tournaments", {"tournament_id": "open", "name": "Open", "rounds": 5})
    async with api.client.post(
        "/tournaments/open/players",
        json=FIELD[0],
        headers={"Authorization": "Bearer arbiter-test-token", "If-Match": '"1"'},
    ) as response:
        assert response.status == 201
        assert response.headers["Location"] == "/tournaments/open/players/1"
        assert response.headers["ETag"] == '"2"'
        body = await response.json()
    assert body["events"][0]["type"] == "player-registered"
    assert body["events"][0]["event"]["surname"] == "Aune"
    status, player = await api.get("/tournaments/open/players/1")
    assert status == 200
    assert (player["name"], player["rating"], player["score"]) == ("Aune, Ingrid", 2000, 0)


async def test_players_are_listed_in_pairing_number_order(api: Api) -> None:
    """general.md §3.2: the initial ranking is by rating, highest first."""
    await open_with_players(api)
    status, body = await api.get("/tournaments/open/players")
    assert status == 200
    assert [(p["pairing_number"], p["surname"]) for p in body["players"]] == [
        (1, "Brandt"),
        (2, "Costa"),
        (3, "Aune"),
        (4, "Dahl"),
    ]


async def test_a_rating_correction_before_round_4_renumbers(api: Api) -> None:
    """GHR 2.3: until round 4 is paired, a corrected rating moves the player's TPN."""
    await open_with_players(api)
    status, body = await api.write(
        "PATCH", "/tournaments/open/players/4", {"rating": 2500, "reason": "rating list checked"}
    )
    assert status == 200, body
    assert body["events"][0]["event"] == {
        "type": "player-details-corrected",
        "player_id": 4,
        "rating": 2500,
        "reason": "rating list checked",
    }
    _, player = await api.get("/tournaments/open/players/4")
    assert (player["rating"], player["pairing_number"]) == (2500, 1)


async def test_late_entry_withdrawal_and_byes(api: Api) -> None:
    await open_with_players(api)
    status, body = await api.post(
        "/tournaments/open/players", {"surname": "Eriksen", "rating": 2100, "joins_round": 3}
    )
    assert status == 201 and body["events"][0]["event"]["joins_round"] == 3

    status, body = await api.post(
        "/tournaments/open/players/1/withdrawal", {"from_round": 4, "reason": "ill"}
    )
    assert status == 200, body
    _, player = await api.get("/tournaments/open/players/1")
    assert player["withdrawn_from"] == 4

    status, body = await api.post(
        "/tournaments/open/players/2/byes", {"round_no": 2, "kind": "half"}
    )
    assert status == 201, body
    _, player = await api.get("/tournaments/open/players/2")
    assert player["byes"] == [{"round_no": 2, "kind": "half"}]

    status, body = await api.write("DELETE", "/tournaments/open/players/2/byes/2")
    assert status == 200 and body["events"][0]["type"] == "bye-cancelled"
    _, player = await api.get("/tournaments/open/players/2")
    assert player["byes"] == []


async def test_a_bye_the_regulations_forbid_is_refused(api: Api) -> None:
    """GHR 3.3: a full-point bye only where the regulations allow one (here they do not)."""
    await open_with_players(api)
    status, problem = await api.post(
        "/tournaments/open/players/2/byes", {"round_no": 2, "kind": "full"}
    )
    assert status == 409
    assert problem["type"] == "/problems/bye-not-allowed"


async def test_unknown_player(api: Api) -> None:
    await open_with_players(api)
    status, problem = await api.get("/tournaments/open/players/99")
    assert status == 404
    assert problem["type"] == "/problems/player-not-found"
    assert problem["text"] == "99"


async def test_a_player_is_named_as_on_the_command_line(api: Api) -> None:
    """Issue 19 item 1: a path or body takes an id, a FIDE id or part of the name; a part
    that fits several players is refused with the candidates, and nothing is written."""
    await open_with_players(api)
    await api.post("/tournaments/open/players", {"surname": "Aune", "given_name": "Per",
                                                 "fide_id": 1500001})  # fmt: skip
    _, player = await api.get("/tournaments/open/players/costa")
    assert player["player_id"] == 3
    _, player = await api.get("/tournaments/open/players/1500001")
    assert player["player_id"] == 5
    _, player = await api.get("/tournaments/open/players/Jonas%20Brandt")
    assert player["player_id"] == 2
    status, problem = await api.post("/tournaments/open/players/aune/withdrawal", {})
    assert status == 409 and problem["type"] == "/problems/ambiguous-player"
    assert problem["candidates"] == [
        {"player_id": 1, "name": "Aune, Ingrid"},
        {"player_id": 5, "name": "Aune, Per"},
    ]
    status, _ = await api.post("/tournaments/open/players/ingrid/withdrawal", {"reason": "ill"})
    assert status == 200
    _, player = await api.get("/tournaments/open/players/1")
    assert player["withdrawn_from"] == 1
    status, problem = await api.post(
        "/tournaments/open/forbidden-pairs",
        {"player_id": "dahl", "other": 1500001, "reason": "siblings"},
    )
    assert status == 200, problem
    _, log = await api.get("/tournaments/open/events?manual=true")
    forbidden = log["events"][-1]["event"]
    assert (forbidden["player_id"], forbidden["other"]) == (4, 5)
    status, problem = await api.post("/tournaments/open/forbidden-pairs",
                                     {"player_id": "nobody", "other": 2, "reason": "x"})  # fmt: skip
    assert status == 404 and problem["type"] == "/problems/player-not-found"


async def test_listed_points_wait_for_the_round_as_standings_do(api: Api) -> None:
    """Issue 19 item 7: the pairing-allocated bye of a round in progress counts nowhere yet."""
    await open_with_players(api)
    await api.post("/tournaments/open/players", {"surname": "Eik", "rating": 1500})
    status, _ = await api.post("/tournaments/open/rounds")
    assert status == 201
    _, round_ = await api.get("/tournaments/open/rounds/1")
    pab = round_["pab"]["player_id"]
    _, players = await api.get("/tournaments/open/players")
    assert {p["player_id"]: p["score"] for p in players["players"]}[pab] == 0
    for board in (1, 2):
        await api.post(f"/tournaments/open/rounds/1/boards/{board}/result", {"result": "1-0"})
    _, player = await api.get(f"/tournaments/open/players/{pab}")
    assert player["score"] == 1


async def test_a_csv_player_list_registers_all_or_none(api: Api) -> None:
    """Issue 19 item 6 over HTTP: the columns of ``arbiter register-many``; each problem is
    listed with its line number (the header is line 1) and nobody is registered."""
    await open_with_players(api)
    csv_type = {"Content-Type": "text/csv"}
    bad = (
        b"Name,FIDE id,Rating,Fed\n"
        b'"Eik, Sofie",1500002,2100,SWE\n'
        b'"Fors, Lars",x12,2000,SWE\n'
        b'"Gran, Ole",1500002,1900,NOR\n'
    )
    status, problem = await api.post("/tournaments/open/player-lists/csv", data=bad,
                                     headers=csv_type)  # fmt: skip
    assert status == 422
    assert [p["line"] for p in problem["problems"]] == [3]
    assert "FIDE id 'x12' is not a number" in problem["problems"][0]["message"]
    twice = bad.replace(b"x12", b"1500003")
    status, problem = await api.post("/tournaments/open/player-lists/csv", data=twice,
                                     headers=csv_type)  # fmt: skip
    assert status == 422 and [p["line"] for p in problem["problems"]] == [4]
    _, players = await api.get("/tournaments/open/players")
    assert len(players["players"]) == len(FIELD)
    good = twice.replace(b'Ole",1500002', b'Ole",1500004')
    status, written = await api.post("/tournaments/open/player-lists/csv", data=good,
                                     headers=csv_type)  # fmt: skip
    assert status == 200, written
    assert [e["event"]["surname"] for e in written["events"]] == ["Eik", "Fors", "Gran"]
    status, problem = await api.post("/tournaments/open/player-lists/csv", data=good,
                                     headers={"Content-Type": "application/json"})  # fmt: skip
    assert status == 415
