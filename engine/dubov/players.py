"""What the Dubov system knows about each player before a round (C.04.4.1 Art. 1).

Everything here is derived from the request's round records: the pairing score, the Dubov
colour preference (a player without games prefers Black, Art. 1.6.4), the average rating of
opponents (ARO, Art. 1.7), the upfloat counters (Art. 1.8 and [C8]-[C10]), the games played
(Art. 3.1.4) and PAB eligibility ([C2]). The bracket and bye steps only read these facts.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from engine.common import (
    ColourPreference,
    Float,
    Strength,
    colour_preference,
    float_history,
    opponents,
    pab_eligible,
    pairing_score,
)
from engine.errors import InvalidRequest
from engine.model import Colour, PairingNumber, PairingRequest, PlayerEntry

__all__ = [
    "DubovPlayer",
    "UnratedPlayer",
    "average_rating_of_opponents",
    "dubov_players",
    "dubov_preference",
    "max_upfloats",
]


class UnratedPlayer(InvalidRequest):
    """A player to be paired has no rating; Art. 1.1 requires one (provisional if unrated)."""

    def __init__(self, number: PairingNumber) -> None:
        super().__init__(
            f"player {number} has no rating: the Dubov system needs one for every player "
            "(Art. 1.1: the Chief Arbiter assigns a provisional rating to unrated players)"
        )
        self.number = number


@dataclass(frozen=True, slots=True, eq=False)
class DubovPlayer:
    """One player to be paired this round, with the facts the Dubov articles refer to.

    Compared by identity: each round builds exactly one object per player.
    """

    entry: PlayerEntry
    score: Fraction
    """Pairing score: points so far plus this round's acceleration (C.04.7)."""
    preference: ColourPreference
    aro: int | Fraction
    """Average rating of opponents: rounded (2026, Art. 1.7) or exact (1997, Art. 1.2)."""
    games: int
    """Games played over the board (Art. 3.1.4); forfeits and byes do not count."""
    upfloats: int
    upfloated_last_round: bool
    maximum_upfloater: bool
    may_get_pab: bool
    met: frozenset[PairingNumber]

    @property
    def number(self) -> PairingNumber:
        return self.entry.number

    @property
    def colour(self) -> Colour:
        """The colour preferred; every Dubov player has one (Art. 1.6.4)."""
        assert self.preference.colour is not None, "dubov_preference never leaves it open"
        return self.preference.colour

    @property
    def has_played(self) -> bool:
        return self.games > 0

    @property
    def absolute_colour(self) -> Colour | None:
        """The colour of an absolute preference, or ``None`` (used by [C3])."""
        if self.preference.strength is Strength.ABSOLUTE:
            return self.preference.colour
        return None


def dubov_preference(entry: PlayerEntry) -> ColourPreference:
    """The colour preference of Art. 1.6: the common definition, except that a player who has
    played no game has a mild preference for Black (Art. 1.6.4)."""
    preference = colour_preference(entry)
    if preference.strength is Strength.NONE:
        return ColourPreference(Colour.BLACK, Strength.MILD, 0)
    return preference


def average_rating_of_opponents(entry: PlayerEntry, ratings: Mapping[PairingNumber, int]) -> int:
    """ARO (Art. 1.7): mean rating of the opponents met over the board, rounded to the nearest
    integer with .5 rounded up; 0 for a player with no game played."""
    met = [r.opponent for r in entry.history if r.kind.played and r.opponent is not None]
    if not met:
        return 0
    total = sum(ratings[number] for number in met)
    # round half up on a non-negative mean: floor(total / n + 1/2)
    return (2 * total + len(met)) // (2 * len(met))


def max_upfloats(total_rounds: int) -> int:
    """MaxT = 2 + floor(Rnds / 5) (Art. 1.8.2)."""
    return 2 + total_rounds // 5


AroFunction = Callable[[PlayerEntry, Mapping[PairingNumber, int]], "int | Fraction"]


def dubov_players(
    request: PairingRequest,
    *,
    aro: AroFunction = average_rating_of_opponents,
    upfloat_limit: Callable[[int], int] = max_upfloats,
) -> list[DubovPlayer]:
    """The players to be paired in ``request.round_no`` (absent players left out), in TPN order.

    ``aro`` and ``upfloat_limit`` (the number of upfloats that makes a player a maximum
    upfloater, from the number of rounds) are the edition's: the 2026 ones by default.

    An upfloat is a game played over the board against an opponent whose pairing score before
    that round was higher (common float history); "upfloated in the previous round" looks at
    round ``round_no - 1`` literally, so a bye or forfeit there clears it.

    :raises UnratedPlayer: when a player to be paired has no rating (Art. 1.1).
    """
    ratings = {p.number: p.rating for p in request.players}
    floats = float_history(request)
    limit = upfloat_limit(request.total_rounds)
    previous = request.round_no - 2  # index of the previous round in a history
    result = []
    for entry in sorted(request.players, key=lambda p: p.number):
        if not entry.available:
            continue
        if entry.rating <= 0:
            raise UnratedPlayer(entry.number)
        history = floats[entry.number]
        upfloats = sum(1 for f in history if f is Float.UP)
        result.append(
            DubovPlayer(
                entry=entry,
                score=pairing_score(entry, request.round_no),
                preference=dubov_preference(entry),
                aro=aro(entry, ratings),
                games=sum(1 for r in entry.history if r.kind.played),
                upfloats=upfloats,
                upfloated_last_round=0 <= previous < len(history) and history[previous] is Float.UP,
                maximum_upfloater=upfloats >= limit,
                may_get_pab=pab_eligible(entry, request.points),
                met=opponents(entry),
            )
        )
    return result
