"""The player directory in PostgreSQL: one table that every server process reads
(``migrations/postgres/0005_player_directory.sql``), so a federation running several
processes on one database searches and registers from the same list.

A load COPYs the list into a new table, indexes it, and swaps it for the old one at the end
of its transaction. Searches meanwhile read the old list and wait only for the swap (a drop
and two renames, after the index is built); a failed load leaves the old list; two loads at
once take turns (an advisory lock). The events are untouched, so nothing about their
durability is relaxed: the speed comes from COPY, from indexing once at the end, and from
``FREEZE`` (rows of a table created in the loading transaction are written as already
visible to all, sparing the first reads from marking 1.5 million rows).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import psycopg

from events.directory import COLUMNS, LoadedList, PlayerDirectory, Row
from events.postgres_store import PostgresDialect, safe_url
from events.sql_store import translated
from migrations import migrate

__all__ = ["PostgresDirectory"]

_LOAD_LOCK = 0x6172626974657202
"""Advisory lock key held by a load ("arbiter" and 2; the migrations hold ...01)."""

_SWAP = (
    "ALTER TABLE player_directory_new ADD CONSTRAINT player_directory_new_pkey PRIMARY KEY (fide_id)",
    "CREATE INDEX player_directory_new_name ON player_directory_new (name_key)",
    "DROP TABLE player_directory",
    "ALTER TABLE player_directory_new RENAME TO player_directory",
    "ALTER TABLE player_directory RENAME CONSTRAINT player_directory_new_pkey TO player_directory_pkey",
    "ALTER INDEX player_directory_new_name RENAME TO player_directory_name",
)
"""The new table takes the old one's keys, index and name (the migration's, as it made them)."""


class PostgresDirectory(PlayerDirectory):
    """The directory in the PostgreSQL database ``url`` names (migrated on open if it has
    no directory yet; a server's store migrates the rest at its start)."""

    _mark = "%s"
    _dialect = PostgresDialect

    def __init__(self, url: str) -> None:
        with translated(PostgresDialect, f"cannot open the player directory {safe_url(url)}"):
            self._conn = psycopg.connect(url, autocommit=True)
            # Opened for each HTTP search: migrating (under the migrations' lock, which every
            # process would take in turn) only when the table is missing keeps that cheap.
            found = self._conn.execute("SELECT to_regclass('player_directory_list')").fetchone()
            if found is None or found[0] is None:
                migrate(self._conn)

    def _replace(self, batches: Iterator[list[Row]], listed: Callable[[], LoadedList]) -> None:
        with (
            translated(PostgresDialect, "cannot load the players list"),
            self._conn.transaction(),
            self._conn.cursor() as cursor,
        ):
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", (_LOAD_LOCK,))
            cursor.execute(
                "CREATE TABLE player_directory_new (LIKE player_directory INCLUDING DEFAULTS)"
            )
            with cursor.copy(
                f"COPY player_directory_new ({COLUMNS}, name_key) FROM STDIN (FREEZE)"
            ) as copy:
                for batch in batches:
                    for row in batch:
                        copy.write_row(row)
            for statement in _SWAP:
                cursor.execute(statement.encode())
            cursor.execute(
                "INSERT INTO player_directory_list "
                "(id, month, source, players, encoding, loaded_at) "
                "VALUES (1, %s, %s, %s, %s, %s) ON CONFLICT (id) DO UPDATE SET "
                "month = EXCLUDED.month, source = EXCLUDED.source, "
                "players = EXCLUDED.players, encoding = EXCLUDED.encoding, "
                "loaded_at = EXCLUDED.loaded_at",
                listed(),
            )
