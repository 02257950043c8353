"""TRF over HTTP: import a file as a new tournament, export one as of any round."""

from __future__ import annotations

import msgspec
from aiohttp import web

from events.tiebreaks import Edition
from server.http.handlers.call import Call, View, as_of_round
from server.http.schemas import ExportQuery, ImportQuery, ImportResult, TrfProblemOut, WriteResult
from server.service import TournamentService, read_import
from trf import export_document, write_trf
from trf.export import export_warnings
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
    the first one, so that a client reading only headers still sees them; the body's
    ``warnings`` lists them all.

    >>> warning_header([TrfProblem(line=3, message='a "quoted" word', severity="warning")])
    '299 - "1 warning(s); first: line 3: warning: a \\'quoted\\' word"'
    """
    return _warning(f"{len(warnings)} warning(s); first: {warnings[0]}")


def _warning(text: str) -> str:
    """A ``Warning`` header's value for ``text``: quoted, in ASCII (header values are)."""
    text = text.replace('"', "'").replace("\\", "/").encode("ascii", "replace").decode()
    return f'299 - "{text[:990]}"'


def _export(
    service: TournamentService, tournament_id: str, version: int, query: ExportQuery
) -> View:
    """The file, and one ``Warning`` for each thing it cannot carry (what
    :func:`~trf.export.export_warnings` finds: the CLI prints the same on stderr)."""
    state = as_of_round(service, tournament_id, version, query.round)
    body = write_trf(export_document(state, profile=query.format)).encode()
    warnings = export_warnings(state, profile=query.format)
    return View(body, [("Warning", _warning(warning)) for warning in warnings])


async def export_trf(call: Call[None, ExportQuery]) -> web.Response:
    """The file as of a round; what it cannot carry comes as ``Warning`` headers."""
    suffix = f"-r{call.query.round}" if call.query.round is not None else ""
    name = f"{call.tournament_id}{suffix}.{call.query.format}.trf"
    return await call.view(
        _export,
        call.query,
        content_type=TRF_MEDIA_TYPE,
        charset="utf-8",
        headers={"Content-Disposition": f'inline; filename="{name}"'},
    )
