"""Reads of a tournament: conditional, shared, and readable from other origins.

A view of a tournament depends only on its stream version (and the query), so the version
is its entity tag: ``If-None-Match`` with it answers 304 without folding anything, and
requests for the same view of the same version that arrive together share one computation
(:class:`SharedReads`): a hundred clients refreshing standings after a result cost one fold.
Read-only ``GET``\\s carry CORS headers (:func:`cors_middleware`), so a federation's site can
show live standings; writes get none, so a browser on another origin cannot make them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Hashable
from typing import Any

from aiohttp import web

__all__ = ["SharedReads", "cors_middleware", "not_modified"]

READ_METHODS = frozenset({"GET", "HEAD"})
_EXPOSED = "ETag, Retry-After, Location, Idempotent-Replayed, Link"
_ALLOWED_REQUEST_HEADERS = "If-None-Match, Last-Event-ID, Accept, Cache-Control"


class SharedReads:
    """Single flight: one computation per key at a time, its answer given to every
    request that asked for it meanwhile (the event loop's thread only)."""

    def __init__(self) -> None:
        self._running: dict[Hashable, asyncio.Future[Any]] = {}

    async def run(self, key: Hashable, compute: Callable[[], Awaitable[Any]]) -> Any:
        running = self._running.get(key)
        if running is None:
            running = asyncio.ensure_future(compute())
            self._running[key] = running
            running.add_done_callback(lambda _: self._running.pop(key, None))
        # shield: a client that leaves does not cancel the others' answer
        return await asyncio.shield(running)


def not_modified(request: web.Request, etag: str) -> bool:
    """Whether ``If-None-Match`` names ``etag`` (or is ``*``), weak or strong."""
    header = request.headers.get("If-None-Match")
    if header is None:
        return False
    tags = {tag.strip().removeprefix("W/") for tag in header.split(",")}
    return "*" in tags or etag in tags


@web.middleware
async def cors_middleware(
    request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
) -> web.StreamResponse:
    """``Access-Control-Allow-Origin: *`` on reads, and the answer to a read's preflight."""
    if "Origin" not in request.headers:
        return await handler(request)
    if request.method == "OPTIONS":
        wanted = request.headers.get("Access-Control-Request-Method", "")
        if wanted not in READ_METHODS:
            return await handler(request)  # writes are not offered to other origins
        return web.Response(
            status=204,
            headers={
                "Access-Control-Allow-Origin": "*",
                "Access-Control-Allow-Methods": "GET, HEAD",
                "Access-Control-Allow-Headers": _ALLOWED_REQUEST_HEADERS,
                "Access-Control-Max-Age": "600",
            },
        )
    response = await handler(request)
    if request.method in READ_METHODS and not response.prepared:
        response.headers["Access-Control-Allow-Origin"] = "*"
        response.headers["Access-Control-Expose-Headers"] = _EXPOSED
    return response
