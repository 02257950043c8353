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
        if os.environ.get("ARBITER_REQUIRE_SHARED") == "1":
            pytest.fail(message + " (ARBITER_REQUIRE_SHARED=1)")
        pytest.skip(message)
    return path


def shared_files(pattern: str, *parts: str) -> list[Path]:
    """List files under ``../shared/<parts>`` for parametrisation (empty list when absent).

    Use with :func:`shared_path` inside the test so that absence is reported, not silent.
    """
    base = SHARED.joinpath(*parts)
    return sorted(base.glob(pattern)) if base.exists() else []
