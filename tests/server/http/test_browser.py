"""End to end in a real browser: Debian's Chromium driven by Playwright, against the real
server on a local port, through what a player and an arbiter do in the hall."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from bench.screenshots import SAMPLE, TOKEN, build_sample, serve
from events import SqliteEventStore
from server.service import TournamentService
from tests.server.http import chromium

pytestmark = pytest.mark.slow

sync_api = chromium.playwright()
browser = chromium.browser  # the fixture, for this module


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("hall") / "hall.db"
    store = SqliteEventStore(str(db))
    build_sample(TournamentService(store))
    store.close()
    with serve(db, sse_poll_seconds=0.5) as url:
        yield url


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    opened = browser.new_page(viewport={"width": 360, "height": 780})
    yield opened
    opened.close()


def api_write(base: str, method: str, path: str, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(
        base + path,
        data=json.dumps(body).encode(),
        method=method,
        headers={"Authorization": f"Bearer {TOKEN}", "If-Match": "*",
                 "Content-Type": "application/json"},
    )  # fmt: skip
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def test_a_player_finds_their_board_and_sees_a_result_arrive_live(base: str, page: Any) -> None:
    page.goto(f"{base}/tournaments/{SAMPLE}/rounds/3")  # the README's kind of address
    assert page.url == f"{base}/t/{SAMPLE}/rounds/3"
    page.get_by_role("link", name="Where do I play? (by name)").click()
    row = page.locator("tr", has=page.get_by_role("rowheader", name="Nakamura, Ren"))
    board = row.locator("td.board-no").inner_text()
    page.go_back()
    sync_api.expect(page.locator(f"#board-{board}")).to_contain_text("Nakamura, Ren")

    page.evaluate("window.notReloaded = true")
    cell = page.locator("#board-6 td.result")
    assert cell.inner_text() == "–"
    page.wait_for_selector("[data-live-status]:not(.offline)")
    api_write(base, "POST", f"/tournaments/{SAMPLE}/rounds/3/boards/6/result", {"result": "0-1"})
    sync_api.expect(cell).to_have_text("0-1", timeout=10_000)
    assert page.evaluate("window.notReloaded") is True  # swapped in place, not reloaded


def sign_in(page: Any, base: str) -> None:
    page.goto(f"{base}/t/{SAMPLE}/desk")
    assert "/signin" in page.url
    page.get_by_label("Server token").fill(TOKEN)
    page.get_by_role("button", name="Sign in with the token").click()
    assert page.url == f"{base}/t/{SAMPLE}/desk"


def test_the_arbiter_enters_results_by_keyboard_and_pairs_the_next_round(
    base: str, page: Any
) -> None:
    sign_in(page, base)
    keys = iter("=10+=10")
    while page.locator("select[data-board]").count():
        focused = page.locator("select[data-board]:focus")
        sync_api.expect(focused).to_have_value("")
        board = focused.get_attribute("data-board")
        with page.expect_navigation():
            page.keyboard.press(next(keys))
        # Said at the board that now has the focus, in words that name the board saved.
        outcome = page.locator("tr.outcome #outcome")
        sync_api.expect(outcome).to_contain_text(f"Board {board}: ")
        assert outcome.is_visible() and outcome.evaluate(
            "e => e.getBoundingClientRect().bottom <= window.innerHeight"
        )
    sync_api.expect(page.locator("#outcome")).to_contain_text("Round 3 is complete")
    sync_api.expect(page.locator("summary:focus")).to_have_count(1)  # focus stayed put
    page.get_by_role("link", name="Pair round 4").click()  # a draft first, seen only here
    sync_api.expect(page.get_by_role("heading", name="Draft of round 4")).to_be_visible()
    page.locator("#publish").focus()
    page.keyboard.press("Enter")
    sync_api.expect(page.locator(".flash.ok")).to_have_text("Next round paired.")
    sync_api.expect(page.get_by_role("heading", name="Round 4: results")).to_be_visible()
    page.goto(f"{base}/t/{SAMPLE}/log")
    sync_api.expect(page.locator("ol.log li").first).to_contain_text("Round 4 paired")


def test_printing_leaves_out_the_navigation(base: str, page: Any) -> None:
    page.goto(f"{base}/t/{SAMPLE}/standings")
    assert page.locator("nav.tabs").is_visible()
    page.emulate_media(media="print")
    assert not page.locator("nav.tabs").is_visible()
    assert not page.locator(".updated").is_visible()
    assert page.locator("table.standings").is_visible()
    assert page.pdf(format="A4").startswith(b"%PDF")


@pytest.fixture(scope="module")
def hall(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server of its own: these tests record results the others do not expect."""
    db = tmp_path_factory.mktemp("venue") / "venue.db"
    store = SqliteEventStore(str(db))
    build_sample(TournamentService(store))
    store.close()
    with serve(db, sse_poll_seconds=0.5) as url:
        yield url


