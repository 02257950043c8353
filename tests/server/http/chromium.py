"""What every Chromium test module needs: Playwright's sync API, or the module skipped (an
error instead with ``ARBITER_REQUIRE_BROWSER=1``), and a browser per module."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bench.screenshots import CHROMIUM, CHROMIUM_ARGS

__all__ = ["browser", "playwright"]


def playwright() -> Any:
    """``playwright.sync_api``; call it at a test module's top, where a skip skips the module.

    :raises RuntimeError: when Chromium is missing and ``ARBITER_REQUIRE_BROWSER=1``.
    """
    if not Path(CHROMIUM).exists():
        if os.environ.get("ARBITER_REQUIRE_BROWSER") == "1":
            raise RuntimeError(f"ARBITER_REQUIRE_BROWSER=1 but {CHROMIUM} is missing")
        pytest.skip(f"{CHROMIUM} is not installed (apt-get install chromium)",
                    allow_module_level=True)  # fmt: skip
    return pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless, for the module's tests (import this fixture to use it)."""
    with playwright().sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()
