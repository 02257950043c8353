"""Say up front whether the reference corpora in ../shared were found."""

from __future__ import annotations

from tests.corpus import SHARED, required


def pytest_report_header() -> str:
    if SHARED.joinpath("fixtures").is_dir():
        return f"reference corpora: {SHARED}"
    then = "fail (ARBITER_REQUIRE_SHARED=1)" if required() else "skip"
    return f"reference corpora: NOT FOUND at {SHARED}; the tests that read them {then}"