def test_twenty_phones_behind_one_address_all_see_a_result(hall: str, browser: Any) -> None:
    """A venue's Wi-Fi puts every phone behind one address: none is refused a live feed,
    and each one shows the result without a reload. A context per phone: one browser
    profile holds only six connections to a host, and each phone is its own device."""
    contexts = [browser.new_context(viewport={"width": 360, "height": 780}) for _ in range(20)]
    phones = [context.new_page() for context in contexts]
    for phone in phones:
        phone.goto(f"{hall}/t/{SAMPLE}/rounds/3")
        phone.wait_for_selector("[data-live-status]:not(.offline)")
    api_write(hall, "POST", f"/tournaments/{SAMPLE}/rounds/3/boards/6/result", {"result": "1-0"})
    for phone in phones:
        sync_api.expect(phone.locator("#board-6 td.result")).to_have_text("1-0", timeout=10_000)
    for context in contexts:
        context.close()


def test_a_refused_feed_says_not_live_then_reconnects_and_catches_up(
    hall: str, browser: Any
) -> None:
    """The first attempt is answered 429 with Retry-After: the page says so in its own
    language at once, waits, reconnects by itself and shows what was recorded meanwhile."""
    context = browser.new_context(locale="es-ES", viewport={"width": 390, "height": 844})
    phone = context.new_page()
    refused: list[str] = []

    def first_refused(route: Any) -> None:
        if route.request.headers.get("accept") == "text/event-stream" and not refused:
            refused.append(route.request.url)
            route.fulfill(status=429, headers={"Retry-After": "2"}, body="")
        else:
            route.continue_()

    phone.route("**/events*", first_refused)
    phone.goto(f"{hall}/t/{SAMPLE}/rounds/3")
    status = phone.locator("[data-live-status]").first
    sync_api.expect(status).to_have_text("sin conexión")
    api_write(hall, "POST", f"/tournaments/{SAMPLE}/rounds/3/boards/7/result", {"result": "0-1"})
    sync_api.expect(status).to_have_text("en directo", timeout=10_000)
    sync_api.expect(phone.locator("#board-7 td.result")).to_have_text("0-1", timeout=10_000)
    assert refused
    context.close()


def _event_count(base: str) -> int:
    with urllib.request.urlopen(f"{base}/tournaments/{SAMPLE}/events?limit=1000") as response:
        return len(json.load(response)["events"])


def test_stray_keys_on_finished_boards_write_nothing(hall: str, browser: Any) -> None:
    """Every result key, pressed on every board that has a result, and again after the
    round's last board: the log does not grow, and the results are as they were. (Last
    in the file: it fills the round the hall's other tests record results in.)"""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    sign_in(page, hall)
    open_boards = page.locator('select[data-board]:has(option[value=""]:checked)')
    while open_boards.count() > 1:  # all but one board get their result by keyboard
        with page.expect_navigation():
            page.keyboard.press("1")
    before = _event_count(hall)
    results = page.locator("details.correct .saved").all_inner_texts()
    last_open = open_boards.first.get_attribute("data-board")
    for board in range(1, page.locator("table.desk tbody th").count() + 1):
        if str(board) != last_open:
            page.locator(f"#board-{board}").focus()  # a board with a result
            for key in ("1", "0", "=", "+", "-"):
                page.keyboard.press(key)
    page.wait_for_timeout(300)  # time for a stray form to have been sent
    assert _event_count(hall) == before
    # The last board: one key saves it, the focus stays there, and more keys do nothing.
    open_boards.first.focus()
    with page.expect_navigation():
        page.keyboard.press("0")
    sync_api.expect(page.locator("#outcome")).to_contain_text("is complete")
    after_last = _event_count(hall)
    assert after_last == before + 1
    for key in ("1", "0", "=", "+", "-", "1"):
        page.keyboard.press(key)
    page.wait_for_timeout(300)
    assert _event_count(hall) == after_last
    assert page.locator("details.correct .saved").all_inner_texts()[: len(results)] == results
    page.close()
