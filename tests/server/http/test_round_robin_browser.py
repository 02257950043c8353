"""A round-robin's public pages in Chromium (issue 33): the all-play-all crosstable, the
round with its sit-out, "where do I play" and the big screen, at phone and laptop widths in
English and Spanish: nothing wider than the window but the crosstable's scroll region (which
says it scrolls), no text cut off, and the table reachable by keyboard."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from bench.screenshots import serve
from events import SqliteEventStore
from events.decisions import CreateTournament, DrawLots, RecordResult, RegisterPlayer
from events.results import Result
from events.types import DrawMethod
from server.service import TournamentService
from tests.server.http import chromium
from tests.server.http.test_phone_layout import MEASURE

pytestmark = pytest.mark.slow

browser = chromium.browser  # the fixture, for this module
LEAGUE = "league"
PAGES = ("", "/crosstable", "/rounds/2", "/rounds/2/where", "/standings", "/screen", "/log")


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A 9-player round-robin (the table for 10: one player sits out each round), numbers
    drawn by the Varma tables, two rounds played."""
    db = tmp_path_factory.mktemp("league") / "league.db"
    store = SqliteEventStore(str(db))
    service = TournamentService(store)
    service.create(
        CreateTournament(tournament_id=LEAGUE, name="Club Championship", rounds=9,
                         system="round-robin")
    )  # fmt: skip
    federations = ["ESP", "ESP", "ESP", "FRA", "FRA", "GER", "GER", "ITA", "POR"]
    for n, federation in enumerate(federations, 1):
        player = RegisterPlayer(surname=f"Muñoz-Fernández{n}", given_name="Alejandra",
                                rating=2400 - 15 * n, federation=federation)  # fmt: skip
        service.execute(LEAGUE, player)
    service.execute(LEAGUE, DrawLots(method=DrawMethod.VARMA, seed=9))
    for round_no in (1, 2):
        state = service.pair_round(LEAGUE).state
        for board in state.round(round_no).boards:
            service.execute(
                LEAGUE, RecordResult(round_no=round_no, board=board.number, result=Result.DRAW)
            )
    store.close()
    with serve(db, sse_poll_seconds=0.5) as url:
        yield url


@pytest.mark.parametrize("language", ("en", "es"))
@pytest.mark.parametrize("width", (390, 1366))
def test_no_round_robin_page_is_wider_than_the_window_or_cuts_text(
    base: str, browser: Any, width: int, language: str
) -> None:
    page = browser.new_page(viewport={"width": width, "height": 844})
    problems = {}
    for path in PAGES:
        page.goto(f"{base}/t/{LEAGUE}{path}?lang={language}")
        found = page.evaluate(MEASURE)
        if found:
            problems[path] = found[:5]
    page.close()
    assert problems == {}


def test_the_crosstable_is_the_all_play_all_table_and_scrolls_by_keyboard(
    base: str, browser: Any
) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{base}/t/{LEAGUE}/crosstable?lang=es")
    assert "por número de emparejamiento" in page.locator("p.lead").inner_text()
    numbers = page.locator("table.crosstable tbody tr td:nth-child(2)").all_inner_texts()
    assert numbers == [str(n) for n in range(1, 10)]  # rows by pairing number
    headers = page.locator("table.crosstable thead th").all_inner_texts()
    assert headers[4:13] == [str(n) for n in range(1, 10)]  # a column per opponent
    region = page.locator(".crosstable-scroll")
    assert page.locator(".crosstable-hint").is_visible()
    for _ in range(20):  # the skip link, the menu ...: the region takes the focus by Tab
        page.keyboard.press("Tab")
        if region.evaluate("el => el === document.activeElement"):
            break
    assert region.evaluate("el => el === document.activeElement")
    for _ in range(3):
        page.keyboard.press("ArrowRight")  # scrolls sideways, as the browser animates it
    page.wait_for_function(
        "() => document.querySelector('.crosstable-scroll').scrollLeft > 0", timeout=5000
    )
    page.close()
