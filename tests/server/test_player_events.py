"""A player across events: the index learns which tournaments moved from the log and
re-reads only those, so a request never folds every stream."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from events import MemoryEventStore
from events.decisions import CorrectPlayerDetails, CreateTournament, RegisterPlayer
from events.types import PlayerId
from server.service import TournamentService


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
    service = _service(5)
    loads: list[str] = []
    original = service.load

    def counted(tournament_id: str, **options: Any) -> Any:
        loads.append(tournament_id)
        return original(tournament_id, **options)

    monkeypatch.setattr(service, "load", counted)
    history = service.player_events
    assert [e.tournament_id for e in history.by_fide_id(1000)] == ["t4", "t3", "t2", "t1", "t0"]
    assert sorted(loads) == ["t0", "t1", "t2", "t3", "t4"]
    loads.clear()
    assert len(history.by_fide_id(1000)) == 5
    assert loads == []  # nothing moved: no tournament read
    service.execute("t2", CorrectPlayerDetails(player_id=1, fide_id=None))
    assert [e.tournament_id for e in history.by_fide_id(1000)] == ["t4", "t3", "t1", "t0"]
    assert loads == ["t2"]


def test_a_player_without_a_fide_id_is_found_by_name() -> None:
    service = _service(2)
    entries = service.player_events.by_registration("t0", PlayerId(2))
    assert [(e.tournament_id, e.name) for e in entries] == [("t1", "Brandt"), ("t0", "Brandt")]
