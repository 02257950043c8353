"""The 2012 Dutch edition (``fide-2012``): the rulings it rests on, pinned on corpus problems
(../shared/fixtures/dutch-2012, JaVaFo 1.4's answers), its ``--explain`` in the articles of
that text, and the command line and tournament setting that select it."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from engine import InvalidRequest, pair
from engine.model import Pairing, PairingNumber
from server.cli import main
from tests.corpus import shared_path
from tests.engine.corpus_problems import (
    answer_lines,
    corpus,
    problem_request,
    reference_lines,
    reference_path,
)
from tests.engine.dutch_builders import ONE, ZERO, B, Field, W


def _problem(name: str) -> Path:
    return shared_path(*corpus("dutch-2012")) / f"{name}.trf"


def _pair_2012(name: str) -> Pairing:
    return pair(replace(problem_request(_problem(name)), rules_edition="fide-2012"), "dutch")


def test_a_half_point_bye_bars_the_bye() -> None:
    """B.1b (rulings.md): in the last round the bye goes to the leader 1, the only player who
    has never scored without playing; 4 took a half-point bye, 5-7 a bye, 2 and 3 won a
    forfeit. The current C2 would give it to 4 instead."""
    name = "dutch-t01-p0007-r05of05"
    pairing = _pair_2012(name)
    assert pairing.bye == 1
    assert answer_lines(pairing) == reference_lines(reference_path(_problem(name)))
    assert pair(problem_request(_problem(name)), "dutch").bye == 4


def test_the_bye_goes_to_whoever_the_lowest_bracket_leaves() -> None:
    """No C5 in 2012 (rulings.md): 5 and 10 (½ point) have met and move down to 7 (0
    points), a bracket at least half moved down, paired as homogeneous (A.3): 10-7 grants both
    colour preferences (B.4), so 5 gets the bye, although 7 scores less."""
    name = "dutch-t05-p0011-r03of09"
    pairing = _pair_2012(name)
    assert pairing.bye == 5
    assert answer_lines(pairing) == reference_lines(reference_path(_problem(name)))


def test_a_bracket_is_re_paired_when_its_downfloater_cannot_be_paired_below() -> None:
    """C.12 (rulings.md): the 2.5 bracket 13, 15, 16, 18, 19 first pairs 13-16 and 15-19, but
    18, moved down, has met 14, the only player on 2. Re-paired, it sends down 13 instead
    (16-18 and 15-19 keep every colour preference; 13 floats down twice running, B.5, which
    the re-pairing gives up), and 13 meets 17 while 14 gets the bye. Pairing the bracket
    for the fewest repeated floats would send 18 down."""
    name = "dutch-t13-p0019-r07of13"
    pairing = _pair_2012(name)
    boards = {frozenset((b.white, b.black)) for b in pairing.boards}
    assert {frozenset((13, 17)), frozenset((16, 18)), frozenset((15, 19))} <= boards
    assert pairing.bye == 14
    assert answer_lines(pairing) == reference_lines(reference_path(_problem(name)))


def test_c12_keeps_the_first_pairing_when_the_re_pairing_costs_a_colour() -> None:
    """C.12 for a next bracket treated as homogeneous gives up floats, not colour
    preferences, in a bracket the text reached by C.13 (rulings.md): in the 2.5 bracket, 4
    (moved down, absolute Black) meets 10 (absolute White); 8 and 14, left over, are half of
    the bracket on 2 (A.3), and 8 has met both players on 2. Paired alone the bracket would
    move nobody down and leave 12, 13 and 15 unpairable, so C.13 re-pairs it and C.12 may not
    backtrack into it again: sending 10 down instead would pair 4 with 8 (strong Black) and
    deny a preference, so the first pairing stands and 8 moves on to 15."""
    name = "dutch-t09-p0015-r07of11"
    pairing = _pair_2012(name)
    boards = {(b.white, b.black) for b in pairing.boards}
    assert {(10, 4), (15, 8)} <= boards
    assert answer_lines(pairing) == reference_lines(reference_path(_problem(name)))


def test_c12_keeps_the_colours_of_a_homogeneous_bracket() -> None:
    """C.12 into a homogeneous bracket, which has no marked transposition to resume
    (rulings.md): on 2.5, 22-25 and 27-31 grant every preference and send 29 down, who has
    met 21, the only player on 2. Another pairing would send 25 or 31 down to meet 21 but
    deny 22's White; the first stands and 29 moves on to 30, 21 taking the bye."""
    name = "dutch-t20-p0031-r09of09"
    pairing = _pair_2012(name)
    assert {(22, 25), (31, 27), (30, 29)} <= {(b.white, b.black) for b in pairing.boards}
    assert answer_lines(pairing) == reference_lines(reference_path(_problem(name)))


