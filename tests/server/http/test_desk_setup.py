"""Everything before and around the rounds, at the desk (issue 28 items 1 and 2): a new
tournament, registration (typed, from the FIDE list, from a CSV file, late), corrections
of details with a reason, forbidden pairs, and the next round as a draft the desk may
change before publishing it, each through the same command as the API."""

from __future__ import annotations

import re
from typing import Any

import aiohttp

from server.settings import Settings
from tests.server.http.support import TOKEN, Api, Client
from tests.server.http.test_pages import open_tournament, sign_in, text
from tests.server.http.test_ratings import load


async def _signed_in_for_new(client: Client) -> str:
    async with client.post("/signin", data={"token": TOKEN, "next": "/desk/new"}) as response:
        body = await response.text()
    match = re.search(r'name="csrf" value="([^"]+)"', body)
    assert match is not None, body
    return match.group(1)


async def _post(client: Client, path: str, data: Any) -> tuple[int, str]:
    async with client.post(path, data=data) as response:
        return response.status, await response.text()


def _upload(csrf: str, csv: str) -> aiohttp.FormData:
    """The CSV form as a browser sends it: the file as multipart."""
    form = aiohttp.FormData()
    form.add_field("csrf", csrf)
    form.add_field("players", csv.encode(), filename="players.csv", content_type="text/csv")
    return form


async def _events(api: Api, tid: str = "open") -> list[dict[str, Any]]:
    _, body = await api.get(f"/tournaments/{tid}/events?limit=1000")
    return [{**e["event"], "metadata": e["metadata"]} for e in body["events"]]


async def test_an_administrator_creates_a_tournament_in_the_browser(api: Api) -> None:
    status, _, headers = await text(api.client, "/desk/new")
    assert (status, headers["Location"]) == (303, "/signin?next=/desk/new")
    csrf = await _signed_in_for_new(api.client)
    _, form, _ = await text(api.client, "/desk/new")
    # Every system and every edition of the systems table is offered.
    for option in (
        'value="dutch"',
        'value="burstein"',
        'value="lim"',
        'value="fide-2012"',
        'value="fide-1997"',
    ):
        assert option in form
    filled = {"csrf": csrf, "tournament_id": "oslo-26", "name": "Oslo Open", "rounds": "9",
              "system": "burstein", "rules_edition": "fide-2017", "federation": "nor",
              "time_control": "90+30", "start_date": "2026-05-01", "end_date": "2026-05-05",
              "round_dates": "2026-05-01 2026-05-02", "full_point_byes": "1",
              "max_half_point_byes": "2", "tiebreaks": "BH/C1 BH SB", "initial_colour": "b",
              "rating_type": "rapid"}  # fmt: skip
    # A refusal names the field and keeps what was typed; nothing is created.
    status, body = await _post(api.client, "/desk/new", {**filled, "rounds": "many"})
    assert status == 422 and "rounds" in body and 'value="Oslo Open"' in body
    status, body = await _post(api.client, "/desk/new", {**filled, "rules_edition": "fide-2012"})
    assert status == 422 and "rules_edition" in body
    assert (await api.get("/tournaments/oslo-26"))[0] == 404
    async with api.client.post("/desk/new", data=filled, allow_redirects=False) as response:
        assert response.headers["Location"] == "/t/oslo-26/desk/players"
    (created,) = await _events(api, "oslo-26")
    assert (created["system"], created["rules_edition"], created["federation"]) == (
        "burstein", "fide-2017", "NOR")  # fmt: skip
    assert created["round_dates"] == ["2026-05-01", "2026-05-02"]
    assert (created["full_point_byes"], created["max_half_point_byes"]) == (True, 2)
    assert (created["initial_colour"], created["rating_type"]) == ("b", "rapid")
    assert created["tiebreak_rules"] == "2026"  # the C.07 edition in force, stated
    assert created["metadata"]["via"] == "desk"
    _, page, _ = await text(api.client, "/t/oslo-26/desk/players")
    assert "Tournament created." in page


async def test_the_new_tournament_form_offers_each_systems_tie_breaks(api: Api) -> None:
    """Issue 28 item 4, issue 33: the field says the recommended lists; left empty, a Swiss
    tournament gets the Swiss list and a round-robin the round-robin one, under the current
    C.07 edition."""
    csrf = await _signed_in_for_new(api.client)
    _, form, _ = await text(api.client, "/desk/new")
    assert 'name="tiebreaks" type="text" value=""' in form
    assert "BH/C1 BH DE SB WIN BWG for a Swiss, DE WIN SB KS for a round-robin" in form
    for tournament_id, system, expected in (
        ("plain", "dutch", "BH/C1 BH DE SB WIN BWG"),
        ("league", "round-robin", "DE WIN SB KS"),
    ):
        filled = {"csrf": csrf, "tournament_id": tournament_id, "name": "Plain", "rounds": "5",
                  "system": system, "tiebreaks": " "}  # fmt: skip
        async with api.client.post("/desk/new", data=filled, allow_redirects=False) as response:
            assert response.status == 303
        (created,) = await _events(api, tournament_id)
        assert (created["tiebreaks"], created["tiebreak_rules"]) == (expected, "2026")


