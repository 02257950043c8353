"""Server-Sent Events: catch up from the store, then go live, one event per message.

A stream is a catch-up subscription (EVENT-SOURCING.md §2.9): it first replays the
tournament's events after the client's last position (``Last-Event-ID``), then takes what
its tournament's :class:`Channel` reads: one reader per tournament, not per stream, so a
hall of phones costs one store read and one encoding per event. The store stays the source
of truth: the feed only says "look again", and a bounded wait makes the channel look again
anyway, so events written by another process on the same database arrive too, a little later.
Each message carries ``id: <global position>``, ``event: <event type>`` and the envelope
as JSON ``data``, so a reconnecting browser resumes exactly where it stopped.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import functools
import logging
from collections.abc import Awaitable, Callable, Iterator
from typing import NamedTuple

from aiohttp import web
from aiohttp_sse import EventSourceResponse, sse_response

from events.envelope import RecordedEvent
from events.errors import StoreError
from server.http.problems import Problem

__all__ = [
    "Channels",
    "EventFeed",
    "OpenStreams",
    "StreamLimits",
    "close_streams",
    "sse_message",
    "stream_events",
]

_LOG = logging.getLogger(__name__)

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


class Message(NamedTuple):
    """One event as the bytes every subscriber is sent: encoded once, however many listen."""

    stream_version: int
    global_position: int
    data: bytes


def sse_message(recorded: RecordedEvent, encode: Callable[[RecordedEvent], str]) -> Message:
    """``id: <global position>``, ``event: <type>`` and the JSON ``data`` of one event."""
    lines = [f"id: {recorded.global_position}", f"event: {recorded.event_type}"]
    lines += [f"data: {line}" for line in encode(recorded).splitlines() or [""]]
    text = "\r\n".join(lines) + "\r\n\r\n"
    return Message(recorded.stream_version, recorded.global_position, text.encode())


class Subscriber:
    """What one open stream has been handed and not yet sent.

    A subscriber that falls ``limit`` messages behind (a stalled phone) is cut off rather
    than buffered without end: its stream closes and the browser reconnects with
    ``Last-Event-ID``, catching up from the store.
    """

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.pending: collections.deque[Message] = collections.deque()
        self.ready = asyncio.Event()
        self.overflowed = False

    def offer(self, message: Message) -> None:
        if len(self.pending) >= self.limit:
            self.overflowed = True
            self.pending.clear()
        else:
            self.pending.append(message)
        self.ready.set()


class Channel:
    """One tournament's live events, read from the store once and fanned out.

    A single task per tournament follows the stream (woken by :class:`EventFeed`, or after
    ``poll_seconds`` for writes made by another process), encodes each new event once and
    offers it to every subscriber; it ends when the last subscriber leaves.
    """

    def __init__(
        self,
        read_from: ReadAfter,
        encode: Callable[[RecordedEvent], str],
        feed: EventFeed,
        poll_seconds: float,
        next_version: int,
        on_idle: Callable[[], None],
    ) -> None:
        self.read_from, self.encode = read_from, encode
        self.feed, self.poll_seconds = feed, poll_seconds
        self.next_version = next_version
        self.subscribers: set[Subscriber] = set()
        self._on_idle = on_idle
        self._task = asyncio.get_running_loop().create_task(self._follow())

    async def _follow(self) -> None:
        try:
            with self.feed.subscribe() as waker:
                while self.subscribers and not self.feed.closed:
                    waker.clear()  # before reading: a commit after the read wakes us again
                    try:
                        page = await self.read_from(self.next_version)
                    except StoreError as error:
                        # The database is away: keep every subscriber and look again later.
                        _LOG.warning("live events of a tournament not read: %s", error)
                        page = []
                    for recorded in page:
                        message = sse_message(recorded, self.encode)
                        self.next_version = recorded.stream_version + 1
                        for subscriber in self.subscribers:
                            subscriber.offer(message)
                    if not page:
                        with contextlib.suppress(TimeoutError):
                            await asyncio.wait_for(waker.wait(), self.poll_seconds)
        finally:
            self._on_idle()
            for subscriber in self.subscribers:
                subscriber.overflowed = True  # the channel is gone: end the stream
                subscriber.ready.set()


class Channels:
    """The live channels of one server process, by tournament."""

    def __init__(self, feed: EventFeed, poll_seconds: float, backlog: int) -> None:
        self.feed, self.poll_seconds, self.backlog = feed, poll_seconds, backlog
        self._open: dict[str, Channel] = {}

    def _forget(self, tournament_id: str) -> None:
        del self._open[tournament_id]

    @contextlib.contextmanager
    def join(
        self,
        tournament_id: str,
        read_from: ReadAfter,
        encode: Callable[[RecordedEvent], str],
        next_version: int,
    ) -> Iterator[tuple[Subscriber, int]]:
        """A subscriber of ``tournament_id``'s channel, and the stream version from which
        the channel hands it events: what comes before is the subscriber's to read."""
        channel = self._open.get(tournament_id)
        if channel is None:
            channel = Channel(
                read_from,
                encode,
                self.feed,
                self.poll_seconds,
                next_version,
                on_idle=functools.partial(self._forget, tournament_id),
            )
            self._open[tournament_id] = channel
        subscriber = Subscriber(self.backlog)
        channel.subscribers.add(subscriber)
        try:
            yield subscriber, channel.next_version
        finally:
            channel.subscribers.discard(subscriber)


