"""TRF over HTTP: import a file as a new tournament, export one as of any round."""

from __future__ import annotations

import hashlib

import msgspec
from aiohttp import web

from events import Event, TournamentExists
from events.projections import TournamentState
from server.handlers.call import Call
from server.schemas import ExportQuery, ImportResult, TrfProblemOut, WriteResult
from server.service import TournamentService
from server.trf_commands import ImportTrf
from trf import TrfError, TrfProblem, check_trf, export_document, import_events, write_trf

__all__ = ["export_trf", "import_trf"]

TRF_MEDIA_TYPE = "text/plain"


def _events_of(data: bytes, tournament_id: str) -> tuple[list[Event], list[TrfProblem]]:
    """The events the file stands for, and the warnings about it.

    :raises TrfError: with every problem of the file when any is an error.
    """
    doc, problems = check_trf(data)
    if any(problem.severity == "error" for problem in problems):
        raise TrfError(problems)
    events, warnings = import_events(doc, tournament_id=tournament_id)
    return events, [*problems, *warnings]


def _problem_out(problem: TrfProblem) -> TrfProblemOut:
    return TrfProblemOut(line=problem.line, column=problem.column, severity=problem.severity,
                         detail=problem.message)


async def import_trf(call: Call[bytes, None]) -> web.Response:
    """Refused as a whole (422, each problem by line) unless the file is consistent; the
    same file imported again under the same Idempotency-Key is a replay."""
    tournament_id, data = call.tournament_id, call.body
    events, warnings = await call.read(_events_of, data, tournament_id)
    request = ImportTrf(tournament_id=tournament_id, sha256=hashlib.sha256(data).hexdigest())

    def decision(state: TournamentState) -> list[Event]:
        if state.version:  # the events were decided on an empty stream
            raise TournamentExists(tournament_id)
        return events

    def render(written: WriteResult) -> ImportResult:
        return ImportResult(**msgspec.structs.asdict(written),
                            warnings=[_problem_out(p) for p in warnings])

    return await call.command(
        call.service.run, tournament_id, decision, request=request, new_stream=True,
        metadata={"sha256": request.sha256}, status=201, render=render,
        location=lambda written: call.url("tournament", tournament_id=written.tournament_id),
    )


def _export(service: TournamentService, tournament_id: str, query: ExportQuery) -> str:
    state = service.load(tournament_id, after_round=query.round)
    return write_trf(export_document(state, profile=query.format))


async def export_trf(call: Call[None, ExportQuery]) -> web.Response:
    text = await call.read(_export, call.service, call.tournament_id, call.query)
    suffix = f"-r{call.query.round}" if call.query.round is not None else ""
    return web.Response(
        text=text, content_type=TRF_MEDIA_TYPE, charset="utf-8",
        headers={"Content-Disposition":
                 f'inline; filename="{call.tournament_id}{suffix}.{call.query.format}.trf"'},
    )