def test_c12_resumes_the_marked_transposition_of_a_heterogeneous_bracket() -> None:
    """C.6 marks the transposition that paired a heterogeneous bracket's moved-down players;
    C.12 resumes it and accepts the first pairing that moves down a set the next bracket can
    pair, colours given up (rulings.md, issue #31): on 2, 3 (moved down, absolute White)
    meets 4 (absolute Black), sending 1 (who has met 2, 3 and 4) and 2 down; on 1, 2 has met
    1, 6 and 7. Re-paired, 3 meets 2 (strong White not granted) and 1 and 4 move down, where
    6 and 7 can pair them; C.13 then sends 4 on to the bye and pairs 5-7."""
    name = "dutch-h01-p0007-r04of05"
    pairing = _pair_2012(name)
    assert {(3, 2), (6, 1), (5, 7)} <= {(b.white, b.black) for b in pairing.boards}
    assert pairing.bye == 4
    assert answer_lines(pairing) == reference_lines(reference_path(_problem(name)))


def test_c12_gives_up_a_colour_for_a_heterogeneous_next_bracket() -> None:
    """C.12 for a heterogeneous next bracket, which pairs its moved-down players first (A.3;
    rulings.md): in the 3.0 bracket 1 (moved down, absolute Black) meets 2 (mild White) by
    colours, and 3-5 leaves 7 over; 7 has met 8 and 14, the whole 2.5 bracket. Re-paired,
    1 meets 7 (strong Black, not granted) and 2 moves down to meet 8."""
    name = "dutch-t08-p0014-r06of08"
    pairing = _pair_2012(name)
    assert {(7, 1), (3, 5), (2, 8)} <= {(b.white, b.black) for b in pairing.boards}
    assert answer_lines(pairing) == reference_lines(reference_path(_problem(name)))


def test_c12_asks_the_next_bracket_about_its_moved_down_players_together() -> None:
    """C.12 with A.3 (rulings.md, issue #31): on 2 points 1 may meet nobody and moves down
    (C.1); of 2, 3 and 4 (3-4 forbidden) 2-3 grants both mild preferences and sends 4 down.
    On 1 point 1 and 4 may each meet 5 and no one else, so the heterogeneous bracket cannot
    pair both players moved down. Re-paired, the 2-point bracket plays 2-4 (a preference
    missed) and sends 3 down, who meets 6 beside 1-5; 7 meets 8. Asking about each player
    moved down alone (each has an opponent, 5) kept 2-3 and sent 4 on to 8."""
    field = Field(rounds_played=2)
    for number, first in ((1, B), (2, W), (3, B), (4, W)):
        field.history(number, (first, ONE), (first.opposite, ONE))
    for number, first in ((5, W), (6, W), (7, W)):
        field.history(number, (first, ONE), (first.opposite, ZERO))
    field.history(8, (W, ZERO), (B, ZERO))
    forbidden = [(1, 2), (1, 3), (1, 4), (3, 4), (1, 6), (1, 7), (4, 6), (4, 7)]
    request = field.request(
        forbidden_pairs=frozenset(frozenset(map(PairingNumber, p)) for p in forbidden),
        rules_edition="fide-2012",
    )
    pairing = pair(request, "dutch")
    assert {frozenset((b.white, b.black)) for b in pairing.boards} == {
        frozenset(p) for p in ((2, 4), (1, 5), (3, 6), (7, 8))
    }


def test_a_moved_down_player_who_can_be_paired_below_changes_nothing_above() -> None:
    """C.12 looks no further than the next bracket (rulings.md): the 3.0 bracket 24
    (absolute White), 28, 34 (mild White), 32 (absolute Black) and 35 (mild Black) has x = 0
    (A.8), met only by 28-32 and 34-35, which moves 24 down. 24 can meet 30 on 2.5, so C.12
    has no cause; the lowest brackets then cannot be completed and C.13 merges them: 24-36,
    30-31 and the bye to 33. Judging the 3.0 bracket by the pairs its downfloater gets in
    the completed round would pair 24-34 (34's White missed) to send 35 down instead."""
    name = "dutch-t22-p0036-r09of11"
    pairing = _pair_2012(name)
    boards = {(b.white, b.black) for b in pairing.boards}
    assert {(28, 32), (34, 35), (24, 36), (30, 31)} <= boards
    assert pairing.bye == 33
    assert answer_lines(pairing) == reference_lines(reference_path(_problem(name)))


