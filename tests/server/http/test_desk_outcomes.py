"""The desk never loses a result (issue 28): a form on a board with a result changes
nothing unless it is a correction with a reason, every outcome is said at the board it was
about in the page's language, actions that publish or take away ask first, and a finished
event shows as finished."""

from __future__ import annotations

import re

from tests.server.http.support import Api
from tests.server.http.test_pages import open_tournament, post_form, sign_in, text


async def _sent_to(api: Api, csrf: str, **fields: str) -> str:
    """Where the desk sends the browser after a result form."""
    async with api.client.post(
        "/t/open/desk/result", data={"csrf": csrf, **fields}, allow_redirects=False
    ) as response:
        return response.headers["Location"]


async def _versions(api: Api) -> int:
    _, body = await api.get("/tournaments/open/events")
    return len(body["events"])


async def test_a_result_key_on_a_board_with_a_result_writes_nothing(api: Api) -> None:
    await open_tournament(api)
    csrf = await sign_in(api.client)
    await post_form(api.client, "result", csrf=csrf, round="1", board="1", result="1-0")
    before = await _versions(api)
    body = await post_form(api.client, "result", csrf=csrf, round="1", board="1", result="0-1")
    assert "Board 1 already has 1-0: nothing was changed." in body
    # A correction must say so, and give a reason: without one, nothing either.
    body = await post_form(api.client, "result", csrf=csrf, round="1", board="1",
                           result="0-1", correct="1", reason="  ")  # fmt: skip
    assert 'class="flash error"' in body and "reason" in body
    assert await _versions(api) == before
    _, round_ = await api.get("/tournaments/open/rounds/1")
    assert round_["boards"][0]["result"] == "1-0"
    body = await post_form(api.client, "result", csrf=csrf, round="1", board="1",
                           result="0-1", correct="1", reason="scoresheet")  # fmt: skip
    assert "Board 1: corrected to 0-1." in body
    assert await _versions(api) == before + 1


async def test_the_outcome_is_said_at_the_board_and_focus_goes_to_the_next_open_one(
    api: Api,
) -> None:
    await open_tournament(api, players=6)
    csrf = await sign_in(api.client)
    sent_to = await _sent_to(api, csrf, round="1", board="2", result="1-0")
    assert sent_to == "/t/open/desk?at=3#board-3"
    _, body, _ = await text(api.client, "/t/open/desk?at=3")
    assert re.search(r'id="board-3".*?</tr>\s*<tr class="outcome">.*?id="outcome"', body, re.DOTALL)
    assert re.search(r'id="board-3"[^>]*data-focus[^>]*aria-describedby="outcome"', body)
    assert "Board 2: 1-0 saved." in body
    # The last open board: focus wraps to board 1, still open; after it, it stays put.
    await post_form(api.client, "result", csrf=csrf, round="1", board="3", result="0-1")
    sent_to = await _sent_to(api, csrf, round="1", board="1", result="1-0")
    assert sent_to == "/t/open/desk?at=1#board-1"
    _, body, _ = await text(api.client, "/t/open/desk?at=1")
    assert "Board 1: 1-0 saved. Round 1 is complete: every board has a result." in body
    assert 'data-board="' not in body  # no board left that a key could write to


async def test_a_refusal_is_said_at_the_board_in_the_pages_language(api: Api) -> None:
    await open_tournament(api)
    csrf = await sign_in(api.client)
    for board in ("1", "2"):
        await post_form(api.client, "result", csrf=csrf, round="1", board=board, result="1-0")
    await post_form(api.client, "close", csrf=csrf, confirm="yes")
    api.client.session.cookie_jar.update_cookies({"lang": "es"})
    sent_to = await _sent_to(api, csrf, round="1", board="2", result="0-1", correct="1",
                             reason="sheet")  # fmt: skip
    assert sent_to == "/t/open/desk?at=2#board-2"
    _, body, _ = await text(api.client, "/t/open/desk?at=2")
    assert "El torneo está cerrado: no se ha guardado nada." in body
    assert 'role="alert"' in body and "is closed" not in body


async def test_publishing_withdrawing_unpairing_and_closing_ask_first(api: Api) -> None:
    await open_tournament(api, players=4)
    csrf = await sign_in(api.client)
    before = await _versions(api)
    asked = {
        "withdraw": ({"player": "2", "from_round": "2"}, "Withdraw Brandt"),
        "unpair": ({"round": "1"}, "Unpair round 1?"),
        "close": ({"reason": "done"}, "Close the tournament?"),
    }
    for action, (fields, question) in asked.items():
        body = await post_form(api.client, action, csrf=csrf, **fields)
        assert question in body and 'name="confirm" value="yes"' in body, action
    assert await _versions(api) == before
    body = await post_form(api.client, "unpair", csrf=csrf, round="1", confirm="yes")
    assert "Round unpaired." in body
    body = await post_form(api.client, "pair", csrf=csrf)
    assert "Pair round 1 and publish it to every phone and screen?" in body
    assert await _versions(api) == before + 1


async def test_a_finished_event_offers_no_more_rounds_and_its_downloads(api: Api) -> None:
    await open_tournament(api, players=4)
    csrf = await sign_in(api.client)
    for round_no in (1, 2, 3):
        if round_no > 1:
            await post_form(api.client, "pair", csrf=csrf, confirm="yes")
        for board in ("1", "2"):
            await post_form(api.client, "result", csrf=csrf, round=str(round_no), board=board,
                            result="1/2-1/2")  # fmt: skip
    _, body, _ = await text(api.client, "/t/open/desk")
    assert "The tournament is finished: all 3 rounds are played." in body
    assert "Pair round" not in body and 'name="from_round"' not in body
    assert 'min="4"' not in body  # no form for a round that does not exist
    for link in ("/t/open/standings", "/tournaments/open/trf?format=trf16",
                 "/tournaments/open/trf?format=trf26"):  # fmt: skip
        assert f'href="{link}"' in body
    async with api.client.get("/tournaments/open/trf?format=trf26") as response:
        assert response.status == 200 and "012 Open" in await response.text()
    # Closed, then reopened with a reason: the reason is required, and it is logged.
    await post_form(api.client, "close", csrf=csrf, reason="prize giving", confirm="yes")
    body = await post_form(api.client, "reopen", csrf=csrf, reason="")
    assert 'class="flash error"' in body
    body = await post_form(api.client, "reopen", csrf=csrf, reason="appeal on board 2")
    assert "Tournament reopened." in body
    _, log = await api.get("/tournaments/open/events")
    assert log["events"][-1]["event"]["reason"] == "appeal on board 2"
