"""What every ``arbiter`` command shares: the database option's context, which opens the
store and the service only when a command needs them (so that ``arbiter pair`` starts
without loading the event store's libraries), and the ``--round``/``--version`` options of
the views.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from server.service import EngineResolver, TournamentService

__all__ = ["CliContext", "as_of_options", "pass_service"]


@dataclass
class CliContext:
    """Holds ``--db`` (and the engine resolver) and opens the store only when a command
    needs it. Tests pass their own as ``obj`` to swap in a fake engine."""

    db: str | Path
    """A SQLite file or a ``postgresql://`` URL."""
    engines: EngineResolver | None = None
    """Finds a pairing system by name; None: the installed engines."""
    _service: TournamentService | None = field(default=None, repr=False)

    def service(self) -> TournamentService:
        if self._service is None:
            from events import open_store
            from server.service import TournamentService, installed_engine

            store = open_store(self.db)
            click.get_current_context().call_on_close(store.close)
            self._service = TournamentService(
                store,
                engines=self.engines or installed_engine,
                # No OS user name: the event log is public over HTTP.
                metadata={"source": "cli"},
            )
        return self._service


pass_service = click.make_pass_decorator(CliContext)
"""Decorator giving a command the :class:`CliContext` (call ``.service()`` on it)."""


_AS_OF = (
    click.option(
        "--round", "round_no", type=click.IntRange(min=0), help="Replay to the end of this round."
    ),
    click.option(
        "--version", "to_version", type=click.IntRange(min=0), help="Replay to this stream version."
    ),
)


def as_of_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """``--round`` and ``--version``: show a tournament as it was."""
    for option in reversed(_AS_OF):
        command = option(command)
    return command
