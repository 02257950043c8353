"""``--explain`` for Lim: every floater with its kind (3.9 a-d), the article that moved it and
why this player, taken from the engine's own decisions (spec/lim.md §4; issue requirement)."""

from __future__ import annotations

from engine.lim.explain import LimOutcome
from tests.engine.lim_builders import ROUND_FIVE, history, lim, request


def _floater_lines(outcome: LimOutcome) -> list[str]:
    return [line for line in outcome.pairing.explanation if line.lstrip().startswith("floater ")]


def test_every_floater_is_explained_with_its_kind_article_and_reason() -> None:
    outcome = lim(request(history(*ROUND_FIVE), total=7))
    lines = _floater_lines(outcome)
    assert len(lines) == len(outcome.trace.floats) == 7
    for decision, line in zip(outcome.trace.floats, lines, strict=True):
        assert line.strip().startswith(
            f"floater {decision.player} {decision.direction.value} from group"
        )
        assert f"kind {decision.kind.value} ({decision.kind.meaning})" in line
        assert f"{decision.article}: {decision.reason}" in line and decision.reason
    # The choice between candidates is explained by the rule that decided it (3.9 here).
    assert (
        "floater 10 down from group 2.5: kind c (has no compatible opponent in the next group); "
        "2.3.4: makes the group even; 3.9: floating 7 would add a more disadvantageous kind of "
        "floater; 3.2: leaves the due colours as even as possible (difference 0)"
    ) in lines[4]


def test_explanation_names_the_group_order_bye_and_pair_reasons() -> None:
    outcome = lim(request(history("1-6 1-0, 7-2 0-1, 3-8 =, 9-4 0-1, 5 pab")))
    text = outcome.pairing.explanation
    assert text[0].startswith("Lim system (C.04.4.3): round 2 of 9; median score 0.5")
    assert text[1] == "PAB: 9 (1.1: the lowest-ranked player of the lowest scoregroup)"
    heads = [line for line in text if line.startswith("Group ")]
    assert [h.split(" (")[0] for h in heads] == ["Group 1", "Group 0", "Group 0.5"]
    pair_lines = [line for line in text if "'s opponent: " in line]
    assert len(pair_lines) == 4 and all("; colours: " in line for line in pair_lines)