async def test_players_are_registered_corrected_and_kept_apart_at_the_desk(
    api: Api, settings: Settings
) -> None:
    await open_tournament(api, players=0, pair=False)
    csrf = await sign_in(api.client)
    register = "/t/open/desk/register"
    _, body = await _post(api.client, register, {"csrf": csrf, "surname": "Aune",
                          "given_name": "Ingrid", "rating": "2410", "federation": "nor"})  # fmt: skip
    assert "Player registered." in body
    # From the FIDE list: a search, then the player by FIDE id alone.
    load(settings, "players_list_foa.txt", "2026-09")
    _, page, _ = await text(api.client, "/t/open/desk/players?search=900111")
    assert "Núñez" in page and 'name="fide_id" value="900111"' in page
    await _post(api.client, register, {"csrf": csrf, "fide_id": "900111"})
    # A CSV file: a bad line refuses the whole list, naming the line.
    csv = (
        'Name,Rating,Fed\n"Berg, Jonas",2380,NOR\n"Costa, Marta",lots,POR\n"Dahl, Erik",2300,NOR\n'
    )
    _, body = await _post(api.client, "/t/open/desk/register-csv", _upload(csrf, csv))
    assert "line 3: rating &#39;lots&#39; is not a number" in body
    assert len(await _events(api)) == 3
    _, body = await _post(
        api.client, "/t/open/desk/register-csv", _upload(csrf, csv.replace("lots", "2350"))
    )
    assert "Players registered from the file." in body
    # A correction needs a reason; it changes only what differs (the K of the player's
    # rating change too: B.02 8.3.3, 40 for a player new to the list).
    correction = {
        "csrf": csrf,
        "player": "1",
        "surname": "Aune",
        "rating": "2420",
        "k_factor": "40",
    }
    _, body = await _post(api.client, "/t/open/desk/correct-player", correction)
    assert 'class="flash error"' in body and "reason" in body
    await _post(api.client, "/t/open/desk/correct-player", {**correction, "reason": "new list"})
    _, body = await _post(api.client, "/t/open/desk/forbid-pair", {"csrf": csrf, "player_id": "3",
                          "other": "5", "reason": "siblings"})  # fmt: skip
    assert "Pair forbidden." in body and "Berg, Jonas – Dahl, Erik" in body
    # After round 1 is paired, a registration is a late entry from round 2.
    await api.get("/tournaments/open")  # the version the desk's writes left
    assert (await api.post("/tournaments/open/rounds"))[0] == 201
    _, page, _ = await text(api.client, "/t/open/desk/players")
    assert "Late entry" in page and 'name="joins_round"' in page
    await _post(api.client, register, {"csrf": csrf, "surname": "Eik", "joins_round": "2"})
    events = await _events(api)
    kinds = [e["type"] for e in events[1:]]
    assert kinds == [*["player-registered"] * 5, "player-details-corrected", "pair-forbidden",
                     "round-paired", "player-registered"]  # fmt: skip
    assert events[2]["rating_list"] == "2026-09"
    assert (events[6]["rating"], events[6]["reason"]) == (2420, "new list")
    assert events[6]["k_factor"] == 40
    assert events[-1]["joins_round"] == 2
    assert {e["metadata"].get("via") for e in events[1:] if e["type"] != "round-paired"} == {"desk"}


async def _draft(api: Api) -> str:
    status, body, _ = await text(api.client, "/t/open/desk/draft")
    assert status == 200, body
    return body


def _chosen(body: str) -> dict[str, str]:
    """The draft's selects and the player each has selected."""
    chosen = {}
    for name, options in re.findall(
        r'<select id="([^"]+)" name="[^"]+">(.*?)</select>', body, re.DOTALL
    ):
        picked = re.search(r'<option value="(\d*)" selected', options)
        chosen[name] = picked.group(1) if picked else ""
    return chosen


async def test_a_draft_is_seen_only_at_the_desk_until_it_is_published(api: Api) -> None:
    await open_tournament(api, players=4, pair=False)
    csrf = await sign_in(api.client)
    body = await _draft(api)
    assert "Only the desk sees this draft" in body and '<pre class="explain">' in body
    # Nothing public: no round in the API, no round page, nothing in the log.
    assert (await api.get("/tournaments/open/rounds/1"))[0] == 404
    assert (await text(api.client, "/t/open/rounds/1"))[0] == 404
    assert [e["type"] for e in await _events(api)][-1] == "player-registered"
    chosen = _chosen(body)
    version = re.search(r'name="version" value="(\d+)"', body)
    assert version is not None
    published = {"csrf": csrf, "confirm": "yes", "version": version.group(1), **chosen}
    _, body = await _post(api.client, "/t/open/desk/pair", published)
    assert "Next round paired." in body
    (paired,) = [e for e in await _events(api) if e["type"] == "round-paired"]
    assert (paired["system"], paired["reason"]) == ("dutch", "")  # the engine's pairing
    engine_boards = [(b["white"], b["black"]) for b in paired["boards"]]
    assert engine_boards == [(int(chosen["white-1"]), int(chosen["black-1"])),
                             (int(chosen["white-2"]), int(chosen["black-2"]))]  # fmt: skip


