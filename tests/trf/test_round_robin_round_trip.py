"""A round-robin survives TRF export and import at every round (issue 33): an odd field (a
player sits out each round), a double round-robin, a withdrawal whose games become forfeits
and are annulled in the standings; the next pairing request, the standings, the tie-breaks
and the file itself must come back the same, in TRF16 and TRF-2026."""

from __future__ import annotations

import random
from fractions import Fraction

from engine import pair
from events.decisions import (
    CreateTournament,
    DrawLots,
    PairRound,
    RecordResult,
    RegisterPlayer,
    WithdrawPlayer,
    decide,
)
from events.projections import TournamentState, fold
from events.tiebreaks import tournament_standings
from events.types import DrawMethod, Event
from tests.events.test_round_robin_rounds import league, play, run
from tests.trf.round_trip import RESULTS, assert_round_trips_at_every_round
from trf import check_document, export_document, read_trf, write_trf
from trf.mapping import import_events

SYSTEM = "double-round-robin"


def league_events(withdraw_after: int) -> list[Event]:
    """7 players, 14 rounds; player 3 withdraws after round ``withdraw_after``."""
    dice = random.Random(withdraw_after)
    events: list[Event] = []
    state: TournamentState = fold([])

    def do(command: object) -> None:
        nonlocal state
        decided = decide(state, command, engine=lambda r: pair(r, SYSTEM))  # type: ignore[arg-type]
        events.extend(decided)
        state = fold(decided, state)

    do(CreateTournament(tournament_id="t", name="League", rounds=14, system=SYSTEM))
    for n in range(1, 8):
        do(RegisterPlayer(surname=f"Player{n}", rating=2300 - 20 * n, federation="NOR"))
    do(DrawLots(method=DrawMethod.LOTS, seed=withdraw_after))
    for round_no in range(1, 15):
        if round_no == withdraw_after + 1:
            do(WithdrawPlayer(player_id=3, from_round=round_no))
        do(PairRound())
        for board in state.round(round_no).boards:
            if board.result is None:
                do(RecordResult(round_no=round_no, board=board.number, result=dice.choice(RESULTS)))
    return events


def test_a_round_robin_with_an_early_withdrawal_round_trips_at_every_round() -> None:
    # Player 3 plays 2 or 3 of 12 games: fewer than half, annulled in the standings.
    assert_round_trips_at_every_round(league_events(3), ["trf16", "trf26"])


def test_a_round_robin_with_a_late_withdrawal_round_trips_at_every_round() -> None:
    assert_round_trips_at_every_round(league_events(10), ["trf16", "trf26"])


def test_the_checker_re_pairs_every_round_of_an_exported_round_robin() -> None:
    # `arbiter check`: each round of the file against the Berger table, the sit-out (a
    # zero-point bye in the file) standing for the table's bye.
    state = fold(league_events(3))
    doc = read_trf(write_trf(export_document(state, profile="trf26")))[0]
    report = check_document(doc, SYSTEM)
    assert [check.line() for check in report.differing] == []
    assert len(report.rounds) == 14


def test_the_rank_column_ranks_as_the_standings_after_an_early_withdrawal() -> None:
    # 4 players, table 1-4 2-3 / 4-3 1-2 / 2-4 3-1, every game drawn; player 2 plays round 1
    # only (1 game of 3, fewer than half: C.05, his results and those against him count
    # nothing in the standings; docs/rulings.md). By hand, as played: 1 has 2.0 (a forfeit
    # win over 2), 4 has 2.0 (one over 2), 3 has 1.5, 2 has 0.5. As counted: 1, 3 and 4 have
    # 1.0 (two draws among themselves), 2 has 0; ties go in pairing-number order (the
    # points-only ranking), so the rank column is 1, 4, 2, 3 for players 1-4, not 1, 4, 3, 2.
    state = play(league(4))
    state = run(state, WithdrawPlayer(player_id=2, from_round=2))
    state = play(play(state))
    for profile in ("trf16", "trf26"):
        doc = export_document(state, profile=profile)
        assert [(p.pairing_no, p.rank) for p in doc.players] == [(1, 1), (2, 4), (3, 2), (4, 3)]


def test_a_finished_trf16_reads_the_forfeits_that_close_a_line_as_the_withdrawal() -> None:
    # TRF16 cannot state a withdrawal; in a finished round-robin the games a player did not
    # come to (forfeits lost to the end of his line) say he left (docs/rulings.md, "a
    # withdrawal before half of the games"). 4 players, every game drawn, table 1-4 2-3 /
    # 4-3 1-2 / 2-4 3-1: player 2 plays round 1 only, 1 game of 3, fewer than half, so his
    # results and those against him count nothing: by hand 1, 3 and 4 have 1.0 (their two
    # draws with each other), 2 has 0.
    state = play(league(4))
    state = run(state, WithdrawPlayer(player_id=2, from_round=2))
    state = play(play(state))
    doc = read_trf(write_trf(export_document(state, profile="trf16")))[0]
    assert doc.round_list("withdrawn") is None  # nothing stated: read from the results
    back = fold(import_events(doc, tournament_id="t")[0])
    assert [p.withdrawn_from for p in back.players] == [None, 2, None, None]
    points = {row.player.pairing_number: row.points for row in tournament_standings(back).rows}
    assert points == {1: Fraction(1), 2: Fraction(0), 3: Fraction(1), 4: Fraction(1)}


def test_a_finished_trf16_keeps_a_last_round_forfeit_after_half_of_the_games() -> None:
    # Player 4 misses the last round only, having played 2 of 3 games: read as leaving
    # before round 3, but at least half completed, so every result counts (C.05).
    state = play(play(league(4)))
    state = run(state, WithdrawPlayer(player_id=4, from_round=3))
    state = play(state)
    doc = read_trf(write_trf(export_document(state, profile="trf16")))[0]
    back = fold(import_events(doc, tournament_id="t")[0])
    assert [p.withdrawn_from for p in back.players] == [None, None, None, 3]
    # Round 3 is 2-4 3-1: 2 wins by forfeit; by hand 2 has 2.0, 1 and 3 have 1.5, 4 has 1.0.
    points = {row.player.pairing_number: row.points for row in tournament_standings(back).rows}
    assert points == {1: Fraction(3, 2), 2: Fraction(2), 3: Fraction(3, 2), 4: Fraction(1)}
