"""A player's performance with an unrated entrant (issue 28 item 5): unrated opponents are
rated as the tournament's regulations say, else their games are left out; one unrated
player no longer takes every player's performance away."""

from __future__ import annotations

import pytest

from events import MemoryEventStore
from events.decisions import CreateTournament, PairRound, RecordResult, RegisterPlayer
from events.results import parse_result
from server.printouts.card import performance
from server.service import TournamentService

RATINGS = {"Aune": 2400, "Berg": 2350, "Costa": 2300, "Dahl": 0}


@pytest.mark.parametrize(("unrated_rating", "against_unrated"), [(None, None), (1400, 1400 + 800)])
def test_unrated_opponents_are_rated_as_the_regulations_say_or_left_out(
    unrated_rating: int | None, against_unrated: int | None
) -> None:
    service = TournamentService(MemoryEventStore())
    service.create(CreateTournament(tournament_id="t", name="T", rounds=3,
                                    unrated_rating=unrated_rating))  # fmt: skip
    for surname, rating in RATINGS.items():
        service.execute("t", RegisterPlayer(surname=surname, rating=rating))
    state = service.pair_round("t", PairRound()).state
    for board in state.rounds[0].boards:  # the higher-rated player wins every game
        white, black = state.player(board.white), state.player(board.black)
        won = "1-0" if RATINGS[white.surname] > RATINGS[black.surname] else "0-1"
        state = service.execute("t", RecordResult(round_no=1, board=board.number,
                                                  result=parse_result(won))).state  # fmt: skip
    by_name = {state.player(pid).surname: state.player(pid) for pid in state.order}
    assert {by_name["Aune"].rounds[0].opponent, by_name["Berg"].rounds[0].opponent} == {
        by_name["Costa"].player_id, by_name["Dahl"].player_id}  # fmt: skip
    beat_costa = "Aune" if by_name["Aune"].rounds[0].opponent == by_name["Costa"].player_id \
        else "Berg"  # fmt: skip
    beat_dahl = "Berg" if beat_costa == "Aune" else "Aune"
    assert performance(state, by_name[beat_costa]) == 2300 + 800  # a rated game: always counted
    assert performance(state, by_name[beat_dahl]) == against_unrated
    assert performance(state, by_name["Costa"]) == RATINGS[beat_costa] - 800
