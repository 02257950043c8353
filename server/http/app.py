"""The aiohttp application factory: the same app for ``arbiter serve`` and for tests.

>>> from server.settings import Settings, hash_token
>>> app = create_app(Settings(db=":memory:", token_sha256=hash_token("secret")))
>>> app.router["tournaments"].url_for().path
'/tournaments'
"""

from __future__ import annotations

import functools
import multiprocessing
from collections.abc import AsyncIterator
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor

from aiohttp import web

from engine import Pairing, PairingRequest
from events import PairingEngine, SqliteEventStore
from server.http import keys
from server.http.idempotency import InFlight
from server.http.openapi import openapi_json
from server.http.pages import negotiation_middleware, setup_pages
from server.http.problems import problem_middleware
from server.http.routes import setup_routes
from server.http.sse import EventFeed, close_streams
from server.service import EngineResolver, PairingSystem, TournamentService, installed_engine
from server.settings import Settings

__all__ = ["create_app"]

READER_THREADS = 4
PAIRER_THREADS = 4


def create_app(
    settings: Settings, *, engines: EngineResolver = installed_engine
) -> web.Application:
    """Build the application; the store, thread pools and pairing pool open on startup and
    close on cleanup. ``engines`` finds a pairing system by name (tests pass fakes; with
    ``pairing_workers`` > 0 their functions must be picklable)."""
    app = web.Application(
        middlewares=[problem_middleware, negotiation_middleware],
        client_max_size=settings.max_body_bytes,
    )
    app[keys.SETTINGS] = settings
    app[keys.FEED] = EventFeed()
    app[keys.STREAMS] = set()
    app[keys.IN_FLIGHT] = InFlight()
    app[keys.OPENAPI] = openapi_json()
    app.cleanup_ctx.append(functools.partial(_resources, engines=engines))
    app.on_shutdown.append(_end_streams)
    setup_routes(app)
    setup_pages(app)
    return app


async def _resources(app: web.Application, *, engines: EngineResolver) -> AsyncIterator[None]:
    settings = app[keys.SETTINGS]
    store = SqliteEventStore(settings.db)
    pairing = _pairing_pool(settings.pairing_workers)
    app[keys.PAIRING] = pairing
    app[keys.WRITER] = ThreadPoolExecutor(1, thread_name_prefix="arbiter-writer")
    app[keys.READERS] = ThreadPoolExecutor(READER_THREADS, thread_name_prefix="arbiter-reader")
    app[keys.PAIRERS] = ThreadPoolExecutor(PAIRER_THREADS, thread_name_prefix="arbiter-pairer")
    app[keys.SERVICE] = TournamentService(
        store, engines=functools.partial(_offloaded, engines, pairing)
    )
    try:
        yield
    finally:
        for executor in (app[keys.READERS], app[keys.PAIRERS], app[keys.WRITER], pairing):
            executor.shutdown(wait=True, cancel_futures=True)
        store.close()


def _pairing_pool(workers: int) -> Executor:
    if workers <= 0:
        return ThreadPoolExecutor(1, thread_name_prefix="arbiter-pairing")
    # spawn, not fork: this process already runs threads, and a forked child would inherit
    # their locks mid-use.
    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))


def _offloaded(engines: EngineResolver, pool: Executor, system: str) -> PairingSystem:
    """The system ``engines`` finds, with its engine run in ``pool``; the calling thread
    (a pairer thread, never the event loop) waits for the answer."""
    found = engines(system)
    return PairingSystem(functools.partial(_pair_in, pool, found.pair), found.version)


def _pair_in(pool: Executor, pair: PairingEngine, request: PairingRequest) -> Pairing:
    return pool.submit(pair, request).result()


async def _end_streams(app: web.Application) -> None:
    app[keys.FEED].close()
    await close_streams(app[keys.STREAMS])
