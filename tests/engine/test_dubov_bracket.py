"""One Dubov bracket (engine/dubov/brackets.py): the criteria of Art. 2 and the steps of
Art. 3.2 / 4, from spec/dubov.md §3-§4 and the worked example of §9.

Players are given by the facts the articles use (score, colour preference, ARO, upfloat
history, opponents met), so that each test states exactly the situation a rule speaks of.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable
from fractions import Fraction

import pytest

from engine.common import ColourPreference, Strength
from engine.dubov import brackets as dubov_bracket
from engine.dubov.brackets import BracketRules, middle_outward, pair_bracket
from engine.dubov.players import DubovPlayer
from engine.errors import NoValidPairing
from engine.model import Colour, PairingNumber, PlayerEntry
from tests.engine.dubov1997_literal import matchings

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
    aro: int | Fraction = 2000,
    upfloats: int = 0,
    last: bool = False,
    maximum: bool = False,
    met: Iterable[int] = (),
    rating: int | None = None,
    difference: int = 0,
    games: int = 2,
    eligible: bool = True,
) -> DubovPlayer:
    """A player known by the facts the articles read (rated 2600 - 10 * number unless
    ``rating`` says otherwise)."""
    return DubovPlayer(
        entry=PlayerEntry(PairingNumber(number), rating=rating or 2600 - 10 * number),
        score=Fraction(score),
        preference=ColourPreference(colour, strength, difference),
        aro=aro,
        games=games,
        upfloats=upfloats,
        upfloated_last_round=last,
        maximum_upfloater=maximum,
        may_get_pab=eligible,
        met=frozenset(PairingNumber(n) for n in met),
    )


def filler(number: int = 99) -> DubovPlayer:
    """A 0-point player who keeps the bracket's lower players pairable ([C4]) in examples
    with an odd number of players."""
    return player(number, 0, B)


def pairs_of(
    residents: list[DubovPlayer], lower: list[DubovPlayer], rules: BracketRules = NOT_LAST
) -> set[frozenset[int]]:
    result = pair_bracket(residents, lower, rules)
    return {frozenset((int(a.number), int(b.number))) for a, b in result.pairs}


def upfloaters_of(
    residents: list[DubovPlayer], lower: list[DubovPlayer], rules: BracketRules = NOT_LAST
) -> list[int]:
    return sorted(int(p.number) for p in pair_bracket(residents, lower, rules).upfloaters)


def P(*pairs: tuple[int, int]) -> set[frozenset[int]]:
    return {frozenset(p) for p in pairs}


# --- §9 worked example (round 3 of 9, MaxT = 3) ---------------------------------------------


def worked_example(
    *, met_1_2: bool = False, extra: Iterable[DubovPlayer] = ()
) -> tuple[list[DubovPlayer], list[DubovPlayer]]:
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
    bracket = [
        player(1, 2, W, aro=2000),
        player(3, 2, W, aro=2100),
        player(5, 2, W, aro=2200),
        player(7, 2, B),
    ]
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


# --- the upfloater choice against a literal reading, on small random brackets -----------------


def _literal_upfloaters(
    residents: list[DubovPlayer], lower: list[DubovPlayer], rules: BracketRules
) -> list[int] | None:
    """Art. 3.2.1-3.2.2 by enumeration: the fewest upfloaters with a legal pairing that keeps
    the rest pairable; then the best [C6] (sorted scores), [C7] (fewest players without their
    colour in the best pairing), [C8]-[C10]; then the first set in the order of Art. 4.2."""
    order = sorted(lower, key=lambda p: (-p.score, p.number))
    for size in range(len(residents) % 2, len(lower) + 1, 2):
        found = []
        for chosen in itertools.combinations(order, size):
            rest = [p for p in order if p not in chosen]
            if next(matchings(rest, rules), None) is None:
                continue  # [C4]
            pairings = list(matchings([*residents, *chosen], rules))
            if not pairings:
                continue  # [C1], [C3]
            misses = min(sum(a.colour is b.colour for a, b in m) for m in pairings)
            maximum = [p for p in chosen if p.maximum_upfloater]
            floats = (
                (0, 0, 0)
                if rules.last_round
                else (
                    len(maximum),
                    sum(p.upfloats for p in maximum),
                    sum(p.upfloated_last_round for p in chosen),
                )
            )
            scores = tuple(-s for s in sorted(p.score for p in chosen))  # smaller is better
            sequence = [order.index(p) for p in chosen]
            found.append(((scores, misses, *floats), sequence, chosen))
        if found:
            best = min(quality for quality, _, _ in found)
            first = min(seq for quality, seq, _ in found if quality == best)
            return sorted(int(order[i].number) for i in first)
    return None


@pytest.mark.parametrize("completion_built_in", [True, False])
@pytest.mark.parametrize("seed", range(200))
def test_upfloater_choice_matches_a_literal_reading(
    seed: int, completion_built_in: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Both ways of applying [C4] (inside every matching for small brackets, checked on the
    # result for large ones) are compared with the enumeration.
    if not completion_built_in:
        monkeypatch.setattr(dubov_bracket, "_SMALL", 0)
    rng = random.Random(seed)
    count = rng.randint(1, 4)
    lower_count = rng.randint(1, 7 - count % 2) // 2 * 2 + (count % 2)
    numbers = rng.sample(range(1, 20), count + lower_count)
    people = []
    for index, number in enumerate(numbers):
        score = 3 if index < count else rng.choice([2, 2, 1.5, 1, 0.5])
        strength = rng.choice([MILD, STRONG, ABSOLUTE])
        upfloats = rng.randint(0, 4)
        people.append((number, score, rng.choice([W, B]), strength, upfloats, rng.random() < 0.3))
    met: dict[int, set[int]] = {n: set() for n in numbers}
    for a, b in itertools.combinations(numbers, 2):
        if rng.random() < 0.25:
            met[a].add(b)
            met[b].add(a)
    built = [
        player(n, s, c, st, upfloats=u, last=last, maximum=u >= 3, met=met[n])
        for n, s, c, st, u, last in people
    ]
    residents, lower = built[:count], built[count:]
    rules = BracketRules(last_round=rng.random() < 0.2)
    expected = _literal_upfloaters(residents, lower, rules)
    if expected is None:
        with pytest.raises(NoValidPairing):
            upfloaters_of(residents, lower, rules)
    else:
        assert upfloaters_of(residents, lower, rules) == expected


def _literal_bracket_pairs(bracket: list[DubovPlayer], rules: BracketRules) -> set[frozenset[int]]:
    """Art. 3.2.3-3.2.5 by enumeration: G1/G2, the shifts of 3.2.4 with shifter sets tried in
    the order of Art. 4.3, then the first legal transposition of Art. 4.4."""
    pairings = list(matchings(bracket, rules))
    if all(p.games == 0 for p in bracket):
        by_tpn = sorted(bracket, key=lambda p: p.number)
        g1, g2 = by_tpn[: len(by_tpn) // 2], by_tpn[len(by_tpn) // 2 :]
    else:
        g1 = [p for p in bracket if p.colour is W]
        g2 = [p for p in bracket if p.colour is not W]
    source_is_g1 = len(g1) <= len(g2)
    source, other = (g1, g2) if source_is_g1 else (g2, g1)

    def inside(m: list[tuple[DubovPlayer, DubovPlayer]], group: list[DubovPlayer]) -> int:
        return sum(a in group and b in group for a, b in m)

    fewest = min(sum(a.colour is b.colour for a, b in m) for m in pairings)
    best = [m for m in pairings if sum(a.colour is b.colour for a, b in m) == fewest]
    forced = min(inside(m, source) for m in best)
    best = [m for m in best if inside(m, source) == forced]

    def white_key(p: DubovPlayer) -> tuple[int | Fraction, int]:
        return (p.aro, p.number)

    def black_key(p: DubovPlayer) -> tuple[int, int]:
        return (p.number, 0)

    def partner(m: list[tuple[DubovPlayer, DubovPlayer]], p: DubovPlayer) -> DubovPlayer:
        return next(b if a is p else a for a, b in m if p in (a, b))

    numbered_source = middle_outward(sorted(source, key=white_key if source_is_g1 else black_key))
    for first in itertools.combinations(numbered_source, forced):
        left = [p for p in source if p not in first]
        grown = [*other, *first]
        numbered = middle_outward(sorted(grown, key=black_key if source_is_g1 else white_key))
        excess = (len(grown) - len(left)) // 2
        for second in itertools.combinations([p for p in numbered if p not in first], excess):
            new_source = [*left, *second]
            new_other = [p for p in grown if p not in second]
            if any(
                all(partner(m, s) in left for s in first)
                and all((a in new_source) != (b in new_source) for a, b in m)
                for m in best
            ):
                g1, g2 = (new_source, new_other) if source_is_g1 else (new_other, new_source)
                s1 = sorted(g1, key=white_key)
                for t2 in itertools.permutations(sorted(g2, key=black_key)):
                    if all(map(rules.compatible, s1, t2)):
                        return {frozenset((int(a.number), int(b.number))) for a, b in zip(s1, t2)}
    raise AssertionError("no recomposition found")


@pytest.mark.parametrize("seed", range(300))
def test_subgroups_and_transposition_match_a_literal_reading(seed: int) -> None:
    rng = random.Random(seed)
    size = rng.choice([2, 4, 4, 6, 6, 6, 8, 8])
    numbers = rng.sample(range(1, 30), size)
    met: dict[int, set[int]] = {n: set() for n in numbers}
    for a, b in itertools.combinations(numbers, 2):
        if rng.random() < 0.3:
            met[a].add(b)
            met[b].add(a)
    bracket = [
        player(
            n,
            2,
            rng.choice([W, W, B]) if seed % 3 else rng.choice([W, B]),
            rng.choice([MILD, STRONG, ABSOLUTE]),
            aro=rng.choice([1800, 1900, 2000, 2100]),
            met=met[n],
        )
        for n in numbers
    ]
    rules = BracketRules(last_round=False)
    if next(matchings(bracket, rules), None) is None:
        with pytest.raises(NoValidPairing):
            pairs_of(bracket, [])
        return
    assert pairs_of(bracket, []) == _literal_bracket_pairs(bracket, rules)
