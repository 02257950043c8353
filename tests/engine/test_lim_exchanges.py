"""The Lim exchange order and the case where player 2 must float (C.04.4.3 Art. 4;
the user's seed 003, old rule 11.4; spec/lim.md §5).

The six players under test won round 1 with White, so they form the 1-point group (above
the median ½, paired downward) and are all due Black: colours can never motivate an
exchange, and every pair seen is the exchange order's own. "Has met" is set up with
arbiter-forbidden pairs, which the engine treats exactly as a game already played
(Basic Rule 2; lim.md §1, compatibility).
"""

from __future__ import annotations

import pytest

from tests.engine.builders import ONE, ZERO
from tests.engine.lim_builders import floats, group_pairs, history, lim, request


def _field(size: int) -> dict[int, tuple]:
    """Round 1: players 1..size beat size+1..2*size, all winners with White."""
    return history(", ".join(f"{i}-{size + i} 1-0" for i in range(1, size + 1)))


def _group_one(forbidden: list[tuple[int, int]], size: int = 6) -> list[tuple[int, int]]:
    return group_pairs(lim(request(_field(size), forbidden=forbidden)), ONE)


def _as_set(pairs: list[tuple[int, int]]) -> set[frozenset[int]]:
    return {frozenset(p) for p in pairs}


def _table(row: str) -> set[frozenset[int]]:
    return {frozenset(int(n) for n in pair.split("-")) for pair in row.split()}


# 4.2: the opponents tried for #1, in order (proposed 1-4 2-5 3-6).
OPPONENTS_OF_1 = [
    ([], "1-4 2-5 3-6"),
    ([(1, 4)], "1-5 2-4 3-6"),
    ([(1, 4), (1, 5)], "1-6 2-4 3-5"),
    ([(1, 4), (1, 5), (1, 6)], "1-3 2-5 4-6"),
    ([(1, 4), (1, 5), (1, 6), (1, 3)], "1-2 3-5 4-6"),
]


@pytest.mark.parametrize(("forbidden", "row"), OPPONENTS_OF_1, ids=[r for _, r in OPPONENTS_OF_1])
def test_exchanges_for_player_1_follow_the_table_of_4_2(
    forbidden: list[tuple[int, int]], row: str
) -> None:
    assert _as_set(_group_one(forbidden)) == _table(row)


# 4.3 (seed 11.4): #1 has ended with #6; the opponents then tried for #2:
# 1-6 2-4 3-5, 1-6 2-5 3-4, 1-6 2-3 4-5, 1-3 2-6 4-5, 1-2 3-5 4-6.
ONE_ENDS_WITH_SIX = [(1, 4), (1, 5)]
OPPONENTS_OF_2 = [
    ([], "1-6 2-4 3-5"),
    ([(2, 4)], "1-6 2-5 3-4"),
    ([(2, 4), (2, 5)], "1-6 2-3 4-5"),
    ([(2, 4), (2, 5), (2, 3)], "1-3 2-6 4-5"),
    ([(2, 4), (2, 5), (2, 3), (1, 3)], "1-2 3-5 4-6"),
]


@pytest.mark.parametrize(("extra", "row"), OPPONENTS_OF_2, ids=[r for _, r in OPPONENTS_OF_2])
def test_exchanges_for_player_2_follow_the_table_of_4_3(
    extra: list[tuple[int, int]], row: str
) -> None:
    pairs = _group_one(ONE_ENDS_WITH_SIX + extra)
    assert _as_set(pairs) == _table(row)
    # 4.1: the scrutiny starts with the top-most player and goes down.
    assert [first for first, _ in pairs] == sorted(first for first, _ in pairs)
    assert pairs[0][0] == 1


def test_player_2_floats_with_the_bottom_most_when_the_group_was_even() -> None:
    # 4.4 / 4.4.2: #2 has met #1 and everyone but #6, and #1 can only meet #6 as well: keep
    # 1-6, float #2, and (the group being even) the bottom-most remaining player, #5, with him.
    forbidden = [(1, 2), (1, 3), (1, 4), (1, 5), (2, 3), (2, 4), (2, 5)]
    outcome = lim(request(_field(6), forbidden=forbidden))
    assert _as_set(group_pairs(outcome, ONE)) == _table("1-6 3-4")
    decided = floats(outcome)
    assert decided[2][1] == "4.4" and decided[5][1] == "4.4.2"


def test_player_2_swaps_with_the_floater_when_the_group_was_odd() -> None:
    # 4.4 / 4.4.1: seven players; #7 floats to make the group even (bottom-most, 3.2), then #2
    # (met #1 and all but #6) cannot be placed while #1 keeps #6: #2 floats instead and #7
    # comes back: 1-6, and 3, 4, 5, 7 pair among themselves.
    forbidden = [(1, 2), (1, 3), (1, 4), (1, 5), (2, 3), (2, 4), (2, 5), (2, 7)]
    outcome = lim(request(_field(7), forbidden=forbidden))
    group = _as_set(group_pairs(outcome, ONE))
    assert frozenset((1, 6)) in group
    assert set().union(*group) == {1, 3, 4, 5, 6, 7}
    assert group == _table("1-6 3-5 4-7")
    assert [n for n, (_, article) in floats(outcome).items() if article.startswith("4.4")] == [2]
    assert 7 not in floats(outcome)


def test_upward_pairing_mirrors_the_exchange_order() -> None:
    # 4.1: below the median the scrutiny starts from the bottom-most player (#12 here) and
    # exchanges the higher-ranked member; proposed 12-9 11-8 10-7 (Arbiter's mirror of 4.2).
    losers = _field(6)  # 7..12 lost with Black: the 0-point group, all due White
    proposed = group_pairs(lim(request(losers)), ZERO)
    assert proposed == [(12, 9), (11, 8), (10, 7)]
    # Mirror of 4.3's second row: the bottom-most ended with the top-most, 11 cannot meet 9.
    mirrored = group_pairs(lim(request(losers, forbidden=[(12, 9), (12, 8), (11, 9)])), ZERO)
    assert _as_set(mirrored) == _table("12-7 11-8 10-9")
