"""What every ``arbiter`` command shares: the database option's context, and the one table
that turns errors into exit codes (STYLE.md: 0 ok, 1 no valid pairing, 2 unexpected,
3 invalid input, 5 file access; 4, a size limit, does not arise).

The store, the service and the error classes are imported when first needed, so that
``arbiter pair`` starts without loading the event store's libraries.
"""

from __future__ import annotations

import functools
import getpass
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from server.service import EngineResolver, TournamentService

__all__ = ["CliContext", "describe", "exit_code", "exit_codes", "pass_service"]

UNEXPECTED = 2


@functools.cache
def exit_codes() -> tuple[tuple[type[BaseException], int], ...]:
    """Error class -> exit code; the first class the error is an instance of wins."""
    import sqlite3

    from engine.errors import InvalidRequest
    from engine.errors import NoValidPairing as EngineNoValidPairing
    from events import ArbiterError, CommandRejected, IdempotencyKeyReused, StoreError
    from events.errors import NoValidPairing, WrongExpectedVersion
    from events.tiebreaks import TiebreakError
    from trf import TrfError

    return (
        (NoValidPairing, 1),
        (EngineNoValidPairing, 1),
        (InvalidRequest, 3),
        (TiebreakError, 3),
        (TrfError, 3),
        (CommandRejected, 3),
        (IdempotencyKeyReused, 3),
        (WrongExpectedVersion, 2),
        (StoreError, 5),
        (sqlite3.Error, 5),
        (OSError, 5),
        (ArbiterError, 2),
    )


def exit_code(error: BaseException) -> int:
    for kind, code in exit_codes():
        if isinstance(error, kind):
            return code
    return UNEXPECTED


def describe(error: BaseException) -> str:
    """The one line printed for an error; errors outside the table are flagged as bugs."""
    text = " ".join(str(error).split()) or type(error).__name__
    if any(isinstance(error, kind) for kind, _ in exit_codes()):
        return text
    return f"unexpected {type(error).__name__} (please report it): {text}"


@dataclass
class CliContext:
    """Holds ``--db`` (and the engine resolver) and opens the store only when a command
    needs it. Tests pass their own as ``obj`` to swap in a fake engine."""

    db: Path
    engines: EngineResolver | None = None
    """Finds a pairing system by name; None: the installed engines."""
    _service: TournamentService | None = field(default=None, repr=False)

    def service(self) -> TournamentService:
        if self._service is None:
            from events import SqliteEventStore
            from server.service import TournamentService, installed_engine

            store = SqliteEventStore(self.db)
            click.get_current_context().call_on_close(store.close)
            self._service = TournamentService(
                store,
                engines=self.engines or installed_engine,
                metadata={"source": "cli", "actor": _user()},
            )
        return self._service


def _user() -> str:
    """The operating-system user, recorded as the actor of CLI commands."""
    try:
        return getpass.getuser()
    except (KeyError, OSError):  # no user name in this environment
        return "unknown"


pass_service = click.make_pass_decorator(CliContext)
"""Decorator giving a command the :class:`CliContext` (call ``.service()`` on it)."""
