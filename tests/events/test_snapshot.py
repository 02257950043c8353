"""Snapshots: tagged with a digest of the code the fold runs (what it imports, engine rules
included), round-tripped exactly, and ignored and rebuilt when made by other code."""

from __future__ import annotations

import shutil
from pathlib import Path

from events import MemoryEventStore
from events.envelope import NO_STREAM, Snapshot
from events.projections import StateCache, fold
from events.projections.snapshot import (
    PROJECTION_VERSION,
    code_digest,
    decode_state,
    encode_state,
)
from events.results import Result
from events.types import (
    Event,
    PairedBoard,
    PlayerId,
    PlayerRegistered,
    ResultRecorded,
    RoundPaired,
    TournamentCreated,
)

ROOT = Path(__file__).resolve().parents[2]


def copy_of_the_code(tmp_path: Path) -> Path:
    for package in ("engine", "events"):
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("*.pyc"))
    return tmp_path


def edit(path: Path, old: str, new: str) -> None:
    source = path.read_text(encoding="utf-8")
    assert old in source
    path.write_text(source.replace(old, new, 1), encoding="utf-8")


def test_the_digest_changes_with_the_engine_rules_the_fold_imports(tmp_path: Path) -> None:
    copy = copy_of_the_code(tmp_path)
    assert code_digest(copy) == PROJECTION_VERSION
    edit(copy / "engine" / "common.py", "def unplayed_float(", "def unplayed_float(  # edited\n")
    assert code_digest(copy) != PROJECTION_VERSION


def test_the_digest_follows_the_steps_and_rules_but_not_the_stores(tmp_path: Path) -> None:
    copy = copy_of_the_code(tmp_path)
    edit(copy / "events" / "sqlite_store.py", '"""', '"""Edited. ')
    assert code_digest(copy) == PROJECTION_VERSION  # the fold never imports a store
    for module in ("rules.py", "steps.py", "state.py", "persistent.py", "kinds.py"):
        edited = copy_of_the_code(tmp_path / module)
        edit(edited / "events" / "projections" / module, '"""', '"""Edited. ')
        assert code_digest(edited) != PROJECTION_VERSION, module


def small_tournament() -> list[Event]:
    events: list[Event] = [TournamentCreated(tournament_id="t", name="T", rounds=5)]
    events += [
        PlayerRegistered(player_id=PlayerId(n), surname=f"P{n}", rating=2000 + n)
        for n in range(1, 7)
    ]
    boards = tuple(PairedBoard(white=PlayerId(n), black=PlayerId(n + 1)) for n in (1, 3, 5))
    events.append(RoundPaired(round_no=1, boards=boards))
    events += [ResultRecorded(round_no=1, board=b, result=Result.DRAW) for b in (1, 2, 3)]
    return events


def test_a_state_round_trips_and_folds_on() -> None:
    events = small_tournament()
    state = fold(events[:-1])
    restored = decode_state(encode_state(state))
    assert restored == state
    assert fold(events[-1:], restored) == fold(events)


def test_a_snapshot_of_other_code_is_ignored_and_rebuilt() -> None:
    """An old snapshot may even decode (the format may not have changed where it was read),
    and still be wrong for this code: the digest, not the bytes, decides."""
    store = MemoryEventStore()
    events = small_tournament()
    store.append("tournament-t", events, expected_version=NO_STREAM)
    stale = encode_state(fold(events[:3]))  # a readable state, but not this stream's latest
    store.write_snapshot("tournament-t", Snapshot(len(events), "0123456789abcdef", stale))
    state = StateCache(store, snapshot_every=5).state("tournament-t")
    assert state == fold(events)
    rebuilt = store.read_snapshot("tournament-t")
    assert rebuilt is not None and rebuilt.projection_version == PROJECTION_VERSION
    assert decode_state(rebuilt.state) == fold(events)
    assert StateCache(store).state("tournament-t") == fold(events)  # a cold start from it
