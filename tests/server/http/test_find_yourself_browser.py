"""Finding yourself on a phone in Chromium (issue 30): the header's search box is reached
and sent with the keyboard alone, and fits a 390-pixel screen beside the big screen's QR
code, which never covers a row."""

from __future__ import annotations

from typing import Any

import pytest

from bench.screenshots import SAMPLE
from tests.server.http.test_browser import base, browser

__all__ = ["base", "browser"]

pytestmark = pytest.mark.slow


def test_the_keyboard_finds_a_player_on_a_phone(base: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{base}/t/{SAMPLE}/rounds/3")
    box = page.locator("#find-player").bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390
    page.keyboard.press("Tab")  # the skip link
    for _ in range(20):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "find-player":
            break
    assert page.evaluate("document.activeElement.id") == "find-player"
    page.keyboard.type("siobhan")  # typed without the accent
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert page.url.endswith(f"/t/{SAMPLE}/players/15")
    assert "O'Brien, Siobhán" in page.locator("h1").inner_text()
    page.close()


def test_the_screens_code_stays_clear_of_the_tables(base: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    page.goto(f"{base}/t/{SAMPLE}/screen")
    code = page.locator("figure.screen-qr").bounding_box()
    assert code is not None and code["width"] > 100
    for table in page.locator("section.slide table").all():
        shown = table.bounding_box()
        if shown is not None and shown["width"] > 0:
            assert shown["x"] + shown["width"] <= code["x"]
    page.close()