def test_the_penultimate_bracket_is_paired_for_the_lowest_before_colours() -> None:
    """C.13 (rulings.md): on 2 points 5 (absolute White) would meet 8 (strong Black) by
    colours and send 7 down, but the lowest bracket 7, 11, 12 cannot pair 7 (7-11 leaves 12
    over, who had a bye, B.1b; 7-12 have met). The penultimate bracket ranks the pairs into
    the lowest above its colours, as JaVaFo 1.4 re-pairs it: 5-7 (7's White missed), 8 moved
    down meets 12, and 11 gets the bye (not 7, as 11-12 with M1 reduced would give)."""
    name = "dutch-t07-p0013-r06of06"
    pairing = _pair_2012(name)
    assert {(5, 7), (12, 8)} <= {(b.white, b.black) for b in pairing.boards}
    assert pairing.bye == 11
    assert answer_lines(pairing) == reference_lines(reference_path(_problem(name)))


def test_brackets_the_text_merges_count_colours_together() -> None:
    """C.13 (rulings.md): 2 and 7 (3 points) move down to 13 (1 point) and 12 (½); 13 and 12
    have met. Paired alone, the bracket of 2, 7 and 13 would pair 2-7 (both preferences
    granted) and leave 13 and 12 unpairable, so the text merges the low brackets into one,
    where 2-13 and 7-12 (one preference missed, 2's White) comes before 7-13 and 2-12 (the
    same one missed) in the D order. Counting colours in the bracket of 13 alone would pair
    7-13 and push the miss down to 2-12."""
    name = "dutch-t08-p0014-r07of08"
    pairing = _pair_2012(name)
    assert {(13, 2), (12, 7)} <= {(b.white, b.black) for b in pairing.boards}
    assert answer_lines(pairing) == reference_lines(reference_path(_problem(name)))


def test_the_bracket_merged_with_the_lowest_moves_nobody_down() -> None:
    """C.13, C.3.e-f (rulings.md): on 1.5, 3 and 9 (moved down from 2) meet 8 and 11 (who
    took a PAB in the previous round) with 10 alone on 1; only 3 may have the bye (B.1b).
    Paired alone the bracket would leave 10 unpaired, so the text joins it with 10's into the
    lowest bracket, which moves nobody down: no downfloat requirement keeps 11 paired there,
    and the D order gives 9-8, 11-10 and the bye to 3 (JaVaFo 1.4). Keeping B.5 for 11
    would pair 9-11 and 10-8."""
    name = "dutch-h03-p0011-r05of09"
    pairing = _pair_2012(name)
    assert {(9, 8), (10, 11)} <= {(b.white, b.black) for b in pairing.boards}
    assert answer_lines(pairing) == reference_lines(reference_path(_problem(name)))


def _boards(pairing: Pairing) -> set[tuple[PairingNumber, PairingNumber]]:
    return {(b.white, b.black) for b in pairing.boards}


def test_x_bounds_the_moved_down_players_and_the_remainder_each_on_its_own() -> None:
    """A.8, C.3, C.6 (rulings.md): on 4 points 5 (strong Black) and 7 (strong White) moved
    down to 10, 14, 16 (strong or mild White) and 18 (mild Black); x = 1. Two players must go
    on to 13 and 19 (who have met), so one moved-down player is paired (M1 = 1) and 14-16 is
    the only remainder pair (one preference missed). 5, first by D.3, can only meet 18 (one
    missed) with the round still pairable: X allows it, and the remainder is held to X on its own, so 18-5 and 16-14 stand
    (JaVaFo 1.4) rather than 7-18, which one sum over the bracket would take."""
    name = "dutch-t13-p0019-r10of13"
    pairing = _pair_2012(name)
    assert {(18, 5), (16, 14), (7, 13), (19, 10)} <= _boards(pairing)
    assert answer_lines(pairing) == reference_lines(reference_path(_problem(name)))


