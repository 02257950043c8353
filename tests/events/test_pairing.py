"""Pairing as a decision: the request the engine sees, and the checks on its answer.

The engines here are small fakes; the real systems are tested in tests/engine.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.errors import InvalidRequest
from engine.errors import NoValidPairing as EngineNoValidPairing
from engine.model import Board, Colour, Pairing, PairingNumber, PairingRequest, RoundKind
from events.decisions import (
    CreateTournament,
    PairManually,
    PairRound,
    RecordResult,
    RegisterPlayer,
    RequestBye,
    WithdrawPlayer,
    decide,
    pairing_request,
)
from events.errors import (
    AllRoundsPaired,
    InvalidCommand,
    NotEnoughPlayers,
    NoValidPairing,
    PairingRejected,
    RoundIncomplete,
)
from events.projections import EMPTY, TournamentState, fold
from events.results import Result
from events.types import ByeKind, NotPaired, NotPairedReason, PairedBoard, PlayerId, RoundPaired

N = PairingNumber


def adjacent(request: PairingRequest) -> Pairing:
    """Pairs available players 1-2, 3-4, … by TPN; the last one gets the PAB."""
    numbers = [entry.number for entry in request.players if entry.available]
    bye = numbers.pop() if len(numbers) % 2 else None
    return Pairing(
        boards=tuple(Board(numbers[i], numbers[i + 1]) for i in range(0, len(numbers), 2)), bye=bye
    )


def answering(pairing: Pairing):  # type: ignore[no-untyped-def]
    return lambda request: pairing


def apply(state: TournamentState, *commands: object) -> TournamentState:
    for command in commands:
        state = fold(decide(state, command), state)  # type: ignore[arg-type]
    return state


def pair(state: TournamentState, engine=adjacent) -> TournamentState:  # type: ignore[no-untyped-def]
    return fold(decide(state, PairRound(), engine=engine, engine_version="fake 1"), state)


@pytest.fixture
def five() -> TournamentState:
    """Five players; registration order differs from rating order (ids 1-5, TPNs by rating)."""
    return apply(
        EMPTY,
        CreateTournament(tournament_id="t", name="T", rounds=3, initial_colour=Colour.BLACK),
        *(
            RegisterPlayer(surname=name, rating=rating)
            for name, rating in [("E", 1800), ("A", 2400), ("C", 2200), ("B", 2300), ("D", 2000)]
        ),
    )


def test_round_one_request(five: TournamentState) -> None:
    request = pairing_request(five)
    assert (request.round_no, request.total_rounds, request.initial_colour) == (1, 3, Colour.BLACK)
    assert [(e.number, e.name, e.rating, e.available) for e in request.players] == [
        (1, "A", 2400, True),
        (2, "B", 2300, True),
        (3, "C", 2200, True),
        (4, "D", 2000, True),
        (5, "E", 1800, True),
    ]
    assert all(entry.history == () for entry in request.players)
    assert request.points.pab == 1


def test_decision_maps_pairing_numbers_back_to_players(five: TournamentState) -> None:
    (event,) = decide(five, PairRound(), engine=adjacent, engine_version="fake 1")
    assert isinstance(event, RoundPaired)
    # TPN 1-2 = players 2 (A) and 4 (B); 3-4 = players 3 (C) and 5 (D); TPN 5 = player 1 (E)
    assert event.boards == (
        PairedBoard(white=PlayerId(2), black=PlayerId(4)),
        PairedBoard(white=PlayerId(3), black=PlayerId(5)),
    )
    assert event.pab == 1
    assert (event.system, event.engine_version) == ("dutch", "fake 1")
    assert event.pairing_numbers == (2, 4, 3, 5, 1)
    assert event.not_paired == ()


def test_history_in_the_request_after_round_one(five: TournamentState) -> None:
    state = pair(five)
    state = apply(
        state,
        RecordResult(round_no=1, board=1, result=Result.WHITE_WINS),
        RecordResult(round_no=1, board=2, result=Result.BLACK_WINS_BY_FORFEIT),
        RequestBye(player_id=2, round_no=2, kind=ByeKind.HALF),
        WithdrawPlayer(player_id=5, from_round=2),
    )
    request = pairing_request(state)
    a, b, c, d, e = request.players
    assert a.history[0].kind is RoundKind.PLAYED and a.history[0].colour is Colour.WHITE
    assert (a.history[0].opponent, a.history[0].points) == (N(2), Fraction(1))
    assert (b.history[0].colour, b.history[0].points) == (Colour.BLACK, Fraction(0))
    # a forfeit carries the opponent but no colour (GHR 3.4)
    assert (c.history[0].kind, c.history[0].opponent, c.history[0].colour) == (
        RoundKind.FORFEIT_LOSS,
        N(4),
        None,
    )
    assert (d.history[0].kind, d.history[0].points) == (RoundKind.FORFEIT_WIN, Fraction(1))
    assert (e.history[0].kind, e.history[0].points) == (RoundKind.PAB, Fraction(1))
    assert [p.available for p in request.players] == [False, True, True, False, True]


def test_not_paired_players_are_listed_with_their_reason(five: TournamentState) -> None:
    state = pair(five)
    state = apply(
        state,
        RecordResult(round_no=1, board=1, result=Result.DRAW),
        RecordResult(round_no=1, board=2, result=Result.DRAW),
        RequestBye(player_id=2, round_no=2, kind=ByeKind.HALF),
        WithdrawPlayer(player_id=5, from_round=2),
        RegisterPlayer(surname="F", rating=1500, joins_round=3),
    )
    answer = answering(Pairing(boards=(Board(N(5), N(2)),), bye=N(3)))
    (event,) = decide(state, PairRound(system="burstein"), engine=answer, engine_version="fake 1")
    assert event.not_paired == (
        NotPaired(player_id=PlayerId(2), reason=NotPairedReason.HALF_BYE),
        NotPaired(player_id=PlayerId(5), reason=NotPairedReason.WITHDRAWN),
        NotPaired(player_id=PlayerId(6), reason=NotPairedReason.LATE_ENTRY),
    )
    assert event.system == "burstein" and event.pab == 3
    assert event.boards == (PairedBoard(white=PlayerId(1), black=PlayerId(4)),)
    paired = fold([event], state)
    assert paired.player(2).rounds[1].points == Fraction(1, 2)
    late = paired.player(6).rounds  # registered after round 1: missed rounds 1 and 2 so far
    assert [(r.kind, r.reason, r.points) for r in late] == [
        (RoundKind.NOT_PAIRED, NotPairedReason.LATE_ENTRY, 0)
    ] * 2


def test_engine_finding_no_pairing_is_a_refusal(five: TournamentState) -> None:
    def stuck(request: PairingRequest) -> Pairing:
        raise EngineNoValidPairing("every candidate breaks C1")

    with pytest.raises(NoValidPairing, match="C1") as caught:
        decide(five, PairRound(), engine=stuck)
    assert caught.value.details["round_no"] == 1


def test_engine_rejecting_the_request_is_our_bug(five: TournamentState) -> None:
    def picky(request: PairingRequest) -> Pairing:
        raise InvalidRequest("history of the wrong length")

    with pytest.raises(PairingRejected, match="wrong length"):
        decide(five, PairRound(), engine=picky)


@pytest.mark.parametrize(
    ("pairing", "problem"),
    [
        (
            Pairing(boards=(Board(N(1), N(2)), Board(N(3), N(4)))),
            "neither paired nor given the bye",
        ),
        (
            Pairing(boards=(Board(N(1), N(2)), Board(N(3), N(4)), Board(N(5), N(1)))),
            "more than once",
        ),
        (Pairing(boards=(Board(N(1), N(2)), Board(N(3), N(9))), bye=N(5)), "pairing number 9"),
        (
            Pairing(boards=(Board(N(1), N(2)), Board(N(3), N(4)), Board(N(5), N(6)))),
            "pairing number 6",
        ),
    ],
)
def test_engine_answers_that_break_the_facts_are_rejected(
    five: TournamentState, pairing: Pairing, problem: str
) -> None:
    with pytest.raises(PairingRejected, match=problem):
        decide(five, PairRound(), engine=answering(pairing))


def test_unavailable_player_is_rejected(five: TournamentState) -> None:
    state = apply(five, RequestBye(player_id=1, round_no=1, kind=ByeKind.ZERO))  # TPN 5
    with pytest.raises(PairingRejected, match="not to be paired"):
        decide(
            state,
            PairRound(),
            engine=answering(Pairing(boards=(Board(N(1), N(2)), Board(N(3), N(5))), bye=N(4))),
        )
    with pytest.raises(InvalidCommand, match="not to be paired"):
        decide(
            state,
            PairManually(
                boards=(
                    PairedBoard(white=PlayerId(2), black=PlayerId(4)),
                    PairedBoard(white=PlayerId(3), black=PlayerId(5)),
                ),
                pab=PlayerId(1),
            ),
        )


def test_rematch_and_second_pab_are_rejected(five: TournamentState) -> None:
    """C.04.1 Art. 2 (no rematch) and Art. 4 (no second PAB) are absolute."""
    state = pair(five)  # 2-4, 3-5, PAB 1
    state = apply(
        state,
        RecordResult(round_no=1, board=1, result=Result.DRAW),
        RecordResult(round_no=1, board=2, result=Result.DRAW),
    )
    with pytest.raises(PairingRejected, match="already played each other"):
        decide(
            state,
            PairRound(),
            engine=answering(Pairing(boards=(Board(N(1), N(2)), Board(N(3), N(5))), bye=N(4))),
        )
    with pytest.raises(PairingRejected, match=r"Art\. 4"):
        decide(
            state,
            PairRound(),
            engine=answering(Pairing(boards=(Board(N(1), N(3)), Board(N(2), N(4))), bye=N(5))),
        )


def test_forfeited_pairing_may_be_repeated(five: TournamentState) -> None:
    """GHR 3.5: players whose game was forfeited may be paired again."""
    state = pair(five)
    state = apply(
        state,
        RecordResult(round_no=1, board=1, result=Result.DOUBLE_FORFEIT),
        RecordResult(round_no=1, board=2, result=Result.DRAW),
    )
    (event,) = decide(
        state,
        PairRound(),
        engine=answering(Pairing(boards=(Board(N(2), N(1)), Board(N(5), N(4))), bye=N(3))),
    )
    assert event.boards[0] == PairedBoard(white=PlayerId(4), black=PlayerId(2))


def test_pairing_preconditions(five: TournamentState) -> None:
    state = pair(five)
    with pytest.raises(RoundIncomplete):
        decide(state, PairRound(), engine=adjacent)
    for round_no in (1, 2):
        state = apply(
            state, *(RecordResult(round_no=round_no, board=b, result=Result.DRAW) for b in (1, 2))
        )
        state = pair(
            state,
            answering(Pairing(boards=(Board(N(1), N(3)), Board(N(2), N(5))), bye=N(4)))
            if round_no == 1
            else answering(Pairing(boards=(Board(N(1), N(4)), Board(N(3), N(5))), bye=N(2))),
        )
    state = apply(state, *(RecordResult(round_no=3, board=b, result=Result.DRAW) for b in (1, 2)))
    with pytest.raises(AllRoundsPaired):
        decide(state, PairRound(), engine=adjacent)


def test_fewer_than_two_players(five: TournamentState) -> None:
    state = apply(five, *(WithdrawPlayer(player_id=p, from_round=1) for p in (1, 2, 3, 4)))
    with pytest.raises(NotEnoughPlayers):
        decide(state, PairRound(), engine=adjacent)
