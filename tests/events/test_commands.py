"""Decisions: what each command produces, and every refusal (nothing is produced then)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import msgspec
import pytest

from events.decisions import (
    CancelBye,
    CloseTournament,
    Command,
    CorrectPlayerDetails,
    CorrectResult,
    CreateTournament,
    PairManually,
    RecordResult,
    RegisterPlayer,
    RequestBye,
    UnpairRound,
    WithdrawPlayer,
    decide,
)
from events.errors import (
    AlreadyWithdrawn,
    BoardNotPaired,
    ByeAlreadyRequested,
    ByeNotAllowed,
    CommandRejected,
    DuplicateFideId,
    InvalidCommand,
    NoResultToCorrect,
    NoSuchBye,
    ResultAlreadyRecorded,
    RoundAlreadyPaired,
    RoundHasResults,
    RoundIncomplete,
    TournamentExists,
    TournamentIsClosed,
    TournamentNotFound,
    UnknownPlayer,
)
from events.projections import EMPTY, TournamentState, fold
from events.results import Result
from events.types import (
    ByeKind,
    ByeRequested,
    PairedBoard,
    PlayerDetailsCorrected,
    PlayerId,
    PlayerRegistered,
    PlayerWithdrawn,
    PointValues,
    ResultCorrected,
    ResultRecorded,
    RoundPaired,
    RoundUnpaired,
    TournamentClosed,
    TournamentCreated,
)


def run(state: TournamentState, *commands: Command | PairManually) -> TournamentState:
    for command in commands:
        events = decide(state, command)
        state = fold(events, state)
    return state


def boards(*pairs: tuple[int, int]) -> tuple[PairedBoard, ...]:
    return tuple(PairedBoard(white=PlayerId(w), black=PlayerId(b)) for w, b in pairs)


CREATE = CreateTournament(tournament_id="open", name="Open", rounds=5, max_half_point_byes=1)
FOUR = [
    RegisterPlayer(surname=f"P{n}", rating=2500 - 100 * n, fide_id=1000 + n) for n in range(1, 5)
]


@pytest.fixture
def registered() -> TournamentState:
    """Four players, ids 1-4 in TPN order; nothing paired."""
    return run(EMPTY, CREATE, *FOUR)


@pytest.fixture
def round_one(registered: TournamentState) -> TournamentState:
    """Round 1 paired 1-3, 4-2 (boards 1, 2); no results yet."""
    return run(registered, PairManually(boards=boards((1, 3), (4, 2))))


def refused(
    state: TournamentState, command: Command | PairManually, error: type[CommandRejected]
) -> CommandRejected:
    with pytest.raises(error) as caught:
        run(state, command)
    return caught.value


# -- what decisions produce -------------------------------------------------------------------


def test_create_records_the_regulations() -> None:
    (event,) = decide(EMPTY, CREATE)
    assert (event.tournament_id, event.rounds, event.max_half_point_byes) == ("open", 5, 1)


def test_a_tie_break_list_without_an_edition_is_read_under_the_current_one() -> None:
    """Issue 28: the edition in force (C.07 2026), stated in the event; another when chosen,
    and none stated for a tournament that asks for no list."""
    (created,) = decide(EMPTY, CreateTournament(tournament_id="o", name="O", rounds=5,
                                                tiebreaks="BH/C1 BH SB"))  # fmt: skip
    assert isinstance(created, TournamentCreated) and created.tiebreak_rules == "2026"
    (chosen,) = decide(EMPTY, CreateTournament(tournament_id="o", name="O", rounds=5,
                                               tiebreaks="BH SB", tiebreak_rules="2024"))  # fmt: skip
    assert isinstance(chosen, TournamentCreated) and chosen.tiebreak_rules == "2024"
    (plain,) = decide(EMPTY, CreateTournament(tournament_id="o", name="O", rounds=5,
                                              tiebreaks=""))  # fmt: skip
    assert isinstance(plain, TournamentCreated) and plain.tiebreak_rules == ""


def test_registration_numbers_players_in_order(registered: TournamentState) -> None:
    (event,) = decide(registered, RegisterPlayer(surname="Fifth"))
    assert isinstance(event, PlayerRegistered)
    assert (event.player_id, event.joins_round, event.missed_round_points) == (5, 1, 0)


def test_registration_after_round_one_is_a_late_entry_with_regulation_points() -> None:
    """GHR 2.4: missed rounds score nothing unless the regulations say so (here ½)."""
    generous = CreateTournament(
        tournament_id="t", name="T", rounds=5, points=PointValues(missed_round=Decimal("0.5"))
    )
    state = run(EMPTY, generous, *FOUR, PairManually(boards=boards((1, 3), (4, 2))))
    (event,) = decide(state, RegisterPlayer(surname="Late", rating=2350))
    assert (event.joins_round, event.missed_round_points) == (2, Decimal("0.5"))
    state = fold([event], state)
    late = state.player(5)
    assert late.score == Fraction(1, 2)
    assert state.order == (1, 5, 2, 3, 4)  # inserted by rating (general.md §3.3)


def test_late_entry_registered_in_advance_is_not_paired_before_joining(
    registered: TournamentState,
) -> None:
    state = run(registered, RegisterPlayer(surname="Later", joins_round=3))
    available, absent = state.availability(2)
    assert 5 not in available and [a.player_id for a in absent] == [5]


def test_withdrawal_defaults_to_the_next_round(round_one: TournamentState) -> None:
    (event,) = decide(round_one, WithdrawPlayer(player_id=2))
    assert isinstance(event, PlayerWithdrawn) and event.from_round == 2


def test_correction_keeps_only_changed_fields(registered: TournamentState) -> None:
    (event,) = decide(
        registered, CorrectPlayerDetails(player_id=2, rating=2500, club="P2's club", surname="P2")
    )
    assert isinstance(event, PlayerDetailsCorrected)
    assert msgspec_fields(event) == {
        "player_id": 2,
        "rating": 2500,
        "club": "P2's club",
        "reason": "",
    }


def msgspec_fields(event: PlayerDetailsCorrected) -> dict[str, object]:
    """The fields the event stores (unset ones are left out)."""
    return {k: v for k, v in msgspec.to_builtins(event).items() if k != "type"}


def test_rating_correction_renumbers_only_until_round_four_is_paired(
    registered: TournamentState,
) -> None:
    """GHR 2.3: TPNs follow corrected ratings, but not once round 4 has been paired."""
    renumbered = run(registered, CorrectPlayerDetails(player_id=4, rating=2350))
    assert renumbered.order == (1, 4, 2, 3)
    state = registered
    for round_no, pairs in enumerate(
        [((1, 2), (3, 4)), ((1, 3), (2, 4)), ((1, 4), (2, 3)), ((2, 1), (4, 3))], 1
    ):
        state = fold([RoundPaired(round_no=round_no, boards=boards(*pairs))], state)
        if round_no < 4:
            state = fold(
                [
                    ResultRecorded(round_no=round_no, board=1, result=Result.DRAW),
                    ResultRecorded(round_no=round_no, board=2, result=Result.DRAW),
                ],
                state,
            )
        if round_no == 3:
            assert run(state, CorrectPlayerDetails(player_id=4, rating=2350)).order == (1, 4, 2, 3)
    frozen = run(state, CorrectPlayerDetails(player_id=4, rating=2350))
    assert frozen.order == (1, 2, 3, 4) and frozen.player(4).rating == 2350


def test_result_then_correction(round_one: TournamentState) -> None:
    state = run(round_one, RecordResult(round_no=1, board=2, result=Result.WHITE_WINS_BY_FORFEIT))
    (event,) = decide(
        state, CorrectResult(round_no=1, board=2, result=Result.BLACK_WINS, reason="appeal")
    )
    assert isinstance(event, ResultCorrected)
    assert (event.previous, event.result) == (Result.WHITE_WINS_BY_FORFEIT, Result.BLACK_WINS)


def test_bye_request_and_cancel(registered: TournamentState) -> None:
    state = run(registered, RequestBye(player_id=3, round_no=2, kind=ByeKind.ZERO))
    assert state.bye_for(3, 2) is ByeKind.ZERO
    assert run(state, CancelBye(player_id=3, round_no=2)).bye_for(3, 2) is None


def test_unpair_the_latest_round(round_one: TournamentState) -> None:
    (event,) = decide(round_one, UnpairRound(round_no=1))
    assert isinstance(event, RoundUnpaired)
    assert fold([event], round_one).rounds_paired == 0


def test_close(round_one: TournamentState) -> None:
    state = run(
        round_one,
        RecordResult(round_no=1, board=1, result=Result.DRAW),
        RecordResult(round_no=1, board=2, result=Result.DRAW),
    )
    (event,) = decide(state, CloseTournament())
    assert isinstance(event, TournamentClosed)


# -- refusals ------------------------------------------------------------------------------


def test_commands_need_a_tournament() -> None:
    refused(EMPTY, RegisterPlayer(surname="X"), TournamentNotFound)


def test_tournament_created_twice(registered: TournamentState) -> None:
    refused(registered, CREATE, TournamentExists)


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"tournament_id": "has space"}, "tournament_id"),
        ({"name": "  "}, "name"),
        ({"rounds": 0}, "rounds"),
        ({"rules_edition": "fide-1992"}, "rules_edition"),
        ({"rules_edition": "fide-2012", "system": "burstein"}, "rules_edition"),
        ({"rules_edition": "fide-2017", "system": "lim"}, "rules_edition"),
        ({"rules_edition": "fide-2017", "system": "dubov"}, "rules_edition"),
        ({"rules_edition": "fide-1997", "system": "dutch"}, "rules_edition"),
        ({"rules_edition": "fide-2017", "system": "amalfi"}, "rules_edition"),
        ({"system": "knockout"}, "system"),
        ({"federation": "norway"}, "federation"),
        ({"points": PointValues(win=Decimal("0.5"), draw=Decimal(1))}, "points"),
        ({"points": PointValues(pab=Decimal(-1))}, "points.pab"),
    ],
)
def test_invalid_tournament_fields_are_named(changes: dict[str, object], field: str) -> None:
    error = refused(EMPTY, msgspec.structs.replace(CREATE, **changes), InvalidCommand)
    assert error.details["field"] == field


def test_a_system_edition_pair_the_table_lacks_names_the_editions_that_exist() -> None:
    # Lim has one edition: a 2017 Lim tournament was once accepted and paired by the 2026 code.
    lim_2017 = msgspec.structs.replace(CREATE, system="lim", rules_edition="fide-2017")
    error = refused(EMPTY, lim_2017, InvalidCommand)
    assert str(error) == "the lim system has no fide-2017 edition; its editions: fide-2026"
    burstein_2012 = msgspec.structs.replace(CREATE, system="burstein", rules_edition="fide-2012")
    assert "its editions: fide-2026, fide-2017" in str(
        refused(EMPTY, burstein_2012, InvalidCommand)
    )
    for system, edition in (
        ("dutch", "fide-2012"),
        ("dubov", "fide-1997"),
        ("burstein", "fide-2017"),
        ("lim-maxi", "fide-2026"),
    ):
        assert decide(EMPTY, msgspec.structs.replace(CREATE, system=system, rules_edition=edition))


def test_unknown_player(registered: TournamentState) -> None:
    for command in (
        WithdrawPlayer(player_id=9),
        RequestBye(player_id=0, round_no=1),
        CorrectPlayerDetails(player_id=5, rating=1),
        CancelBye(player_id=7, round_no=1),
    ):
        assert refused(registered, command, UnknownPlayer).status == 404


def test_duplicate_fide_id(registered: TournamentState) -> None:
    error = refused(registered, RegisterPlayer(surname="Twin", fide_id=1002), DuplicateFideId)
    assert error.details == {"fide_id": 1002, "player_id": 2}
    refused(registered, CorrectPlayerDetails(player_id=1, fide_id=1003), DuplicateFideId)


@pytest.mark.parametrize(
    ("command", "field"),
    [
        (RegisterPlayer(surname=""), "surname"),
        (RegisterPlayer(surname="X", rating=5000), "rating"),
        (RegisterPlayer(surname="X", title="XM"), "title"),
        (RegisterPlayer(surname="X", sex="x"), "sex"),
        (RegisterPlayer(surname="X", fide_id=0), "fide_id"),
        (RegisterPlayer(surname="X", joins_round=6), "joins_round"),
        (CorrectPlayerDetails(player_id=1, rating=2400), None),
    ],
)
def test_invalid_player_fields_are_named(
    registered: TournamentState, command: Command, field: str | None
) -> None:
    assert refused(registered, command, InvalidCommand).details["field"] == field


def test_result_for_a_board_not_paired(round_one: TournamentState) -> None:
    for round_no, board in ((1, 3), (2, 1), (0, 1)):
        refused(
            round_one,
            RecordResult(round_no=round_no, board=board, result=Result.DRAW),
            BoardNotPaired,
        )
    refused(round_one, CorrectResult(round_no=2, board=1, result=Result.DRAW), BoardNotPaired)


def test_second_result_for_the_same_board_must_be_a_correction(round_one: TournamentState) -> None:
    state = run(round_one, RecordResult(round_no=1, board=1, result=Result.WHITE_WINS))
    error = refused(
        state, RecordResult(round_no=1, board=1, result=Result.WHITE_WINS), ResultAlreadyRecorded
    )
    assert "correction" in str(error)


def test_correction_needs_a_result_and_a_change(round_one: TournamentState) -> None:
    refused(round_one, CorrectResult(round_no=1, board=1, result=Result.DRAW), NoResultToCorrect)
    state = run(round_one, RecordResult(round_no=1, board=1, result=Result.DRAW))
    refused(state, CorrectResult(round_no=1, board=1, result=Result.DRAW), InvalidCommand)


def test_pairing_next_round_while_results_are_missing(round_one: TournamentState) -> None:
    state = run(round_one, RecordResult(round_no=1, board=1, result=Result.DRAW))
    error = refused(state, PairManually(boards=boards((1, 4), (3, 2))), RoundIncomplete)
    assert error.details == {"round_no": 1, "boards": [2]}


def test_bye_request_for_a_round_already_paired(round_one: TournamentState) -> None:
    refused(round_one, RequestBye(player_id=1, round_no=1), RoundAlreadyPaired)
    refused(round_one, RequestBye(player_id=1, round_no=6), InvalidCommand)


def test_bye_cancellation_after_pairing(registered: TournamentState) -> None:
    state = run(registered, RequestBye(player_id=1, round_no=1))
    state = run(state, PairManually(boards=boards((2, 4)), pab=PlayerId(3)))
    refused(state, CancelBye(player_id=1, round_no=1), RoundAlreadyPaired)
    refused(state, CancelBye(player_id=2, round_no=3), NoSuchBye)


def test_bye_twice_and_beyond_the_regulations(registered: TournamentState) -> None:
    state = run(registered, RequestBye(player_id=1, round_no=2))
    refused(state, RequestBye(player_id=1, round_no=2, kind=ByeKind.ZERO), ByeAlreadyRequested)
    # max_half_point_byes=1 in CREATE; zero-point byes are not limited
    refused(state, RequestBye(player_id=1, round_no=3), ByeNotAllowed)
    run(state, RequestBye(player_id=1, round_no=3, kind=ByeKind.ZERO))
    refused(state, RequestBye(player_id=2, round_no=3, kind=ByeKind.FULL), ByeNotAllowed)


def test_withdrawal_twice(registered: TournamentState) -> None:
    state = run(registered, WithdrawPlayer(player_id=2, from_round=3))
    error = refused(state, WithdrawPlayer(player_id=2, from_round=4), AlreadyWithdrawn)
    assert error.details == {"player_id": 2, "from_round": 3}
    refused(state, RequestBye(player_id=2, round_no=3), AlreadyWithdrawn)


def test_withdrawal_from_a_round_already_paired(round_one: TournamentState) -> None:
    refused(round_one, WithdrawPlayer(player_id=1, from_round=1), RoundAlreadyPaired)


def test_unpair_only_the_latest_round_without_results(round_one: TournamentState) -> None:
    refused(round_one, UnpairRound(round_no=2), InvalidCommand)
    state = run(round_one, RecordResult(round_no=1, board=1, result=Result.DRAW))
    refused(state, UnpairRound(round_no=1), RoundHasResults)


def test_closed_tournament_refuses_everything(registered: TournamentState) -> None:
    state = run(registered, CloseTournament())
    for command in (RegisterPlayer(surname="X"), WithdrawPlayer(player_id=1), CloseTournament()):
        refused(state, command, TournamentIsClosed)


def test_close_with_missing_results(round_one: TournamentState) -> None:
    refused(round_one, CloseTournament(), RoundIncomplete)


def test_refusal_statuses_follow_http_meaning() -> None:
    assert (UnknownPlayer.status, InvalidCommand.status, ResultAlreadyRecorded.status) == (
        404,
        422,
        409,
    )


def test_byes_are_facts_in_events(registered: TournamentState) -> None:
    (event,) = decide(registered, RequestBye(player_id=4, round_no=1, kind=ByeKind.HALF))
    assert event == ByeRequested(player_id=PlayerId(4), round_no=1, kind=ByeKind.HALF)
