"""The drawing of lots for a round-robin (C.05 Annexes 1 and 2) as a decision and an event:
the numbers drawn become the pairing numbers the Berger table pairs by."""

from __future__ import annotations

import pytest

from engine import pair as engine_pair
from engine.round_robin import varma_groups
from events.decisions import (
    CorrectPlayerDetails,
    CreateTournament,
    DrawLots,
    PairRound,
    RegisterPlayer,
    decide,
    pairing_request,
)
from events.errors import CommandRejected, InvalidCommand, RoundAlreadyPaired
from events.projections import EMPTY, TournamentState, fold
from events.types import DrawMethod, PairingNumbersDrawn

FEDERATIONS = ["ESP", "ESP", "ESP", "FRA", "FRA", "FRA", "GER", "GER", "ITA", "POR"]


def run(state: TournamentState, *commands: object) -> TournamentState:
    for command in commands:
        state = fold(decide(state, command), state)  # type: ignore[arg-type]
    return state


def round_robin(players: int = 10, system: str = "round-robin") -> TournamentState:
    rounds = (players + players % 2 - 1) * (2 if system == "double-round-robin" else 1)
    state = run(
        EMPTY, CreateTournament(tournament_id="rr", name="RR", rounds=rounds, system=system)
    )
    return run(
        state,
        *(
            RegisterPlayer(surname=f"P{n:02}", rating=2700 - n, federation=FEDERATIONS[n % 10])
            for n in range(1, players + 1)
        ),
    )


def drawn(state: TournamentState, command: DrawLots) -> PairingNumbersDrawn:
    (event,) = decide(state, command)
    assert isinstance(event, PairingNumbersDrawn)
    return event


def test_a_draw_by_lots_numbers_every_player_once_and_repeats_from_its_seed() -> None:
    state = round_robin()
    event = drawn(state, DrawLots(seed=2026))
    assert sorted(event.order) == list(range(1, 11))
    assert event.order != tuple(range(1, 11))  # not the rating order (seed 2026 shuffles)
    assert drawn(state, DrawLots(seed=2026)) == event
    assert (event.method, event.seed) == (DrawMethod.LOTS, 2026)


def test_the_drawn_numbers_are_the_pairing_numbers_the_table_pairs_by() -> None:
    state = round_robin()
    event = drawn(state, DrawLots(seed=5))
    state = fold([event], state)
    assert tuple(state.order) == event.order
    (paired,) = decide(state, PairRound(), engine=lambda r: engine_pair(r, "round-robin"))
    # Round 1 of the table: 1-10, 2-9, 3-8, 4-7, 5-6 (C.05 Annex 1), by the drawn numbers.
    by_number = dict(enumerate(event.order, 1))
    expected = [(by_number[w], by_number[b]) for w, b in ((1, 10), (2, 9), (3, 8), (4, 7), (5, 6))]
    assert [(b.white, b.black) for b in paired.boards] == expected  # type: ignore[attr-defined]


def test_the_arbiter_may_give_the_order_drawn_in_the_hall() -> None:
    state = round_robin(4)
    event = drawn(state, DrawLots(method=DrawMethod.ARBITER, order=(3, 1, 4, 2)))
    assert event.order == (3, 1, 4, 2) and event.seed is None
    with pytest.raises(InvalidCommand, match="every registered player once") as refused:
        decide(state, DrawLots(method=DrawMethod.ARBITER, order=(3, 1, 4)))
    assert refused.value.field == "order"


def test_a_draw_by_lots_needs_its_seed() -> None:
    with pytest.raises(InvalidCommand, match="needs its seed"):
        decide(round_robin(), DrawLots())


def test_a_varma_draw_puts_each_federation_in_one_envelope() -> None:
    state = round_robin()
    event = drawn(state, DrawLots(method=DrawMethod.VARMA, seed=11))
    numbers = {pid: n for n, pid in enumerate(event.order, 1)}
    envelopes = [set(g) for g in varma_groups(10)]
    for federation in ("ESP", "FRA", "GER"):  # 3, 3 and 2 players; envelopes of 3, 3, 2, 2
        mine = {numbers[p.player_id] for p in state.players if p.federation == federation}
        assert any(mine <= envelope for envelope in envelopes), (federation, mine)


def test_a_varma_draw_outside_its_tables_is_refused() -> None:
    with pytest.raises(InvalidCommand, match="cover 9 to 24 players, not 6"):
        decide(round_robin(6), DrawLots(method=DrawMethod.VARMA, seed=1))


def test_lots_are_drawn_only_in_a_round_robin_and_before_round_one() -> None:
    swiss = run(
        EMPTY,
        CreateTournament(tournament_id="s", name="Open", rounds=5),
        *(RegisterPlayer(surname=f"P{n}") for n in range(1, 5)),
    )
    with pytest.raises(InvalidCommand, match="drawn by lots in a round-robin"):
        decide(swiss, DrawLots(seed=1))
    state = run(round_robin(4), DrawLots(seed=1))
    state = fold(decide(state, PairRound(), engine=lambda r: engine_pair(r, "round-robin")), state)
    with pytest.raises(RoundAlreadyPaired):
        decide(state, DrawLots(seed=2))
    with pytest.raises(CommandRejected, match="3 or more players"):
        decide(round_robin(2), DrawLots(seed=1))


def test_after_the_draw_a_correction_renumbers_nobody_and_a_late_registration_is_last() -> None:
    state = run(round_robin(4), DrawLots(method=DrawMethod.ARBITER, order=(3, 1, 4, 2)))
    state = run(state, CorrectPlayerDetails(player_id=4, rating=2900))
    assert tuple(state.order) == (3, 1, 4, 2)
    state = run(state, RegisterPlayer(surname="Late", rating=2800))
    assert tuple(state.order) == (3, 1, 4, 2, 5)
    assert [e.number for e in pairing_request(state).players] == [1, 2, 3, 4, 5]
