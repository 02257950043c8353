"""BH, FB, SB and AOB with the unplayed-round rules of C.07 Art. 16, on the §5.8 example.

Expected values are the spec's (spec/tiebreaks.md §5.8) or worked out by hand from the
articles named in each test, with the arithmetic in the comments.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from events.tiebreaks import Edition, rank
from events.tiebreaks.unplayed import adjusted_scores
from tests.tiebreaks.examples import HALF, worked_example

E2024, E2026 = Edition.C07_2024, Edition.C07_2026


def values(code: str, edition: Edition) -> dict[int, object]:
    standings = rank(worked_example(), code, edition)
    return {row.pairing_number: row.values[code] for row in standings.rows}


def test_last_round_bye_after_forfeit_counts_as_draw_for_opponents() -> None:
    # 16.2.5 / 16.3.2: #4's round-3 bye follows only VURs (its round-2 forfeit loss), so
    # opponents see 0 + 0 + ½; everyone else is seen with the actual score.
    scores = adjusted_scores(worked_example())
    assert scores[4] == HALF
    assert scores[6] == 2 and scores[5] == Fraction(3, 2)


@pytest.mark.parametrize(
    ("edition", "expected"),
    [
        # spec §5.8 table; #2 = 1.5 (#5) + 2.5 (#1) + 2.0 (#6), #3 = 2.0 + 1.5 + 2.5
        (E2024, {1: "3.5", 2: "6", 3: "6", 4: "2.5", 5: "4.5", 6: "5", 7: "4.5"}),
        # [2026] 16.4.1: #5's forfeit dummy capped at #4's adjusted 0.5;
        # 16.4.2: #6's HPB dummy capped at 0.5 x 3 rounds = 1.5
        (E2026, {1: "3.5", 2: "6", 3: "6", 4: "2.5", 5: "3.5", 6: "4.5", 7: "4.5"}),
    ],
)
def test_buchholz_with_dummy_opponent(edition: Edition, expected: dict[int, str]) -> None:
    assert values("BH", edition) == {n: Decimal(v) for n, v in expected.items()}


@pytest.mark.parametrize("edition", [E2024, E2026])
def test_cut_removes_the_vur_term_first(edition: Edition) -> None:
    # 16.5: #6's half-point bye is a VUR, so BH-C1 drops its dummy term (2.0 in 2024, 1.5 in
    # 2026) rather than the lowest opponent: 1.5 + 1.5 = 3.0 in both editions (spec §5.8).
    assert values("BH/C1", edition)[6] == Decimal(3)


def test_cut_without_vur_drops_the_lowest_opponent() -> None:
    # 14.1: #2 has no VUR; terms 1.5 (#5), 2.5 (#1), 2.0 (#6) -> Cut-1 drops 1.5, Cut-2 keeps
    # 2.5, Median-1 drops 1.5 then 2.5 and keeps 2.0.
    assert values("BH/C1", E2024)[2] == Decimal("4.5")
    assert values("BH/C2", E2024)[2] == Decimal("2.5")
    assert values("BH/M1", E2024)[2] == Decimal(2)


@pytest.mark.parametrize(
    ("edition", "expected"),
    [
        # 9.1: Σ opponent score x own points. #1: 0.5x1 + 1.5x½ + 1.5x1 = 2.75;
        # #5: 1.5x0 + dummy 1.5x1 + 1.5x½ = 2.25; #6: 1.5x½ + dummy 2.0x½ + 1.5x1 = 3.25;
        # #7: dummy 1.5x1 + 1.5x0 + 1.5x½ = 2.25
        (E2024, {1: "2.75", 4: "0", 5: "2.25", 6: "3.25", 7: "2.25"}),
        # [2026] dummies capped: #5 0.5x1 -> 1.25; #6 1.5x½ -> 3.0; #7 min(1.5, 1.5) unchanged
        (E2026, {1: "2.75", 4: "0", 5: "1.25", 6: "3", 7: "2.25"}),
    ],
)
def test_sonneborn_berger(edition: Edition, expected: dict[int, str]) -> None:
    got = values("SB", edition)
    assert {n: got[n] for n in expected} == {n: Decimal(v) for n, v in expected.items()}


def test_sb_cut_compares_vur_with_least_significant_value() -> None:
    # 14.1 (2024-08) + 16.5: #6's terms (score, product): (1.5, 0.75) #3, (2.0, 1.0) HPB VUR,
    # (1.5, 1.5) #2. Least significant = lowest score, lowest product: 0.75. The VUR's 1.0 is
    # not lower, so the VUR is cut: 0.75 + 1.5 = 2.25.
    assert values("SB/C1", E2024)[6] == Decimal("2.25")


@pytest.mark.parametrize(
    ("edition", "expected"),
    [
        # 8.3: round-3 games drawn: #1, #2, #3 -> 2.0, #6 -> 1.5, #5, #7 stay 1.5; #4 (not
        # paired in round 3) keeps its 16.2.5 draw: 0.5. #1: 0.5 + 2.0 + 2.0 = 4.5;
        # #5: 2.0 + dummy 1.5 + 1.5 = 5.0; #6: 2.0 + dummy 1.5 + 2.0 = 5.5
        (E2024, {1: "4.5", 2: "5", 4: "2", 5: "5", 6: "5.5", 7: "5"}),
        # [2026] #5's forfeit dummy capped at #4's 0.5 -> 4.0
        (E2026, {1: "4.5", 2: "5", 4: "2", 5: "4", 6: "5.5", 7: "5"}),
    ],
)
def test_fore_buchholz_draws_the_final_round(edition: Edition, expected: dict[int, str]) -> None:
    got = values("FB", edition)
    assert {n: got[n] for n in expected} == {n: Decimal(v) for n, v in expected.items()}


def test_average_of_opponents_buchholz() -> None:
    # 8.2 with 2024 BH: #1 met #4 (2.5), #2 (6.0), #3 (6.0) -> 14.5 / 3 = 4.833 -> 4.83;
    # #6 met #3 and #2 -> 6.00; #4 met only #1 -> 3.50 (forfeits and byes are no meetings).
    got = values("AOB", E2024)
    assert (got[1], got[6], got[4]) == (Decimal("4.83"), Decimal("6.00"), Decimal("3.50"))


def test_aob_of_fore_buchholz_is_a_2026_option() -> None:
    # [2026] 8.2: #7 met #3 (FB 5.0) and #5 (FB 4.0 in 2026) -> 4.50
    assert values("AOB/F", E2026)[7] == Decimal("4.50")
