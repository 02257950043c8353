"""The ``arbiter`` command line: one click group; each command family lives in its own module
(:mod:`~server.cli.tournament`, :mod:`~server.cli.rounds`, :mod:`~server.cli.standings`,
:mod:`~server.cli.trf`, :mod:`~server.cli.engines`, :mod:`~server.cli.generate`,
:mod:`~server.cli.serve`, :mod:`~server.cli.demo`).

Every command raises typed errors; the group prints them as one line on stderr and exits
with the code :func:`exit_code` gives (STYLE.md: 0 ok, 1 no valid pairing, 2 unexpected,
3 invalid input, 5 file access; 4, a size limit, does not arise). The error classes are
imported when an error is to be described, not at start.

A command's module is imported only when that command runs (or help lists it): ``arbiter
pair``, which other programs call once per round, must not pay for the HTTP server or the
SQLite store. A new command family adds its module and command names to ``_COMMAND_MODULES``;
the module lists its commands in ``COMMANDS``.
"""

from __future__ import annotations

import functools
import importlib
from typing import Any

import click

from server.cli.support import CliContext

__all__ = ["describe", "exit_code", "exit_codes", "main"]

_COMMAND_MODULES: dict[str, tuple[str, ...]] = {
    "server.cli.tournament": (
        "create-tournament", "tournaments", "register", "correct-player", "withdraw",
        "request-bye", "cancel-bye", "close-tournament", "show", "log",
    ),
    "server.cli.rounds": ("pair-round", "unpair-round", "record-result", "correct-result"),
    "server.cli.standings": ("standings", "crosstable"),
    "server.cli.trf": ("trf", "import", "export"),
    "server.cli.engines": ("pair",),
    "server.cli.ratings": ("ratings",),
    "server.cli.generate": ("generate", "check"),
    "server.cli.serve": ("serve",),
    "server.cli.demo": ("demo",),
    "server.cli.db": ("db",),
}  # fmt: skip
"""Module -> the names of the commands its ``COMMANDS`` holds."""


UNEXPECTED = 2


@functools.cache
def exit_codes() -> tuple[tuple[type[BaseException], int], ...]:
    """Error class -> exit code; the first class the error is an instance of wins."""
    import sqlite3

    from engine import InvalidRequest
    from engine import NoValidPairing as EngineNoValidPairing
    from events import (
        ArbiterError,
        CommandRejected,
        IdempotencyKeyReused,
        NoValidPairing,
        StoreError,
        WrongExpectedVersion,
    )
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


_HINTS = (
    (
        "WrongExpectedVersion",
        "another writer changed the tournament meanwhile; run the command again",
    ),
    ("StoreBusy", "another process is writing; run the command again in a moment"),
)


def describe(error: BaseException) -> str:
    """The one line printed for an error (with what to do about a lost race or a busy
    store); errors outside the table are flagged as bugs."""
    text = " ".join(str(error).split()) or type(error).__name__
    for name, hint in _HINTS:
        if any(kind.__name__ == name for kind in type(error).__mro__):
            return f"{text} ({hint})"
    if any(isinstance(error, kind) for kind, _ in exit_codes()):
        return text
    return f"unexpected {type(error).__name__} (please report it): {text}"


class _ArbiterGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        names = {name for names in _COMMAND_MODULES.values() for name in names}
        return sorted(names | set(self.commands))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands:
            for module, names in _COMMAND_MODULES.items():
                if cmd_name in names:
                    self._load(module)
        return self.commands.get(cmd_name)

    def _load(self, module: str) -> None:
        commands: tuple[click.Command, ...] = importlib.import_module(module).COMMANDS
        for command in commands:
            self.add_command(command)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except (click.ClickException, click.exceptions.Exit, click.Abort):
            raise
        except Exception as error:  # noqa: BLE001 -- the edge: every error becomes one line and a code
            click.echo(f"Error: {describe(error)}", err=True)
            ctx.exit(exit_code(error))


@click.group(cls=_ArbiterGroup)
@click.version_option(package_name="arbiter")
@click.option(
    "--db",
    default="arbiter.db",
    envvar="ARBITER_DB",
    show_default=True,
    help="The event store: a SQLite file (created if missing) or a postgresql:// URL.",
)
@click.pass_context
def main(ctx: click.Context, db: str) -> None:
    """Arbiter: FIDE Swiss tournaments, event-sourced."""
    if not isinstance(ctx.obj, CliContext):
        ctx.obj = CliContext(db)
