"""FIDE players lists over HTTP (issue 18 item 6): search the directory, register by
``fide_id`` alone, update ratings before round 1; and the import's ``Warning`` header
(item 5)."""

from __future__ import annotations

from events.directory import open_directory
from server.settings import Settings
from tests.corpus import shared_path
from tests.server.http.support import TOKEN, Api, Client
from tests.trf.spec_example import TEXT
from trf.rating_list import open_rating_list

LISTS = ("fixtures", "rating-list")


def load(settings: Settings, name: str, month: str) -> None:
    directory = open_directory(settings.db)
    try:
        directory.load(open_rating_list(shared_path(*LISTS, name)), month=month, source=name)
    finally:
        directory.close()


async def test_search_for_a_registration_form(api: Api, settings: Settings) -> None:
    status, body = await api.get("/players?search=nunez")
    assert (status, body) == (200, {"list_month": None, "players": []})
    load(settings, "players_list_xml_foa.xml", "2026-09")
    status, body = await api.get("/players?search=Núñez, L&limit=2")
    assert status == 200 and body["list_month"] == "2026-09"
    assert [p["fide_id"] for p in body["players"]] == [900111, 900851]
    status, body = await api.get("/players?search=900111")
    (nunez,) = body["players"]
    assert (nunez["standard"], nunez["rapid"], nunez["blitz"], nunez["title"]) == (
        2720,
        2629,
        2821,
        "GM",
    )
    # the XML's fourth player: <games>9</games><k>40</k>, no rapid or blitz games or K
    assert (nunez["standard_games"], nunez["standard_k"], nunez["rapid_k"]) == (9, 40, None)


async def test_register_by_fide_id_alone(api: Api, settings: Settings) -> None:
    load(settings, "players_list_foa.txt", "2026-09")
    status, _ = await api.post("/tournaments", {"tournament_id": "open", "name": "Open", "rounds": 5,
                                                "rating_type": "rapid"})  # fmt: skip
    assert status == 201
    status, body = await api.post("/tournaments/open/players", {"fide_id": 900111})
    assert status == 201, body
    event = body["events"][0]["event"]
    assert (event["surname"], event["rating"], event["rating_list"]) == ("Núñez", 2629, "2026-09")
    status, body = await api.post("/tournaments/open/players", {"fide_id": 902220})
    assert (status, body["type"]) == (422, "/problems/invalid-command")
    status, body = await api.post("/tournaments/open/players", {"surname": "Doe", "rating": 1500})
    assert status == 201 and body["events"][0]["event"]["rating_list"] == ""


async def test_ratings_update_before_round_1_only(api: Api, settings: Settings) -> None:
    load(settings, "players_list_foa.txt", "2026-09")
    assert (await api.post("/tournaments", {"tournament_id": "open", "name": "Open", "rounds": 3}))[
        0
    ] == 201
    for fide_id in (900000, 900111):
        assert (await api.post("/tournaments/open/players", {"fide_id": fide_id}))[0] == 201
    load(settings, "players_list_xml_foa.later.xml", "2026-10")
    status, body = await api.post("/tournaments/open/ratings-update")
    assert status == 200, body
    assert body["list_month"] == "2026-10"
    assert [(e["event"]["player_id"], e["event"]["rating"]) for e in body["events"]] == [
        (1, 2737),
        (2, 2732),
    ]
    status, body = await api.post("/tournaments/open/ratings-update")
    assert (status, body["events"]) == (200, [])
    assert (await api.post("/tournaments/open/rounds"))[0] == 201
    status, body = await api.post("/tournaments/open/ratings-update")
    assert status == 409 and "ratings in force at its start" in body["detail"]


async def test_import_warnings_come_in_the_body_and_a_warning_header(client: Client) -> None:
    data = (TEXT + "ZZZ an unknown record\r\n").encode()
    async with client.post(
        "/tournaments/warned/trf",
        data=data,
        headers={"Authorization": f"Bearer {TOKEN}", "Content-Type": "text/plain"},
    ) as response:
        body = await response.json()
        assert response.status == 201
        assert response.headers["Warning"].startswith('299 - "1 warning(s); first: line 22')
    assert [w["detail"] for w in body["warnings"]] == [
        "unknown record identifier 'ZZZ'; line kept as it is"
    ]
