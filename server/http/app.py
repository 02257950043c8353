"""The aiohttp application factory: the same app for ``arbiter serve`` and for tests.

>>> from server.settings import Settings, hash_token
>>> app = create_app(Settings(db=":memory:", token_sha256=hash_token("secret")))
>>> app.router["tournaments"].url_for().path
'/tournaments'
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor

from aiohttp import web

from events import is_postgres, open_store
from server.http import keys
from server.http.auth import FailedAuth
from server.http.idempotency import InFlight
from server.http.logs import access_middleware, log_file_sent
from server.http.openapi import openapi_json
from server.http.pages import negotiation_middleware, setup_pages
from server.http.pairing import PairingPool
from server.http.problems import problem_middleware
from server.http.rates import TokenRates
from server.http.reads import SharedReads, cors_middleware
from server.http.routes import setup_routes
from server.http.sse import Channels, EventFeed, StreamLimits, close_streams
from server.service import EngineResolver, PairingSystem, TournamentService, installed_engine
from server.service.access import PUBLIC
from server.service.accounts import AccountService
from server.settings import MIB, Settings

__all__ = ["create_app"]

log = logging.getLogger(__name__)

READER_THREADS = 4
PAIRER_THREADS = 4


def create_app(
    settings: Settings, *, engines: EngineResolver = installed_engine
) -> web.Application:
    """Build the application; the store, thread pools and pairing pool open on startup and
    close on cleanup. ``engines`` finds a pairing system by name (tests pass fakes; with
    ``pairing_workers`` > 0 their functions must be picklable)."""
    app = web.Application(
        middlewares=[
            access_middleware,
            cors_middleware,
            problem_middleware,
            negotiation_middleware,
        ],
        client_max_size=settings.max_body_bytes,
    )
    app[keys.SETTINGS] = settings
    app[keys.FEED] = EventFeed()
    app[keys.CHANNELS] = Channels(app[keys.FEED], settings.sse_poll_seconds, settings.sse_backlog)
    app[keys.STREAMS] = set()
    app[keys.STREAM_LIMITS] = StreamLimits(settings.sse_max_streams, settings.sse_max_per_client)
    app[keys.IN_FLIGHT] = InFlight()
    app[keys.SHARED_READS] = SharedReads()
    app[keys.PAIRING_RATES] = TokenRates(settings.pairings_per_second, settings.pairings_burst)
    app[keys.OPENAPI] = openapi_json()
    app.cleanup_ctx.append(functools.partial(_resources, engines=engines))
    app.on_shutdown.append(_end_streams)
    app.on_response_prepare.append(log_file_sent)
    setup_routes(app)
    setup_pages(app)
    return app


async def _resources(app: web.Application, *, engines: EngineResolver) -> AsyncIterator[None]:
    settings = app[keys.SETTINGS]
    store = open_store(
        settings.db, busy_timeout_ms=settings.busy_timeout_ms, timeout=settings.store_timeout
    )
    pairing = PairingPool(settings.pairing_workers, settings.pairing_time_limit)
    app[keys.PAIRING] = pairing
    app[keys.WRITER] = ThreadPoolExecutor(1, thread_name_prefix="arbiter-writer")
    app[keys.READERS] = ThreadPoolExecutor(READER_THREADS, thread_name_prefix="arbiter-reader")
    app[keys.PAIRERS] = ThreadPoolExecutor(PAIRER_THREADS, thread_name_prefix="arbiter-pairer")
    app[keys.PAIRERS].submit(pairing.start)  # warm before the first pairing, off the loop
    app[keys.SERVICE] = TournamentService(
        store,
        engines=functools.partial(_offloaded, engines, pairing),
        actor=PUBLIC,
        cache_bytes=settings.cache_mb * MIB,
    )
    app[keys.ACCOUNTS] = accounts = AccountService(store)
    limit = settings.failed_auth_limit
    app[keys.FAILED_AUTH] = FailedAuth(accounts.store, limit=limit, overall_limit=10 * limit)
    listener = None
    if is_postgres(settings.db):
        listening = asyncio.Event()
        listener = asyncio.create_task(_forward_notifications(settings.db, app, listening))
        await asyncio.wait_for(listening.wait(), timeout=30)
    try:
        yield
    finally:
        if listener is not None:
            listener.cancel()
        pairing.close()
        for executor in (app[keys.READERS], app[keys.PAIRERS], app[keys.WRITER]):
            executor.shutdown(wait=True, cancel_futures=True)
        store.close()


LISTEN_RETRY_SECONDS = (0.25, 2.0)
"""The first and the longest pause between attempts to listen again after a dropped
connection (doubling in between): a returning database is heard within two seconds."""


async def _forward_notifications(url: str, app: web.Application, listening: asyncio.Event) -> None:
    """Wake this process's live event streams after every append by any process on the
    database (PostgreSQL LISTEN/NOTIFY). After a dropped connection, listen again (backing
    off while the database is away) and wake them once, as something may have been appended
    meanwhile."""
    import psycopg

    from events import notifications

    feed = app[keys.FEED]
    first, longest = LISTEN_RETRY_SECONDS
    pause = first
    while True:
        try:
            async for _ in notifications(url, timeout=app[keys.SETTINGS].store_timeout):
                if pause != first:
                    log.info("listening to PostgreSQL notifications again")
                pause = first
                listening.set()
                feed.notify()
        except (psycopg.Error, OSError) as error:
            if pause == first:
                log.warning("lost the PostgreSQL notification connection (%s); retrying", error)
        await asyncio.sleep(pause)
        pause = min(pause * 2, longest)


def _offloaded(engines: EngineResolver, pool: PairingPool, system: str) -> PairingSystem:
    """The system ``engines`` finds, with its engine run by ``pool``; the calling thread
    (a pairer thread, never the event loop) waits for the answer."""
    found = engines(system)
    return PairingSystem(functools.partial(pool.run, found.pair), found.version)


async def _end_streams(app: web.Application) -> None:
    """``on_shutdown``, before waiting for handlers: end the streams and stop pairings, so
    that the server stops within seconds whatever was running."""
    app[keys.PAIRING].close()
    app[keys.FEED].close()
    await close_streams(app[keys.STREAMS])
