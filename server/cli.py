"""The ``arbiter`` command line: one click group; each command family lives in its own module.

Every command raises typed errors; the group prints them as one line on stderr and exits
with the code :data:`server.cli_support.EXIT_CODES` gives.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from server.cli_support import CliContext, describe, exit_code


class _ArbiterGroup(click.Group):
    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except (click.ClickException, click.exceptions.Exit, click.Abort):
            raise
        except Exception as error:  # the edge: every error becomes one line and a code
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


from server.cli_tournament import COMMANDS  # noqa: E402  (commands register on the group above)
from server.cli_demo import demo  # noqa: E402

for _command in (*COMMANDS, demo):
    main.add_command(_command)

from server.standings_command import crosstable  # noqa: E402

main.add_command(crosstable)

from server.pair_command import pair_command  # noqa: E402

main.add_command(pair_command)

from server.trf_commands import export_command, import_command, trf_group  # noqa: E402

for _command in (trf_group, import_command, export_command):
    main.add_command(_command)

from server.serve_command import serve  # noqa: E402

main.add_command(serve)
