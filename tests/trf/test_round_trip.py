"""Export as of any round, import, and it is the same tournament (issue 18 item 1).

For every round r of every tournament of the corpora and of tournaments run through
Arbiter's own decisions: the export as of r (TRF-2026 and TRF16) imports as a tournament with
the same next pairing request, standings and tie-breaks, whose own export is the same file
byte for byte. What TRF16 cannot carry, the export's warnings say (and then only the file is
compared); see :func:`tests.trf.round_trip.assert_round_trips_at_every_round`.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from events.projections import fold, state_after_round
from events.types import PlayerWithdrawn
from tests.corpus import shared_files
from tests.trf.round_trip import (
    assert_round_trips_at_every_round,
    facts,
    generated_events,
    round_trip,
)
from tests.trf.test_mapping import REFUSED
from trf import read_trf, write_trf
from trf.export import export_document, export_warnings
from trf.mapping import import_events
from trf.model import ByeRecord, Comment

QUICK = 12
"""Players up to which a corpus tournament is checked in the inner loop; larger ones are slow."""
HUGE = 100
"""Players from which only the first, the middle and the last round are checked: these take
minutes each, and CI has a budget."""


def _corpus() -> list[object]:
    real = [
        p
        for p in shared_files("*", "fixtures", "trf-real")
        if p.name != "SOURCES.md" and p.name not in REFUSED
    ]
    complete = [
        *shared_files("*.trf", "fixtures", "dutch", "tournaments"),
        *shared_files("*.trf", "fixtures", "burstein", "tournaments"),
    ]
    last: dict[str, Path] = {}  # the last round's problem of each Dubov tournament
    for path in shared_files("*.trf", "fixtures", "dubov", "problems"):
        key, _, paired = path.stem.rpartition("-p")
        if key not in last or int(paired) > int(last[key].stem.rpartition("-p")[2]):
            last[key] = path
    params = []
    for path in [*real, *complete, *last.values()]:
        players = len(read_trf(path.read_bytes())[0].players)
        marks = [pytest.mark.slow] if players > QUICK else []
        sample = 3 if players >= HUGE else None
        params.append(pytest.param(path, sample, id=path.name, marks=marks))
    return params


@pytest.mark.parametrize(("path", "sample"), _corpus())
def test_corpus_tournaments_round_trip_at_every_round(path: Path, sample: int | None) -> None:
    events, _ = import_events(read_trf(path.read_bytes())[0], tournament_id="t")
    assert_round_trips_at_every_round(events, ("trf26", "trf16"), sample=sample)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(5, 14),
    rounds=st.integers(3, 7),
    three_one=st.booleans(),
    tiebreaks=st.booleans(),
)
def test_generated_tournaments_round_trip_at_every_round(
    seed: int, players: int, rounds: int, three_one: bool, tiebreaks: bool
) -> None:
    events = generated_events(seed, players, rounds, three_one=three_one, tiebreaks=tiebreaks)
    assert_round_trips_at_every_round(events, ("trf26", "trf16"))


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(15, 40), rounds=st.integers(5, 11))
def test_larger_generated_tournaments_round_trip_at_every_round(
    seed: int, players: int, rounds: int
) -> None:
    events = generated_events(seed, players, rounds, three_one=seed % 4 == 0)
    assert_round_trips_at_every_round(events, ("trf26", "trf16"))


def _withdrawn_mid_event() -> list[object]:
    """The reported case: a player withdraws from round 3 of 5, exported after round 2."""
    for seed in range(100):
        events = generated_events(seed, 10, 5)
        withdrawals = [e for e in events if isinstance(e, PlayerWithdrawn)]
        early = [e for e in withdrawals if e.from_round < 5]
        if early:
            return [*events[: events.index(early[0]) + 1]]
    raise AssertionError("no seed withdraws a player before the last round")


def test_a_mid_event_export_keeps_a_withdrawal_in_trf26_and_warns_in_trf16() -> None:
    events = _withdrawn_mid_event()
    state = fold(events)  # type: ignore[arg-type]
    withdrawal = events[-1]
    assert isinstance(withdrawal, PlayerWithdrawn)
    number = state.pairing_number(withdrawal.player_id)
    doc = export_document(state, profile="trf26")
    future = {(b.round_no, b.kind) for b in doc.records_of(ByeRecord) if number in b.ids}
    rounds = state.require_settings().rounds
    assert future >= {
        (r, "Z") for r in range(max(withdrawal.from_round, state.next_round), rounds + 1)
    }
    stated = [c.text for c in doc.records_of(Comment) if c.text.startswith("### withdrawn")]
    assert stated and f"{withdrawal.from_round}: " in stated[0]
    _, back = round_trip(state, "trf26")
    assert back.player(number).withdrawn_from == withdrawal.from_round
    for round_no in range(state.next_round, rounds + 1):
        assert number not in back.availability(round_no)[0]
    assert facts(back) == facts(state)
    assert any("withdraw" in w for w in export_warnings(state, profile="trf16"))
    assert export_warnings(state, profile="trf26") == []


def test_a_trf16_export_writes_no_trf26_records() -> None:
    events = generated_events(3, 8, 4, tiebreaks=False)
    state = state_after_round(events, 0)
    text = write_trf(export_document(state))
    assert "240" not in text and "###" not in text
