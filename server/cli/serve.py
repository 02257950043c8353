"""``arbiter serve``: the HTTP API, on a SQLite file or a PostgreSQL database.

``--workers N`` starts N server processes on one port (``SO_REUSEPORT``: the kernel hands
each new connection to one of them), all on one PostgreSQL database: any process takes any
request, because the store checks expected versions and idempotency keys in the database,
each process's state cache catches up from it, and LISTEN/NOTIFY wakes every process's live
streams. A SQLite file has one writing process, so it takes one worker. The workers stop
with the process that started them, however it ends (even ``kill -9``): each holds the
reading end of a pipe only the parent can write to, and stops when it reads its end.

The write token is generated at first start and printed once; only its SHA-256 digest is
kept, in ``<db>.token-sha256`` next to the database; ``arbiter token --rotate`` issues a
new one, in force at once. ``--token-file`` reads the token from a file instead, e.g. a secret mounted
by the deployment, and then nothing is printed or stored.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import sys
import threading
from multiprocessing.connection import Connection
from pathlib import Path

import click

from events import is_postgres
from server.cli.demo import DEMO_ID, demo
from server.cli.support import CliContext
from server.settings import (
    CACHE_MB,
    MIB,
    STREAMS_PER_ADDRESS,
    Settings,
    hash_token,
    new_token,
    read_token_file,
)

__all__ = ["COMMANDS", "serve", "token", "token_digest", "token_file_of"]


def token_file_of(db: Path) -> Path:
    """Where the digest of the server's write token is kept: next to the database."""
    return db.with_name(db.name + ".token-sha256")


def token_digest(db: Path, token_file: Path | None) -> tuple[str, str | None]:
    """The digest writes are checked against, and the token if it was just generated
    (the caller prints it: it is never shown again)."""
    if token_file is not None:
        try:
            return hash_token(read_token_file(token_file)), None
        except ValueError as error:
            raise click.BadParameter(str(error), param_hint="--token-file") from None
    digest_file = token_file_of(db)
    if digest_file.exists():
        return digest_file.read_text(encoding="ascii").strip(), None
    token = new_token()
    # Create it readable by the owner only; the digest gives nothing away, but it is the
    # arbiter's file.
    fd = os.open(digest_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as out:
        out.write(hash_token(token) + "\n")
    return hash_token(token), token


@click.command("serve")
@click.option(
    "--db",
    help="A SQLite file or a postgresql:// URL (default: the global --db, ./arbiter.db).",
)
@click.option("--host", default="127.0.0.1", show_default=True, help="Interface to listen on.")
@click.option(
    "--port", type=click.IntRange(1, 65535), default=8080, show_default=True, help="TCP port."
)
@click.option(
    "--token-file",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="Read the write token from this file instead of generating one.",
)
@click.option(
    "--demo",
    "load_demo",
    is_flag=True,
    help=f"Create the demo tournament ({DEMO_ID!r}) first, unless it exists.",
)
@click.option(
    "--pairing-workers",
    type=click.IntRange(0, 64),
    default=2,
    show_default=True,
    help="Processes that run the pairing engine (0: a thread of the server).",
)
@click.option(
    "--workers",
    type=click.IntRange(1, 64),
    default=1,
    show_default=True,
    help="Server processes sharing the port (above 1: PostgreSQL only).",
)
@click.option(
    "--pairing-time-limit",
    type=click.FloatRange(0.1, 3600),
    default=120.0,
    show_default=True,
    help="Seconds one pairing may take before it is stopped and refused.",
)
@click.option(
    "--idle-timeout",
    type=click.FloatRange(0.5, 3600),
    default=15.0,
    show_default=True,
    help="Seconds a connection may stay idle (or silent after connecting) before it is closed.",
)
@click.option(
    "--behind-tls-proxy",
    is_flag=True,
    help="Browsers reach the server through a TLS proxy: mark the session cookie Secure.",
)
@click.option(
    "--max-body-mib",
    type=click.IntRange(1, 1024),
    default=4,
    show_default=True,
    help="Largest request body accepted, in MiB.",
)
@click.option(
    "--streams-per-address",
    type=click.IntRange(1, 100_000),
    default=STREAMS_PER_ADDRESS,
    show_default=True,
    help="Live event streams one client address may hold (a venue's phones share its NAT's).",
)
@click.option(
    "--cache-mb",
    type=click.IntRange(1, 1_000_000),
    default=CACHE_MB,
    show_default=True,
    help="Memory for folded tournaments, in MiB; the least recently read are dropped past it.",
)
@click.pass_context
def serve(
    ctx: click.Context,
    db: str | None,
    host: str,
    port: int,
    token_file: Path | None,
    load_demo: bool,
    pairing_workers: int,
    workers: int,
    pairing_time_limit: float,
    idle_timeout: float,
    behind_tls_proxy: bool,
    max_body_mib: int,
    streams_per_address: int,
    cache_mb: int,
) -> None:
    """Serve the HTTP API: reads are public, writes need the bearer token.

    Example:

        arbiter serve --demo --port 8080
    """
    group = ctx.find_object(CliContext)
    database = str(db or (group.db if group else "arbiter.db"))
    if is_postgres(database):
        if token_file is None:
            raise click.UsageError("with PostgreSQL, give the write token with --token-file")
    elif workers > 1:
        raise click.UsageError(
            "--workers above 1 needs a PostgreSQL --db (one process writes SQLite)"
        )
    if load_demo:
        ctx.obj = CliContext(database)
        ctx.invoke(demo)
        click.echo()
    digest, token = token_digest(Path(database), token_file)
    settings = Settings(
        db=database,
        token_sha256=digest,
        token_digest_file="" if token_file is not None else str(token_file_of(Path(database))),
        pairing_workers=pairing_workers,
        pairing_time_limit=pairing_time_limit,
        max_body_bytes=max_body_mib * MIB,
        sse_max_per_client=streams_per_address,
        behind_tls_proxy=behind_tls_proxy,
        cache_mb=cache_mb,
    )
    base = f"http://{f'[{host}]' if ':' in host else host}:{port}"
    if token is not None:
        click.echo(f"Write token (shown once; keep it): {token}")
        click.echo(f"  send it as 'Authorization: Bearer {token}'")
        click.echo("  (arbiter token --rotate issues a new one)")
    click.echo(f"Open {base}/ in a browser; the API is described at {base}/openapi.json")
    if load_demo:
        click.echo(
            f"The demo tournament: {base}/tournaments/{DEMO_ID}/rounds/1 and "
            f"{base}/tournaments/{DEMO_ID}/standings"
        )
    if workers == 1:
        _run(settings, host, port, idle_timeout, reuse_port=False)
        return
    context = multiprocessing.get_context("spawn")
    # Only this process holds the writing end: when it ends, each worker reads end-of-file.
    parent_end, alive = context.Pipe(duplex=False)
    processes = [
        context.Process(
            target=_worker,
            args=(parent_end, settings, host, port, idle_timeout),
            name=f"arbiter-{n}",
        )
        for n in range(workers)
    ]
    for process in processes:
        process.start()
    parent_end.close()
    # SIGTERM to this process stops the workers too (by default it would end only this one).
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(0))
    try:
        for process in processes:
            process.join()
    finally:
        for process in processes:
            process.terminate()
            process.join()
        alive.close()


