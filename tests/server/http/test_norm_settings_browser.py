"""The desk's title-norm form and the norm page in Chromium, keyboard only, at a phone's and a
laptop's width in English and Spanish (issue 34): the arbiter tabs to the host federation and
the kind of event, saves with Enter, and the norm page says the exemption; nothing wider than
the window, no text cut off. Set ``ARBITER_SCREENSHOTS=<dir>`` to keep what the arbiter saw.

The tournament is case A of tests/events/test_norms.py with every opponent from the
candidate's federation (``ALL_ESP``): 7/9, Ra 2387, Rp 2607, a GM norm only under an exemption
from the foreigner requirement (B.01 1.4.3a-c), here a zonal (1.4.3c).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from bench.screenshots import TOKEN, serve
from events import SqliteEventStore
from server.service import TournamentService
from server.service.imports import read_import
from tests.events.test_norms import ALL_ESP, results, tournament
from tests.server.http import chromium
from tests.server.http.test_phone_layout import DESK_MEASURE, MEASURE
from trf import export_document, write_trf

pytestmark = pytest.mark.slow

browser = chromium.browser  # the fixture, for this module
CASES = [(width, language) for width in (390, 1366) for language in ("en", "es")]
SAVED = {"en": "Title norm settings saved.", "es": "Ajustes de normas de título guardados."}
EXEMPT = {"en": "a zonal or sub-zonal tournament, exempt from the foreigner requirement",
          "es": "un torneo zonal o subzonal, exento del requisito de extranjeros"}  # fmt: skip
MADE = {"en": "norm made after round 9", "es": "norma conseguida tras la ronda 9"}


def _tid(width: int, language: str) -> str:
    return f"zonal-{width}-{language}"


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """One copy of the tournament per width and language, each set by its own test."""
    db = tmp_path_factory.mktemp("zonal") / "zonal.db"
    store = SqliteEventStore(str(db))
    service = TournamentService(store)
    data = write_trf(export_document(tournament(ALL_ESP, results(Fraction(7), 9)))).encode()
    for width, language in CASES:
        service.import_trf(read_import(data, tournament_id=_tid(width, language)))
    store.close()
    with serve(db, sse_poll_seconds=0.5) as url:
        yield url


def _tab_to(page: Any, selector: str) -> None:
    """Press Tab until ``selector`` has the focus, as a keyboard user reaches a field."""
    field = page.locator(selector)
    for _ in range(200):
        if field.evaluate("el => el === document.activeElement"):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"{selector} never took the focus")


@pytest.mark.parametrize(("width", "language"), CASES)
def test_the_desk_sets_a_zonal_by_keyboard_and_the_norm_page_says_so(
    base: str, browser: Any, width: int, language: str
) -> None:
    tid = _tid(width, language)
    page = browser.new_page(viewport={"width": width, "height": 900 if width > 390 else 844})
    page.goto(f"{base}/t/{tid}/norms?lang={language}")
    assert MADE[language] not in page.locator("main").inner_text()  # no norm: 1.4.3-1.4.4
    page.goto(f"{base}/t/{tid}/desk?lang={language}")
    _tab_to(page, "#token")
    page.keyboard.type(TOKEN)
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert page.url.endswith(f"/t/{tid}/desk")
    _tab_to(page, 'input[name="federation"]')
    assert page.locator('input[name="federation"]').input_value() == "ESP"  # from the TRF
    page.keyboard.press("Tab")  # the kind of event: the fourth choice is the zonal
    for _ in range(3):
        page.keyboard.press("ArrowDown")
    assert page.locator('select[name="norm_event"]').input_value() == "zonal"
    page.keyboard.press("Tab")
    page.keyboard.type("the regulations")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert SAVED[language] in page.locator("#outcome").inner_text()
    assert page.evaluate(DESK_MEASURE) == []
    if shots := os.environ.get("ARBITER_SCREENSHOTS"):
        page.locator("#norm-settings-h").scroll_into_view_if_needed()
        page.screenshot(path=str(Path(shots) / f"norm-settings-{width}-{language}.png"))
    page.goto(f"{base}/t/{tid}/norms?lang={language}")
    shown = page.locator("main").inner_text()
    assert EXEMPT[language] in shown and MADE[language] in shown
    assert page.evaluate(MEASURE) == []
    if shots:
        page.screenshot(path=str(Path(shots) / f"norms-{width}-{language}.png"), full_page=True)
    page.close()
