"""The 2026 Burstein system (C.04.4.2 from 1 February 2026), article by article
(burstein.md §1-§9). The 4.3 order and the §9 worked example are in
test_burstein_order.py.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from engine.burstein import pair as pair_burstein
from engine.burstein.bracket import BracketPlayers, pair_bracket_2026
from engine.burstein.colours import ColourFacts, colour_2026
from engine.burstein.system import Seeded, index_values, seeding_rounds
from engine.burstein.system import pair as pair_burstein_2026
from engine.common import ColourPreference, Strength
from engine.dutch import pair as pair_dutch
from engine.errors import InvalidRequest, NoValidPairing
from engine.model import (
    Colour,
    PairingNumber,
    PairingRequest,
    PlayerEntry,
    RoundKind,
    RoundRecord,
)
from tests.engine.test_burstein_2017 import games_for_a_pab_choice

W, B = Colour.WHITE, Colour.BLACK
N = PairingNumber


def game(points: float, opponent: int, colour: Colour) -> RoundRecord:
    return RoundRecord(RoundKind.PLAYED, Fraction(points), N(opponent), colour)


def unplayed(kind: RoundKind, points: float = 0) -> RoundRecord:
    return RoundRecord(kind, Fraction(points))


# -- 1.6 seeding rounds --------------------------------------------------------------------


@pytest.mark.parametrize(("total", "seeding"), [(5, 2), (7, 3), (8, 4), (9, 4), (11, 4)])
def test_seeding_rounds(total: int, seeding: int) -> None:
    # 1.6: the first min(floor(R/2), 4) rounds; examples R = 5 -> 2; 7 -> 3; 8, 9, 11 -> 4.
    assert seeding_rounds(total) == seeding


def test_a_seeding_round_is_a_dutch_round() -> None:
    # 1.6 / §7: round 1 is always a seeding round, paired by the Dutch system.
    entries = tuple(PlayerEntry(N(n), rating=2500 - 10 * n) for n in range(1, 10))
    request = PairingRequest(1, 9, entries)
    burstein, dutch = pair_burstein(request), pair_dutch(request)
    assert (burstein.boards, burstein.bye) == (dutch.boards, dutch.bye)
    assert burstein.explanation[0].startswith("seeding round 1 of 4")


# -- 1.7 opposition evaluation ---------------------------------------------------------------


def small_event() -> tuple[PlayerEntry, ...]:
    """Three rounds. R1: 1-2 1-0, 3-4 ½-½, 5 half-point bye; R2: 1-3 1-0, 2-5 0-1, 4
    zero-point bye; R3: 5-1 0-1, 3-2 1-0, 4 zero-point bye (4's byes run up to round 3)."""
    return (
        PlayerEntry(N(1), history=(game(1, 2, W), game(1, 3, W), game(1, 5, B))),
        PlayerEntry(N(2), history=(game(0, 1, B), game(0, 5, W), game(0, 3, B))),
        PlayerEntry(N(3), history=(game(0.5, 4, W), game(0, 1, B), game(1, 2, W))),
        PlayerEntry(
            N(4),
            history=(game(0.5, 3, B), unplayed(RoundKind.ZERO_BYE), unplayed(RoundKind.ZERO_BYE)),
        ),
        PlayerEntry(
            N(5), history=(unplayed(RoundKind.HALF_BYE, 0.5), game(1, 2, B), game(0, 1, W))
        ),
    )


def test_buchholz_and_sonneborn_berger_with_unplayed_rounds() -> None:
    # 1.7: scores 1: 3, 2: 0, 3: 1.5, 4: 0.5, 5: 1.5.
    # 1.7.2.1: 5's half-point bye is a game against himself: 1.5 towards Buchholz, 0.5 x
    # 1.5 towards SB. 1.7.2.2: 4's two zero-point byes reach the last round, so 3 meets a
    # 4 worth 0.5 + 2 x 0.5 = 1.5; 4's own byes count his own score 0.5.
    values = index_values(PairingRequest(4, 5, small_event()))
    assert values[N(5)] == (Fraction(3) / 2 + 0 + 3, Fraction(3, 4) + 0)
    assert values[N(3)] == (Fraction(3, 2) + 3 + 0, Fraction(3, 4) + 0 + 0)
    assert values[N(4)] == (Fraction(3, 2) + Fraction(1, 2) * 2, Fraction(3, 4))
    assert values[N(1)] == (0 + Fraction(3, 2) + Fraction(3, 2), Fraction(3))


def test_virtual_points_are_never_in_the_index() -> None:
    # 1.7.2.3: acceleration changes the bracket (pairing score), not Buchholz or SB.
    event = small_event()
    boosted = tuple(replace(e, acceleration={4: Fraction(1)}) for e in event)
    assert index_values(PairingRequest(4, 5, boosted)) == index_values(PairingRequest(4, 5, event))


def test_brackets_rank_by_buchholz_then_sonneborn_berger_then_tpn() -> None:
    # 1.8 (§9 ordering): the explanation lists each bracket in BSN order.
    event = small_event()
    request = PairingRequest(4, 5, event)
    lines = pair_burstein_2026(request).explanation
    # 1 (3 points) and the 1.5 group 3 (BH 4.5) and 5 (BH 4.5, SB 0.75 vs 0.75 -> TPN).
    assert any(line.startswith("bracket 1.5: 3 5") for line in lines), lines


def test_worked_example_bsn_order() -> None:
    # §9: A (10.5, 8.0), B (10.5, 7.5), C (9.0, 6.0), D (8.5, 6.5), E (8.0, 5.0), F (7.0,
    # 4.0) -> BSN A..F: A before B on SB; D after C because Buchholz decides first.
    values = {
        "A": (10.5, 8.0),
        "B": (10.5, 7.5),
        "C": (9.0, 6.0),
        "D": (8.5, 6.5),
        "E": (8.0, 5.0),
        "F": (7.0, 4.0),
    }
    players = [
        Seeded(
            number=N(tpn),
            available=True,
            colour_rank=tpn,
            score=Fraction(3),
            pairing_score=Fraction(3),
            buchholz=Fraction(bh),
            sonneborn_berger=Fraction(sb),
            preference=ColourPreference(None, Strength.NONE, 0),
            colours=(),
            met=frozenset(),
            may_get_pab=True,
            games=4,
        )
        for tpn, (bh, sb) in zip((6, 5, 4, 3, 2, 1), values.values(), strict=True)
    ]
    names = dict(zip((p.number for p in players), values, strict=True))
    assert [names[p.number] for p in sorted(players, key=lambda p: p.index_key)] == list("ABCDEF")


# -- 3.1 the PAB -----------------------------------------------------------------------------


def test_pab_prefers_the_player_with_more_games_played() -> None:
    # 3.1 (4.2 in the spec): lowest score (2 and 4 have 0), then most games played (2 has
    # two, 4 one) - where the pre-2026 reading gives it to 4.
    request = PairingRequest(3, 5, games_for_a_pab_choice())
    assert pair_burstein_2026(request).bye == 2
    assert pair_burstein(replace(request, rules_edition="fide-2017")).bye == 4


def test_pab_must_leave_a_pairable_field() -> None:
    # 3.1 / C4. R1: 2-1 0-1, 3-4 1-0, 5 absent; R2: 3-1 0-1, 5-4 0-1, 2 absent. Player 1
    # has met 2 and 3 and had Black twice, as had 4: 1 can only meet 5. Lowest scores: 5
    # and 2 (0 points, one game; 5 has the lower Buchholz, 1 < 2), but without 5 player 1
    # is stranded, and without 2 so is the pair 3-4 (they met); of 3 and 4 (1 point, two
    # games) 4 has the lower Buchholz (1 < 3) and leaves 1-5, 2-3.
    entries = (
        PlayerEntry(N(1), history=(game(1, 2, B), game(1, 3, B))),
        PlayerEntry(N(2), history=(game(0, 1, W), unplayed(RoundKind.ZERO_BYE))),
        PlayerEntry(N(3), history=(game(1, 4, W), game(0, 1, W))),
        PlayerEntry(N(4), history=(game(0, 3, B), game(1, 5, B))),
        PlayerEntry(N(5), history=(unplayed(RoundKind.ZERO_BYE), game(0, 4, W))),
    )
    pairing = pair_burstein_2026(PairingRequest(3, 5, entries))
    assert pairing.bye == 4
    assert {frozenset((b.white, b.black)) for b in pairing.boards} == {
        frozenset((1, 5)),
        frozenset((2, 3)),
    }


def test_pab_is_refused_to_a_player_who_scored_a_win_without_playing() -> None:
    # C2 = Basic Rule 4 (2026): besides an earlier PAB, a full-point bye bars it too.
    # R1: 1 full-point bye, 3-2 1-0; R2: 3-1 1-0, 2 PAB. Player 1 is lowest with 2 but
    # only 3 may take the PAB (and 1-2 have not met).
    entries = (
        PlayerEntry(N(1), history=(unplayed(RoundKind.FULL_BYE, 1), game(0, 3, B))),
        PlayerEntry(N(2), history=(game(0, 3, W), unplayed(RoundKind.PAB, 1))),
        PlayerEntry(N(3), history=(game(1, 2, B), game(1, 1, W))),
    )
    pairing = pair_burstein_2026(PairingRequest(3, 5, entries))
    assert pairing.bye == 3
    assert {(b.white, b.black) for b in pairing.boards} in ({(1, 2)}, {(2, 1)})


# -- C5-C7 -----------------------------------------------------------------------------------


def test_c6_floats_the_lowest_score() -> None:
    # C6: a bracket of an incoming floater (3 points) and two residents (2 points) must
    # float one player: a resident, not the incoming floater, although the floater is
    # BSN 3 (lowest Index) and would float first in the 4.3 order.
    adjacency = [0b1110, 0b1101, 0b1011, 0b0111]
    outcome = pair_bracket_2026(
        BracketPlayers(
            members=3,
            following=1,
            lower=0,
            adjacency=adjacency,
            scores=[Fraction(2), Fraction(2), Fraction(3), Fraction(1)],
            wants=[0, 0, 0, 0],
        )
    )
    assert outcome.floaters in ([0], [1])
    assert all(2 in pair for pair in outcome.pairs)


def test_c7_floats_the_player_the_next_bracket_can_pair() -> None:
    # C7: three equal residents; 4.3 would float BSN 2 (1-3, 2 floats), but the next
    # group's only player has met BSN 2, and floating BSN 3 lets the next bracket pair
    # (C4 alone would not object: 2 could meet a lower player).
    adjacency = [0] * 6

    def link(a: int, b: int) -> None:
        adjacency[a] |= 1 << b
        adjacency[b] |= 1 << a

    for a, b in ((0, 1), (0, 2), (1, 2), (2, 3), (0, 3), (1, 4), (1, 5), (3, 5), (4, 5), (3, 4)):
        link(a, b)
    outcome = pair_bracket_2026(
        BracketPlayers(
            members=3,
            following=1,
            lower=2,
            adjacency=adjacency,
            scores=[Fraction(2)] * 3 + [Fraction(1)] + [Fraction(0)] * 2,
            wants=[0] * 6,
        )
    )
    assert outcome.pairs == [(0, 1)] and outcome.floaters == [2]


def test_c5_pairs_as_many_as_possible() -> None:
    # C5: four members where BSN 1 can only meet BSN 2; 1-2 3-4 beats floating two.
    adjacency = [0b0010, 0b1101, 0b1010, 0b0110]
    outcome = pair_bracket_2026(BracketPlayers(4, 0, 0, adjacency, [Fraction(1)] * 4, [0] * 4))
    assert sorted(outcome.pairs) == [(0, 1), (2, 3)]


def test_no_pairing_of_the_last_bracket_is_no_valid_pairing() -> None:
    # §4.4: the lowest bracket must pair everybody; otherwise the arbiter decides.
    entries = (
        PlayerEntry(N(1), history=(game(1, 2, W), game(1, 2, W))),
        PlayerEntry(N(2), history=(game(0, 1, B), game(0, 1, B))),
    )
    with pytest.raises(NoValidPairing):
        pair_burstein_2026(PairingRequest(3, 5, entries))


# -- 5.2 colours -----------------------------------------------------------------------------


def facts(
    colour: Colour | None, strength: Strength, colours: tuple[Colour, ...], rank: int = 1
) -> ColourFacts:
    difference = colours.count(W) - colours.count(B)
    return ColourFacts(ColourPreference(colour, strength, difference), colours, rank)


def test_colour_5_2_1_first_game_by_the_higher_ranked_players_tpn() -> None:
    x, y = facts(None, Strength.NONE, (), rank=4), facts(None, Strength.NONE, (), rank=7)
    assert colour_2026(x, y, W, x_higher=True) is B  # HRP 4 is even: opposite colour
    assert colour_2026(y, x, W, x_higher=False) is W


def test_colour_5_2_2_both_preferences_and_a_player_without_one() -> None:
    x = facts(W, Strength.MILD, (B, W, B))
    y = facts(None, Strength.NONE, (), rank=2)  # a late entrant: no preference
    assert colour_2026(x, y, W, x_higher=False) is W
    assert colour_2026(y, x, W, x_higher=True) is B


def test_colour_5_2_3_the_stronger_preference_absolute_over_strong() -> None:
    absolute = facts(B, Strength.ABSOLUTE, (B, W, W))
    strong = facts(B, Strength.STRONG, (W,), rank=2)
    assert colour_2026(strong, absolute, W, x_higher=True) is W


def test_colour_5_2_4_alternate_then_5_2_5_higher_ranked() -> None:
    x = facts(W, Strength.MILD, (W, B, W, B))
    y = facts(W, Strength.MILD, (B, W, W, B), rank=2)
    assert colour_2026(x, y, W, x_higher=False) is W  # 5.2.4: y had White there
    z = facts(W, Strength.MILD, (B,), rank=3)
    assert colour_2026(x, z, B, x_higher=True) is W  # 5.2.5: runs out, HRP's preference
    assert colour_2026(x, z, B, x_higher=False) is B


# -- editions --------------------------------------------------------------------------------


def test_unknown_edition_is_an_invalid_request() -> None:
    entries = tuple(PlayerEntry(N(n)) for n in (1, 2))
    with pytest.raises(InvalidRequest):
        pair_burstein(PairingRequest(1, 5, entries, rules_edition="fide-2014"))
