"""The Dutch criteria measured on a pairing made elsewhere (``engine.dutch.audit_pairing``),
pinned by the worked examples of spec/dutch.md §10 and the rules of §3: what a candidate
breaks there, the audit finds in the whole round."""

from __future__ import annotations

from fractions import Fraction

from engine.dutch import audit_pairing, pair
from engine.model import Board, PairingNumber, PairingRequest, RoundKind, RoundRecord
from tests.engine.dutch_builders import ONE, ZERO, B, Field, W, c5_example, played


def given(*boards: tuple[int, int]) -> list[Board]:
    return [Board(PairingNumber(w), PairingNumber(b)) for w, b in boards]


def homogeneous() -> PairingRequest:
    """§10.1: round 3, score group 1.0; TPN 3 (BSN 1) has met TPN 10 (BSN 4)."""
    f = Field(rounds_played=2)
    f.player(3, played(W, ONE, 10), f.game(3, B, ZERO, round_no=2))
    f.player(10, played(B, ZERO, 3), f.game(10, B, ONE, round_no=2))
    f.history(5, (B, ONE), (W, ZERO))
    f.history(8, (W, ONE), (W, ZERO))
    f.history(12, (W, ZERO), (B, ONE))
    f.history(14, (B, ZERO), (W, ONE))
    return f.request()


def test_the_accepted_candidate_of_the_example_breaks_nothing() -> None:
    """§10.1: 1-6, 2-4, 3-5 (TPNs 3-14, 10-5, 12-8) is perfect: no downfloater, every
    colour preference granted."""
    request = homogeneous()
    engine = pair(request)
    assert audit_pairing(request, engine.boards, engine.bye) == {}


def test_a_rejected_candidate_fails_c12_for_the_two_players_who_lose_their_colour() -> None:
    """§10.1, S2 order 5-4-6: 1-5 (both mild White: one loses) and 3-6 (3 absolute Black
    wins, 6 mild Black loses): C12 = 2; mild preferences only, so C13 is met."""
    failures = audit_pairing(homogeneous(), given((3, 12), (10, 5), (14, 8)), None)
    assert set(failures) == {"C12"}
    assert failures["C12"].value == (2,)
    assert sorted(failures["C12"].players) == [12, 14]


def test_a_second_meeting_and_a_forbidden_pair_break_c1() -> None:
    """§10.1, S2 order 4-5-6: BSN 1 meets BSN 4 again (TPN 3 and TPN 10); §3.1: a pair the
    arbiter forbade counts the same."""
    request = homogeneous()
    failures = audit_pairing(request, given((3, 10), (5, 12), (14, 8)), None)
    assert failures["C1"].players == (3, 10)
    forbidden = PairingRequest(
        round_no=request.round_no, total_rounds=request.total_rounds, players=request.players,
        forbidden_pairs=frozenset({frozenset({PairingNumber(3), PairingNumber(14)})}),
    )  # fmt: skip
    failures = audit_pairing(forbidden, given((3, 14), (10, 5), (12, 8)), None)
    assert set(failures) == {"C1"} and failures["C1"].players == (3, 14)


def test_the_pab_of_a_higher_score_fails_c5_and_the_engines_floats_fail_c14() -> None:
    """§10.4: the 2017-style pairing 1-3, 2-6 leaves the PAB to 5 on 1.0, where the engine's
    1-5, 3-2 gives it to 6 on 0.0 (C5). The engine's pairing floats 3, who downfloated in
    round 2 (beat 4, a point behind), out of its score group again: C14 (§3.4)."""
    request = c5_example().request()
    engine = pair(request)
    theirs = audit_pairing(request, engine.boards, engine.bye)
    mine = audit_pairing(request, given((1, 3), (6, 2)), PairingNumber(5))
    assert (mine["C5"].value, theirs["C5"].value) == ((Fraction(1),), (Fraction(0),))
    assert theirs["C14"].players == (3,) and "C14" not in mine
    # Downfloaters: the engine floats 1 and 3 (2.0) and the PAB 6; this pairing 2 and 5 (1.0),
    # and 5 again out of the last bracket to the PAB.
    assert theirs["C7"].value == (2, 2, 0) and mine["C7"].value == (1, 1, 1)


def test_the_pab_to_a_player_with_an_unplayed_game_fails_c9() -> None:
    """§10.5: 1-2, 3-4 leaves the PAB to 5, who had a zero-point bye (one unplayed game);
    the engine's 3-5 gives it to 4, who has played every round."""
    f = Field(rounds_played=1)
    f.player(1, played(W, ONE, 3))
    f.player(2, played(B, ONE, 4))
    f.player(3, played(B, ZERO, 1))
    f.player(4, played(W, ZERO, 2))
    f.player(5, RoundRecord(RoundKind.ZERO_BYE, ZERO))
    request = f.request(total_rounds=3)
    mine = audit_pairing(request, given((2, 1), (3, 4)), PairingNumber(5))
    assert mine["C9"].value == (1,) and mine["C9"].players == (5,)
    engine = pair(request)
    assert "C9" not in audit_pairing(request, engine.boards, engine.bye)


def test_a_second_pab_breaks_c2() -> None:
    """§3.1 C2 (C.04.1 Art. 4): 7 had the PAB in round 1 (§10.6) and may not have it again."""
    f = Field(rounds_played=1)
    for white, black in ((1, 4), (5, 2), (3, 6)):
        f.player(white, played(W, ONE if white != 5 else ZERO, black))
        f.player(black, played(B, ZERO if white != 5 else ONE, white))
    f.player(7, RoundRecord(RoundKind.PAB, ONE))
    failures = audit_pairing(f.request(), given((1, 2), (3, 4), (5, 6)), PairingNumber(7))
    assert set(failures) & {"C1", "C2", "C3"} == {"C2"} and failures["C2"].players == (7,)


def test_c3_forbids_a_pair_of_absolute_preferences_unless_one_is_a_topscorer() -> None:
    """§3.1 C3 and §3.6: two players who both must have Black may not meet, except when the
    final round is paired and one is a topscorer; then the one given White again ends with a
    colour difference of +3 (C10) and a third White running (C11)."""
    f = Field(rounds_played=2)
    f.history(1, (W, ONE), (W, ZERO))
    f.history(2, (W, ZERO), (W, ONE))
    f.history(3, (B, ONE), (W, ZERO))
    f.history(4, (W, ZERO), (B, ONE))
    failures = audit_pairing(f.request(total_rounds=9), given((1, 2), (3, 4)), None)
    assert failures["C3"].players == (1, 2)
    f = Field(rounds_played=2)
    f.history(1, (W, ONE), (W, ONE))
    f.history(2, (W, ONE), (W, ONE))
    f.history(3, (B, ZERO), (W, ZERO))
    f.history(4, (W, ZERO), (B, ZERO))
    failures = audit_pairing(f.request(total_rounds=3), given((1, 2), (3, 4)), None)
    assert "C3" not in failures
    assert failures["C10"].players == (1,) and failures["C11"].players == (1,)
