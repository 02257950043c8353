"""``arbiter db``: the store's schema, and moving a whole log between stores.

A copy keeps every event row as stored (event ids, global positions, stream versions,
recorded-at times, metadata, schema versions: upcasters run on read, not on copy), so a
tournament reads the same after a move, SSE clients resume with the same ``Last-Event-ID``,
and moving back gives the same log. Snapshots are not copied (they are a cache), nor are
idempotency keys (retries of requests made before the move are decided again).
"""

from __future__ import annotations

import click

from events import EventStore, open_store
from server.cli.support import CliContext, pass_service

__all__ = ["COMMANDS", "copy_log", "db"]

PAGE = 1000


def copy_log(source: EventStore, target: EventStore, *, page: int = PAGE) -> int:
    """Copy every event of ``source`` into the empty ``target``, a page per transaction;
    returns how many were copied.

    :raises StoreError: when ``target`` already holds events.
    """
    copied, after = 0, 0
    while rows := source.read_rows(after=after, limit=page):
        target.write_rows(rows)
        copied += len(rows)
        after = rows[-1].global_position
    return copied


@click.group("db")
def db() -> None:
    """The event store itself: schema and moves (see --db)."""


@db.command("migrate")
@pass_service
def migrate(ctx: CliContext) -> None:
    """Bring the store's schema up to date (opening a store does it too).

    Example:

        arbiter --db postgresql://arbiter@db.example/arbiter db migrate
    """
    open_store(ctx.db).close()
    click.echo(f"{ctx.db}: schema up to date")


@db.command("copy")
@click.argument("source")
@click.argument("target")
def copy(source: str, target: str) -> None:
    """Copy every stream from SOURCE to the empty TARGET (each a SQLite file or a
    postgresql:// URL), keeping event ids and positions.

    Example:

        arbiter db copy arbiter.db postgresql://arbiter@db.example/arbiter
    """
    origin, destination = open_store(source), open_store(target)
    try:
        if destination.read_rows(limit=1):
            raise click.UsageError(f"{target} already holds events; copy into an empty store")
        copied = copy_log(origin, destination)
        streams = len(destination.stream_ids())
    finally:
        origin.close()
        destination.close()
    click.echo(f"copied {copied} events of {streams} streams from {source} to {target}")


COMMANDS = (db,)
