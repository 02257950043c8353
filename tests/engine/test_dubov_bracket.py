"""One Dubov bracket (engine/dubov_bracket.py): the criteria of Art. 2 and the steps of
Art. 3.2 / 4, from spec/dubov.md §3-§4 and the worked example of §9.

Players are given by the facts the articles use (score, colour preference, ARO, upfloat
history, opponents met), so that each test states exactly the situation a rule speaks of.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

import pytest

from engine.common import ColourPreference, Strength
from engine.dubov_bracket import BracketRules, middle_outward, pair_bracket
from engine.dubov_players import DubovPlayer
from engine.errors import NoValidPairing
from engine.model import Colour, PairingNumber, PlayerEntry

W, B = Colour.WHITE, Colour.BLACK
MILD, STRONG, ABSOLUTE = Strength.MILD, Strength.STRONG, Strength.ABSOLUTE
NOT_LAST = BracketRules(last_round=False)
LAST = BracketRules(last_round=True)


def player(
    number: int,
    score: float,
    colour: Colour = W,
    strength: Strength = MILD,
    *,
    aro: int = 2000,
    upfloats: int = 0,
    last: bool = False,
    maximum: bool = False,
    met: Iterable[int] = (),
) -> DubovPlayer:
    return DubovPlayer(
        entry=PlayerEntry(PairingNumber(number), rating=2600 - 10 * number),
        score=Fraction(score),
        preference=ColourPreference(colour, strength, 0),
        aro=aro,
        games=2,
        upfloats=upfloats,
        upfloated_last_round=last,
        maximum_upfloater=maximum,
        may_get_pab=True,
        met=frozenset(PairingNumber(n) for n in met),
    )


def filler(number: int = 99) -> DubovPlayer:
    """A 0-point player who keeps the bracket's lower players pairable ([C4]) in examples
    with an odd number of players."""
    return player(number, 0, B)


def pairs_of(residents: list[DubovPlayer], lower: list[DubovPlayer], rules: BracketRules = NOT_LAST) -> set[frozenset[int]]:
    result = pair_bracket(residents, lower, rules)
    return {frozenset((int(a.number), int(b.number))) for a, b in result.pairs}


def upfloaters_of(residents: list[DubovPlayer], lower: list[DubovPlayer], rules: BracketRules = NOT_LAST) -> list[int]:
    return sorted(int(p.number) for p in pair_bracket(residents, lower, rules).upfloaters)


def P(*pairs: tuple[int, int]) -> set[frozenset[int]]:
    return {frozenset(p) for p in pairs}


# --- §9 worked example (round 3 of 9, MaxT = 3) ---------------------------------------------


def worked_example(*, met_1_2: bool = False, extra: Iterable[DubovPlayer] = ()) -> tuple[list[DubovPlayer], list[DubovPlayer]]:
    residents = [
        player(1, 2, W, aro=2175, met=[2] if met_1_2 else []),
        player(4, 2, B, aro=2225),
        player(7, 2, W, aro=2275),
    ]
    lower = [
        player(2, 1.5, B, upfloats=1, last=True, met=[1] if met_1_2 else []),
        player(3, 1.5, W),
        player(5, 1.5, W),
        *extra,
    ]
    return residents, lower


def test_worked_example_c7_outranks_c10() -> None:
    # §9: {TPN 2} gives no colour miss, {3} or {5} one; C7 ranks above C10, so 2 upfloats
    # although it upfloated last round. S1 = [1, 7], T2 = (2, 4): 1-2, 7-4.
    residents, lower = worked_example()
    assert upfloaters_of(residents, lower) == [2]
    assert pairs_of(residents, lower) == P((1, 2), (7, 4))


def test_worked_example_next_transposition_when_first_is_illegal() -> None:
    # §9: if 1 and 2 have met, T2 = (4, 2): 1-4, 7-2.
    residents, lower = worked_example(met_1_2=True)
    assert pairs_of(residents, lower) == P((1, 4), (7, 2))


def test_worked_example_c10_prefers_black_seeker_who_did_not_upfloat() -> None:
    # §9: "Had a Black seeker that did not upfloat last round been in the pool, it would
    # have beaten TPN 2 through C10."
    residents, lower = worked_example(extra=[player(6, 1.5, B), filler()])
    assert upfloaters_of(residents, lower) == [6]


# --- C5 / C6: number and scores of the upfloaters ---------------------------------------


def test_c5_no_upfloater_when_residents_pair_among_themselves() -> None:
    residents = [player(1, 2, W), player(2, 2, B), player(3, 2, W), player(4, 2, B)]
    assert upfloaters_of(residents, [player(5, 1, B), player(6, 1, W)]) == []


def test_c5_two_upfloaters_when_the_two_residents_have_met() -> None:
    # C1 forbids 1-2, so the minimum number of upfloaters is two (Art. 3.2.1).
    residents = [player(1, 2, W, met=[2]), player(2, 2, B, met=[1])]
    lower = [player(3, 1, B), player(4, 1, W), player(5, 1, B), player(6, 1, W)]
    assert upfloaters_of(residents, lower) == [3, 4]
    assert pairs_of(residents, lower) == P((1, 3), (4, 2))


def test_c6_higher_score_before_colours() -> None:
    # C6 ranks above C7: the 1.5 player upfloats (one colour miss: three White seekers) although
    # the 1.0 player would give everyone their colour (spec §12: CPPDubovSystem's most common
    # error in the disputed problems).
    residents = [player(1, 2, W), player(2, 2, B), player(3, 2, W)]
    lower = [player(4, 1.5, W), player(5, 1, B), filler()]
    assert upfloaters_of(residents, lower) == [4]


def test_c6_compares_sorted_scores_from_the_lowest() -> None:
    # 1 and 2 have met: two upfloaters. With 6 unable to meet 4 or 5, the sets left are
    # {4, 5} (scores 1, 1), {3, 6} (1.5, 0.5) and sets with 6 and a 1-point player. Both
    # first sets have the same total difference; C6 minimises the largest difference first,
    # so {4, 5} wins.
    residents = [player(1, 2, W, met=[2]), player(2, 2, B, met=[1])]
    lower = [
        player(3, 1.5, B),
        player(4, 1, B, met=[6]),
        player(5, 1, W, met=[6]),
        player(6, 0.5, W, met=[4, 5]),
    ]
    assert upfloaters_of(residents, lower) == [4, 5]


# --- C7-C10 and the order of Art. 4.2 ------------------------------------------------------


def test_c7_colour_before_sequence_order() -> None:
    # disputed s1051-n9-r6-p2 in miniature: the first upfloater in order (3, due Black) would
    # leave a colour miss; 4 (due White) does not.
    residents = [player(1, 1, B), player(2, 1, W), player(9, 1, B)]
    lower = [player(3, 0.5, B), player(4, 0.5, W), player(7, 0.5, B)]
    assert upfloaters_of(residents, lower) == [4]


def test_sequence_order_breaks_ties_by_tpn() -> None:
    # Art. 4.2.2: equal on C5-C10, the smaller TPN comes first.
    residents = [player(1, 2, W), player(2, 2, B), player(3, 2, W)]
    lower = [player(8, 1.5, B), player(6, 1.5, B), filler()]
    assert upfloaters_of(residents, lower) == [6]


def test_c8_avoids_a_maximum_upfloater() -> None:
    residents = [player(1, 2, W), player(2, 2, B), player(3, 2, W)]
    lower = [player(4, 1.5, B, upfloats=3, maximum=True), player(5, 1.5, B), filler()]
    assert upfloaters_of(residents, lower) == [5]


def test_c9_prefers_the_maximum_upfloater_upfloated_fewer_times() -> None:
    # C9 as written (spec §3 interpretation): minimise the upfloats of maximum upfloaters.
    residents = [player(1, 2, W), player(2, 2, B), player(3, 2, W)]
    lower = [
        player(4, 1.5, B, upfloats=4, maximum=True),
        player(5, 1.5, B, upfloats=3, maximum=True),
        filler(),
    ]
    assert upfloaters_of(residents, lower) == [5]


def test_c10_avoids_the_player_upfloated_last_round() -> None:
    residents = [player(1, 2, W), player(2, 2, B), player(3, 2, W)]
    lower = [player(4, 1.5, B, upfloats=1, last=True), player(5, 1.5, B), filler()]
    assert upfloaters_of(residents, lower) == [5]


@pytest.mark.parametrize(
    "candidate",
    [
        player(4, 1.5, B, upfloats=3, maximum=True),
        player(4, 1.5, B, upfloats=1, last=True),
    ],
)
def test_c8_to_c10_do_not_apply_in_the_last_round(candidate: DubovPlayer) -> None:
    # Art. 2.3 / spec §6: in the last round the sequence order decides.
    residents = [player(1, 2, W), player(2, 2, B), player(3, 2, W)]
    assert upfloaters_of(residents, [candidate, player(5, 1.5, B), filler()], LAST) == [4]


# --- absolute criteria and completion --------------------------------------------------------


def test_c3_players_with_the_same_absolute_preference_do_not_meet() -> None:
    residents = [player(1, 2, W, ABSOLUTE), player(2, 2, W, ABSOLUTE)]
    lower = [player(3, 1, B), player(4, 1, B)]
    assert pairs_of(residents, lower) == P((1, 3), (2, 4))


def test_c4_upfloater_choice_keeps_the_rest_pairable() -> None:
    # 2 comes first in order, but then 3 and 4, who have met, would be left together.
    residents = [player(1, 2, W)]
    lower = [player(2, 1, B), player(3, 1, B, met=[4]), player(4, 0, W, met=[3])]
    assert upfloaters_of(residents, lower) == [3]


def test_c4_also_holds_for_large_brackets() -> None:
    # Same situation in a field large enough for completion to be checked after the
    # matching: 72 (the last player) can meet only 2, so 2 must not upfloat; 3 is next.
    residents = [player(1, 3, W)]
    lower = [player(2, 2, B)]
    lower += [player(n, 2, B, met=[72]) for n in range(3, 41)]
    lower += [player(n, 1, W, met=[72]) for n in range(41, 72)]
    lower += [player(72, 0, W, met=range(3, 72))]
    assert upfloaters_of(residents, lower) == [3]


def test_no_legal_pairing_is_an_error() -> None:
    with pytest.raises(NoValidPairing):
        pair_bracket([player(1, 2, W, met=[2]), player(2, 2, B, met=[1])], [], NOT_LAST)


# --- G1/G2, shifts and transpositions (Art. 3.2.3-3.2.5, 4.3, 4.4) ----------------------------


def test_middle_outward_numbering() -> None:
    # Art. 4.3.3 examples of spec §4.6.
    assert "".join(middle_outward("ABCDEFG")) == "DCEBFAG"  # type: ignore[arg-type]
    assert "".join(middle_outward("ABCDEF")) == "CDBEAF"  # type: ignore[arg-type]


def test_equalising_shift_takes_the_middle_white_seeker_by_aro() -> None:
    # G1 = {1, 3, 5} (ARO 2000, 2100, 2200), G2 = {7}: one White seeker moves to G2, the middle
    # one by ARO (3). S1 = [1, 5], G2 by TPN = [3, 7]: 1-3, 5-7.
    bracket = [player(1, 2, W, aro=2000), player(3, 2, W, aro=2100), player(5, 2, W, aro=2200), player(7, 2, B)]
    assert pairs_of(bracket, []) == P((1, 3), (5, 7))


def test_equalising_shift_of_an_even_list_starts_with_the_upper_middle() -> None:
    # G1 = {1, 3, 5, 7} in ARO order, G2 empty: numbering 3, 5, 1, 7 (spec: "6 players A..F ->
    # C, D, B, E, A, F"), so 3 and 5 move. S1 = [1, 7], G2 = [3, 5]: 1-3, 7-5.
    bracket = [player(n, 2, W, aro=1900 + 100 * i) for i, n in enumerate((1, 3, 5, 7))]
    assert pairs_of(bracket, []) == P((1, 3), (7, 5))


def test_equalising_shift_of_black_seekers_goes_by_tpn() -> None:
    # G1 = {8}, G2 = {2, 4, 6}: the middle Black seeker by TPN (4) moves to G1. S1 by ARO:
    # 4 (1900) then 8 (2000); G2 = [2, 6]: 4-2, 8-6.
    bracket = [player(8, 2, W), player(2, 2, B), player(4, 2, B, aro=1900), player(6, 2, B)]
    assert pairs_of(bracket, []) == P((4, 2), (8, 6))


def test_forced_pair_inside_the_smaller_subgroup_is_shifted_first() -> None:
    # G1 = {1, 3} (ARO 2000, 2100), G2 = {2, 4, 5, 6}; 3 has met every G2 player, so 1-3 is
    # forced. Step 1 shifts one player of that pair, the first acceptable in middle-outward
    # order of G1 = [1, 3]: 1 moves to G2. Step 2 equalises: G2 = [1, 2, 4, 5, 6] by TPN is
    # numbered 4, 2, 5, 1, 6; 4 and 2 can meet another G2 player, so they move to G1
    # (1, a step-1 shifter, is never moved back but keeps its place in the list).
    # S1 = [2, 4, 3] (ARO, then TPN), G2 = [1, 5, 6]: the first legal transposition is
    # (5, 6, 1): 2-5, 4-6, 3-1.
    bracket = [
        player(1, 2, W, aro=2000),
        player(3, 2, W, aro=2100, met=[2, 4, 5, 6]),
        player(2, 2, B, met=[3]),
        player(4, 2, B, met=[3]),
        player(5, 2, B, met=[3]),
        player(6, 2, B, met=[3]),
    ]
    assert pairs_of(bracket, []) == P((2, 5), (4, 6), (3, 1))


@pytest.mark.parametrize("score", [0, 1])
def test_round_one_bracket_splits_by_tpn(score: int) -> None:
    # Art. 3.2.3: nobody in the bracket has played -> G1 = first half by TPN; first
    # transposition: 1-4, 2-5, 3-6 (spec §7). The same holds in a later round for a bracket of
    # players who only had forfeit wins (score 1, no game played).
    bracket = [
        DubovPlayer(
            entry=PlayerEntry(PairingNumber(n), rating=2600 - 10 * n),
            score=Fraction(score),
            preference=ColourPreference(B, MILD, 0),
            aro=0,
            games=0,
            upfloats=0,
            upfloated_last_round=False,
            maximum_upfloater=False,
            may_get_pab=True,
            met=frozenset(),
        )
        for n in range(1, 7)
    ]
    assert pairs_of(bracket, []) == P((1, 4), (2, 5), (3, 6))
