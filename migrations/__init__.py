"""The SQLite schema as ``sqlite_utils.Migrations`` steps: one step per file in ``sqlite/``.

Files are applied in name order (``0001_events.sql``, ``0002_…``); each step runs in one
transaction together with its record in ``_sqlite_migrations``, so a failed step leaves
nothing behind and stays pending. A PostgreSQL twin will keep the same numbering.
"""

from __future__ import annotations

import sqlite3
from importlib import resources

import sqlite_utils

__all__ = ["MIGRATIONS", "migrate"]

MIGRATIONS = sqlite_utils.Migrations("arbiter")


def _statements(sql: str) -> list[str]:
    """Split a script into statements (``executescript`` would commit the step's
    transaction first); ``complete_statement`` keeps trigger bodies whole."""
    statements: list[str] = []
    pending = ""
    for line in sql.splitlines(keepends=True):
        if not pending and (not line.strip() or line.lstrip().startswith("--")):
            continue
        pending += line
        if sqlite3.complete_statement(pending):
            statements.append(pending.strip())
            pending = ""
    if pending.strip():
        raise ValueError(f"incomplete SQL statement: {pending.strip()[:60]}")
    return statements


def _register(name: str, sql: str) -> None:
    def step(db: sqlite_utils.Database) -> None:
        for statement in _statements(sql):
            db.execute(statement)

    step.__name__ = name
    MIGRATIONS(name=name)(step)


for _file in sorted(resources.files(__name__).joinpath("sqlite").iterdir(), key=lambda f: f.name):
    if _file.name.endswith(".sql"):
        _register(_file.name.removesuffix(".sql"), _file.read_text(encoding="utf-8"))


def migrate(db: sqlite_utils.Database) -> None:
    """Apply every pending step."""
    MIGRATIONS.apply(db)