async def test_an_edited_draft_is_checked_then_published_with_its_reason(api: Api) -> None:
    await open_tournament(api, players=4)
    for board in (1, 2):
        await api.post(f"/tournaments/open/rounds/1/boards/{board}/result", {"result": "1-0"})
    csrf = await sign_in(api.client)
    body = await _draft(api)
    assert "Draft of round 2" in body
    chosen = _chosen(body)
    version = re.search(r'name="version" value="(\d+)"', body)
    assert version is not None
    # The engine pairs the winners and the losers; the draft pairs winner with loser.
    assert chosen == {"white-1": "4", "black-1": "1", "white-2": "2", "black-2": "3"}
    swapped = {"white-1": "2", "black-1": "1", "white-2": "3", "black-2": "4"}
    # "Check the changes" writes nothing, and shows the edit and the criteria it breaks.
    async with api.client.post("/t/open/desk/draft", data={"csrf": csrf, **swapped}) as response:
        body = await response.text()
    assert _chosen(body) == swapped and "not the engine's pairing" in body
    assert "C6: players paired out of their score group (downfloaters): 2" in body
    # The same criteria in Spanish (the catalogue's words for dutch.md §3.4's C6).
    api.client.session.cookie_jar.update_cookies({"lang": "es"})
    async with api.client.post("/t/open/desk/draft", data={"csrf": csrf, **swapped}) as response:
        spanish = await response.text()
    api.client.session.cookie_jar.update_cookies({"lang": "en"})
    assert (
        "C6: jugadores emparejados fuera de su grupo de puntuación (flotantes hacia abajo): 2"
        in spanish
    )
    assert "el emparejamiento del programa" in spanish and "engine's pairing" not in spanish
    before = len(await _events(api))
    # A changed draft needs a reason: refused, and back on the draft as it was left.
    form = {"csrf": csrf, "confirm": "yes", "version": version.group(1), **swapped}
    async with api.client.post("/t/open/desk/pair", data=form) as response:
        assert response.url.path == "/t/open/desk/draft"
        body = await response.text()
    assert "a changed draft needs a reason" in body and _chosen(body) == swapped
    assert len(await _events(api)) == before
    _, body = await _post(api.client, "/t/open/desk/pair", {**form, "reason": "TV board"})
    assert "Next round paired." in body
    paired = (await _events(api))[-1]
    assert (paired["type"], paired["system"], paired["reason"]) == (
        "round-paired", "manual", "TV board")  # fmt: skip
    assert paired["boards"][0] == {"white": int(swapped["white-1"]),
                                   "black": int(swapped["black-1"])}  # fmt: skip
    assert [line[:3] for line in paired["departures"]] == ["C6:", "C7:"]
    _, log = await api.get("/tournaments/open/events?manual=true")
    assert [e["event"]["type"] for e in log["events"]] == ["round-paired"]


async def test_a_draft_made_on_an_older_state_is_not_published(api: Api) -> None:
    await open_tournament(api, players=4, pair=False)
    csrf = await sign_in(api.client)
    body = await _draft(api)
    version = re.search(r'name="version" value="(\d+)"', body)
    assert version is not None
    await api.post("/tournaments/open/players", {"surname": "Late", "rating": 1000})
    form = {"csrf": csrf, "confirm": "yes", "version": version.group(1), **_chosen(body)}
    _, body = await _post(api.client, "/t/open/desk/pair", form)
    assert 'class="flash error"' in body
    assert "round-paired" not in [e["type"] for e in await _events(api)]


async def test_a_player_marked_absent_at_check_in_is_not_paired(api: Api) -> None:
    """Check-in before round 1: an absent player gets a zero-point bye for the round, an
    event in the log, and the round is paired without them."""
    await open_tournament(api, players=5, pair=False)
    csrf = await sign_in(api.client)
    _, desk, _ = await text(api.client, "/t/open/desk")
    assert "Check-in for round 1" in desk and 'aria-label="Mark Eide absent"' in desk
    _, desk = await _post(api.client, "/t/open/desk/bye",
                          {"csrf": csrf, "player": "5", "round": "1", "kind": "zero"})  # fmt: skip
    assert "Bye granted." in desk and 'aria-label="Mark Eide absent"' not in desk
    await api.get("/tournaments/open")
    assert (await api.post("/tournaments/open/rounds"))[0] == 201
    paired = (await _events(api))[-1]
    assert {"player_id": 5, "reason": "zero-point-bye"} in paired["not_paired"]
    assert paired["pab"] is None and len(paired["boards"]) == 2
