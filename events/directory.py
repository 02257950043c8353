"""The local player directory: FIDE's players list in a table beside the event log.

Not events: a list is reference data that FIDE replaces every month, so a load replaces the
table whole, in one transaction (a failed load leaves the previous list). What a tournament
takes from it (a registration, a rating update) is copied into that tournament's events,
with the list's month, so the events never depend on the table. The table lives where the
events do: in the SQLite file, or in the PostgreSQL database every server process shares
(:mod:`events.directory_postgres`).

>>> directory = open_directory(":memory:")
>>> directory.load([DirectoryPlayer(fide_id=1503014, name="Carlsen, Magnus", federation="NOR",
...     sex="m", title="GM", standard=2830)], month="2026-09", source="list.txt")
1
>>> [p.fide_id for p in directory.search("carl")], directory.get(1503014).standard
([1503014], 2830)
"""

from __future__ import annotations

import itertools
import os
import unicodedata
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator
from datetime import UTC, datetime
from typing import Any, Literal, NamedTuple

from events.sql_store import Dialect, translated

__all__ = [
    "DirectoryPlayer",
    "LoadedList",
    "PlayerDirectory",
    "RatingKind",
    "SqliteDirectory",
    "fold_name",
    "open_directory",
]

RatingKind = Literal["standard", "rapid", "blitz"]
RATING_KINDS: tuple[RatingKind, ...] = ("standard", "rapid", "blitz")

LOAD_CACHE_KB = 16_384
"""A SQLite load's page cache: SQLite sorts the name index within it (64 MB was no faster)."""
BATCH = 20_000
"""Rows built at a time (one ``executemany`` in SQLite): few calls, and memory stays flat."""


class DirectoryPlayer(NamedTuple):
    """One player of a FIDE list, as the directory holds it (a tuple: rows go to SQLite as
    they are, a million and a half of them). Ratings are ``None`` when unrated."""

    fide_id: int
    name: str
    federation: str = ""
    sex: str = ""
    """``m``, ``f`` or empty, as events write it."""
    title: str = ""
    women_title: str = ""
    other_titles: str = ""
    standard: int | None = None
    standard_games: int | None = None
    """Games rated in the list's period (the list's ``SGm``)."""
    standard_k: int | None = None
    """The player's K for the next period, as the list publishes it (``SK``, B.02 7.1.2)."""
    rapid: int | None = None
    rapid_games: int | None = None
    rapid_k: int | None = None
    blitz: int | None = None
    blitz_games: int | None = None
    blitz_k: int | None = None
    birth_year: int | None = None
    flag: str = ""
    """FIDE's flag: ``i`` inactive, ``w`` woman, ``wi`` both."""

    def rating(self, kind: RatingKind) -> int | None:
        """The rating of one time control (``None``: unrated there)."""
        rating: int | None = getattr(self, kind)
        return rating

    def k_factor(self, kind: RatingKind) -> int | None:
        """The list's K for one time control (``None``: the list gives none)."""
        k: int | None = getattr(self, f"{kind}_k")
        return k


class LoadedList(NamedTuple):
    """Which list the directory holds."""

    month: str
    """``YYYY-MM``: the list FIDE published on the first day of that month."""
    source: str
    players: int
    encoding: str
    loaded_at: str


COLUMNS = ", ".join(DirectoryPlayer._fields)
"""The table's columns in :class:`DirectoryPlayer` order (``name_key`` follows them in a row)."""
Row = tuple[Any, ...]
"""A player's fields and then ``name_key``, as a load writes them."""
_INSERT = (
    f"INSERT INTO player_directory ({COLUMNS}, name_key) "
    f"VALUES ({', '.join('?' * (len(DirectoryPlayer._fields) + 1))})"
)


class _FoldedCharacters(dict[int, str]):
    """A ``str.translate`` table: each character without its accents (its compatibility
    decomposition less combining marks), worked out the first time it is met. Character by
    character gives what the whole name's decomposition gives, since only combining marks
    are ever reordered, and they are dropped; a table keeps a load's million and a half
    names from being decomposed one character at a time in Python."""

    def __missing__(self, code: int) -> str:
        decomposed = unicodedata.normalize("NFKD", chr(code))
        self[code] = "".join(c for c in decomposed if not unicodedata.combining(c))
        return self[code]


_UNACCENTED = _FoldedCharacters()


def fold_name(text: str) -> str:
    """A name as searched: lower case, accents and commas dropped, blanks collapsed.

    >>> fold_name("Núñez,  Luis"), fold_name("carlsen, m")
    ('nunez luis', 'carlsen m')
    """
    if not text.isascii():
        text = text.translate(_UNACCENTED)
    return " ".join(text.replace(",", " ").casefold().split())


def open_directory(db: str | os.PathLike[str], *, busy_timeout_ms: int = 5000) -> PlayerDirectory:
    """The directory beside the event store ``db`` names (see :func:`events.store.open_store`):
    the table in the SQLite file, or in the PostgreSQL database."""
    from events.store import is_postgres, require_postgres_driver

    if is_postgres(db):
        require_postgres_driver()
        from events.directory_postgres import PostgresDirectory

        return PostgresDirectory(os.fspath(db))
    return SqliteDirectory(db, busy_timeout_ms=busy_timeout_ms)


