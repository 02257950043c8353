"""One answer to "would Arbiter accept this file?", for ``arbiter trf check`` and scripts.

:func:`check_trf` reports what the lines say (reading) and what they say about each other
(validation). A file can pass both and still be refused: ``arbiter import`` refuses a file
with no players, a team event or pairing numbers with gaps, and ``arbiter pair`` a file that
does not say how many rounds there are. :func:`gate_trf` runs the same refusals, with the
same messages, so a federation's script that gates on ``trf check`` accepts exactly what
``import`` and ``pair`` accept.
"""

from __future__ import annotations

from trf.engine_request import next_round_request, paired_rounds
from trf.errors import TrfError
from trf.mapping import import_events
from trf.model import TrfDocument, TrfProblem
from trf.validate import announced_round, check_trf

__all__ = ["gate_trf"]

CHECK_ID = "checked-file"
"""The tournament id a file is imported under when it is only checked (never written)."""


def gate_trf(data: str | bytes) -> tuple[TrfDocument, list[TrfProblem]]:
    """Every problem of a file: reading, validation, then what import and pairing refuse.

    The pairing check applies to a file that leaves a round to pair (an announced round, or
    fewer rounds than its ``XXR``/``142``); a file without a round count can only be a
    finished event's report, so pairing it is a warning, not an error (a rating report
    need not say it).

    >>> doc, problems = gate_trf("Hello, world\\n")
    >>> [str(p) for p in problems if p.severity == "error"]
    ['file: error: the file has no players']
    """
    doc, problems = check_trf(data)
    if any(problem.severity == "error" for problem in problems):
        return doc, problems
    found = list(problems)
    try:
        _, warnings = import_events(doc, tournament_id=CHECK_ID)
        found += warnings
    except TrfError as refused:
        found += refused.problems
    found += _pairing_problems(doc)
    return doc, sorted(found, key=lambda p: (p.line, p.column))


def _pairing_problems(doc: TrfDocument) -> list[TrfProblem]:
    total = doc.total_rounds
    announced = announced_round(doc) is not None
    if total is None and not announced:
        if not doc.players:
            return []
        return [
            TrfProblem(
                line=0,
                message="the total number of rounds is not given (XXR or 142 line), "
                "so the file cannot be paired",
                severity="warning",
            )
        ]
    if total is not None and paired_rounds(doc) >= total and not announced:
        return []  # a finished event: nothing left to pair
    try:
        next_round_request(doc)
    except TrfError as refused:
        return list(refused.problems)
    return []
