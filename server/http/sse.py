"""Server-Sent Events: catch up from the store, then go live, one event per message.

A stream is a catch-up subscription (EVENT-SOURCING.md §2.9): it first replays the
tournament's events after the client's last position (``Last-Event-ID``), then waits on
:class:`EventFeed` and reads what was appended since. The store stays the source of truth:
the feed only says "look again", and a bounded wait makes the stream look again anyway,
so events written by another process on the same database arrive too, a little later.
Each message carries ``id: <global position>``, ``event: <event type>`` and the envelope
as JSON ``data``, so a reconnecting browser resumes exactly where it stopped.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
from collections.abc import Awaitable, Callable, Iterator

from aiohttp import web
from aiohttp_sse import EventSourceResponse, sse_response

from events.envelope import RecordedEvent
from server.http.problems import Problem

__all__ = ["EventFeed", "OpenStreams", "StreamLimits", "close_streams", "stream_events"]

OpenStreams = set[EventSourceResponse]

ReadAfter = Callable[[int], Awaitable[list[RecordedEvent]]]
"""Reads a page of a stream's events from a stream version on (1 = from the start)."""


class EventFeed:
    """Wakes every live stream after this process appended events."""

    def __init__(self) -> None:
        self._wakers: set[asyncio.Event] = set()
        self.closed = False

    def notify(self) -> None:
        for waker in self._wakers:
            waker.set()

    def close(self) -> None:
        """Wake every stream for the last time (server shutdown)."""
        self.closed = True
        self.notify()

    @contextlib.contextmanager
    def subscribe(self) -> Iterator[asyncio.Event]:
        waker = asyncio.Event()
        self._wakers.add(waker)
        try:
            yield waker
        finally:
            self._wakers.discard(waker)


async def stream_events(
    request: web.Request,
    *,
    read_from: ReadAfter,
    after: int,
    start_version: int = 1,
    encode: Callable[[RecordedEvent], str],
    feed: EventFeed,
    streams: OpenStreams,
    poll_seconds: float,
    ping_seconds: float,
    retry_ms: int,
    max_seconds: float,
) -> EventSourceResponse:
    """Send every event with a global position above ``after``, then each new one;
    reading starts at stream version ``start_version`` (the one after the client's last
    event, when known), so a reconnect reads only what is new.

    Runs until the client goes away, the server shuts down, or ``max_seconds`` pass (the
    client then reconnects with ``Last-Event-ID`` and loses nothing).
    """
    deadline = asyncio.get_running_loop().time() + max_seconds
    # Readable from any origin, like every other read (server.http.reads).
    cors = {"Access-Control-Allow-Origin": "*"}
    async with sse_response(request, ping_interval=ping_seconds, headers=cors) as response:
        streams.add(response)
        try:
            # Tell the browser how soon to reconnect; a field-only message dispatches nothing.
            await response.write(f"retry: {retry_ms}\r\n\r\n".encode())
            with feed.subscribe() as waker:
                next_version = start_version
                while (
                    response.is_connected()
                    and not feed.closed
                    and asyncio.get_running_loop().time() < deadline
                ):
                    waker.clear()  # before reading: a commit after the read wakes us again
                    page = await read_from(next_version)
                    for recorded in page:
                        next_version = recorded.stream_version + 1
                        if recorded.global_position > after:
                            await response.send(
                                encode(recorded),
                                id=str(recorded.global_position),
                                event=recorded.event_type,
                            )
                    if page:
                        continue  # more may follow: read on before waiting
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(waker.wait(), poll_seconds)
        except ConnectionResetError:
            pass  # the client left; nothing to tell anyone
        finally:
            streams.discard(response)
    return response


class StreamLimits:
    """Caps on open streams, in total and per client address: each holds a connection and
    a reader for as long as it lasts."""

    def __init__(self, total: int, per_client: int) -> None:
        self.total = total
        self.per_client = per_client
        self._open: collections.Counter[str] = collections.Counter()

    @contextlib.contextmanager
    def hold(self, client: str) -> Iterator[None]:
        """One stream for ``client``.

        :raises Problem: 503 past the total, 429 past the client's share (Retry-After).
        """
        if self._open.total() >= self.total:
            raise Problem(
                "too-many-streams",
                f"the server has its maximum of {self.total} open event streams; retry later",
                headers={"Retry-After": "30"},
            )
        if self._open[client] >= self.per_client:
            raise Problem(
                "too-many-client-streams",
                f"this client has {self.per_client} event streams open, the most allowed",
                headers={"Retry-After": "30"},
            )
        self._open[client] += 1
        try:
            yield
        finally:
            self._open[client] -= 1
            if not self._open[client]:
                del self._open[client]


async def close_streams(streams: OpenStreams) -> None:
    """``on_shutdown``: end every open stream so the server can stop promptly."""
    for response in list(streams):
        response.stop_streaming()