def _worker(
    parent_end: Connection, settings: Settings, host: str, port: int, idle_timeout: float
) -> None:
    """One of the ``--workers`` processes: it serves until it is stopped, or its parent ends."""
    threading.Thread(target=_stop_with, args=(parent_end,), daemon=True).start()
    _run(settings, host, port, idle_timeout, reuse_port=True)


def _stop_with(parent_end: Connection) -> None:
    """Wait for the parent's end of the pipe to close (nothing is ever sent on it), then stop
    this process as SIGTERM does: the listening socket closes first, requests finish."""
    with contextlib.suppress(EOFError, OSError):
        parent_end.recv_bytes()
    os.kill(os.getpid(), signal.SIGTERM)


def _run(settings: Settings, host: str, port: int, idle_timeout: float, reuse_port: bool) -> None:
    """One server process (the entry point of each worker)."""
    from aiohttp import web  # the server's libraries load only when it is started

    from server.http.app import create_app
    from server.http.logs import configure_logging

    configure_logging()
    web.run_app(
        create_app(settings),
        host=host,
        port=port,
        shutdown_timeout=5,
        access_log=None,  # ours (server.http.logs) has the same facts and the duration
        keepalive_timeout=idle_timeout,
        reuse_port=reuse_port,
    )


@click.command("token")
@click.option("--rotate", is_flag=True, help="Issue a new write token; the old one stops working.")
@click.option(
    "--db",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The SQLite event store (default: the global --db, ./arbiter.db).",
)
@click.pass_context
def token(ctx: click.Context, rotate: bool, db: Path | None) -> None:
    """Issue a new write token for the HTTP server (only its digest is kept).

    The server checks every write against ``<db>.token-sha256``; a rotated token is in
    force for a running server from its next write check, and the old one is refused.

    Example:

        arbiter token --rotate
    """
    if not rotate:
        raise click.UsageError(
            "the token is never stored, so it cannot be shown again: "
            "give --rotate to issue a new one"
        )
    group = ctx.find_object(CliContext)
    database = db or (group.db if group else Path("arbiter.db"))
    digest_file = token_file_of(Path(database))
    issued = new_token()
    temporary = digest_file.with_name(digest_file.name + ".new")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as out:
        out.write(hash_token(issued) + "\n")
    temporary.replace(digest_file)  # atomic: a server reading it sees old or new
    click.echo(f"New write token (shown once; keep it): {issued}")
    click.echo(f"  send it as 'Authorization: Bearer {issued}'; the previous token is refused")


COMMANDS = (serve, token)
