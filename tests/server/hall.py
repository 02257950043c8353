"""A stored event for the sheets for the hall: 30 players, 9 rounds all played (the widest
crosstable a weekend open prints), with its name, place, dates and chief arbiter."""

from __future__ import annotations

from datetime import date

from events import MemoryEventStore
from events.decisions import CreateTournament, RecordResult, RegisterPlayer
from events.projections import TournamentState
from events.results import Result
from server.service import TournamentService

__all__ = ["EVENT", "hall"]

EVENT = "Abierto Internacional de Primavera"


def hall(*, players: int = 30, rounds: int = 9) -> TournamentState:
    """The event after ``rounds`` rounds, the higher-rated player winning every game."""
    service = TournamentService(MemoryEventStore())
    service.create(
        CreateTournament(
            tournament_id="hall", name=EVENT, rounds=rounds, place="Sevilla",
            start_date=date(2026, 4, 1), end_date=date(2026, 4, 5),
            chief_arbiter="Lucía Ortega Márquez", tiebreaks="BH/C1 BH SB", tiebreak_rules="2026",
        )
    )  # fmt: skip
    for number in range(1, players + 1):
        service.execute(
            "hall",
            RegisterPlayer(surname=f"Jugadorlargo{number:02d}", given_name="Maximiliano",
                           rating=2600 - 17 * number),
        )  # fmt: skip
    state = service.load("hall")
    for round_no in range(1, rounds + 1):
        state = service.pair_round("hall").state
        for board in state.round(round_no).boards:
            white = state.player(board.white).rating or 0
            black = state.player(board.black).rating or 0
            result = Result.WHITE_WINS if white >= black else Result.BLACK_WINS
            service.execute(
                "hall", RecordResult(round_no=round_no, board=board.number, result=result)
            )
    return service.load("hall")
