"""Rating-based tie-breaks (C.07 Art. 10): ARO, TPR, PTP, APRO, APPO and RTNG.

Only games played over the board count. A participant without a rating counts with the
tournament's unrated rating when one is set; when it is not and anyone is unrated, these
tie-breaks have no value at all (Art. 10: they must be removed from the list).
The conversion tables are those of the FIDE Rating Regulations B.02 8.1.1 and 8.1.2.
"""

from __future__ import annotations

from fractions import Fraction

from engine.model import PairingNumber
from events.tiebreaks.model import Crosstable, PlayerRecord
from events.tiebreaks.rounding import round_half_up

__all__ = [
    "RatingContext",
    "average_rating_of_opponents",
    "expected_score_hundredths",
    "opponents_average",
    "perfect_performance",
    "performance_rating",
    "rating_difference",
]

# B.02 8.1.1: rating difference dp for a percentage score p, for p = 0.50 … 1.00;
# for p below 0.50, dp(p) = -dp(1 - p).
_DP_FROM_HALF = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322,
    336, 351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
)  # fmt: skip

# B.02 8.1.2: (largest rating difference, expected score of the higher-rated player in
# hundredths); differences above 735 give 1.00.
_PD_BANDS = (
    (3, 50), (10, 51), (17, 52), (25, 53), (32, 54), (39, 55), (46, 56), (53, 57), (61, 58),
    (68, 59), (76, 60), (83, 61), (91, 62), (98, 63), (106, 64), (113, 65), (121, 66),
    (129, 67), (137, 68), (145, 69), (153, 70), (162, 71), (170, 72), (179, 73), (188, 74),
    (197, 75), (206, 76), (215, 77), (225, 78), (235, 79), (245, 80), (256, 81), (267, 82),
    (278, 83), (290, 84), (302, 85), (315, 86), (328, 87), (344, 88), (357, 89), (374, 90),
    (391, 91), (411, 92), (432, 93), (456, 94), (484, 95), (517, 96), (559, 97), (619, 98),
    (735, 99),
)  # fmt: skip


def rating_difference(percent: int) -> int:
    """dp for a score of ``percent`` % (B.02 8.1.1).

    >>> rating_difference(63), rating_difference(0), rating_difference(100)
    (95, -800, 800)
    """
    if percent >= 50:
        return _DP_FROM_HALF[percent - 50]
    return -_DP_FROM_HALF[50 - percent]


def expected_score_hundredths(difference: int) -> int:
    """Expected score PD × 100 of a player ``difference`` points above the opponent (8.1.2).

    No ±400 cap is applied, as C.07 10.3 requires for PTP.

    >>> expected_score_hundredths(0), expected_score_hundredths(-92), expected_score_hundredths(736)
    (50, 37, 100)
    """
    distance = abs(difference)
    higher = next((pd for limit, pd in _PD_BANDS if distance <= limit), 100)
    return higher if difference >= 0 else 100 - higher


class RatingContext:
    """The ratings the Art. 10 tie-breaks use, with the unrated rating applied.

    ``valid`` is False when a participant is unrated and no rating is set for unrated players:
    then every rating-based tie-break has no value (C.07 Art. 10: they are removed from the
    list). A performance shown for its own sake, not to break ties, passes
    ``unrated_left_out=True``: games against unrated opponents are then left out instead, so
    one unrated entrant does not take every player's performance away.
    """

    def __init__(
        self, crosstable: Crosstable, unrated_rating: int | None, *, unrated_left_out: bool = False
    ) -> None:
        self.crosstable = crosstable
        self.ratings: dict[PairingNumber, int | None] = {
            p.pairing_number: p.rating if p.rating is not None else unrated_rating
            for p in crosstable.players
        }
        self.valid = unrated_left_out or all(r is not None for r in self.ratings.values())

    def own_rating(self, player: PlayerRecord) -> int | None:
        """RTNG (10.6): the participant's rating (None when the context is not valid)."""
        return self.ratings[player.pairing_number] if self.valid else None

    def opponent_ratings(self, player: PlayerRecord) -> list[tuple[int, Fraction]]:
        """(rating, 1-½-0 result) of each game the participant played over the board."""
        games = []
        for entry in player.rounds:
            if entry.played and entry.opponent is not None and entry.outcome is not None:
                rating = self.ratings[entry.opponent]
                if rating is not None:
                    games.append((rating, entry.outcome.score))
        return games


def _mean_rating(ratings: list[int]) -> int | None:
    if not ratings:
        return None
    return int(round_half_up(Fraction(sum(ratings), len(ratings)), "1"))


def average_rating_of_opponents(
    context: RatingContext, player: PlayerRecord, *, low: int = 0, high: int = 0
) -> int | None:
    """ARO (10.1), optionally without the ``low`` lowest and ``high`` highest ratings.

    The cut always acts on the over-the-board opponents, whatever unplayed rounds the
    participant has (see docs/rulings.md); no value when no opponent is left.
    """
    if not context.valid:
        return None
    ratings = sorted(rating for rating, _ in context.opponent_ratings(player))
    ratings = ratings[low : len(ratings) - high]
    return _mean_rating(ratings)


def performance_rating(context: RatingContext, player: PlayerRecord) -> int | None:
    """TPR (10.2): ARO + dp(p), p the 1-½-0 score per game rounded half-up to hundredths."""
    if not context.valid:
        return None
    games = context.opponent_ratings(player)
    aro = _mean_rating([rating for rating, _ in games])
    if aro is None:
        return None
    score = sum((result for _, result in games), Fraction(0))
    percent = int(round_half_up(100 * score / len(games), "1"))
    return aro + rating_difference(percent)


def perfect_performance(context: RatingContext, player: PlayerRecord) -> int | None:
    """PTP (10.3): the lowest rating whose expected score reaches the over-the-board score.

    A zero score gives the lowest-rated opponent - 800; a perfect score comes out as the
    highest-rated opponent + 736, the first difference at which PD is 1.00.
    """
    if not context.valid:
        return None
    games = context.opponent_ratings(player)
    if not games:
        return None
    ratings = [rating for rating, _ in games]
    target = int(100 * sum((result for _, result in games), Fraction(0)))  # results are halves
    if target == 0:
        return min(ratings) - 800

    def reaches(candidate: int) -> bool:
        total = sum(expected_score_hundredths(candidate - rating) for rating in ratings)
        return total >= target

    low, high = min(ratings) - 800, max(ratings) + 736  # reaches(low) is False, reaches(high) True
    while high - low > 1:
        middle = (low + high) // 2
        if reaches(middle):
            high = middle
        else:
            low = middle
    return high


def opponents_average(
    crosstable: Crosstable, values: dict[PairingNumber, int | None]
) -> dict[PairingNumber, int | None]:
    """APRO/APPO (10.4, 10.5): the mean of the opponents' values, rounded half-up.

    Over-the-board opponents only; opponents without a value are left out.
    """
    result: dict[PairingNumber, int | None] = {}
    for player in crosstable.players:
        known = [
            value
            for entry in player.rounds
            if entry.played
            and entry.opponent is not None
            and (value := values[entry.opponent]) is not None
        ]
        result[player.pairing_number] = _mean_rating(known)
    return result
