"""Amalfi B.2 through the service: a late entrant scores a draw's points (½) in total for all
the rounds he missed, however many, and pairing numbers are recomputed by B.1.

The rule is decided once, by the registration (the event states the total); the state,
the standings, the TRF export and the engine request all read that fact. Pairings here are
the real Amalfi engine's; the expected ones are worked out by hand from spec/amalfi.md
B.2-B.3.4 in the comments.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import msgspec
import pytest

from engine.amalfi.players import amalfi_score, rating_ranks
from engine.model import RoundKind
from events import MemoryEventStore
from events.codec import decode_event, encode_event
from events.decisions import CreateTournament, RecordResult, RegisterPlayer, pairing_request
from events.errors import InvalidCommand
from events.projections import TournamentState, fold
from events.results import Result
from events.tiebreaks import tournament_standings
from events.types import NotPairedReason, PlayerId, PlayerRegistered, PointValues, RoundPaired
from server.service import TournamentService
from trf import export_document, import_trf, validate, write_trf

HALF = Fraction(1, 2)
RATINGS = (2400, 2300, 2200, 2100, 2000, 1900)
"""Players 1-6 in rating order: their pairing numbers are their ids (B.1)."""


def tournament(system: str, *, rounds: int = 5) -> TournamentService:
    service = TournamentService(MemoryEventStore())
    service.create(CreateTournament(tournament_id="t", name="T", rounds=rounds, system=system))
    for number, rating in enumerate(RATINGS, 1):
        service.execute("t", RegisterPlayer(surname=f"Player{number}", rating=rating))
    return service


def pair_and_play(service: TournamentService, outcomes: dict[frozenset[int], int | None]) -> None:
    """Pair the next round and record ``outcomes`` (pair -> winner, ``None`` a draw); a board
    not in ``outcomes`` fails the test: the pairing is not the one worked out by hand."""
    (paired,) = service.pair_round("t").events
    assert isinstance(paired, RoundPaired)
    for number, board in enumerate(paired.boards, 1):
        winner = outcomes[frozenset((board.white, board.black))]
        result = (
            Result.DRAW
            if winner is None
            else Result.WHITE_WINS
            if winner == board.white
            else Result.BLACK_WINS
        )
        service.execute("t", RecordResult(round_no=paired.round_no, board=number, result=result))


def draw_everything(service: TournamentService) -> None:
    (paired,) = service.pair_round("t").events
    assert isinstance(paired, RoundPaired)
    for number in range(1, len(paired.boards) + 1):
        service.execute(
            "t", RecordResult(round_no=paired.round_no, board=number, result=Result.DRAW)
        )


def two_rounds_played(system: str) -> TournamentService:
    """Round 1 (d = min(5, 6/2) = 3): 1-4, 2-5, 3-6, the higher rated win. Round 2 (d = 3),
    list #1 #2 #3 (1), #4 #5 #6 (0): #1's target #4 was met, nearer #3; #2's target #5 was
    met, nearer #4; #5's target is beyond the list, the last, #6. #1 beats #3, #2 and #4
    draw, #5 beats #6. Scores: #1 2, #2 1½, #3 1, #5 1, #4 ½, #6 0."""
    service = tournament(system)
    if system == "amalfi":
        pair_and_play(service, {frozenset((1, 4)): 1, frozenset((2, 5)): 2, frozenset((3, 6)): 3})
        pair_and_play(
            service, {frozenset((1, 3)): 1, frozenset((2, 4)): None, frozenset((5, 6)): 5}
        )
    else:
        draw_everything(service)
        draw_everything(service)
    return service


def late_entry(
    service: TournamentService, rating: int = 2250
) -> tuple[PlayerRegistered, TournamentState]:
    result = service.execute("t", RegisterPlayer(surname="Late", rating=rating))
    (event,) = result.events
    assert isinstance(event, PlayerRegistered)
    return event, result.state


def missed_records(
    state: TournamentState, player_id: int
) -> list[tuple[int, RoundKind | None, Fraction]]:
    player = state.player(player_id)
    return [
        (r.round_no, r.kind, r.points)
        for r in player.rounds
        if r.reason is NotPairedReason.LATE_ENTRY
    ]


def test_b2_late_entrant_entering_in_round_3_scores_half_a_point_in_total() -> None:
    """B.2: ½ for the two missed rounds together, not 0 (the general default) nor 1 (½ each);
    the registration event states it, round 1 carries it."""
    event, state = late_entry(two_rounds_played("amalfi"))
    assert (event.joins_round, event.missed_points_total, event.missed_round_points) == (
        3,
        Decimal("0.5"),
        Decimal(0),
    )
    assert state.player(7).score == HALF
    assert missed_records(state, 7) == [
        (1, RoundKind.NOT_PAIRED, HALF),
        (2, RoundKind.NOT_PAIRED, 0),
    ]


def test_b2_standings_show_the_late_entrants_half_point() -> None:
    """B.2: #7 (½) is level with #4 (½) on points, above #6 (0). The default tie-breaks
    start with Buchholz Cut-1: #4's opponents #1 (2) and #2 (1½) keep 2, while #7 met nobody
    (its missed rounds count a dummy of at most its own ½, 16.4), so #4 is placed first."""
    _, state = late_entry(two_rounds_played("amalfi"))
    rows = {
        row.player.player_id: (row.rank, row.points) for row in tournament_standings(state).rows
    }
    assert (rows[PlayerId(4)], rows[PlayerId(7)]) == ((5, HALF), (6, HALF))
    assert rows[PlayerId(6)] == (7, 0)


