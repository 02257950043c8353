"""The reader never crashes (issue 3 part 1): hypothesis mutates the real files byte by byte.

Properties checked on every mutated file: lenient reading and validation return normally;
strict reading raises :class:`TrfError` exactly when lenient reading found an error; a
document without errors is written and read back unchanged.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from events import MemoryEventStore
from events.errors import ArbiterError
from events.projections import fold
from events.tiebreaks import tournament_standings
from server.service import TournamentService, read_import
from tests.corpus import shared_files
from tests.trf.spec_example import TEXT
from trf import TrfError, export_document, read_trf, validate, write_trf
from trf.mapping import import_events

CORPUS = [
    p.read_bytes() for p in shared_files("*", "fixtures", "trf-real") if p.name != "SOURCES.md"
]

# Bytes that matter to the format: line breaks, blanks, digits, codes, UTF-8 lead bytes.
SPECIAL = [
    b"\r",
    b"\n",
    b"\r\n",
    b" ",
    b"0",
    b"9",
    b"-",
    b"+",
    b"=",
    b"w",
    b"b",
    b".",
    b"#",
    b"\xc3",
    b"\xa9",
    b"\xff",
    b"\x00",
]


@st.composite
def mutated_files(draw: st.DrawFn, corpus: list[bytes] = CORPUS) -> bytes:
    data = bytearray(draw(st.sampled_from(corpus or [b"001    1"])))
    for _ in range(draw(st.integers(min_value=1, max_value=6))):
        position = draw(st.integers(min_value=0, max_value=len(data)))
        insert = draw(st.sampled_from(SPECIAL) | st.binary(min_size=1, max_size=3))
        operation = draw(st.sampled_from(["replace", "insert", "delete", "truncate"]))
        if operation == "replace":
            data[position : position + len(insert)] = insert
        elif operation == "insert":
            data[position:position] = insert
        elif operation == "delete":
            del data[position : position + draw(st.integers(min_value=1, max_value=12))]
        else:
            del data[position:]
    return bytes(data)


def check(data: bytes) -> None:
    doc, problems = read_trf(data)
    validate(doc)
    has_errors = any(p.severity == "error" for p in problems)
    try:
        read_trf(data, strict=True)
    except TrfError:
        assert has_errors
    else:
        assert not has_errors
    if not has_errors:
        assert read_trf(write_trf(doc).encode("utf-8"))[0] == doc


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_files())
def test_mutated_real_files(data: bytes) -> None:
    check(data)


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=400))
def test_arbitrary_bytes(data: bytes) -> None:
    check(b"001 " + data)


SMALL = [data for data in CORPUS if len(data) < 4000] + [TEXT.encode()]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_files(SMALL))
def test_import_of_mutated_files_refuses_or_round_trips(data: bytes) -> None:
    """Whatever the bytes, import either refuses with TrfError or gives events that export."""
    doc, _ = read_trf(data)
    try:
        events, _ = import_events(doc, tournament_id="t")
    except TrfError as refused:
        assert refused.problems
        return
    exported = write_trf(export_document(fold(events)))
    assert read_trf(exported)[0].players


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_files(SMALL))
def test_an_imported_mutated_file_never_breaks_its_tournament(data: bytes) -> None:
    """Through the service (issue 16): refused with nothing written, or written and every
    read of the tournament (state, standings, tie-breaks, export) works afterwards."""
    service = TournamentService(MemoryEventStore())
    try:
        service.import_trf(read_import(data, tournament_id="t"))
    except (TrfError, ArbiterError):
        assert service.version("t") == 0
        return
    state = service.load("t")
    tournament_standings(state)
    assert read_trf(write_trf(export_document(state)).encode())[0].players
