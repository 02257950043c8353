"""The PostgreSQL schema: numbered SQL files applied in order, each once, by a small runner.

Same numbering as ``migrations/sqlite/``. Every pending file runs in one transaction with
its row in ``arbiter_migrations``, under an advisory lock, so two server processes starting
together apply each step once and a failed step leaves nothing behind.
"""

from __future__ import annotations

from importlib import resources
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import psycopg

__all__ = ["STEPS", "migrate"]

STEPS: tuple[tuple[str, str], ...] = tuple(
    (file.name.removesuffix(".sql"), file.read_text(encoding="utf-8"))
    for file in sorted(resources.files(__name__).iterdir(), key=lambda f: f.name)
    if file.name.endswith(".sql")
)
"""(name, SQL) of every step, in order."""

_LOCK = 0x6172626974657201
"""Advisory lock key held while migrating ("arbiter" and a step counter, as a bigint)."""


def migrate(conn: psycopg.Connection[tuple[object, ...]]) -> list[str]:
    """Apply every pending step; returns the names applied."""
    applied: list[str] = []
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK,))
        conn.execute(
            "CREATE TABLE IF NOT EXISTS arbiter_migrations "
            "(name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())"
        )
        done = {row[0] for row in conn.execute("SELECT name FROM arbiter_migrations")}
        for name, sql in STEPS:
            if name not in done:
                conn.execute(sql.encode())
                conn.execute("INSERT INTO arbiter_migrations (name) VALUES (%s)", (name,))
                applied.append(name)
    return applied
