"""Rating changes of three real published events (``../shared/fixtures/trf-real``,
chess-results data converted to TRF; see its SOURCES.md), worked by hand, and the first
rating of an unrated player in a fourth (Gelendzhik 2016, converted by hand).

All three were played in 2026, so B.02 as amended from 1 October 2025 applies (the 400-point
cap for players below 2650, the real difference from 2650). The files give ratings but no
birth years, so K is 10 from 2400 and 20 below (B.02 8.3.3); none reaches 700 / n. Each PD
is looked up by hand in table 8.1.2 (higher-rated player's PD by D band; the lower-rated
player's is 1 - PD) and written beside the game.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from engine.model import PairingNumber
from events.rating_changes import PlayerChange, rating_changes, system_for
from tests.corpus import shared_path
from trf import read_trf_file
from trf.tiebreak_input import crosstable_from_trf


def _player(name: str, number: int, *, end: date = date(2026, 3, 31)) -> PlayerChange:
    document, _problems = read_trf_file(shared_path("fixtures", "trf-real", name))
    table = crosstable_from_trf(document)
    return rating_changes(table, system_for("fide", end)).player(PairingNumber(number))


AEROFLOT = "gbtami__swisspairing__aeroflot_open_2026_r09.trf"
GRAZ = "gbtami__swisspairing__international_chessopen_graz_2026_a_r09.trf"
BUDAPEST = "gbtami__swisspairing__budapest_spring_festival_2026_group_a_2200_r05.trf"
GELENDZHIK = "FedorovVladimir__clojure-chess-match__test.trf"


def test_aeroflot_open_2026_nepomniachtchi() -> None:
    # No. 1 Nepomniachtchi 2723 (K 10; 2650+: real differences), rounds 1-8:
    # 2407 D316 .87 1 | 2478 D245 .80 1 | 2581 D142 .69 1 | 2490 D233 .79 1 |
    # 2698 D25 .53 ½ | 2453 D270 .83 1 | 2598 D125 .67 ½ | 2298 D425 (not capped) .93 1
    # expected 6.11, score 7: 10 × 0.89 = +8.90 → 2732.
    player = _player(AEROFLOT, 1)
    assert [g.expected for g in player.games] == [
        Decimal(x) for x in (".87", ".80", ".69", ".79", ".53", ".83", ".67", ".93")
    ]
    assert (player.k, player.expected, player.score) == (10, Decimal("6.11"), Decimal(7))
    assert (player.change, player.new_rating) == (Decimal("8.90"), 2732)


def test_aeroflot_open_2026_gabrielian_and_the_capped_side() -> None:
    # No. 85 Gabrielian 2407 (K 10): 2723 D-316 .13 0 | 2341 D66 .59 ½ | 2344 D63 .59 1 |
    # 2235 D172 .73 0 | 2347 D60 .58 1 | 2608 D-201 .24 ½ | 2320 D87 .62 1 | 2608 D-201 .24 ½
    # expected 3.72, score 4.5: 10 × 0.78 = +7.80 → 2415.
    player = _player(AEROFLOT, 85)
    assert (player.expected, player.change, player.new_rating) == (
        Decimal("3.72"),
        Decimal("7.80"),
        2415,
    )
    # No. 157 (2298) lost to Nepomniachtchi in round 8: below 2650 the difference -425
    # counts as -400, PD 1 - .92 = .08, while his opponent played at 425 (.93).
    game = next(g for g in _player(AEROFLOT, 157).games if g.round_no == 8)
    assert (game.difference, game.expected) == (-400, Decimal("0.08"))


def test_graz_2026_pranesh_bye_forfeit_and_cap() -> None:
    # No. 1 Pranesh 2627 (K 10; below 2650: capped): round 1 a half-point bye, round 2 a
    # forfeit loss (neither rated); 2103 D524→400 .92 1 | 2188 D439→400 .92 1 |
    # 2041 D586→400 .92 1 | 2334 D293 .85 1 | 2400 D227 .79 1 | 2410 D217 .78 ½
    # expected 5.18, score 5.5: 10 × 0.32 = +3.20 → 2630.
    player = _player(GRAZ, 1)
    assert player.excluded == ((1, "bye"), (2, "forfeit"))
    assert (player.expected, player.change, player.new_rating) == (
        Decimal("5.18"),
        Decimal("3.20"),
        2630,
    )
    # The same games under the 2022 text (an event ending in 2023): the cap helps once,
    # in round 5 (586); 524 is .97 (518-559) and 439 .94 (433-456): expected 5.25, +2.50.
    before = _player(GRAZ, 1, end=date(2023, 6, 30))
    assert (before.expected, before.change) == (Decimal("5.25"), Decimal("2.50"))


def test_graz_2026_moskalets_forfeit_win() -> None:
    # No. 140 Moskalets 2192 (K 20): 2535 D-343 .12 ½ | round 2 forfeit win (not rated) |
    # 2353 D-161 .29 0 | 1990 D202 .76 1 | 2310 D-118 .34 ½ | 2312 D-120 .34 0 |
    # 2021 D171 .73 1 | 2305 D-113 .35 ½ — expected 2.93, score 3.5: 20 × 0.57 = +11.40 → 2203.
    player = _player(GRAZ, 140)
    assert player.excluded == ((2, "forfeit"),)
    assert (player.k, player.expected, player.score) == (20, Decimal("2.93"), Decimal("3.5"))
    assert (player.change, player.new_rating) == (Decimal("11.40"), 2203)


def test_budapest_spring_festival_2026_group_a() -> None:
    # After round 4. No. 3 Dardha 2602 (K 10): 2326 D276 .83 1 | 2396 D206 .76 1 |
    # 2375 D227 .79 1 | 2460 D142 .69 ½ — expected 3.07, +4.30 → 2606.
    dardha = _player(BUDAPEST, 3)
    assert (dardha.expected, dardha.change, dardha.new_rating) == (
        Decimal("3.07"),
        Decimal("4.30"),
        2606,
    )
    # No. 55 Novosel 2326 (K 20): 2602 D-276 .17 0 | 2248 D78 .61 1 | 2520 D-194 .25 0 |
    # 2271 D55 .58 ½ — expected 1.61, score 1.5: 20 × -0.11 = -2.20 → 2324.
    novosel = _player(BUDAPEST, 55)
    assert (novosel.expected, novosel.change, novosel.new_rating) == (
        Decimal("1.61"),
        Decimal("-2.20"),
        2324,
    )


def test_gelendzhik_2016_a_first_rating_under_each_text() -> None:
    # "XII SDS - Classic", Gelendzhik 2016 (SOURCES.md #25), No. 14 Zakharova, unrated
    # (rating 0000), seven games against rated opponents: 2127 ½ | 2222 0 | 2310 0 | 2079 ½ |
    # 2427 1 | 2017 1 | 1900 0, score 3. The 2016 text is not held; the same games under:
    # B.02 2022 8.2: Ra = 15082 / 7 = 2154.57 → 2155, 3/7 = 43 %, dp(.43) = -50 (8.1.1):
    # 2105, seven games and at least 1000: published.
    before = _player(GELENDZHIK, 14, end=date(2023, 6, 30)).initial
    assert before is not None
    assert (before.games, before.average, before.percent, before.rating) == (7, 2155, 43, 2105)
    assert before.published
    # B.02 2024 8.2.2: two draws against 1800 added: (15082 + 3600) / 9 = 2075.78 → 2076,
    # (3 + 1) / 9 = 44 %, dp(.44) = -43: 2033, at least 1400 (7.1.4): published.
    after = _player(GELENDZHIK, 14).initial
    assert after is not None
    assert (after.average, after.percent, after.rating, after.published) == (2076, 44, 2033, True)
    # Her rated opponents' games against her change nothing for them (8.3.1).
    assert _player(GELENDZHIK, 7).excluded == ((1, "unrated-opponent"),)
