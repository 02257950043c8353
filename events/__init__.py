"""Event types, the event store, projections and the decisions.

The root holds the store; the rest of the public API lives in the modules and subpackages
that ``__all__`` names, imported by their own names (``from events.errors import
InvalidCommand``), as ``chess.pgn`` is beside ``chess``:

- :mod:`events.types` the events themselves, :mod:`events.envelope` how they are stored
  (versions, :class:`~events.envelope.RecordedEvent`), :mod:`events.errors` every refusal;
- :mod:`events.decisions` the commands and :func:`~events.decisions.decide`,
  :mod:`events.ratings` the rating-list update, :mod:`events.audit` which events were manual;
- :mod:`events.projections` the read models, :mod:`events.tiebreaks` C.07,
  :mod:`events.rating_changes` B.02 (rating changes, by edition), :mod:`events.norms` the
  title norms (B.01);
- :mod:`events.results`, :mod:`events.names`, :mod:`events.bounds` the value types commands
  and events share; :mod:`events.directory` the FIDE players list; :mod:`events.accounts`
  the accounts, grants, API tokens and sessions.

Every other module (the stores, the codec, upcasting) is internal. Everything the root names
is imported on first use: ``arbiter pair`` reads :mod:`events.names` and nothing else here,
and sqlite-utils alone takes a tenth of a second to load.
"""

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from events import (
        accounts,
        audit,
        bounds,
        decisions,
        directory,
        envelope,
        errors,
        names,
        norms,
        projections,
        rating_changes,
        ratings,
        results,
        tiebreaks,
        types,
    )
    from events.memory_store import MemoryEventStore
    from events.postgres_store import notifications
    from events.sqlite_store import SqliteEventStore
    from events.store import EventStore, is_postgres, open_store

_LAZY = {
    "EventStore": "events.store",
    "is_postgres": "events.store",
    "open_store": "events.store",
    "MemoryEventStore": "events.memory_store",
    "SqliteEventStore": "events.sqlite_store",
    "notifications": "events.postgres_store",
}
"""Each name the root exports -> the module holding it, imported on first use."""


def __getattr__(name: str) -> object:
    if name not in _LAZY:  # the public modules are imported by the import system itself
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(_LAZY[name]), name)


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
    "norms",
    "notifications",
    "open_store",
    "projections",
    "rating_changes",
    "ratings",
    "results",
    "tiebreaks",
    "types",
]
