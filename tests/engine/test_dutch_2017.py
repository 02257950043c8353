"""The 2017 Dutch edition (``fide-2017``): each place where its text differs from the 2026 text,
pinned by a request the two editions answer differently, and the command line and tournament
setting that select it (docs/rulings.md, "Dutch, 2017 edition")."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from click.testing import CliRunner

from engine import pair
from engine.common import Float, pab_eligible
from engine.dutch.players import build_players
from engine.dutch.rules2017.players import build_players_2017, bye_allowed
from engine.model import Pairing, PairingNumber, PlayerEntry, PointSystem, RoundKind, RoundRecord
from server.cli import main
from tests.corpus import shared_path
from tests.engine.builders import HALF, ONE, ZERO
from tests.engine.corpus_problems import (
    answer_lines,
    corpus,
    problem_request,
    reference_lines,
    reference_path,
)
from tests.engine.dutch_builders import Field


def _problem(name: str) -> Path:
    return shared_path(*corpus("dutch-2017")) / f"{name}.trf"


def _entry(*records: RoundRecord) -> PlayerEntry:
    return PlayerEntry(number=PairingNumber(1), history=records)


def test_c2_a_full_point_bye_does_not_bar_the_pab() -> None:
    """2017 C.2 bars a PAB and a forfeit win ("an opponent not appearing in time") only; 2026 C2
    bars any single unplayed round worth a win, so a requested full-point bye too."""
    full_bye = _entry(RoundRecord(RoundKind.FULL_BYE, ONE))
    assert bye_allowed(full_bye)
    assert not pab_eligible(full_bye, PointSystem())
    assert not bye_allowed(_entry(RoundRecord(RoundKind.PAB, ONE)))
    assert not bye_allowed(_entry(RoundRecord(RoundKind.FORFEIT_WIN, ONE, PairingNumber(2))))
    assert bye_allowed(_entry(RoundRecord(RoundKind.HALF_BYE, HALF)))


def test_every_unplayed_round_is_a_downfloat() -> None:
    """2017 A.4: a player who did not play floated down, whatever the round scored; 2026 Art.
    1.4 floats only the PAB and unplayed rounds worth more than a loss."""
    f = Field(rounds_played=1)
    f.player(1, RoundRecord(RoundKind.ZERO_BYE, ZERO))
    f.player(2, RoundRecord(RoundKind.NOT_PAIRED, ZERO))
    request = replace(f.request(), rules_edition="fide-2017")
    floats = {int(p.number): p.float_previous for p in build_players_2017(request)}
    assert floats[1] is floats[2] is Float.DOWN
    twenty_six = {int(p.number): p.float_previous for p in build_players(request)}
    assert twenty_six[1] is twenty_six[2] is None


def test_no_pab_criteria_the_bye_goes_to_whoever_the_last_bracket_leaves() -> None:
    """No C5 or C9 in 2017: bbpPairings v5.0.1 gives the bye to 5, whom the last bracket leaves
    over; the 2026 rules give it to 7, the lowest score a complete pairing allows."""
    name = "dutch-t05-p0011-r03of09"
    request = problem_request(_problem(name))
    pairing = pair(replace(request, rules_edition="fide-2017"), "dutch")
    assert answer_lines(pairing) == reference_lines(reference_path(_problem(name)))
    assert pairing.bye == 5
    assert pair(request, "dutch").bye == 7


def test_rules_2017_on_the_command_line(tmp_path: Path) -> None:
    name = "dutch-t05-p0011-r03of09"
    output = tmp_path / "out.txt"
    args = ["pair", "--dutch", "--rules", "2017", str(_problem(name)), "-p", str(output)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.stderr
    assert output.read_text() == reference_path(_problem(name)).read_text()


def test_the_checker_re_pairs_by_the_2017_rules() -> None:
    """``-c --rules 2017``: rounds 1 and 2 of this corpus input agree with the 2017 rules."""
    path = _problem("dutch-t05-p0011-r03of09")
    result = CliRunner().invoke(main, ["pair", "--dutch", "--rules", "2017", str(path), "-c"])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines() == ["round 1: ok", "round 2: ok"]


def test_explain_names_the_2017_criteria() -> None:
    """``--explain`` under 2017 cites its own numbers (C.1-C.19, D, E.1-E.5) and no PAB
    criteria; the same request under 2026 cites C1-C21 and Art. 5.2."""
    request = problem_request(_problem("dutch-t05-p0011-r03of09"))
    trace = pair(replace(request, rules_edition="fide-2017"), "dutch").trace
    assert trace is not None
    assert {c.rule for c in trace.colours} == {"E.1", "E.2"}
    assert [u.criterion for b in trace.brackets for u in b.unmet] == ["C.10", "C.10"]
    floats = {f.player: f.reason for b in trace.brackets for f in b.floaters}
    assert floats[4].endswith("(C.1: already met, or C.3: colours)")
    assert "best pairing (C.5/C.6); the paired set is the first valid one (D.3)" in floats[5]
    assert "(C.2)" in trace.bye_reason and "C5" not in trace.bye_reason
    current = pair(request, "dutch").trace
    assert current is not None
    assert {c.rule for c in current.colours} <= {f"5.2.{n}" for n in range(1, 6)}
    assert {u.criterion for b in current.brackets for u in b.unmet} <= {"C12"}
    assert "(C5)" in current.bye_reason


def _pair_2017(name: str) -> Pairing:
    request = problem_request(_problem(name))
    pairing = pair(replace(request, rules_edition="fide-2017"), "dutch")
    assert answer_lines(pairing) == reference_lines(reference_path(_problem(name)))
    return pairing


def test_a9_the_ppb_is_re_paired_and_everyone_below_forms_the_clb() -> None:
    """Score group 3 paired on its own floats 2 and 7 into a round that cannot be completed,
    so it is re-paired as the PPB (C.4) and the players of scores 2.5 down to 1.5 are one
    Collapsed Last Bracket: 13-2 and 12-7 pair across three score groups. The 2026 C4 keeps
    the score groups and gives 12-2 and 13-7."""
    name = "dutch-t08-p0014-r07of08"
    pairing = _pair_2017(name)
    assert pairing.trace is not None
    clb = pairing.trace.brackets[-1]
    assert (clb.moved_down, clb.residents) == ((2, 7), (9, 11, 13, 12))
    assert {(13, 2), (12, 7)} <= {(b.white, b.black) for b in pairing.boards}
    current = pair(problem_request(_problem(name)), "dutch")
    assert {(12, 2), (13, 7)} <= {(b.white, b.black) for b in current.boards}


def test_c7_the_bracket_before_the_last_leaves_the_bye_to_a_player_who_may_have_it() -> None:
    """Score group 2 (5, 7, 8) pairs 5-7, not 5-8: 8 has had the PAB (C.2), so it floats and
    meets 12, leaving 11 for the bye; 5-8 would leave 7 to take the bye in the last bracket."""
    pairing = _pair_2017("dutch-t07-p0013-r06of06")
    assert pairing.bye == 11
    assert {(5, 7), (12, 8)} <= {(b.white, b.black) for b in pairing.boards}


def test_c6_the_psd_charges_the_score_difference_of_each_pair() -> None:
    """In the CLB, the PSD (A.8) prefers 10-20 and 13-17 to the 2026 answer's 10-17 and
    11-13: ranking only the downfloaters' scores (2026 C7) does not see the pairs' spans."""
    name = "dutch-t16-p0023-r09of13"
    boards = {(b.white, b.black) for b in _pair_2017(name).boards}
    assert {(10, 20), (13, 17)} <= boards
    current = pair(problem_request(_problem(name)), "dutch")
    assert {(10, 17), (11, 13)} <= {(b.white, b.black) for b in current.boards}


def test_c16_to_c19_repeated_floaters_are_charged_their_score_differences() -> None:
    """One of six corpus problems below 120 players that give another answer when C.16-C.19
    are left out (the float counts C.12-C.15 alone); the answer is the reference's."""
    pairing = _pair_2017("dutch-t09-p0015-r10of11")
    assert pairing.bye == 7
