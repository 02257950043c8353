"""The ``arbiter`` command line: one click group; each command family lives in its own module.

Every command raises typed errors; the group prints them as one line on stderr and exits
with the code :func:`server.cli_support.exit_code` gives.

A command's module is imported only when that command runs (or help lists it): ``arbiter
pair``, which other programs call once per round, must not pay for the HTTP server or the
SQLite store. A new command family adds its module and command names to ``_COMMAND_MODULES``;
the module lists its commands in ``COMMANDS``.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

import click

from server.cli_support import CliContext, describe, exit_code

_COMMAND_MODULES: dict[str, tuple[str, ...]] = {
    "server.cli_tournament": (
        "create-tournament", "tournaments", "register", "correct-player", "withdraw",
        "request-bye", "cancel-bye", "pair-round", "unpair-round", "record-result",
        "correct-result", "close-tournament", "show", "standings", "log",
    ),
    "server.cli_demo": ("demo",),
    "server.standings_command": ("crosstable",),
    "server.pair_command": ("pair",),
    "server.generate_command": ("generate", "check"),
    "server.trf_commands": ("trf", "import", "export"),
    "server.serve_command": ("serve",),
}  # fmt: skip
"""Module -> the names of the commands its ``COMMANDS`` holds."""


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
    type=click.Path(dir_okay=False, path_type=Path),
    default=Path("arbiter.db"),
    envvar="ARBITER_DB",
    show_default=True,
    help="The SQLite event store to use (created if missing).",
)
@click.pass_context
def main(ctx: click.Context, db: Path) -> None:
    """Arbiter: FIDE Swiss tournaments, event-sourced."""
    if not isinstance(ctx.obj, CliContext):
        ctx.obj = CliContext(db)
