"""The fold is linear (issue 27): a registration or a result touches its player (and board),
not the field, so 10,000 registrations cost about four times 2,500 of them."""

from __future__ import annotations

import cProfile
import pstats
import random
import tracemalloc
from collections.abc import Callable

from events.projections import TournamentState, apply, fold
from events.results import Result
from events.types import (
    Event,
    PairedBoard,
    PlayerDetailsCorrected,
    PlayerId,
    PlayerRegistered,
    ResultRecorded,
    RoundPaired,
    TournamentCreated,
)

CREATED = TournamentCreated(tournament_id="t", name="Scale", rounds=9)


def registrations(players: int, *, seed: int = 1) -> list[Event]:
    dice = random.Random(seed)
    return [CREATED] + [
        PlayerRegistered(player_id=PlayerId(n), surname=f"P{n}", rating=dice.randint(1000, 2800))
        for n in range(1, players + 1)
    ]


def paired(players: int) -> TournamentState:
    """``players`` registered and round 1 paired (1-2, 3-4, ...), no result yet."""
    boards = tuple(
        PairedBoard(white=PlayerId(n), black=PlayerId(n + 1)) for n in range(1, players, 2)
    )
    return fold([*registrations(players), RoundPaired(round_no=1, boards=boards)])


def allocated(step: Callable[[], object]) -> int:
    """Bytes allocated at the peak of one call: what it copied, whatever its speed."""
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        step()
        return tracemalloc.get_traced_memory()[1] - before
    finally:
        tracemalloc.stop()


def test_one_registration_copies_as_much_at_10000_players_as_at_2500() -> None:
    small, large = fold(registrations(2_500)), fold(registrations(10_000))
    new = PlayerRegistered(player_id=PlayerId(10_001), surname="Late", rating=1900)
    costs = [
        allocated(lambda state=state: apply(state, new))  # type: ignore[misc]
        for state in (small, large)
    ]
    # A copy of the field would be 8 bytes a player (80 kB at 10,000) for each of players
    # and order; one path of 32-item nodes is a few kB at either size.
    assert costs[1] < 1.5 * costs[0] < 12_000, costs


def test_one_result_copies_as_much_at_10000_players_as_at_2500() -> None:
    result = ResultRecorded(round_no=1, board=7, result=Result.WHITE_WINS)
    costs = [
        allocated(lambda state=state: apply(state, result))  # type: ignore[misc]
        for state in (paired(2_500), paired(10_000))
    ]
    assert costs[1] < 1.5 * costs[0] < 12_000, costs


def test_folding_10000_registrations_makes_about_four_times_the_calls_of_2500() -> None:
    """Counted in function calls, not seconds: a count is the same on a busy machine, and the
    time itself is measured by ``bench.fold_scaling``. The copies a step makes are pinned by
    the allocation tests above; this pins that no step walks the field."""

    def calls(events: list[Event]) -> int:
        profile = cProfile.Profile()
        profile.runcall(fold, events)
        return int(pstats.Stats(profile).total_calls)  # type: ignore[attr-defined]

    ratio = calls(registrations(10_000)) / calls(registrations(2_500))
    # Linear is 4, a little more for the logarithmic paths (4.7 measured); a step that walked
    # the field would make it 16.
    assert 4 <= ratio < 6, ratio


def test_corrections_before_the_freeze_keep_the_initial_ranking() -> None:
    """A correction moves one player in a ranked order; the order is the one a full sort by
    ranking key gives, whatever the corrections (general.md §3.2, GHR 2.3)."""
    dice = random.Random(7)
    state = fold(registrations(300, seed=3))
    for _ in range(200):
        player_id = PlayerId(dice.randint(1, 300))
        state = apply(
            state,
            PlayerDetailsCorrected(
                player_id=player_id,
                rating=dice.choice([0, 1500, 2000, dice.randint(1000, 2800)]),
                title=dice.choice(["", "GM", "FM", "WIM"]),
                surname=dice.choice(["A", "B", f"P{player_id}"]),
            ),
        )
        assert state.ranked
        assert list(state.order) == sorted(
            range(1, 301), key=lambda pid: state.player(pid).ranking_key()
        )


def test_an_imported_numbering_is_sorted_again_by_the_next_correction() -> None:
    """An imported round keeps the file's numbering, which need not follow the ranking; a
    correction before round 4 sorts the whole field again, as before the order was kept
    ranked."""
    state = fold(registrations(6))
    numbering = (PlayerId(6), PlayerId(1), PlayerId(2), PlayerId(3), PlayerId(4), PlayerId(5))
    boards = (PairedBoard(white=PlayerId(6), black=PlayerId(1)),)
    state = apply(state, RoundPaired(round_no=1, boards=boards, pairing_numbers=numbering))
    assert state.order == numbering and not state.ranked
    state = apply(state, PlayerDetailsCorrected(player_id=PlayerId(3), rating=2900))
    assert state.ranked and state.order[0] == 3
    assert list(state.order) == sorted(range(1, 7), key=lambda p: state.player(p).ranking_key())
