"""Type B tie-breaks (C.07 Art. 7), PS and Koya on the §5.8 example, counted by hand."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from fractions import Fraction

import pytest

from events.tiebreaks import Edition, RoundEntry, rank
from tests.tiebreaks.examples import worked_example


def column(code: str, edition: Edition = Edition.C07_2026) -> dict[int, object]:
    return {r.pairing_number: r.values[code] for r in rank(worked_example(), code, edition).rows}


def test_win_counts_unplayed_wins() -> None:
    # 7.1: #5's forfeit win and #7's PAB are wins; #1 won two games; #4 none.
    assert column("WIN") == {1: 2, 2: 1, 3: 1, 4: 0, 5: 1, 6: 1, 7: 1}


def test_won_counts_only_games_over_the_board() -> None:
    # 7.2: #5 (forfeit win) and #7 (PAB) won no game.
    assert column("WON") == {1: 2, 2: 1, 3: 1, 4: 0, 5: 0, 6: 1, 7: 0}


def test_black_games_exclude_forfeits() -> None:
    # 7.3 / 7.4: #5 was Black in round 2, but that game was forfeited; #1 played Black twice
    # and won one of them; #2 won with Black in round 1.
    assert column("BPG") == {1: 2, 2: 2, 3: 1, 4: 1, 5: 0, 6: 1, 7: 1}
    assert column("BWG") == {1: 1, 2: 1, 3: 1, 4: 0, 5: 0, 6: 0, 7: 0}


@pytest.mark.parametrize("code", ["REP", "GE"])
def test_rounds_elected_to_play(code: str) -> None:
    # 7.6: rounds minus HPB, ZPB and forfeit losses; PAB and forfeit wins count as elected.
    # #4: 3 - forfeit loss - ZPB = 1; #6: 3 - HPB = 2.
    assert column(code, Edition.C07_2024) == {1: 3, 2: 3, 3: 3, 4: 1, 5: 3, 6: 2, 7: 3}


def test_progressive_score_and_its_cut() -> None:
    # 7.5: #1 runs 1, 1.5, 2.5 -> 5; Cut-1 drops the score after round 1 -> 4.
    # #6 runs 0.5, 1, 2 -> 3.5; #4 runs 0, 0, 0.
    ps = column("PS")
    assert (ps[1], ps[6], ps[4]) == (Decimal(5), Decimal("3.5"), Decimal(0))
    assert column("PS/C1")[1] == Decimal(4)


def _three_one_zero(entry: RoundEntry) -> RoundEntry:
    return replace(
        entry,
        points={Fraction(1): Fraction(3), Fraction(1, 2): Fraction(1)}.get(
            entry.points, Fraction(0)
        ),
    )


def test_standard_points_rescore_three_one_zero() -> None:
    # 7.7 [2026]: in a 3-1-0 event a win's 3 points count 1, a draw's 1 point counts ½.
    table = worked_example()
    players = tuple(
        replace(p, rounds=tuple(_three_one_zero(e) for e in p.rounds)) for p in table.players
    )
    tripled = replace(table, players=players, win_points=Fraction(3), draw_points=Fraction(1))
    std = {r.pairing_number: r.values["STD"] for r in rank(tripled, "STD", Edition.C07_2026).rows}
    assert std == {1: Decimal("2.5"), 2: Decimal("1.5"), 3: Decimal("1.5"), 4: Decimal(0),
                   5: Decimal("1.5"), 6: Decimal(2), 7: Decimal("1.5")}  # fmt: skip


def test_tpn_ranks_ascending() -> None:
    # 7.8 [2026]: the lower pairing number is better; all else equal, #2 precedes #3.
    rows = rank(worked_example(), "TPN", Edition.C07_2026).rows
    assert [r.pairing_number for r in rows if r.points == Decimal("1.5")] == [2, 3, 5, 7]
    assert [r.rank for r in rows if r.points == Decimal("1.5")] == [3, 4, 5, 6]


def test_koya_counts_points_against_half_score_opponents() -> None:
    # 9.2: threshold 50 % of 3 rounds = 1.5; #4 (0 points) is below it.
    # #1: ½ vs #2 + 1 vs #3 = 1.5; #5: 0 vs #2, (forfeit vs #4 below), ½ vs #7 = 0.5.
    ks = column("KS")
    assert (ks[1], ks[5]) == (Decimal("1.5"), Decimal("0.5"))
    # /L+1 raises the threshold by half a point to 2.0: only #1 (2.5) and #6 (2.0) qualify,
    # so #2 keeps ½ (vs #1) + 0 (vs #6) and #1, who met neither, has 0.
    raised = column("KS/L+1")
    assert (raised[1], raised[2]) == (Decimal(0), Decimal("0.5"))
