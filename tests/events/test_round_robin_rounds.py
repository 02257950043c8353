"""A round-robin's rounds as decisions: the Berger table's boards by pairing number, the
extra number's player sitting out without points, the second cycle of a double
round-robin, and games not played when a player is not there (C.05 Annex 1; C.05 on
withdrawals from a round-robin)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine import pair as engine_pair
from engine.model import RoundKind
from events.decisions import (
    ChangeSettings,
    CreateTournament,
    DrawLots,
    PairRound,
    RecordResult,
    RegisterPlayer,
    RequestBye,
    WithdrawPlayer,
    decide,
)
from events.errors import InvalidCommand, RoundAlreadyPaired
from events.projections import EMPTY, TournamentState, fold
from events.results import Result
from events.tiebreaks import crosstable_from_state, tournament_standings
from events.types import ByeKind, DrawMethod, NotPairedReason, ResultRecorded, RoundPaired


def run(state: TournamentState, *commands: object) -> TournamentState:
    for command in commands:
        state = fold(decide(state, command), state)  # type: ignore[arg-type]
    return state


def league(players: int, system: str = "round-robin") -> TournamentState:
    size = players + players % 2
    rounds = (size - 1) * (2 if system == "double-round-robin" else 1)
    state = run(
        EMPTY,
        CreateTournament(tournament_id="l", name="League", rounds=rounds, system=system),
        *(RegisterPlayer(surname=f"P{n}", rating=2500 - n) for n in range(1, players + 1)),
    )
    order = tuple(range(1, players + 1))  # numbers as drawn in the hall: number n is player n
    return run(state, DrawLots(method=DrawMethod.ARBITER, order=order))


def paired(state: TournamentState, system: str = "round-robin") -> list[object]:
    return decide(state, PairRound(), engine=lambda request: engine_pair(request, system))


def play(state: TournamentState, system: str = "round-robin") -> TournamentState:
    """Pair the next round and draw every game still without a result."""
    state = fold(paired(state, system), state)
    round_ = state.rounds[-1]
    draws = [RecordResult(round_no=round_.round_no, board=b.number, result=Result.DRAW)
             for b in round_.boards if b.result is None]  # fmt: skip
    return run(state, *draws)


def boards(event: object) -> list[tuple[int, int]]:
    assert isinstance(event, RoundPaired)
    return [(b.white, b.black) for b in event.boards]


def test_the_extra_numbers_player_sits_the_round_out_without_points() -> None:
    # 5 players play the 6-number table; round 1 is 1-6, 2-5, 3-4 (C.05 Annex 1), and 6 is
    # the bye: player 1 has no game. Ruling "Round-robin: the bye", docs/rulings.md.
    (event,) = paired(league(5))
    assert boards(event) == [(2, 5), (3, 4)]
    assert isinstance(event, RoundPaired) and event.pab is None
    assert [(n.player_id, n.reason) for n in event.not_paired] == [(1, NotPairedReason.ZERO_BYE)]
    state = fold([event], league(5))
    record = state.player(1).rounds[0]
    assert (record.kind, record.points) == (RoundKind.ZERO_BYE, Fraction(0))


def test_a_double_round_robin_meets_everyone_twice_colours_reversed() -> None:
    system = "double-round-robin"
    state = league(4, system)
    first_cycle = []
    for _ in range(3):
        first_cycle.append(boards(paired(state, system)[0]))
        state = play(state, system)
    second_cycle = []
    for _ in range(3):
        second_cycle.append(boards(paired(state, system)[0]))
        state = play(state, system)
    # Published table for 4 (C.05 Annex 1): 1-4 2-3 / 4-3 1-2 / 2-4 3-1; the first cycle
    # plays its last two rounds exchanged, the second reverses every colour.
    assert first_cycle == [[(1, 4), (2, 3)], [(2, 4), (3, 1)], [(4, 3), (1, 2)]]
    assert second_cycle == [[(4, 1), (3, 2)], [(3, 4), (2, 1)], [(4, 2), (1, 3)]]
    assert all(player.score == 3 for player in state.players)


def test_a_withdrawn_players_games_are_not_played_and_score_as_forfeits() -> None:
    # C.05 on a round-robin withdrawal: the unplayed games are "-" for the player and "+"
    # for the opponent. Round 2 of the table for 4 is 4-3, 1-2: player 2 has withdrawn.
    state = play(league(4))
    state = run(state, WithdrawPlayer(player_id=2, from_round=2))
    events = paired(state)
    assert boards(events[0]) == [(4, 3), (1, 2)]
    assert events[1:] == [ResultRecorded(round_no=2, board=2, result=Result.WHITE_WINS_BY_FORFEIT)]
    state = fold(events, state)
    assert state.player(1).rounds[1].kind is RoundKind.FORFEIT_WIN
    assert state.player(2).rounds[1].kind is RoundKind.FORFEIT_LOSS


def scores(state: TournamentState) -> dict[int, float]:
    standings = tournament_standings(state)
    return {row.player.player_id: float(row.points) for row in standings.rows}  # type: ignore[misc]


def test_a_withdrawal_before_half_of_the_games_annuls_them_in_the_standings() -> None:
    # 4 players, 3 games each (table: 1-4 2-3 / 4-3 1-2 / 2-4 3-1). Player 2 plays round 1
    # and withdraws: 1 game of 3, fewer than half (C.05: his points and those against him
    # do not count in the final standings; the crosstable keeps them).
    state = play(league(4))
    state = run(state, WithdrawPlayer(player_id=2, from_round=2))
    state = play(play(state))
    # By hand: every game drawn; 1 beat 2 and 4 beat 2 by forfeit, all of which is void.
    assert scores(state) == {1: 1.0, 3: 1.0, 4: 1.0, 2: 0.0}
    three = crosstable_from_state(state).players[2]
    assert three.rounds[0].kind is RoundKind.PLAYED and three.rounds[0].opponent == 2


def test_a_withdrawal_after_half_of_the_games_keeps_them() -> None:
    # Player 2 plays rounds 1 and 2 (2 games of 3, at least half): everything counts; the
    # round-3 game with 4 is a forfeit win for 4.
    state = play(play(league(4)))
    state = run(state, WithdrawPlayer(player_id=2, from_round=3))
    state = play(state)
    assert scores(state) == {4: 2.0, 1: 1.5, 3: 1.5, 2: 1.0}


def test_a_withdrawal_between_the_draw_and_round_1_leaves_the_numbers_drawn() -> None:
    # C.05 (General Regulations for Competitions) 7.4: a player who withdraws after the
    # drawing of lots but before round 1 leaves the pairings unaltered; the chief arbiter
    # may still change them. Ruling "Round-robin: a withdrawal between the draw and
    # round 1", docs/rulings.md. Drawn: player 3 is number 1, 1 is 2, 4 is 3, 2 is 4; the
    # table for 4 pairs 1-4 and 2-3 in round 1 (C.05 Annex 1): players 3-2 and 1-4, and
    # player 4, withdrawn, loses his game by forfeit.
    state = league(4)
    state = run(state, DrawLots(method=DrawMethod.ARBITER, order=(3, 1, 4, 2)))
    state = run(state, WithdrawPlayer(player_id=4, from_round=1))
    events = paired(state)
    assert boards(events[0]) == [(3, 2), (1, 4)]
    assert events[1:] == [ResultRecorded(round_no=1, board=2, result=Result.WHITE_WINS_BY_FORFEIT)]
    # The arbiter's discretion: the lots may be drawn again until round 1 is paired.
    redrawn = run(state, DrawLots(method=DrawMethod.ARBITER, order=(1, 2, 3, 4)))
    assert list(redrawn.order) == [1, 2, 3, 4]


def test_a_round_robins_rounds_follow_its_field_until_round_1() -> None:
    # Created for 6 rounds, the field ends at 4 players: the table for 3 or 4 has 3 rounds
    # (C.05 Annex 1), so round 1 cannot be paired until the rounds are changed.
    state = run(
        EMPTY,
        CreateTournament(tournament_id="l", name="League", rounds=6, system="round-robin"),
        *(RegisterPlayer(surname=f"P{n}", rating=2500 - n) for n in range(1, 5)),
        DrawLots(method=DrawMethod.ARBITER, order=(1, 2, 3, 4)),
    )
    with pytest.raises(InvalidCommand, match="4 players play 3 rounds by the Berger table, not 6"):
        paired(state)
    state = run(state, ChangeSettings(rounds=3, reason="four players"))
    assert boards(paired(state)[0]) == [(1, 4), (2, 3)]  # the table's round 1: 1-4 2-3
    state = play(state)
    with pytest.raises(RoundAlreadyPaired, match="rounds can change only before round 1"):
        run(state, ChangeSettings(rounds=5))


def test_fewer_rounds_cannot_leave_a_bye_in_a_round_that_is_gone() -> None:
    state = run(league(5), RequestBye(player_id=2, round_no=5, kind=ByeKind.ZERO))
    with pytest.raises(InvalidCommand, match="round 5 is already named") as refused:
        run(state, ChangeSettings(rounds=3))
    assert refused.value.field == "rounds"


def test_a_round_robin_takes_no_entry_once_round_1_is_paired() -> None:
    # The table is fixed for the field drawn (C.05 Annex 1); before round 1 an entry joins.
    state = play(league(4))
    with pytest.raises(RoundAlreadyPaired, match="a round-robin takes no entry once round 1"):
        run(state, RegisterPlayer(surname="Late", rating=2000))
