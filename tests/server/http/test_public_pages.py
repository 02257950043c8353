"""The public pages a player opens in the hall: the tournament list, the standings after
any round, the addresses a browser tries on its own."""

from __future__ import annotations

import re

from tests.server.http.support import Api
from tests.server.http.test_pages import BROWSER, open_tournament, text


async def play_round(api: Api, round_no: int) -> None:
    _, round_ = await api.get(f"/tournaments/open/rounds/{round_no}")
    for board in round_["boards"]:
        path = f"/tournaments/open/rounds/{round_no}/boards/{board['board']}/result"
        status, body = await api.post(path, {"result": "1-0"})
        assert status in (200, 201), body


async def test_the_standings_after_any_round_and_a_selector_of_rounds(api: Api) -> None:
    await open_tournament(api, players=6)
    await play_round(api, 1)
    assert (await api.post("/tournaments/open/rounds"))[0] == 201
    await play_round(api, 2)
    _, now, _ = await text(api.client, "/t/open/standings")
    _, after_one, _ = await text(api.client, "/t/open/standings?round=1")
    assert "After round 2" in now and "After round 1" in after_one
    points = re.compile(r'<td class="num pts">([^<]+)</td>')
    assert max(points.findall(now)) == "2.0" and max(points.findall(after_one)) == "1.0"
    assert 'href="/t/open/standings?round=1" aria-current="page"' in after_one
    assert 'href="/t/open/standings?round=2"' in after_one
    _, home, _ = await text(api.client, "/t/open")
    assert 'href="/t/open/standings?round=1"' in home
    _, round_page, _ = await text(api.client, "/t/open/rounds/2")
    assert 'href="/t/open/standings?round=2"' in round_page
    for wrong in ("3", "0", "x"):
        status, _, _ = await text(api.client, f"/t/open/standings?round={wrong}")
        assert status == 404


async def test_the_redirect_from_an_api_address_keeps_its_query(api: Api) -> None:
    await open_tournament(api)
    status, _, headers = await text(
        api.client, "/tournaments/open/standings?round=1&format=html", **BROWSER
    )
    assert (status, headers["Location"]) == (303, "/t/open/standings?round=1")


async def test_the_browsers_own_icon_request_is_answered(api: Api) -> None:
    async with api.client.get("/favicon.ico") as response:
        assert response.status == 200
        assert response.headers["Content-Type"] == "image/svg+xml"
        assert (await response.text()).startswith("<svg")


async def test_the_list_shows_dates_place_status_and_filters_by_them(api: Api) -> None:
    await open_tournament(api)  # running: round 1 paired
    for tid, name, start in (("spring", "Spring Cup", "2026-04-01"), ("old", "Old Open", "")):
        body = {"tournament_id": tid, "name": name, "rounds": 1, "place": "Bergen"}
        assert (await api.post("/tournaments", body | ({"start_date": start} if start else {})))[
            0
        ] == 201
    for surname in ("Aune", "Berg"):
        await api.post("/tournaments/old/players", {"surname": surname})
    await api.post("/tournaments/old/rounds")
    await api.post("/tournaments/old/rounds/1/boards/1/result", {"result": "1-0"})
    _, listed, _ = await text(api.client, "/t/")
    names = re.findall(r'<li class="(\w+)"><a href="/t/(\w+)">', listed)
    assert names == [("running", "open"), ("upcoming", "spring"), ("finished", "old")]
    assert "running: round 1 of 3" in listed and "Apr 1, 2026" in listed and "Bergen" in listed
    _, spanish, _ = await text(api.client, "/t/?lang=es")
    assert "en juego: ronda 1 de 3" in spanish and "1 abr 2026" in spanish
    _, upcoming, _ = await text(api.client, "/t/?status=upcoming")
    assert re.findall(r'<li class="(\w+)">', upcoming) == ["upcoming"]
    _, bergen, _ = await text(api.client, "/t/?q=bergen")
    assert re.findall(r'<a href="/t/(\w+)">', bergen) == ["spring", "old"]
