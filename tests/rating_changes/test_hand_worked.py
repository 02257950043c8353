"""Rating changes worked by hand from the regulations' own tables and words.

Every expected value is looked up by hand in FIDE Handbook B.02 table 8.1.2 (expected score
PD by rating difference D: 0-3 .50, 54-61 .58, 62-68 .59, 99-106 .64, 392-411 .92,
412-432 .93, 485-517 .96, 518-559 .97 ...) or table 8.1.1 (dp by percentage p: .57 50,
.86 309 ...), or taken from the source named beside it.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from engine.model import PairingNumber
from events.rating_changes import Entrant, k_factor, rating_changes, system_for
from events.tiebreaks import Crosstable
from tests.rating_changes.builders import crosstable

FIDE_2022 = system_for("fide", date(2023, 6, 30))
FIDE_2024 = system_for("fide", date(2024, 6, 30))
FIDE_2025 = system_for("fide", date(2026, 1, 31))
ICU = system_for("icu", date(2026, 1, 31))
ONE = PairingNumber(1)


def test_the_edition_in_force_on_a_day() -> None:
    # The day is the tournament's first (B.02 0.1; docs/rulings.md, "Which text rates an
    # event").
    # B.02 2024 came into force on 1 March 2024 (qc.fide.com, 1 March 2024); the 8.3.1
    # amendment for players rated 2650 and above on 1 October 2025 (FIDE press release).
    assert system_for("fide", date(2022, 9, 30)).name == "fide-2022"
    # Rapid and blitz K by the standard rules from 1 October 2022 (docs/rulings.md).
    assert system_for("fide", date(2022, 10, 1)).name == "fide-2022-10"
    assert system_for("fide", date(2024, 2, 29)).name == "fide-2022-10"
    assert system_for("fide", date(2024, 3, 1)).name == "fide-2024"
    assert system_for("fide", date(2024, 11, 30)).name == "fide-2024"
    # The rapid and blitz chapter's 600-point rule, "effective from 1 December 2024".
    assert system_for("fide", date(2024, 12, 1)).name == "fide-2024-12"
    assert system_for("fide", date(2025, 9, 30)).name == "fide-2024-12"
    assert system_for("fide", date(2025, 10, 1)).name == "fide-2025"
    assert system_for("", None).name == "fide-2025"


def test_icu_worked_example() -> None:
    # M. Orr, "Basic Rating Formulae" (ratings.icu.ie/articles/16): a player rated 2000 with
    # K 40 wins against 2000 and draws against 2200: expected 0.5 + 0.240 = 0.740, change
    # 40 × (1.5 - 0.740) = 30.4, new rating 2030.
    table = crosstable({1: 2000, 2: 2000, 3: 2200}, [[(1, 2, "1-0")], [(3, 1, "1/2")]])
    player = rating_changes(table, ICU).player(ONE)
    assert [g.expected for g in player.games] == [Decimal("0.5"), Decimal("0.240")]
    assert player.k == 40
    assert player.change == Decimal("30.400")
    assert player.new_rating == 2030


def test_the_400_point_rule() -> None:
    # B.02 8.3.1: a difference above 400 counts as 400, so 2000 against 2420 expects 0.08
    # (table 8.1.2, 392-411: 0.92 for the higher-rated player); the loss costs 20 × 0.08.
    table = crosstable({1: 2000, 2: 2420}, [[(1, 2, "0-1")]])
    low, high = rating_changes(table, FIDE_2024).players
    assert (low.games[0].difference, low.games[0].expected) == (-400, Decimal("0.08"))
    assert (high.games[0].difference, high.games[0].expected) == (400, Decimal("0.92"))
    assert low.change == Decimal("-1.60")
    assert high.change == Decimal("0.80")  # K 10 from 2400


def test_before_2024_the_cap_helps_in_one_game_only() -> None:
    # B.02 2022 8.3.1: a player may benefit from one upgrade under the 400-point rule per
    # event, in the game with the greatest difference. 2500 beats 2000 (D 500) and 1950
    # (D 550): the second is capped (0.92), the first counts as 500 (485-517: 0.96).
    # From 1 March 2024 both are capped (qc.fide.com: the limitation was abolished).
    table = crosstable({1: 2500, 2: 2000, 3: 1950}, [[(1, 2, "1-0")], [(3, 1, "0-1")]])
    before = rating_changes(table, FIDE_2022).player(ONE)
    assert [g.difference for g in before.games] == [500, 400]
    assert [g.expected for g in before.games] == [Decimal("0.96"), Decimal("0.92")]
    assert before.change == Decimal("1.20")  # K 10 (2400+) × (2 - 1.88)
    after = rating_changes(table, FIDE_2024).player(ONE)
    assert [g.expected for g in after.games] == [Decimal("0.92"), Decimal("0.92")]
    assert after.change == Decimal("1.60")
    # The lower-rated players are capped in every edition: 1 - 0.92.
    assert rating_changes(table, FIDE_2022).player(PairingNumber(3)).games[0].expected == (
        Decimal("0.08")
    )


def test_from_october_2025_players_of_2650_use_the_real_difference() -> None:
    # B.02 8.3.1 as amended from 1 October 2025: for players rated 2650 and above the
    # difference is used in all cases; below 2650 it is still capped at 400. 2700 beats 2200:
    # D 500 gives 0.96 (485-517) for the winner, the loser expects 1 - 0.92 = 0.08.
    table = crosstable({1: 2700, 2: 2200}, [[(1, 2, "1-0")]])
    high, low = rating_changes(table, FIDE_2025).players
    assert (high.games[0].difference, high.games[0].expected) == (500, Decimal("0.96"))
    assert (low.games[0].difference, low.games[0].expected) == (-400, Decimal("0.08"))
    assert high.change == Decimal("0.40")  # K 10 × 0.04
    assert low.change == Decimal("-1.60")  # K 20 × -0.08: no longer zero-sum
    # The same game before the amendment: 0.92 for both sides, +0.80 and -1.60.
    assert rating_changes(table, FIDE_2024).player(ONE).change == Decimal("0.80")
    # The rapid and blitz chapter was not amended: a 2700 is still capped there.
    rapid = rating_changes(table, FIDE_2025, rating_kind="rapid").player(ONE)
    assert (rapid.games[0].expected, rapid.change) == (Decimal("0.92"), Decimal("0.80"))


@pytest.mark.parametrize(
    ("rating", "entrant", "kind", "games", "expected"),
    [
        # B.02 8.3.3: 40 until the end of the year of the 18th birthday, under 2300.
        (2250, Entrant(birth_year=2006), "standard", 9, 40),  # 18 in 2024
        (2250, Entrant(birth_year=2005), "standard", 9, 20),  # 19 in 2024
        (2300, Entrant(birth_year=2010), "standard", 9, 20),  # not under 2300
        (2400, Entrant(), "standard", 9, 10),  # 10 from 2400
        (2399, Entrant(), "standard", 9, 20),
        # The rapid and blitz chapter of 2024 (7.3.3) has the standard chapter's K rules.
        (2500, Entrant(), "rapid", 9, 10),
        (2250, Entrant(birth_year=2006), "blitz", 9, 40),
        (1800, Entrant(k_factor=40), "standard", 9, 40),  # the arbiter's (new player)
        # K × n may not exceed 700: 40 × 18 = 720, so K = 38 (38 × 18 = 684).
        (1800, Entrant(k_factor=40), "standard", 18, 38),
        (1800, Entrant(), "standard", 35, 20),  # 20 × 35 = 700: kept
        (1800, Entrant(), "standard", 36, 19),
    ],
)
def test_k_factor(rating: int, entrant: Entrant, kind: str, games: int, expected: int) -> None:
    assert k_factor(FIDE_2024, rating, entrant, kind, date(2024, 6, 30), games=games) == expected


def test_unplayed_rounds_and_unrated_opponents_change_nothing() -> None:
    # B.02 8.3.1 rates games against rated players; a forfeit is not a game played, a bye
    # is no game. Player 1 (2000): round 1 forfeit win against 2, round 2 a bye, round 3 a
    # win against unrated 4, round 4 a draw against 3 (2000: 0.50): change 0.
    table = crosstable(
        {1: 2000, 2: 2000, 3: 2000, 4: None},
        [
            [(1, 2, "+/-"), (3, 4, "1-0")],
            [(2, 3, "1/2")],
            [(1, 4, "1-0"), (2, 3, "0-1")],
            [(3, 1, "1/2"), (2, 4, "1-0")],
        ],
    )
    player = rating_changes(table, FIDE_2024).player(ONE)
    assert player.excluded == ((1, "forfeit"), (2, "bye"), (3, "unrated-opponent"))
    assert [g.round_no for g in player.games] == [4]
    assert player.change == Decimal("0.00")
    unrated = rating_changes(table, FIDE_2024).player(PairingNumber(4))
    assert [g.opponent for g in unrated.games] == [3, 1, 2]  # every game counts for it


def test_rapid_and_blitz_games_600_apart_are_not_rated_from_december_2024() -> None:
    # B.02 rapid and blitz 7.3.1, effective from 1 December 2024: games between players
    # with a difference of 600 points or more are not rated if at least one of them is
    # rated above 2600. 2601 - 2001 = 600 with 2601 above 2600: not rated, for either side;
    # 2600 - 2000: 2600 is not above 2600, so rated (capped at 400: .92 and .08).
    table = crosstable({1: 2601, 2: 2001, 3: 2600, 4: 2000}, [[(1, 2, "1-0"), (3, 4, "1-0")]])
    december = system_for("fide", date(2025, 1, 31))
    rapid = rating_changes(table, december, rating_kind="rapid")
    assert [p.excluded for p in rapid.players[:2]] == [((1, "difference"),)] * 2
    assert rapid.players[2].games[0].expected == Decimal("0.92")
    # Standard games, and rapid games before December 2024, are rated as before.
    standard = rating_changes(table, december).player(ONE)
    assert (standard.excluded, standard.games[0].expected) == ((), Decimal("0.92"))
    before = rating_changes(table, FIDE_2024, rating_kind="blitz").player(ONE)
    assert before.excluded == ()


def test_first_rating_2024_with_two_hypothetical_draws() -> None:
    # B.02 2024 8.2: the unrated player's games against rated opponents plus two draws
    # against hypothetical 1800 opponents. Against 1600 1700 1800 1900 2000 scoring
    # 1 ½ ½ 0 1: average (9000 + 3600) / 7 = 1800, p = (3 + 1) / 7 = 57 % → dp 50 (8.1.1),
    # so 1850; five games and at least 1400: published.
    table = _unrated_against_five("1-0", "1/2", "1/2", "0-1", "1-0")
    initial = rating_changes(table, FIDE_2024).player(PairingNumber(6)).initial
    assert initial is not None
    assert (initial.average, initial.percent, initial.rating) == (1800, 57, 1850)
    assert initial.published


def test_first_rating_before_2024() -> None:
    # B.02 2022 8.2: Ra = 1800 over the five games, 3/5 = 60 % is 50 % or more, so Ra + 20
    # for each half point above 50 % (3 - 2.5 = one half point): 1820.
    table = _unrated_against_five("1-0", "1/2", "1/2", "0-1", "1-0")
    initial = rating_changes(table, FIDE_2022).player(PairingNumber(6)).initial
    assert initial is not None and (initial.average, initial.rating) == (1800, 1820)


def test_rapid_and_blitz_k_before_october_2022() -> None:
    # Until 30 September 2022 one K of 20 for every rapid and blitz rating; from 1 October
    # 2022 the standard rules (docs/rulings.md, "K factor": a secondary source).
    before = system_for("fide", date(2022, 6, 30))
    assert k_factor(before, 2500, Entrant(), "rapid", date(2022, 6, 30), games=9) == 20
    assert k_factor(FIDE_2022, 2500, Entrant(), "rapid", date(2023, 6, 30), games=9) == 10


def test_a_zero_score_gives_no_first_rating() -> None:
    # 8.2.1, in the 2022 and the 2024 text alike: "If an unrated player scores zero in
    # their first event this score is disregarded."
    table = _unrated_against_five("0-1", "0-1", "0-1", "0-1", "0-1")
    for system in (FIDE_2022, FIDE_2024):
        initial = rating_changes(table, system).player(PairingNumber(6)).initial
        assert initial is not None and initial.rating is None and not initial.published


def test_a_first_rating_is_at_most_2200_from_2024() -> None:
    # B.02 2024 8.2.3: "The maximum initial rating is 2200." Five wins against 2000:
    # average (10000 + 3600) / 7 = 1942.86, 1943; p = (5 + 1) / 7 = 86 %, dp 309 (8.1.1):
    # 2252, so 2200. The 2022 text has no maximum: Ra 2000 + 20 for each of the five half
    # points above 50 % (5 - 2.5 = 2.5 points): 2100.
    table = crosstable(
        {1: 2000, 2: 2000, 3: 2000, 4: 2000, 5: 2000, 6: None},
        [[(6, opponent, "1-0")] for opponent in range(1, 6)],
    )
    after = rating_changes(table, FIDE_2024).player(PairingNumber(6)).initial
    assert after is not None and (after.average, after.percent, after.rating) == (1943, 86, 2200)
    before = rating_changes(table, FIDE_2022).player(PairingNumber(6)).initial
    assert before is not None and before.rating == 2100


def test_the_change_is_rounded_away_from_zero() -> None:
    # B.02 2024 8.3.4: the rating change is rounded to a whole number, 0.5 away from zero.
    # 2600 (K 10) loses to 2410: D 190 gives .75 (189-197), change 10 × -0.75 = -7.50,
    # rounded -8: 2592 (rounding the new rating 2592.5 up would give 2593).
    table = crosstable({1: 2600, 2: 2410}, [[(1, 2, "0-1")]])
    player = rating_changes(table, FIDE_2024).player(ONE)
    assert (player.change, player.new_rating) == (Decimal("-7.50"), 2592)


def test_no_game_no_change() -> None:
    # A rated player whose rounds are all unplayed (or who has no complete round yet) has
    # no change to show: None, not 0 (docs/rulings.md, "A change and a new rating").
    table = crosstable({1: 2000, 2: 2000, 3: 2000}, [[(2, 3, "1-0")]])
    player = rating_changes(table, FIDE_2024).player(ONE)
    assert (player.excluded, player.change, player.new_rating) == (((1, "bye"),), None, None)
    assert player.k == 20


def test_four_games_are_not_enough_to_publish() -> None:
    # B.02 2024 7.1.4: at least five games against rated opponents.
    table = _unrated_against_five("1-0", "1-0", "1-0", "1-0", None)
    initial = rating_changes(table, FIDE_2024).player(PairingNumber(6)).initial
    assert initial is not None and initial.games == 4 and not initial.published


def _unrated_against_five(*results: str | None) -> Crosstable:
    ratings: dict[int, int | None] = {1: 1600, 2: 1700, 3: 1800, 4: 1900, 5: 2000, 6: None}
    rounds = [[(6, opponent, result)] for opponent, result in enumerate(results, start=1) if result]
    return crosstable(ratings, rounds)