def test_the_remainder_is_held_to_x_rather_than_to_its_fewest_misses() -> None:
    """C.6 (rulings.md): on 2 points 6 (strong Black, moved down) meets the first resident
    D.1 offers, 4 (mild White); x = 1 for the bracket, and the remainder 5, 8 (White), 9, 10,
    12, 16 (Black) missing one preference stays within X. Pairing 6-12 would let the
    remainder miss none, which counting the remainder's misses alone would prefer."""
    name = "dutch-t10-p0016-r05of09"
    pairing = _pair_2012(name)
    assert {(4, 6), (5, 12), (9, 16)} <= _boards(pairing)
    assert answer_lines(pairing) == reference_lines(reference_path(_problem(name)))


def test_strong_preferences_of_the_moved_down_players_are_counted_with_the_remainder() -> None:
    """A.7, C.10 (rulings.md): in round 4 the moved-down 10 (strong White) would meet 12
    first by D.1, within x = 1, but both prefer White strongly; JaVaFo 1.4 pairs 10-16
    (16 absolute Black) and 12-17: the strong preferences stay one count over the bracket."""
    name = "dutch-t13-p0019-r04of13"
    pairing = _pair_2012(name)
    assert {(10, 16), (12, 17)} <= _boards(pairing)
    assert answer_lines(pairing) == reference_lines(reference_path(_problem(name)))


def test_c13_re_pairs_a_bracket_above_the_penultimate_by_its_own_criteria() -> None:
    """C.13 (rulings.md): last round; on 3 points 2 (moved down) and 7, 8, 9, 10, 12; 3
    alone on 2.5; 11, 13, 14, 15 on 2, none of whom may have the bye (B.1b). 3 cannot be
    paired, 2.5 merges into the lowest, and the 3-point bracket, now the penultimate, is
    re-paired so that the lowest can be paired, by its own criteria: 2-12 and 7-9 send down
    8 and 10, who repeat no float (B.5, B.6), and grant every preference; 15-8, 11-3 and the
    bye to 10 (JaVaFo 1.4). Merging it with the brackets below would pair 2-8, 10-12 and 9-3."""
    name = "dutch-h06-p0015-r07of07"
    pairing = _pair_2012(name)
    assert {(2, 12), (9, 7), (15, 8), (11, 3)} <= _boards(pairing)
    assert pairing.bye == 10
    assert answer_lines(pairing) == reference_lines(reference_path(_problem(name)))


def test_a_bracket_treated_as_homogeneous_has_no_upfloat_requirements() -> None:
    """C.3.g-h, A.3 (rulings.md): 1, 3, 7 and 8 (from 8, 6.5 and 6 points) reach the bracket of
    10, 11, 15, 16 on 5 points, at least half of it, so it is paired as homogeneous and one
    pair is made. 1-15 comes first in the D order; 15 upfloated two rounds before, which
    only a heterogeneous bracket asks about (B.6), so 1-15 stands rather than 3-16."""
    name = "dutch-t13-p0019-r12of13"
    pairing = _pair_2012(name)
    assert {(1, 15), (14, 3)} <= _boards(pairing)
    assert answer_lines(pairing) == reference_lines(reference_path(_problem(name)))


def test_a_moved_down_player_paired_in_its_bracket_does_not_float_down_from_it() -> None:
    """C.3.e-f, B.5 (rulings.md): on 5 points 9, 12 and 13 moved down; one of them meets 20.
    12-20 (one preference missed) and 13-20 are as good by colours within X (x = 1); 13 downfloated in the previous round
    and 12 did not, so 13 is paired here and 12 goes on down (20-13, 12-21, JaVaFo 1.4)."""
    name = "dutch-t16-p0023-r12of13"
    pairing = _pair_2012(name)
    assert {(20, 13), (12, 21), (22, 9)} <= _boards(pairing)
    assert answer_lines(pairing) == reference_lines(reference_path(_problem(name)))


def test_players_without_a_game_take_colours_by_pairing_number_after_round_one() -> None:
    """E.5 speaks of round 1 only (rulings.md): in round 2, 5 and 13 (no game played, the
    drawn colour Black) – 5, odd, gets White; 20 and 28 – 20, even, gets Black."""
    name = "dutch-t20-p0031-r02of09"
    pairing = _pair_2012(name)
    boards = {(b.white, b.black) for b in pairing.boards}
    assert {(5, 13), (28, 20)} <= boards
    assert pairing.trace is not None
    rules = {(c.white, c.black): c.rule for c in pairing.trace.colours}
    assert rules[(5, 13)] == rules[(28, 20)] == "E.5"


