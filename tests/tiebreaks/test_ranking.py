"""Ranking by points then the list (C.07 4.2), on the §5.8 example."""

from __future__ import annotations

from decimal import Decimal

from events.tiebreaks import Edition, Tiebreak, rank
from tests.tiebreaks.examples import worked_example


def test_points_come_first_even_when_the_list_omits_them() -> None:
    standings = rank(worked_example(), "BH", Edition.C07_2024)
    assert standings.tiebreaks[0] == Tiebreak("PTS")
    assert [row.pairing_number for row in standings.rows][:2] == [1, 6]


def test_each_tie_break_applies_only_to_players_still_tied() -> None:
    # 4.2: #2, #3, #5, #7 share 1.5 points. 2024 BH: 6.0, 6.0, 4.5, 4.5 -> {2, 3} ahead of
    # {5, 7}; then SB (2.75, 2.5; 2.25, 2.25) separates #2 from #3 but not #5 from #7.
    rows = rank(worked_example(), "PTS BH SB", Edition.C07_2024).rows
    assert [(r.pairing_number, r.rank) for r in rows] == [
        (1, 1),
        (6, 2),
        (2, 3),
        (3, 4),
        (5, 5),
        (7, 5),
        (4, 7),
    ]


def test_ties_left_at_the_end_share_the_rank() -> None:
    # Arbiter never draws lots (4.2 leaves that to the regulations): equal places stay equal.
    rows = rank(worked_example(), "PTS", Edition.C07_2026).rows
    assert [r.rank for r in rows if r.points == Decimal("1.5")] == [3, 3, 3, 3]


def test_de_is_computed_inside_the_group_tied_before_it() -> None:
    # After BH (2024), #2 and #3 are tied on 1.5 / 6.0 and never met: DE separates nobody.
    # #5 and #7 (1.5 / 4.5) drew their game: still tied, DE 0.
    rows = {r.pairing_number: r for r in rank(worked_example(), "PTS BH DE", Edition.C07_2024).rows}
    assert {n: rows[n].values["DE"] for n in (2, 3, 5, 7)} == {2: 0, 3: 0, 5: 0, 7: 0}


def test_a_repeated_code_gets_its_own_label() -> None:
    standings = rank(worked_example(), "PTS DE BH DE", Edition.C07_2026)
    assert standings.labels == ("PTS", "DE", "BH", "DE#2")
    assert set(standings.rows[0].values) == {"PTS", "DE", "BH", "DE#2"}
