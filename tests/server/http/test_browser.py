"""End to end in a real browser: Debian's Chromium driven by Playwright, against the real
server on a local port, through what a player and an arbiter do in the hall."""

from __future__ import annotations

import json
import os
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bench.screenshots import CHROMIUM, CHROMIUM_ARGS, SAMPLE, TOKEN, build_sample, serve
from events import SqliteEventStore
from server.service import TournamentService

pytestmark = pytest.mark.slow

if not Path(CHROMIUM).exists():
    if os.environ.get("ARBITER_REQUIRE_BROWSER") == "1":
        raise RuntimeError(f"ARBITER_REQUIRE_BROWSER=1 but {CHROMIUM} is missing")
    pytest.skip(f"{CHROMIUM} is not installed (apt-get install chromium)", allow_module_level=True)

sync_api = pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("hall") / "hall.db"
    store = SqliteEventStore(str(db))
    build_sample(TournamentService(store))
    store.close()
    with serve(db, sse_poll_seconds=0.5) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


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


def test_the_arbiter_enters_results_by_keyboard_and_pairs_the_next_round(
    base: str, page: Any
) -> None:
    page.goto(f"{base}/t/{SAMPLE}/desk")
    assert "/signin" in page.url
    page.get_by_label("Server token").fill(TOKEN)
    page.get_by_role("button", name="Sign in").click()
    assert page.url == f"{base}/t/{SAMPLE}/desk"
    count_open = "selects => selects.filter(s => s.value === '').length"
    keys = iter("=10+=10")
    while page.locator("select[data-board]").evaluate_all(count_open):
        sync_api.expect(page.locator("select[data-board]:focus")).to_have_value("")
        with page.expect_navigation():
            page.keyboard.press(next(keys))
    sync_api.expect(page.locator(".flash.ok")).to_have_text("Result saved.")
    page.get_by_role("button", name="Pair round 4").click()
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
