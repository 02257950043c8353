"""Fixtures of the command-line tests: a database file and the Spring Open in it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.server.cli.test_commands import Arbiter


@pytest.fixture
def arbiter(tmp_path: Path) -> Arbiter:
    return Arbiter(tmp_path / "arbiter.db")


@pytest.fixture
def spring(arbiter: Arbiter) -> Arbiter:
    """Spring Open: 3 rounds, five players (ids in registration order, TPNs by rating)."""
    arbiter(
        "create-tournament",
        "Spring Open",
        "--rounds",
        "3",
        "--place",
        "Oslo",
        "--start",
        "2026-04-01",
        "--max-half-point-byes",
        "1",
    )
    for name, rating, title in [
        ("Dahl, Erik", "2210", None),
        ("Aune, Ingrid", "2412", "im"),
        ("Costa, Marta", "2385", "WGM"),
        ("Brandt, Jonas", "2385", "FM"),
        ("Eriksen, Sofie", "2105", None),
    ]:
        arbiter(
            "register",
            "spring-open",
            name,
            "--rating",
            rating,
            *(["--title", title] if title else []),
        )
    return arbiter
