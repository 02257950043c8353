"""Lim colour allocation (C.04.4.3 Art. 5; the user's seed 003, old rules 12.1-12.5), the
colour exchanges of 3.8 / 5.2 with the maxi-tournament limit of 5.7, and the last-round
relaxation (Art. 6; spec/lim.md §§6-7)."""

from __future__ import annotations

from fractions import Fraction

from engine.lim.colours import ColourReason, allocate_colours
from engine.lim.players import build_field
from engine.model import (
    Board,
    Colour,
    PairingNumber,
    PairingRequest,
    PlayerEntry,
    RoundKind,
    RoundRecord,
)
from tests.engine.builders import HALF, B, W
from tests.engine.lim_builders import (
    SAME_COLOUR_TWICE,
    boards,
    history,
    lim,
    pairs,
    request,
)

_COLOURS = {"w": W, "b": B}


def _entry(number: int, colours: str, byes: int = 0) -> PlayerEntry:
    """A player with ``byes`` half-point byes, then draws with the given colours."""
    records = [RoundRecord(RoundKind.HALF_BYE, HALF)] * byes + [
        RoundRecord(RoundKind.PLAYED, HALF, PairingNumber(100 + 10 * number + i), _COLOURS[c])
        for i, c in enumerate(colours)
    ]
    return PlayerEntry(PairingNumber(number), rating=2400 - number, history=tuple(records))


def _pair(
    a: PlayerEntry,
    b: PlayerEntry,
    *,
    upper: bool = True,
    position: int = 1,
    initial: Colour = W,
    last: bool = False,
) -> tuple[Board, ColourReason]:
    rounds = len(a.history) + 1
    req = PairingRequest(
        round_no=rounds, total_rounds=rounds if last else 9, players=(a, b), initial_colour=initial
    )
    field = build_field(req)
    first, second = (field.players[a.number], field.players[b.number])
    allocation = allocate_colours(field, first, second, upper=upper, list_position=position)
    return allocation.board, allocation.reason


def test_look_back_to_the_latest_round_with_different_colours() -> None:
    # 5.4: both due Black (alternating after White); the previous round they both had Black
    # too; one round further back 1 had Black and 2 White: 1 gets the alternate of that, White.
    # (The rank rule would have given 1, the higher-ranked, Black.)
    assert _pair(_entry(1, "wbbw"), _entry(2, "bwbw")) == (Board(1, 2), ColourReason.HISTORY)


def test_identical_histories_higher_ranked_above_lower_ranked_below_the_median() -> None:
    # 5.4: same history, both due Black: in the median group or above the higher-ranked
    # player gets it; below the median the lower-ranked one does.
    assert _pair(_entry(1, "wbw"), _entry(2, "wbw"), upper=True) == (
        Board(2, 1),
        ColourReason.RANK_UPPER,
    )
    assert _pair(_entry(1, "wbw"), _entry(2, "wbw"), upper=False) == (
        Board(1, 2),
        ColourReason.RANK_LOWER,
    )


def test_even_round_gives_the_equalising_colour() -> None:
    # 5.1 / 5.6: before round 4, W W B is due Black to equalise (alternating would say White);
    # B W B is due White: each gets the colour that equalises.
    assert _pair(_entry(1, "wwb"), _entry(2, "bwb")) == (Board(2, 1), ColourReason.DUE)


def test_same_colour_twice_must_alternate_even_against_the_opponents_due_colour() -> None:
    # 5.3: 1 had White twice running and must have Black; 2 (W B W) is also due Black but
    # only one allocation keeps the limits.
    assert _pair(_entry(1, "bww"), _entry(2, "wbw")) == (Board(2, 1), ColourReason.LIMITS)


def test_equalising_claim_beats_a_plain_alternation() -> None:
    # 5.5 / 5.6 over 5.1 (Arbiter's reading, docs/rulings.md): 1 (a bye, then B W) is due
    # Black only to alternate; 2 (W B W) needs Black to equalise, and gets it.
    assert _pair(_entry(1, "bw", byes=1), _entry(2, "wbw")) == (Board(1, 2), ColourReason.CLAIM)


