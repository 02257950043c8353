"""Rating-based tie-breaks (C.07 Art. 10) and the B.02 tables, on the §5.8 example.

#6 and #7 are unrated, so without a rating for unrated players every Art. 10 tie-break must
go (Art. 10); with 1400 set, values follow from the ratings 2105, 2050, 1990, 1900, 1850.
"""

from __future__ import annotations

import pytest

from events.tiebreaks import Edition, rank
from events.tiebreaks.ratings import expected_score_hundredths, rating_difference
from tests.tiebreaks.examples import worked_example


def column(code: str, unrated: int | None = 1400) -> dict[int, object]:
    standings = rank(worked_example(), code, Edition.C07_2026, unrated_rating=unrated)
    return {r.pairing_number: r.values[code] for r in standings.rows}


@pytest.mark.parametrize("code", ["ARO", "ARO/C1", "TPR", "PTP", "APRO", "APPO", "RTNG"])
def test_unrated_players_without_a_setting_remove_the_tie_break(code: str) -> None:
    standings = rank(worked_example(), code, Edition.C07_2026)
    assert {row.values[code] for row in standings.rows} == {None}
    assert any("Art. 10" in warning and code in warning for warning in standings.warnings)


def test_average_rating_of_opponents_and_its_modifiers() -> None:
    # 10.1: #1 met 1900, 2050, 1990 -> 5940 / 3 = 1980; Cut-1 drops 1900 -> 2020;
    # Median-1 drops 1900 and 2050 -> 1990. #6 met #3 (1990) and #2 (2050) -> 2020.
    assert column("ARO")[1] == 1980 and column("ARO")[6] == 2020
    assert column("ARO/C1")[1] == 2020
    assert column("ARO/M1")[1] == 1990


def test_aro_cut_of_a_single_game_has_no_value() -> None:
    # #4 played only #1 (2105): ARO 2105, nothing left after Cut-1.
    assert column("ARO")[4] == 2105
    assert column("ARO/C1")[4] is None


def test_aro_counts_unrated_opponents_at_the_set_rating() -> None:
    # #3 met #6 (unrated -> 1400), #7 (1400), #1 (2105): 4905 / 3 = 1635
    assert column("ARO")[3] == 1635


def test_performance_rating() -> None:
    # 10.2: #1 scored 2.5 / 3 = 0.8333 -> 0.83 -> dp 273: 1980 + 273 = 2253.
    # #6: 1.5 / 2 = 0.75 -> dp 193: 2020 + 193 = 2213.
    assert column("TPR")[1] == 2253 and column("TPR")[6] == 2213


def test_perfect_performance() -> None:
    # 10.3: #1 needs PD sum >= 2.50 against 1900, 1990, 2050. At 2257: 357 -> .89,
    # 267 -> .82, 207 -> .77 = 2.48; at 2258: 358 -> .90, 268 -> .83, 208 -> .77 = 2.50.
    assert column("PTP")[1] == 2258
    # Zero score: the lowest-rated opponent - 800 (#4 lost to #1, 2105).
    assert column("PTP")[4] == 1305


def test_perfect_score_is_highest_opponent_plus_736() -> None:
    # A single win: PD must reach 1.00, first reached at a difference of 736 (B.02 8.1.2).
    # #2 beat #5 (1850) in round 1; after round 1 alone its PTP is 1850 + 736.
    from dataclasses import replace

    table = worked_example()
    first_round = replace(
        table, players=tuple(replace(p, rounds=p.rounds[:1]) for p in table.players), rounds=1
    )
    standings = rank(first_round, "PTP", Edition.C07_2026, unrated_rating=1400)
    assert {r.pairing_number: r.values["PTP"] for r in standings.rows}[2] == 2586


def test_averages_of_opponents_performances() -> None:
    # 10.4: #4 met only #1, whose TPR is 2253 -> APRO 2253; 10.5: APPO = #1's PTP 2258.
    assert column("APRO")[4] == 2253
    assert column("APPO")[4] == 2258


def test_rtng_uses_the_unrated_rating() -> None:
    assert column("RTNG") == {1: 2105, 2: 2050, 3: 1990, 4: 1900, 5: 1850, 6: 1400, 7: 1400}


@pytest.mark.parametrize(
    ("percent", "dp"),
    [(0, -800), (1, -677), (17, -273), (50, 0), (63, 95), (83, 273), (99, 677), (100, 800)],
)
def test_conversion_table_8_1_1(percent: int, dp: int) -> None:
    assert rating_difference(percent) == dp


@pytest.mark.parametrize(
    ("difference", "pd"),
    [(0, 50), (3, 50), (4, 51), (-4, 49), (91, 62), (92, 63), (344, 88), (345, 89),
     (735, 99), (736, 100), (-736, 0), (1000, 100)],
)  # fmt: skip
def test_conversion_table_8_1_2_without_the_400_cap(difference: int, pd: int) -> None:
    assert expected_score_hundredths(difference) == pd