def test_explain_names_the_2012_articles() -> None:
    pairing = _pair_2012("dutch-t05-p0011-r03of09")
    trace = pairing.trace
    assert trace is not None
    assert {c.rule for c in trace.colours} <= {"E.1", "E.2", "E.3", "E.4", "E.5"}
    assert {c.rule for c in trace.colours} == {"E.1", "E.2"}
    floats = {f.player: f.reason for b in trace.brackets for f in b.floaters}
    assert floats[4].startswith("C.1: no opponent")
    assert floats[5].startswith("left over by the lowest score bracket: gets the bye (A.5")
    lowest = trace.brackets[-1]
    assert lowest.notes[0].startswith("at least half of it moved down")
    assert "10-7: 10 floats down and 7 up (A.4); paired as in a homogeneous bracket (A.3)" in (
        lowest.notes
    )
    assert trace.bye_reason.endswith("(B.1b)")


def test_explain_names_the_2012_article_of_each_float_and_colour() -> None:
    """Every colour by its rule E.1-E.5, every player moving down by the article that sends
    it (A.3, A.6, A.5/C.13 here), every repeated float by B.5 (previous round) or B.6 (two
    rounds before), on a problem JaVaFo 1.4 answers the same way."""
    name = "dutch-t05-p0011-r05of09"
    pairing = _pair_2012(name)
    assert answer_lines(pairing) == reference_lines(reference_path(_problem(name)))
    trace = pairing.trace
    assert trace is not None
    assert {(c.white, c.black): c.rule for c in trace.colours} == {
        (2, 1): "E.2",
        (3, 9): "E.2",
        (6, 4): "E.4",
        (8, 7): "E.1",
        (11, 5): "E.1",
    }
    reasons = {f.player: f.reason for b in trace.brackets for f in b.floaters}
    assert reasons[2].endswith("(A.3)") and reasons[7].endswith("(A.3)")
    assert "(A.6)" in reasons[5]
    assert reasons[10].endswith("gets the bye (A.5, C.13)")
    by_score = {b.score: b for b in trace.brackets}
    assert [(u.criterion, u.players, u.detail) for u in by_score[Fraction(3, 2)].unmet] == [
        ("B.5", (5,), "downfloats again, as in the previous round"),
        ("B.5", (8,), "upfloats again, as in the previous round"),
        ("B.6", (8,), "upfloats again, as in two rounds before"),
        ("B.6", (7,), "7: score difference 0.5"),
    ]
    assert {u.criterion for b in trace.brackets for u in b.unmet} == {"B.4", "B.5", "B.6"}


def test_explain_names_c12_when_a_bracket_is_re_paired() -> None:
    """The re-paired 2.5 bracket of the C.12 ruling says so, and 13's float names C.12 and
    the B.5 it gives up."""
    trace = _pair_2012("dutch-t13-p0019-r07of13").trace
    assert trace is not None
    bracket = next(b for b in trace.brackets if b.score == Fraction(5, 2))
    assert any(note.startswith("re-paired (C.12)") for note in bracket.notes)
    assert [(f.player, f.reason[:5]) for f in bracket.floaters] == [(13, "C.12:")]
    assert [(u.criterion, u.players) for u in bracket.unmet] == [("B.5", (13,))]


def test_rules_2012_on_the_command_line(tmp_path: Path) -> None:
    name = "dutch-t01-p0007-r05of05"
    output = tmp_path / "out.txt"
    args = ["pair", "--dutch", "--rules", "2012", str(_problem(name)), "-p", str(output)]
    result = CliRunner().invoke(main, [*args, "--explain"])
    assert result.exit_code == 0, result.stderr
    assert output.read_text() == reference_path(_problem(name)).read_text()
    assert "PAB: 1 (score 3.5) is the player the lowest bracket leaves over" in result.stdout


def test_the_2012_edition_is_refused_for_other_systems() -> None:
    request = problem_request(_problem("dutch-t01-p0007-r02of05"))
    with pytest.raises(InvalidRequest, match="fide-2012"):
        pair(replace(request, rules_edition="fide-2012"), "burstein")


def test_the_checker_re_pairs_by_the_2012_rules() -> None:
    """``-c --rules 2012``: rounds 1 and 2 of this corpus input are the 2012 pairings."""
    path = _problem("dutch-t05-p0011-r03of09")
    result = CliRunner().invoke(main, ["pair", "--dutch", "--rules", "2012", str(path), "-c"])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines() == ["round 1: ok", "round 2: ok"]