async def _catch_up(
    response: EventSourceResponse,
    read_from: ReadAfter,
    encode: Callable[[RecordedEvent], str],
    next_version: int,
    until: int,
    after: int,
) -> int:
    """Send from the store the events from ``next_version`` up to ``until`` (where the
    channel takes over); return the version to go on from."""
    while next_version < until:
        page = await read_from(next_version)
        if not page:
            break
        for recorded in page:
            if recorded.stream_version >= until:
                return next_version
            next_version = recorded.stream_version + 1
            if recorded.global_position > after:
                await response.write(sse_message(recorded, encode).data)
    return next_version


async def stream_events(
    request: web.Request,
    *,
    tournament_id: str,
    read_from: ReadAfter,
    after: int,
    start_version: int = 1,
    encode: Callable[[RecordedEvent], str],
    channels: Channels,
    streams: OpenStreams,
    ping_seconds: float,
    retry_ms: int,
    max_seconds: float,
) -> EventSourceResponse:
    """Send every event with a global position above ``after``, then each new one;
    reading starts at stream version ``start_version`` (the one after the client's last
    event, when known), so a reconnect reads only what is new.

    The stream joins its tournament's :class:`Channel` first, then reads from the store
    what came before the channel's position: nothing falls between the two, and a message
    the channel repeats is skipped by its version.

    Runs until the client goes away, the server shuts down, the client falls too far
    behind, or ``max_seconds`` pass (the client then reconnects with ``Last-Event-ID`` and
    loses nothing).
    """
    loop = asyncio.get_running_loop()
    deadline = loop.time() + max_seconds
    # Readable from any origin, like every other read (server.http.reads).
    cors = {"Access-Control-Allow-Origin": "*"}
    async with sse_response(request, ping_interval=ping_seconds, headers=cors) as response:
        streams.add(response)
        try:
            # Tell the browser how soon to reconnect; a field-only message dispatches nothing.
            await response.write(f"retry: {retry_ms}\r\n\r\n".encode())
            with channels.join(tournament_id, read_from, encode, start_version) as joined:
                subscriber, channel_start = joined
                next_version = await _catch_up(
                    response, read_from, encode, start_version, channel_start, after
                )
                while response.is_connected() and loop.time() < deadline:
                    while subscriber.pending:
                        message = subscriber.pending.popleft()
                        if message.stream_version >= next_version:
                            next_version = message.stream_version + 1
                            if message.global_position > after:
                                await response.write(message.data)
                    if subscriber.overflowed:
                        break
                    subscriber.ready.clear()
                    # Wake at least every ping to notice a client that went away.
                    with contextlib.suppress(TimeoutError):
                        # asyncio.timeout, not wait_for: no task per wait and stream.
                        async with asyncio.timeout(min(ping_seconds, deadline - loop.time())):
                            await subscriber.ready.wait()
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
