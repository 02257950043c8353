"""The worked examples of spec/dutch.md §10 and §7, paired as whole rounds."""

from __future__ import annotations

from engine import pair
from engine.model import (
    PairingNumber,
    PairingRequest,
    PlayerEntry,
    RoundKind,
    RoundRecord,
)
from tests.engine.dutch_builders import (
    HALF,
    ONE,
    ZERO,
    B,
    Field,
    W,
    boards,
    c5_example,
    played,
)


def test_homogeneous_bracket_transposition_order_and_c12() -> None:
    """§10.1: the first candidates break C1 (BSN 1 met BSN 4) or C12; transposition 6-4-5
    grants every preference and is accepted; Art. 5.2.1 gives every board its colours."""
    f = Field(rounds_played=2)
    f.player(3, played(W, ONE, 10), f.game(3, B, ZERO, round_no=2))
    f.player(10, played(B, ZERO, 3), f.game(10, B, ONE, round_no=2))
    f.history(5, (B, ONE), (W, ZERO))
    f.history(8, (W, ONE), (W, ZERO))
    f.history(12, (W, ZERO), (B, ONE))
    f.history(14, (B, ZERO), (W, ONE))
    assert boards(pair(f.request())) == [(3, 14), (10, 5), (12, 8)]


def test_heterogeneous_bracket_mdp_pairing_then_remainder_c14() -> None:
    """§10.3: MDP 4 (2.5) has met TPN 2, so it meets TPN 7; in the remainder {2, 9, 12},
    2-9 would float 12, who downfloated in round 3 (C14), so 2-12 is chosen and 9 floats
    (here 9 is the last player and receives the PAB)."""
    f = Field(rounds_played=3)
    f.player(4, played(W, ONE, 2), f.game(4, B, HALF, round_no=2), f.game(4, W, ONE, round_no=3))
    f.player(2, played(B, ZERO, 4), f.game(2, W, ONE, round_no=2), f.game(2, B, ONE, round_no=3))
    f.history(7, (B, ONE), (W, ONE), (B, ZERO))
    f.history(9, (W, ONE), (B, ONE), (W, ZERO))
    # TPN 12 met a lower-scored opponent in round 3: a downfloat.
    f.history(12, (W, ONE), (B, ZERO), (W, ONE, ZERO))
    result = boards(pair(f.request()))
    assert sorted(tuple(sorted(b)) for b in result[:-1]) == [(2, 12), (4, 7)]
    assert result[-1] == (9, 0)


def test_c5_ranks_above_the_number_of_pairs() -> None:
    """§10.4 (bbpPairings' dutch_2025_C5): player 6 on 0.0 can take the PAB only if the top
    bracket makes no pair, so 1 and 3 both float: 1-5, 3-2, PAB to 6. Colours: 1 and 5 have
    identical histories, so 5.2.4 gives 1 its White; 3 and 2 both get their preference."""
    f = c5_example()
    assert boards(pair(f.request())) == [(1, 5), (3, 2), (6, 0)]


def test_c9_bye_to_the_player_with_fewest_unplayed_games() -> None:
    """§10.5 (bbpPairings' dutch_2025_C9): 3-4 would leave 5, who had a zero-point bye;
    3-5 leaves 4, who has played every round, so 4 gets the PAB."""
    f = Field(rounds_played=1)
    f.player(1, played(W, ONE, 3))
    f.player(2, played(B, ONE, 4))
    f.player(3, played(B, ZERO, 1))
    f.player(4, played(W, ZERO, 2))
    f.player(5, RoundRecord(RoundKind.ZERO_BYE, ZERO))
    assert boards(pair(f.request(total_rounds=3))) == [(2, 1), (3, 5), (4, 0)]


def _round_one(count: int, **options: object) -> PairingRequest:
    players = tuple(PlayerEntry(number=PairingNumber(n)) for n in range(1, count + 1))
    return PairingRequest(round_no=1, total_rounds=5, players=players, **options)  # type: ignore[arg-type]


def test_round_one_odd_field() -> None:
    """§10.6: seven players, initial colour White: 1-4, 5-2, 3-6, and 7 gets the PAB."""
    assert boards(pair(_round_one(7))) == [(1, 4), (5, 2), (3, 6), (7, 0)]


def test_round_one_even_field_alternates_from_the_initial_colour() -> None:
    """§7.3: ten players, initial colour White: 1-6, 7-2, 3-8, 9-4, 5-10."""
    assert boards(pair(_round_one(10))) == [(1, 6), (7, 2), (3, 8), (9, 4), (5, 10)]


def test_round_one_initial_colour_black() -> None:
    """Art. 5.1 / 5.2.5: with Black drawn, the odd S1 players get Black."""
    from engine.model import Colour

    assert boards(pair(_round_one(4, initial_colour=Colour.BLACK))) == [(3, 1), (2, 4)]


def test_parity_counts_only_players_who_take_part() -> None:
    """§7.2 engine note: TPN 2 absent from round 1 is left out of the 5.2.5 numbering, so
    TPN 3 is second in it and gets Black: 1-5, 6-3, 4-7."""
    players = tuple(PlayerEntry(number=PairingNumber(n), available=n != 2) for n in range(1, 8))
    request = PairingRequest(round_no=1, total_rounds=5, players=players)
    assert boards(pair(request)) == [(1, 5), (6, 3), (4, 7)]