class PlayerDirectory(ABC):
    """One loaded FIDE list: load it whole, look players up by FIDE id or name.

    Each instance holds its own connection (loads come from the command line, searches from
    a request's thread), closed by :meth:`close`.
    """

    _conn: Any
    """The backend's connection (sqlite3 and psycopg both ``execute`` directly on it)."""
    _dialect: type[Dialect]
    """The event store's dialect of the same database: what its driver's errors mean."""
    _mark = "?"
    """The backend's query parameter placeholder."""

    def load(
        self,
        players: Iterable[DirectoryPlayer],
        *,
        month: str,
        source: str,
        encoding: Callable[[], str] = lambda: "utf-8",
        progress: Callable[[int], None] | None = None,
    ) -> int:
        """Replace the directory with ``players`` (one transaction; ``progress`` is called
        with the running count after each batch). Returns how many were loaded.

        ``encoding`` says how the file was decoded; it is asked once every player is read,
        since a streamed file knows only at its end whether it needed the Latin-1 fallback.

        :raises StoreError: when the database refuses the load (nothing changes then);
            errors raised by ``players`` itself (a bad line) also roll it back.
        """
        count = 0

        def batches() -> Iterator[list[Row]]:
            nonlocal count
            rows = iter(players)
            while batch := [(*p, fold_name(p.name)) for p in itertools.islice(rows, BATCH)]:
                yield batch  # back here once the batch is written
                count += len(batch)
                if progress is not None:
                    progress(count)

        def listed() -> LoadedList:
            now = datetime.now(UTC).isoformat()
            return LoadedList(month, source, count, encoding(), now)

        self._replace(batches(), listed)
        return count

    def search(self, text: str, *, limit: int = 20) -> list[DirectoryPlayer]:
        """Players whose FIDE id is ``text`` (all digits), else whose name starts with it
        (accents, case and commas ignored), in name order."""
        if text.strip().isdigit():
            found = self.get(int(text))
            return [found] if found else []
        key = fold_name(text)
        if not key:
            return []
        return self._name_range(key, key + "\U0010ffff", limit)

    @abstractmethod
    def _replace(self, batches: Iterator[list[Row]], listed: Callable[[], LoadedList]) -> None:
        """Write the rows of ``batches`` in place of the table's, and ``listed()`` (asked
        after the last batch) as the list held, all in one transaction."""

    def _name_range(self, low: str, high: str, limit: int) -> list[DirectoryPlayer]:
        """Players with ``low <= name_key < high`` (code point order), by key then FIDE id."""
        mark = self._mark
        with translated(self._dialect):
            rows = self._conn.execute(
                f"SELECT {COLUMNS} FROM player_directory WHERE name_key >= {mark} "
                f"AND name_key < {mark} ORDER BY name_key, fide_id LIMIT {mark}",
                (low, high, limit),
            ).fetchall()
        return [DirectoryPlayer(*row) for row in rows]

    def loaded_list(self) -> LoadedList | None:
        """The list the directory holds, ``None`` before any load."""
        with translated(self._dialect):
            row = self._conn.execute(
                "SELECT month, source, players, encoding, loaded_at FROM player_directory_list"
            ).fetchone()
        return LoadedList(*row) if row else None

    def get(self, fide_id: int) -> DirectoryPlayer | None:
        """The player with this FIDE id, ``None`` when the list has none."""
        with translated(self._dialect):
            row = self._conn.execute(
                f"SELECT {COLUMNS} FROM player_directory WHERE fide_id = {self._mark}", (fide_id,)
            ).fetchone()
        return DirectoryPlayer(*row) if row else None

    def close(self) -> None:
        """Close the directory's connection."""
        self._conn.close()


class SqliteDirectory(PlayerDirectory):
    """The directory in the event store's SQLite file (``":memory:"``: a private one).

    WAL lets a running server read on while a load writes (the load's own writes wait up
    to ``busy_timeout_ms`` for another writer).
    """

    def __init__(self, path: str | os.PathLike[str], *, busy_timeout_ms: int = 5000) -> None:
        import sqlite3

        import sqlite_utils  # on first use: ``events`` exports this module, ``arbiter pair``

        from events.sqlite_store import SqliteDialect
        from migrations import migrate  # never opens a database

        self._dialect = SqliteDialect
        with translated(SqliteDialect, f"cannot open the player directory {path}"):
            connection = sqlite3.connect(
                os.fspath(path), isolation_level=None, check_same_thread=False,
                timeout=busy_timeout_ms / 1000,
            )  # fmt: skip
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
            migrate(sqlite_utils.Database(connection, execute_plugins=False))
        self._conn = connection

    def _replace(self, batches: Iterator[list[Row]], listed: Callable[[], LoadedList]) -> None:
        """In the store's file, so nothing is relaxed for speed: the journal and ``synchronous``
        are the database's, shared with the events (SQLite sets them per file, not per
        table). The cost is in building rows, not in these settings (bench/rating_list.py)."""
        self._conn.execute(f"PRAGMA cache_size = -{LOAD_CACHE_KB}")
        with translated(self._dialect, "cannot load the players list"):
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                # The name index is built once, after the rows are in: sorting a million and a
                # half keys at the end costs a fraction of keeping the index ordered on every
                # insert. Its definition is the migration's, read back rather than repeated.
                (index,) = self._conn.execute(
                    "SELECT sql FROM sqlite_master WHERE name = 'player_directory_name'"
                ).fetchone()
                self._conn.execute("DROP INDEX player_directory_name")
                self._conn.execute("DELETE FROM player_directory")  # SQLite drops the pages
                for batch in batches:
                    self._conn.executemany(_INSERT, batch)
                self._conn.execute(index)
                self._conn.execute(
                    "INSERT OR REPLACE INTO player_directory_list "
                    "(id, month, source, players, encoding, loaded_at) VALUES (1, ?, ?, ?, ?, ?)",
                    listed(),
                )
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            self._conn.execute("COMMIT")
