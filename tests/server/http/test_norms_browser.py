"""The norm certificate printed by Chromium, in English and Spanish: its A4 page holds the
whole certificate (nothing wider than the printable box) and the PDF is one A4 page."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

import pytest

from events.norms import NormTitle
from server.printouts import ENGLISH
from server.printouts.norms import norm_certificate, render_certificate
from tests.events.test_norms import CASE_A, results, tournament
from tests.server.http.test_browser import browser
from tests.server.http.test_norms import exempt_with_dates
from tests.server.http.test_printed_sheets import A4_PX, WIDEST
from tests.server.test_printouts_language import SPANISH

__all__ = ["browser"]

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("language", [ENGLISH, SPANISH], ids=["en", "es"])
@pytest.mark.parametrize("case", ["case-a", "exempt-with-dates"])
def test_the_certificate_fits_one_a4_page(browser: Any, language: Any, case: str) -> None:
    # Case A, and the Swiss-exempt event whose schedule adds a column of dates.
    state = tournament(CASE_A, results(Fraction(7), 9)) if case == "case-a" else exempt_with_dates()
    html = render_certificate(norm_certificate(state, 1, NormTitle.GM, language=language), language)
    width, height = A4_PX[False]
    page = browser.new_page(viewport={"width": width, "height": height})
    page.set_content(html)
    page.emulate_media(media="print")
    assert max(page.evaluate(WIDEST)) <= width
    pdf = page.pdf(format="A4", prefer_css_page_size=True)
    assert len(re.findall(rb"/Type\s*/Page(?!s)", pdf)) == 1  # one sheet to sign
    assert b"/MediaBox [0 0 594.95996 841.91998]" in pdf
    page.close()
