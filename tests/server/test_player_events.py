"""A player across events: the index learns which tournaments moved from the log and
re-reads only those, so a request never folds every stream."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from events import MemoryEventStore
from events.decisions import CorrectPlayerDetails, CreateTournament, RegisterPlayer
from events.types import PlayerId
from server.service import TournamentService, history


def _service(tournaments: int) -> TournamentService:
    service = TournamentService(MemoryEventStore())
    for n in range(tournaments):
        tid = f"t{n}"
        service.create(
            CreateTournament(
                tournament_id=tid, name=f"Open {n}", rounds=5, end_date=date(2025, 1, 1 + n)
            )
        )
        service.execute(tid, RegisterPlayer(surname="Aune", rating=2000, fide_id=1000))
        service.execute(tid, RegisterPlayer(surname="Brandt", rating=2100))
    return service


def test_only_moved_tournaments_are_read_again(monkeypatch: pytest.MonkeyPatch) -> None:
    service, loads = _counting(_service(5), monkeypatch)
    events = service.player_events
    assert [e.tournament_id for e in events.by_fide_id(1000)] == ["t4", "t3", "t2", "t1", "t0"]
    assert sorted(loads) == ["t0", "t1", "t2", "t3", "t4"]
    loads.clear()
    assert len(events.by_fide_id(1000)) == 5
    assert loads == []  # nothing moved: no tournament read
    service.execute("t2", CorrectPlayerDetails(player_id=1, fide_id=None))
    assert [e.tournament_id for e in events.by_fide_id(1000)] == ["t4", "t3", "t1", "t0"]
    assert loads == ["t2"]


def test_a_player_without_a_fide_id_is_found_by_name() -> None:
    service = _service(2)
    entries = service.player_events.by_registration("t0", PlayerId(2))
    assert [(e.tournament_id, e.name) for e in entries] == [("t1", "Brandt"), ("t0", "Brandt")]


def test_a_restarted_server_reads_the_kept_entries(monkeypatch: pytest.MonkeyPatch) -> None:
    """The entries of each tournament are kept in the store: a new service over the same
    store (a server started again) folds only the tournaments that moved since, and entries
    some other code kept are worked out again."""
    first = _service(4)
    store = first.store
    expected = [(e.tournament_id, e.rating_change) for e in first.player_events.by_fide_id(1000)]
    first.execute("t1", CorrectPlayerDetails(player_id=1, rating=2050))  # after they were kept
    restarted, loads = _counting(TournamentService(store), monkeypatch)
    entries = restarted.player_events.by_fide_id(1000)
    assert [(e.tournament_id, e.rating_change) for e in entries] == expected
    assert [e.rating for e in entries if e.tournament_id == "t1"] == [2050]
    assert loads == ["t1"]  # only the tournament that moved
    kept = store.read_derived(history.KEPT_AS)["tournament-t2"]
    store.write_derived(history.KEPT_AS, "tournament-t2", kept._replace(projection_version="x"))
    again, loads = _counting(TournamentService(store), monkeypatch)
    assert len(again.player_events.by_fide_id(1000)) == 4
    assert loads == ["t2"]  # kept by other code


def _counting(
    service: TournamentService, monkeypatch: pytest.MonkeyPatch
) -> tuple[TournamentService, list[str]]:
    """``service``, and the tournaments it loads from now on, in order."""
    loads: list[str] = []
    original = service.load

    def counted(tournament_id: str, **options: Any) -> Any:
        loads.append(tournament_id)
        return original(tournament_id, **options)

    monkeypatch.setattr(service, "load", counted)
    return service, loads
