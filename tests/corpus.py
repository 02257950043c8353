"""Access to the reference corpora in ../shared for tests.

Reference corpora live in ``../shared/fixtures`` and are read in place. When that folder is
absent the tests that need it skip with a reason, unless ``ARBITER_REQUIRE_SHARED=1`` (set by
``.ci/run``), in which case they fail.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

SHARED = Path(os.environ.get("ARBITER_SHARED", Path(__file__).resolve().parents[2] / "shared"))


def shared_path(*parts: str) -> Path:
    """Return a path inside ``../shared``, skipping (or failing in CI) when it is missing."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        message = f"shared corpus not found at {path}"
        if required():
            pytest.fail(message + " (ARBITER_REQUIRE_SHARED=1)")
        pytest.skip(message)
    return path


def shared_files(pattern: str, *parts: str) -> list[Path]:
    """List files under ``../shared/<parts>`` for parametrisation.

    Outside CI a missing folder gives an empty list (pytest skips the empty parameter set, and
    the report header says the corpus is missing). With ``ARBITER_REQUIRE_SHARED=1`` a missing
    folder, or a pattern that matches nothing, fails collection instead of skipping silently.
    """
    base = SHARED.joinpath(*parts)
    found = sorted(base.glob(pattern)) if base.exists() else []
    if not found and required():
        pytest.fail(f"no {pattern} under {base} (ARBITER_REQUIRE_SHARED=1)", pytrace=False)
    return found


def required() -> bool:
    """Whether a missing corpus must fail the run (CI) rather than skip."""
    return os.environ.get("ARBITER_REQUIRE_SHARED") == "1"
