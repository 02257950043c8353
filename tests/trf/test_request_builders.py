"""The two builders of an engine request agree (issue 18 item 2).

A file paired as it stands (:func:`trf.engine_request.next_round_request`, as ``arbiter
pair`` and the reference engines read it) and the same file imported as events
(:func:`events.decisions.pairing_request` of the imported tournament, as ``arbiter
pair-round`` would pair it) give the same request, for every corpus file both accept. The
only thing the import leaves out is what it says it leaves out: forbidden pairs and
acceleration (then those two are not compared).
"""

from __future__ import annotations

import dataclasses

import pytest

from engine.model import PairingRequest, RoundKind
from events.decisions import pairing_request
from events.projections import fold
from tests.corpus import shared_files
from tests.trf.spec_example import player_line
from trf import TrfError, read_trf
from trf.engine_request import next_round_request
from trf.mapping import import_events
from trf.model import TrfDocument

CORPORA = {
    "trf-real": "*",
    "dutch/problems": "*.trf",
    "burstein/problems": "*.trf",
    "dubov/problems": "*.trf",
}
"""The dutch-2017 and dutch-2012 problems are the Dutch corpus's own files (their READMEs),
answered by older references: reading them again would check nothing new."""
INNER_LOOP = ("trf-real",)
"""Corpora checked in the inner loop; the larger ones are slow."""


def both_requests(doc: TrfDocument) -> tuple[PairingRequest, PairingRequest] | None:
    """The request from the file and from its import; None when either path refuses the
    file, or when it leaves no round to pair."""
    try:
        from_file = next_round_request(doc)
        events, warnings = import_events(doc, tournament_id="t")
    except TrfError:
        return None
    state = fold(events)
    if state.next_round > state.require_settings().rounds:
        return None
    from_events = pairing_request(state)
    if any("acceleration" in w.message for w in warnings):
        no_wishes = {"forbidden_pairs": frozenset()}
        from_file = dataclasses.replace(
            from_file,
            players=tuple(dataclasses.replace(p, acceleration={}) for p in from_file.players),
            **no_wishes,
        )
        from_events = dataclasses.replace(
            from_events,
            players=tuple(dataclasses.replace(p, acceleration={}) for p in from_events.players),
            **no_wishes,
        )
    return from_file, from_events


@pytest.mark.parametrize(
    "corpus",
    [
        pytest.param(name, marks=[] if name in INNER_LOOP else [pytest.mark.slow])
        for name in CORPORA
    ],
)
def test_a_file_and_its_import_give_the_same_request(corpus: str) -> None:
    paths = [
        p
        for p in shared_files(CORPORA[corpus], "fixtures", *corpus.split("/"))
        if p.name != "SOURCES.md"
    ]
    compared = []
    for path in paths:
        requests = both_requests(read_trf(path.read_bytes())[0])
        if requests is not None:
            from_file, from_events = requests
            assert from_file == from_events, path.name
            compared.append(path)
    assert len(compared) >= min(10, len(paths))  # most files leave a round to pair


def _round_one_z(comment: str = "") -> str:
    lines = [
        player_line(1, "A", "1.0", "3 w 1"),
        player_line(2, "B", "0.0", "0000 - Z"),
        player_line(3, "C", "0.0", "1 b 0"),
        player_line(4, "D", "1.0", "0000 - U"),
        "XXR 3",
    ]
    return "\n".join([*lines, comment]) if comment else "\n".join(lines)


def test_a_round_one_z_is_a_late_entrys_missed_round_on_both_paths() -> None:
    """docs/rulings.md, "A round-1 Z": absences that open a line are the rounds a late entry
    missed (trf.md §4.3), for the file's request and for the import's."""
    doc = read_trf(_round_one_z())[0]
    requests = both_requests(doc)
    assert requests is not None
    from_file, from_events = requests
    assert from_file == from_events
    assert from_file.player(2).history[0].kind is RoundKind.NOT_PAIRED  # type: ignore[arg-type]
    events, _ = import_events(doc, tournament_id="t")
    assert fold(events).player(2).joins_round == 2


def test_a_file_that_states_its_late_entries_makes_a_round_one_z_a_bye() -> None:
    """Arbiter's TRF-2026 export names its late entries; a round-1 Z of anyone else is then
    a zero-point bye, on both paths."""
    doc = read_trf(_round_one_z("### late entries (from round: players): none"))[0]
    requests = both_requests(doc)
    assert requests is not None
    from_file, from_events = requests
    assert from_file == from_events
    assert from_file.player(2).history[0].kind is RoundKind.ZERO_BYE  # type: ignore[arg-type]
