"""TRF over HTTP: import a file as a new tournament, export one as of any round."""

from __future__ import annotations

import msgspec
from aiohttp import web

from events.tiebreaks import Edition
from server.http.handlers.call import Call, as_of_round
from server.http.schemas import ExportQuery, ImportQuery, ImportResult, TrfProblemOut, WriteResult
from server.service import TournamentService, read_import
from trf import export_document, write_trf
from trf.model import TrfProblem

__all__ = ["export_trf", "import_trf"]

TRF_MEDIA_TYPE = "text/plain"


def _problem_out(problem: TrfProblem) -> TrfProblemOut:
    return TrfProblemOut(
        line=problem.line, column=problem.column, severity=problem.severity, detail=problem.message
    )


async def import_trf(call: Call[bytes, ImportQuery]) -> web.Response:
    """Refused as a whole (422, each problem by line) unless the file is consistent; the
    same file imported again under the same Idempotency-Key is a replay."""
    rules = call.query.tiebreak_rules
    prepared = await call.read(
        read_import,
        call.body,
        tournament_id=call.tournament_id,
        tiebreak_rules=Edition(rules) if rules else None,
    )

    def render(written: WriteResult) -> ImportResult:
        return ImportResult(
            **msgspec.structs.asdict(written), warnings=[_problem_out(p) for p in prepared.warnings]
        )

    response = await call.command(
        call.service.import_trf,
        prepared,
        status=201,
        render=render,
        location=lambda written: call.url("tournament", tournament_id=written.tournament_id),
    )
    if prepared.warnings:
        response.headers["Warning"] = warning_header(prepared.warnings)
    return response


def warning_header(warnings: list[TrfProblem]) -> str:
    """RFC 7234's ``Warning`` (code 299, "miscellaneous persistent warning"): how many, and
    the first one (in ASCII), so that a client reading only headers still sees them; the
    body's ``warnings`` lists them all.

    >>> warning_header([TrfProblem(line=3, message='a "quoted" word', severity="warning")])
    '299 - "1 warning(s); first: line 3: warning: a \\'quoted\\' word"'
    """
    first = str(warnings[0]).replace('"', "'").replace("\\", "/")
    first = first.encode("ascii", "replace").decode()  # header values are ASCII
    return f'299 - "{len(warnings)} warning(s); first: {first}"'[:1000]


def _export(
    service: TournamentService, tournament_id: str, version: int, query: ExportQuery
) -> bytes:
    state = as_of_round(service, tournament_id, version, query.round)
    return write_trf(export_document(state, profile=query.format)).encode()


async def export_trf(call: Call[None, ExportQuery]) -> web.Response:
    suffix = f"-r{call.query.round}" if call.query.round is not None else ""
    name = f"{call.tournament_id}{suffix}.{call.query.format}.trf"
    return await call.view(
        _export,
        call.query,
        content_type=TRF_MEDIA_TYPE,
        charset="utf-8",
        headers={"Content-Disposition": f'inline; filename="{name}"'},
    )
