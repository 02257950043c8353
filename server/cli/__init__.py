"""The ``arbiter`` command line: one click group; each command family lives in its own module
(:mod:`~server.cli.tournament`, :mod:`~server.cli.rounds`, :mod:`~server.cli.standings`,
:mod:`~server.cli.trf`, :mod:`~server.cli.engines`, :mod:`~server.cli.generate`,
:mod:`~server.cli.serve`, :mod:`~server.cli.demo`).

Every command raises typed errors; the group prints them as one line on stderr and exits
with the code the error's class carries (``exit_code``, beside its HTTP ``status``; see
:func:`exit_code`). The codes (STYLE.md, README "Exit codes"):

==  ==================================================================================
0   done (also when a reader such as ``head`` closes the pipe early)
1   no valid pairing exists
2   unexpected: a bug, or another writer changed the tournament at the same moment
3   invalid input: a usage error (unknown option, missing argument), a refused command,
    a file that is not acceptable
4   a size limit (does not arise on the command line)
5   file access: a missing database for a command that only reads, an unreadable file
==  ==================================================================================

A command's module is imported only when that command runs (or help lists it): ``arbiter
pair``, which other programs call once per round, must not pay for the HTTP server or the
SQLite store. A new command family adds its module and command names to ``_COMMAND_MODULES``;
the module lists its commands in ``COMMANDS``.
"""

from __future__ import annotations

import importlib
import io
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

import click

from server import __version__
from server.cli.support import CliContext

__all__ = ["describe", "exit_code", "main"]

_COMMAND_MODULES: dict[str, tuple[str, ...]] = {
    "server.cli.tournament": (
        "create-tournament", "tournaments", "register", "register-many", "correct-player", "withdraw",
        "request-bye", "cancel-bye", "close-tournament", "show", "log",
    ),
    "server.cli.rounds": (
        "pair-round", "pair-manually", "unpair-round", "record-result", "correct-result",
    ),
    "server.cli.corrections": (
        "reopen-tournament", "cancel-withdrawal", "remove-player", "swap-colours", "swap-boards",
    ),
    "server.cli.printing": ("pairings", "results", "card"),
    "server.cli.regulations": ("settings", "forbid-pair", "virtual-points", "draw-lots"),
    "server.cli.standings": ("standings", "crosstable"),
    "server.cli.norms": ("norms",),
    "server.cli.trf": ("trf", "import", "export"),
    "server.cli.engines": ("pair",),
    "server.cli.ratings": ("ratings",),
    "server.cli.generate": ("generate", "check"),
    "server.cli.serve": ("serve", "token"),
    "server.cli.demo": ("demo",),
    "server.cli.db": ("db",),
    "server.cli.accounts": ("user", "grant"),
}  # fmt: skip
"""Module -> the names of the commands its ``COMMANDS`` holds."""


OK = 0
UNEXPECTED = 2
INVALID_INPUT = 3
FILE_ACCESS = 5


def exit_code(error: BaseException) -> int:
    """The code ``error``'s class carries in ``exit_code`` (every error Arbiter raises on
    purpose has one, as it has its HTTP ``status``); a file that cannot be read or written
    (``OSError``) is file access; anything else is unexpected.

    >>> from events.errors import UnknownPlayer
    >>> exit_code(UnknownPlayer(4)), exit_code(PermissionError("arbiter.db"))
    (3, 5)
    """
    declared = _declared_code(error)
    return UNEXPECTED if declared is None else declared


def _declared_code(error: BaseException) -> int | None:
    code = getattr(type(error), "exit_code", None)
    if isinstance(code, int):
        return code
    return FILE_ACCESS if isinstance(error, OSError) else None


_HINTS = (
    (
        "WrongExpectedVersion",
        "another writer changed the tournament meanwhile; run the command again",
    ),
    ("StoreBusy", "another process is writing; run the command again in a moment"),
    (
        "StoreUnavailable",
        "the database cannot serve now; check the disk, the file's permissions or the server",
    ),
)


def describe(error: BaseException) -> str:
    """The one line printed for an error (with what to do about a lost race or a busy
    store); errors that carry no exit code are flagged as bugs."""
    text = " ".join(str(error).split()) or type(error).__name__
    for name, hint in _HINTS:
        if any(kind.__name__ == name for kind in type(error).__mro__):
            return f"{text} ({hint})"
    if _declared_code(error) is not None:
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

    def main(  # type: ignore[override]
        self, args: Sequence[str] | None = None, prog_name: str | None = None, **extra: Any
    ) -> NoReturn:
        """Run like click's standalone mode, with usage errors exiting 3 (invalid input)
        as the exit-code table says, not click's 2 (unexpected)."""
        extra.pop("standalone_mode", None)
        try:
            returned = super().main(args, prog_name, standalone_mode=False, **extra)
        except click.UsageError as error:
            error.show()
            sys.exit(INVALID_INPUT)
        except click.ClickException as error:
            error.show()
            sys.exit(error.exit_code)
        except click.Abort:
            click.echo("Aborted!", err=True)
            sys.exit(INVALID_INPUT)
        sys.exit(returned if isinstance(returned, int) else OK)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except (click.ClickException, click.exceptions.Exit, click.Abort):
            raise
        except BrokenPipeError:
            _quiet_stdout()
            ctx.exit(OK)
        except Exception as error:  # noqa: BLE001 -- the edge: every error becomes one line and a code
            click.echo(f"Error: {describe(error)}", err=True)
            ctx.exit(exit_code(error))


def _quiet_stdout() -> None:
    """The reader closed the pipe (``arbiter log --json | head``): that is not an error;
    point stdout at /dev/null so the interpreter's final flush stays silent too."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, io.UnsupportedOperation):  # stdout is no file (a test runner)
        pass


@click.group(cls=_ArbiterGroup)
@click.version_option(version=__version__, prog_name="arbiter")
@click.option(
    "--db",
    default="arbiter.db",
    envvar="ARBITER_DB",
    show_default=True,
    help=(
        "The event store: a SQLite file or a postgresql:// URL (commands that change it "
        "create a missing SQLite file; read-only commands refuse it)."
    ),
)
@click.option(
    "--as", "acting_as", metavar="NAME",
    help="Act as account NAME: its API token from ARBITER_TOKEN, else its password (asked). "
    "Without it the command line acts as the local administrator, cli:<os user>.",
)  # fmt: skip
@click.pass_context
def main(ctx: click.Context, db: str, acting_as: str | None) -> None:
    """Arbiter: FIDE Swiss tournaments, event-sourced."""
    if not isinstance(ctx.obj, CliContext):
        ctx.obj = CliContext(db)
    ctx.obj.acting_as = acting_as
    ctx.obj.token = os.environ.get("ARBITER_TOKEN") or None
