"""``--explain`` data: the engine's own record of brackets, floats, unmet criteria and
colour rules (issue 4), checked on the worked examples of spec/dutch.md §10."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from engine import pair
from engine.model import PairingTrace
from tests.corpus import shared_path
from tests.engine.corpus_problems import (
    answer_lines,
    corpus,
    problem_request,
    reference_lines,
    reference_path,
)
from tests.engine.dutch_builders import HALF, ONE, ZERO, B, Field, W, c5_example, played


def _c5_example() -> PairingTrace:
    """§10.4: C5 empties the top bracket; 1-5, 3-2, PAB to 6."""
    f = c5_example()
    trace = pair(f.request()).trace
    assert trace is not None
    return trace


def test_brackets_say_who_was_in_them_and_who_moved_down() -> None:
    """The 2.0 bracket pairs nobody: both float for C4/C5; the 1.0 bracket pairs them with
    its residents; 6, alone at 0.0, is the leftover that gets the PAB."""
    top, middle = _c5_example().brackets
    assert (top.score, top.residents, top.pairs) == (Fraction(2), (1, 3), ())
    assert [f.player for f in top.floaters] == [1, 3]
    assert all("C4/C5" in f.reason for f in top.floaters)
    assert (middle.score, middle.moved_down, middle.residents) == (Fraction(1), (1, 3), (2, 5))
    assert sorted(middle.pairs) == [(1, 5), (3, 2)]
    assert middle.floaters == ()


def test_colour_rules_and_the_pab_are_explained() -> None:
    trace = _c5_example()
    rules = {(c.white, c.black): c.rule for c in trace.colours}
    assert rules == {(1, 5): "5.2.4", (3, 2): "5.2.1"}
    assert trace.bye_reason.startswith("6 gets the PAB: eligible (C2), score 0")


def test_unmet_criteria_name_the_players() -> None:
    """§10.4: 1 and 5 both want White, so 5 does not get its mild preference (C12); MDP 3
    downfloated in round 2 (1.0 against 0.0) and meets a lower score again (C18)."""
    middle = _c5_example().brackets[1]
    assert [(u.criterion, u.players) for u in middle.unmet] == [("C12", (5,)), ("C18", (3,))]


def test_a_repeated_downfloat_is_reported_for_c14() -> None:
    """1, 2 and 3 on 1.0, 1-2 already met, 1 and 2 downfloated in round 2: whoever takes
    the PAB downfloats again. 1-3 would deny a mild White (C12), so 2-3 is paired and C14
    is reported for 1."""
    f = Field(rounds_played=2)
    f.player(1, played(W, HALF, 2), f.game(1, B, HALF, opponent_score=ZERO, round_no=2))
    f.player(2, played(B, HALF, 1), f.game(2, W, HALF, opponent_score=ZERO, round_no=2))
    f.history(3, (W, ONE), (B, ZERO))
    result = pair(f.request())
    assert result.bye == 1
    assert result.trace is not None
    (bracket,) = result.trace.brackets
    assert [(u.criterion, u.players) for u in bracket.unmet if u.criterion == "C14"] == [
        ("C14", (1,))
    ]


@pytest.mark.parametrize("rules", ["fide-2026", "fide-2017", "fide-2012"])
def test_without_explain_no_trace_is_built_and_the_boards_are_the_same(rules: str) -> None:
    """``explain=False`` (``arbiter pair`` and ``POST /pairings`` without ``--explain``)
    skips the account, not a decision: each edition's boards are the corpus answer
    (t26 round 5, 50 players; the dutch, dutch-2017 and dutch-2012 corpora) either way."""
    folder = {"fide-2026": "dutch", "fide-2017": "dutch-2017", "fide-2012": "dutch-2012"}[rules]
    problem = shared_path(*corpus(folder), "dutch-t26-p0050-r05of13.trf")
    request = replace(problem_request(problem), rules_edition=rules)
    explained, bare = pair(request), pair(replace(request, explain=False))
    expected = reference_lines(reference_path(problem))
    assert answer_lines(explained) == answer_lines(bare) == expected
    assert explained.trace is not None and bare.trace is None
