"""The schema as numbered SQL files, one folder per database with one numbering
(``sqlite/0001_events.sql`` and ``postgres/0001_events.sql``, ``0002_…``), and the one
runner that applies them: in name order, each once, each recorded where the database keeps
its record, so a failed step leaves nothing behind and stays pending.

On SQLite the steps are ``sqlite_utils.Migrations`` (one transaction per step, recorded in
``_sqlite_migrations``). On PostgreSQL every pending step runs in one transaction under an
advisory lock (recorded in ``arbiter_migrations``), so two server processes starting
together apply each step once.
"""

from __future__ import annotations

import sqlite3
from importlib import resources
from typing import TYPE_CHECKING, Literal, NamedTuple

import sqlite_utils

if TYPE_CHECKING:
    import psycopg

__all__ = ["MIGRATIONS", "STEPS", "Step", "migrate"]

Backend = Literal["sqlite", "postgres"]


class Step(NamedTuple):
    """One numbered file of a backend's folder."""

    name: str
    """The file name without ``.sql``: the same in both folders."""
    sql: str

    def statements(self) -> list[str]:
        """The SQLite script split into statements (``executescript`` would commit the
        step's transaction first); ``complete_statement`` keeps trigger bodies whole."""
        statements: list[str] = []
        pending = ""
        for line in self.sql.splitlines(keepends=True):
            if not pending and (not line.strip() or line.lstrip().startswith("--")):
                continue
            pending += line
            if sqlite3.complete_statement(pending):
                statements.append(pending.strip())
                pending = ""
        if pending.strip():
            raise ValueError(f"{self.name}: incomplete SQL statement: {pending.strip()[:60]}")
        return statements


def _steps(backend: Backend) -> tuple[Step, ...]:
    folder = resources.files(__name__).joinpath(backend)
    return tuple(
        Step(file.name.removesuffix(".sql"), file.read_text(encoding="utf-8"))
        for file in sorted(folder.iterdir(), key=lambda f: f.name)
        if file.name.endswith(".sql")
    )


STEPS: dict[Backend, tuple[Step, ...]] = {
    "sqlite": _steps("sqlite"),
    "postgres": _steps("postgres"),
}
"""Every step of each backend, in order."""

MIGRATIONS = sqlite_utils.Migrations("arbiter")
"""The SQLite steps, as sqlite-utils runs them."""


def _register(step: Step) -> None:
    def apply(db: sqlite_utils.Database) -> None:
        for statement in step.statements():
            db.execute(statement)

    apply.__name__ = step.name
    MIGRATIONS(name=step.name)(apply)


for _step in STEPS["sqlite"]:
    _register(_step)

_POSTGRES_LOCK = 0x6172626974657201
"""Advisory lock key held while migrating ("arbiter" and a step counter, as a bigint)."""


def migrate(db: sqlite_utils.Database | psycopg.Connection[tuple[object, ...]]) -> list[str]:
    """Apply every pending step of the database's folder; returns the names applied."""
    if isinstance(db, sqlite_utils.Database):
        pending = [migration.name for migration in MIGRATIONS.pending(db)]
        MIGRATIONS.apply(db)
        return pending
    applied: list[str] = []
    with db.transaction():
        db.execute("SELECT pg_advisory_xact_lock(%s)", (_POSTGRES_LOCK,))
        db.execute(
            "CREATE TABLE IF NOT EXISTS arbiter_migrations "
            "(name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())"
        )
        done = {row[0] for row in db.execute("SELECT name FROM arbiter_migrations")}
        for step in STEPS["postgres"]:
            if step.name not in done:
                db.execute(step.sql.encode())
                db.execute("INSERT INTO arbiter_migrations (name) VALUES (%s)", (step.name,))
                applied.append(step.name)
    return applied
