"""What every ``arbiter`` command shares: the database option's context, and the one table
that turns errors into exit codes (STYLE.md: 0 ok, 1 no valid pairing, 2 unexpected,
3 invalid input, 4 limits, 5 file access)."""

from __future__ import annotations

import getpass
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

import click

from engine.errors import InvalidRequest, NoValidPairing as EngineNoValidPairing
from events import ArbiterError, CommandRejected, IdempotencyKeyReused, SqliteEventStore, StoreError
from events.errors import NoValidPairing, WrongExpectedVersion
from events.tiebreaks import TiebreakError
from server.service import EngineResolver, TournamentService, installed_engine
from trf import TrfError

__all__ = ["EXIT_CODES", "CliContext", "describe", "exit_code", "pass_service"]

EXIT_CODES: tuple[tuple[type[BaseException], int], ...] = (
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
"""Error class -> exit code; the first class the error is an instance of wins."""

UNEXPECTED = 2


def exit_code(error: BaseException) -> int:
    for kind, code in EXIT_CODES:
        if isinstance(error, kind):
            return code
    return UNEXPECTED


def describe(error: BaseException) -> str:
    """The one line printed for an error; errors outside the table are flagged as bugs."""
    text = " ".join(str(error).split()) or type(error).__name__
    if any(isinstance(error, kind) for kind, _ in EXIT_CODES):
        return text
    return f"unexpected {type(error).__name__} (please report it): {text}"


@dataclass
class CliContext:
    """Holds ``--db`` (and the engine resolver) and opens the store only when a command
    needs it. Tests pass their own as ``obj`` to swap in a fake engine."""

    db: Path
    engines: EngineResolver = installed_engine
    _service: TournamentService | None = field(default=None, repr=False)

    def service(self) -> TournamentService:
        if self._service is None:
            store = SqliteEventStore(self.db)
            click.get_current_context().call_on_close(store.close)
            self._service = TournamentService(
                store, engines=self.engines, metadata={"source": "cli", "actor": _user()}
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
