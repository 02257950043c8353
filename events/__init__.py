"""Event types, the event store, projections and the decisions.

The root holds the store; the rest of the public API lives in the modules and subpackages
that ``__all__`` names, imported by their own names (``from events.errors import
InvalidCommand``), as ``chess.pgn`` is beside ``chess``:

- :mod:`events.types` the events themselves, :mod:`events.envelope` how they are stored
  (versions, :class:`~events.envelope.RecordedEvent`), :mod:`events.errors` every refusal;
- :mod:`events.decisions` the commands and :func:`~events.decisions.decide`,
  :mod:`events.ratings` the rating-list update, :mod:`events.audit` which events were manual;
- :mod:`events.projections` the read models, :mod:`events.tiebreaks` C.07;
- :mod:`events.results`, :mod:`events.names`, :mod:`events.bounds` the value types commands
  and events share; :mod:`events.directory` the FIDE players list; :mod:`events.accounts`
  the accounts, grants, API tokens and sessions.

Every other module (the stores, the codec, upcasting) is internal. ``SqliteEventStore`` is
imported on first use: sqlite-utils takes a tenth of a second to load, and ``arbiter pair``
never opens a store.
"""

from typing import TYPE_CHECKING

from events import (
    accounts,
    audit,
    bounds,
    decisions,
    directory,
    envelope,
    errors,
    names,
    projections,
    ratings,
    results,
    tiebreaks,
    types,
)
from events.memory_store import MemoryEventStore
from events.store import EventStore, is_postgres, open_store

if TYPE_CHECKING:
    from events.postgres_store import notifications
    from events.sqlite_store import SqliteEventStore


def __getattr__(name: str) -> object:
    if name == "SqliteEventStore":
        from events.sqlite_store import SqliteEventStore

        return SqliteEventStore
    if name == "notifications":  # psycopg is loaded only by a PostgreSQL server
        from events.postgres_store import notifications

        return notifications
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "EventStore",
    "MemoryEventStore",
    "SqliteEventStore",
    "accounts",
    "audit",
    "bounds",
    "decisions",
    "directory",
    "envelope",
    "errors",
    "is_postgres",
    "names",
    "notifications",
    "open_store",
    "projections",
    "ratings",
    "results",
    "tiebreaks",
    "types",
]
