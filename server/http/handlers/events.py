"""A tournament's event log: pages of JSON, or a Server-Sent Events stream."""

from __future__ import annotations

from aiohttp import web

from events.audit import is_manual_intervention
from events.envelope import RecordedEvent
from server.http import keys
from server.http.handlers.call import Call, respond
from server.http.problems import Problem
from server.http.schemas import EventPage, EventsQuery, encode, event_out
from server.http.sse import stream_events
from server.service import TournamentService

__all__ = ["tournament_events"]

EVENT_STREAM = "text/event-stream"


SSE_PAGE = 500
"""Events read at a time while a live stream catches up."""


def _page(
    service: TournamentService, tournament_id: str, after: int, limit: int, manual: bool
) -> EventPage:
    if manual:
        # The integrity log: every manual intervention after ``after``, however far back.
        later = [
            r
            for r in service.history(tournament_id)
            if r.global_position > after and is_manual_intervention(r.event)
        ][:limit]
    else:
        # Positions are global (a stream's are increasing, with gaps): resume at the stream
        # version reached by ``after`` and read one page, never the whole stream.
        later = service.history(
            tournament_id, after_version=service.version_at(tournament_id, after), limit=limit
        )
    return EventPage(
        events=[event_out(recorded) for recorded in later],
        next_after=later[-1].global_position if later else after,
    )


def _last_event_id(request: web.Request, default: int) -> int:
    value = request.headers.get("Last-Event-ID")
    if value is None:
        return default
    if not (value.strip().isdigit() and len(value.strip()) <= 18):
        raise Problem(
            "invalid-header",
            "Last-Event-ID must be an event position (a number)",
            header="Last-Event-ID",
        )
    return int(value)


def _encode(recorded: RecordedEvent) -> str:
    return encode(event_out(recorded)).decode()


async def tournament_events(call: Call[None, EventsQuery]) -> web.StreamResponse:
    """JSON pages by default; with ``Accept: text/event-stream``, the live stream, which
    starts after ``Last-Event-ID`` (a reconnect) or else after ``?after=``."""
    service, tournament_id = call.service, call.tournament_id
    if EVENT_STREAM not in call.request.headers.get("Accept", ""):
        return respond(
            await call.read(
                _page,
                service,
                tournament_id,
                call.query.after,
                call.query.limit,
                call.query.manual,
            )
        )
    after = _last_event_id(call.request, call.query.after)
    await call.read(service.history, tournament_id, limit=1)  # 404 before streaming
    seen = await call.read(service.version_at, tournament_id, after)

    async def read_from(version: int) -> list[RecordedEvent]:
        return await call.read(
            service.history, tournament_id, after_version=version - 1, limit=SSE_PAGE
        )

    app, settings = call.request.app, call.settings
    with app[keys.STREAM_LIMITS].hold(call.request.remote or "unknown"):
        return await stream_events(
            call.request,
            tournament_id=tournament_id,
            read_from=read_from,
            after=after,
            start_version=seen + 1,
            encode=_encode,
            channels=app[keys.CHANNELS],
            streams=app[keys.STREAMS],
            ping_seconds=settings.sse_ping_seconds,
            retry_ms=settings.sse_retry_ms,
            max_seconds=settings.sse_max_seconds,
        )
