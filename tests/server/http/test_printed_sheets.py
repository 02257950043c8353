"""The sheets for the hall printed by Chromium (issue 30 item 3): each A4 printout of a
30-player, 9-round event fits its page (the crosstable A4 landscape) and its PDF page 1
opens with the event's name; a page printed from the browser keeps the event's name."""

from __future__ import annotations

from typing import Any

import pytest

from bench.screenshots import SAMPLE
from server.printouts import ENGLISH
from tests.server.hall import EVENT, hall
from tests.server.http.test_browser import base, browser
from tests.server.test_printouts_language import SHEETS, SPANISH

__all__ = ["base", "browser"]

pytestmark = pytest.mark.slow

A4_PX = {False: (718, 1047), True: (1062, 703)}
"""The printable box at 96 px per inch: A4 less the page margins of the printout's style
(12 mm × 10 mm upright, 8 mm landscape), width and height."""

WIDEST = """[document.documentElement.scrollWidth,
  Math.max(...[...document.querySelectorAll('td, th')].map(c => c.getBoundingClientRect().right))]"""


@pytest.mark.parametrize("language", [ENGLISH, SPANISH], ids=["en", "es"])
def test_every_sheet_fits_a4_and_opens_with_the_event(browser: Any, language: Any) -> None:
    state = hall()
    for name, sheet in SHEETS.items():
        html = sheet(state, language)
        landscape = name == "crosstable"
        width, height = A4_PX[landscape]
        page = browser.new_page(viewport={"width": width, "height": height})
        page.set_content(html)
        page.emulate_media(media="print")
        assert max(page.evaluate(WIDEST)) <= width, name
        first = page.locator("header.event p.name").bounding_box()
        assert page.locator("header.event p.name").inner_text() == EVENT
        assert first["y"] + first["height"] <= height, name  # on page 1
        pdf = page.pdf(format="A4", prefer_css_page_size=True)
        portrait = b"/MediaBox [0 0 594.95996 841.91998]"
        assert (b"/MediaBox [0 0 841.91998 594.95996]" if landscape else portrait) in pdf, name
        page.close()


@pytest.mark.parametrize("path", ["rounds/3", "standings", "crosstable", "players/1"])
def test_a_page_printed_from_the_browser_keeps_the_event_name(
    browser: Any, base: str, path: str
) -> None:
    page = browser.new_page(viewport={"width": 718, "height": 1047})
    page.goto(f"{base}/t/{SAMPLE}/{path}")
    page.emulate_media(media="print")
    name = page.locator("header.site .event-name")
    assert name.is_visible() and name.inner_text() == "Arbiter Demo Open"
    assert not page.locator("header.site nav.tabs").is_visible()
    assert name.bounding_box()["y"] < 100
    page.close()