@pytest.mark.parametrize("joins_round", [2, 4, 5])
def test_b2_half_point_whatever_the_number_of_rounds_missed(joins_round: int) -> None:
    """B.2: "however many rounds they missed"; registered before round 1, the missed rounds
    are recorded as they are paired, and still only round 1 scores."""
    service = tournament("amalfi")
    service.execute("t", RegisterPlayer(surname="Late", rating=2250, joins_round=joins_round))
    for _ in range(joins_round - 1):
        draw_everything(service)
    state = service.load("t")
    assert state.player(7).score == HALF
    assert [points for _, _, points in missed_records(state, 7)] == [HALF] + [0] * (joins_round - 2)


def test_b2_engine_request_is_consistent_with_the_state() -> None:
    """B.2 and B.1: the request shows the missed rounds as the leading not-paired records the
    engine reads as a late entry, its Amalfi score equals the state's ½ (counted once), and the
    pairing numbers are the B.1 order the engine recomputes."""
    service = two_rounds_played("amalfi")
    _, state = late_entry(service)
    request = pairing_request(state)
    entry = request.players[state.pairing_number(7) - 1]
    assert [record.kind for record in entry.history] == [RoundKind.NOT_PAIRED] * 2
    assert entry.score == amalfi_score(entry, request.points) == HALF
    for player_id in state.order:
        number = state.pairing_number(player_id)
        assert (
            amalfi_score(request.players[number - 1], request.points)
            == state.player(player_id).score
        )
    assert rating_ranks(request.players) == {
        entry.number: entry.number for entry in request.players
    }


def test_b2_late_entrant_is_paired_on_half_a_point_with_recomputed_pairing_numbers() -> None:
    """B.1/B.2: #7 (2250) is inserted by rating, TPN 3. Round 3 (r = 3 of 5) lists #1 (2),
    #2 (1½), #3 #5 (1), #7 #4 (½, #7 ranked higher), #6 (0): #6, last, has the bye (B.2);
    N = 6, d = min(3, 3) = 3 (B.3.3): #1-#5, #2-#7, #3-#4. Colours (B.3.4): #1 and #5 both
    W B, #1 higher placed alternates to White; #7 has fewer Whites than #2 (B W); #3 W W may
    not have White, #4 B B not Black (B.3.1). Counted twice (1 point) #7 would stand above
    #3 and meet #1."""
    service = two_rounds_played("amalfi")
    late_entry(service)
    (paired,) = service.pair_round("t").events
    assert isinstance(paired, RoundPaired)
    assert paired.pairing_numbers == (1, 2, 7, 3, 4, 5, 6)
    assert paired.pab == 6
    assert [(b.white, b.black) for b in paired.boards] == [(1, 5), (7, 2), (4, 3)]


def test_b2_trf_export_states_the_half_point_consistently() -> None:
    """B.2 in the exported file: #7's points are ½ and the file passes our own checks (the
    points column equals what its rounds give; trf.md §4.3: ``H`` for a missed round that
    grants half a point); imported again, he still has ½."""
    _, state = late_entry(two_rounds_played("amalfi"))
    document = export_document(state)
    (line,) = [p for p in document.players if p.pairing_no == state.pairing_number(7)]
    assert line.points == Decimal("0.5")
    assert [(e.opponent, e.result) for e in line.rounds] == [(None, "H"), (None, "Z")]
    assert [p for p in validate(document) if p.severity == "error"] == []
    imported, _ = import_trf(write_trf(document), tournament_id="again")
    assert fold(imported).player(state.pairing_number(7)).score == HALF


def test_dutch_late_entry_is_unchanged() -> None:
    """GHR 2.4: outside Amalfi a missed round scores the regulations' value, 0 by default,
    for each missed round."""
    event, state = late_entry(two_rounds_played("dutch"))
    assert (event.joins_round, event.missed_points_total, event.missed_round_points) == (3, None, 0)
    assert state.player(7).score == 0
    assert missed_records(state, 7) == [(1, RoundKind.NOT_PAIRED, 0), (2, RoundKind.NOT_PAIRED, 0)]
    scores = {row.player.player_id: row.points for row in tournament_standings(state).rows}
    assert scores[PlayerId(7)] == 0
    entry = pairing_request(state).players[state.pairing_number(7) - 1]
    assert entry.score == 0


def test_b2_amalfi_tournament_refuses_points_per_missed_round() -> None:
    """B.2 fixes the late entrant's score at ½ in total: a per-round value would contradict it."""
    service = TournamentService(MemoryEventStore())
    with pytest.raises(InvalidCommand) as refused:
        service.create(
            CreateTournament(
                tournament_id="t",
                name="T",
                rounds=5,
                system="amalfi",
                points=PointValues(missed_round=Decimal("0.5")),
            )
        )
    assert refused.value.field == "points.missed_round"
    assert service.tournament_ids() == []


def test_b2_total_is_an_additive_field_of_the_registration_event() -> None:
    """The total survives the store's codec; payloads written before it existed decode
    with no total (the per-round value applies), so no schema version changes."""
    event, _ = late_entry(two_rounds_played("amalfi"))
    encoded = encode_event(event)
    assert decode_event(encoded.event_type, encoded.schema_version, encoded.payload) == event
    older = msgspec.json.decode(encoded.payload)
    del older["missed_points_total"]
    decoded = decode_event(encoded.event_type, encoded.schema_version, msgspec.json.encode(older))
    assert isinstance(decoded, PlayerRegistered) and decoded.missed_points_total is None
