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
import contextlib
from collections.abc import Awaitable, Callable, Iterator

from aiohttp import web
from aiohttp_sse import EventSourceResponse, sse_response

from events import RecordedEvent

__all__ = ["EventFeed", "OpenStreams", "close_streams", "stream_events"]

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
    from_version: int,
    after: int,
    encode: Callable[[RecordedEvent], str],
    feed: EventFeed,
    streams: OpenStreams,
    poll_seconds: float,
    ping_seconds: float,
    retry_ms: int,
) -> EventSourceResponse:
    """Send every event with a global position above ``after`` (the stream's events from
    ``from_version`` on), then each new one; catch-up reads page after page.

    Runs until the client goes away or the server shuts down.
    """
    async with sse_response(request, ping_interval=ping_seconds) as response:
        streams.add(response)
        try:
            # Tell the browser how soon to reconnect; a field-only message dispatches nothing.
            await response.write(f"retry: {retry_ms}\r\n\r\n".encode())
            with feed.subscribe() as waker:
                next_version = from_version
                while response.is_connected() and not feed.closed:
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


async def close_streams(streams: OpenStreams) -> None:
    """``on_shutdown``: end every open stream so the server can stop promptly."""
    for response in list(streams):
        response.stop_streaming()