def test_no_colour_history_follows_the_round_one_lot() -> None:
    # 7.2 applied to two players who have not played yet: the higher-ranked player takes the
    # drawn colour at an odd place of the pairing list, the other colour at an even place.
    a, b = _entry(1, "", byes=1), _entry(2, "", byes=1)
    assert _pair(a, b, position=1) == (Board(1, 2), ColourReason.LOT)
    assert _pair(a, b, position=2) == (Board(2, 1), ColourReason.LOT)
    assert _pair(a, b, position=1, initial=B) == (Board(2, 1), ColourReason.LOT)


R233 = history(*SAME_COLOUR_TWICE)


def test_last_round_same_score_beats_the_colour_limits() -> None:
    # Art. 6: 1 and 2 (3 points, both B W W) may not meet before the last round (one would get
    # White a third time running) and float apart; in the last round they meet, and so do
    # 7 and 8 (0 points). 5.4 then decides: identical histories, above the median the
    # higher-ranked 1 gets the due Black; below it the lower-ranked 8 does.
    assert frozenset((1, 2)) not in pairs(lim(request(R233, total=9)))
    last = lim(request(R233, total=4))
    assert {(2, 1), (7, 8)} <= set(boards(last))


def test_colour_exchange_among_residents_and_its_maxi_limit() -> None:
    # 5.2: 1-point group {1 due B, 2 due W, 3 due B, 4 due W}: the proposed 1-3 and 2-4 give
    # nobody a due colour; exchanging 3 for 4 gives everyone theirs: 1-4, 2-3.
    # 5.7 (maxi): 4 is rated 150 below 3 and 2 is 150 above it: no exchange; 1-3 and 2-4 stay.
    past = history("1-5 1-0, 6-2 0-1, 3-7 1-0, 8-4 0-1")
    ratings = {1: 2600, 2: 2500, 3: 2350, 4: 2200, 5: 2150, 6: 2100, 7: 2050, 8: 2000}
    free = lim(request(past, ratings=ratings))
    assert {frozenset((1, 4)), frozenset((2, 3))} <= pairs(free)
    maxi = lim(request(past, ratings=ratings, maxi=True))
    assert {frozenset((1, 3)), frozenset((2, 4))} <= pairs(maxi)
    (note,) = [p.opponent_reason for g in maxi.trace.groups for p in g.pairs if p.first == 1]
    assert "maxi 5.7" in note


def test_floater_meets_the_top_most_player_due_the_other_colour_and_its_maxi_limit() -> None:
    # 3.8: downfloater 5 (due White) enters the median group {2 due W, 6 due B}, upfloater 1
    # (due B) too. The top-most, 2, is due White like 5: 5 takes 6, the next player due Black,
    # and 1 meets 2. Maxi: 6 and 1 are both rated more than 100 points from 2: 5 keeps 2.
    past = history("1-5 0-1, 3-7 1-0, 6-2 =, 8-4 0-1")
    ratings = {1: 2600, 2: 2450, 3: 2440, 4: 2430, 5: 2420, 6: 2300, 7: 2290, 8: 2280}
    free = lim(request(past, ratings=ratings))
    assert {frozenset((5, 6)), frozenset((1, 2))} <= pairs(free)
    maxi = lim(request(past, ratings=ratings, maxi=True))
    assert {frozenset((5, 2)), frozenset((1, 6))} <= pairs(maxi)
    (note,) = [p.opponent_reason for g in maxi.trace.groups for p in g.pairs if p.first == 5]
    assert "maxi 3.8" in note


def test_median_score_with_other_points_for_a_win() -> None:
    # 2.2 with 3/1/0 scoring (Arbiter's reading): half the rounds played times a win's points.
    past = history("1-2 1-0, 3-4 =")
    req = request(past)
    three = PairingRequest(
        round_no=2,
        total_rounds=9,
        players=req.players,
        points=req.points.__class__(win=Fraction(3), draw=Fraction(1)),
    )
    assert build_field(three).median == Fraction(3, 2)
