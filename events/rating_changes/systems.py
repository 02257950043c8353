"""Rating systems as data: FIDE's B.02 editions by the date they came into force, and a
national system computed the same way with other parameters.

An edition is chosen by the event's first day (:func:`system_for`): the FIDE Rating
Regulations' changes "apply to those [tournaments] starting on or after the date upon which
they become effective" (B.02 2022 0, 2024 0.1). Each edition says where its
text is (``source``); ``docs/rulings.md`` ("Rating changes") says how each rule is read.

>>> system_for("fide", date(2024, 2, 29)).name, system_for("fide", date(2024, 3, 1)).name
('fide-2022-10', 'fide-2024')
>>> system_for("fide", date(2025, 10, 1)).difference_cap_exempt_from
2650
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date
from typing import Literal

from engine.messages import Message

__all__ = [
    "SYSTEM_NAMES",
    "InitialRatingRule",
    "KRule",
    "RatingSystem",
    "system_for",
]

ExpectedScore = Literal["fide-table", "logistic"]
"""``fide-table``: B.02 table 8.1.2 (expected score in hundredths by rating difference);
``logistic``: 1 / (1 + 10^(-D/400)), to three decimals."""


@dataclass(frozen=True, slots=True)
class KRule:
    """Who gets which development coefficient K (B.02 8.3.3 in the FIDE editions).

    A FIDE list publishes each player's K, but Arbiter keeps a player's rating and year of
    birth only: K is read from those, and the arbiter sets it for whatever else the
    regulations count (fewer than 30 rated games so far, a published rating once 2400 or
    more). ``fixed`` is a system's one K for everyone.
    """

    established: int = 20
    elite: int = 10
    elite_from: int | None = 2400
    junior: int | None = 40
    junior_until_age: int = 18
    """Junior K until the end of the year of this birthday."""
    junior_below: int = 2300
    rapid_blitz: int | None = None
    """One K for every rapid and blitz rating; None: the rules above apply to them too."""
    from_list: bool = True
    """Whether the K a FIDE list gives the player is theirs (B.02 7.1.2 publishes it)."""
    games_cap: int | None = 700
    """K × (rated games) may not exceed this: K is lowered to the largest whole number that
    keeps it (B.02 8.3.3). Arbiter counts this event's games, the fewest the period holds."""


@dataclass(frozen=True, slots=True)
class InitialRatingRule:
    """How a player without a rating gets one from their games against rated opponents."""

    hypothetical_opponents: int
    """Draws added against opponents of ``hypothetical_rating`` (B.02 2024 8.2.1)."""
    hypothetical_rating: int
    twenty_per_half_point: bool
    """A score of 50 % or more adds 20 per half point above 50 % (the pre-2024 text) rather
    than the table's dp."""
    minimum_games: int
    floor: int
    """The lowest rating the list publishes."""
    maximum: int | None = None
    """The highest first rating (B.02 2024 8.2.3: 2200); None: no limit."""


@dataclass(frozen=True, slots=True)
class RatingSystem:
    """One edition of a rating system: its table, difference cap, K and first rating."""

    name: str
    title: Message
    family: str
    effective_from: date
    source: str
    expected: ExpectedScore = "fide-table"
    difference_cap: int | None = 400
    difference_cap_once: bool = False
    """The cap helps a player in one game of the event only, the one with the greatest
    difference (B.02 2022 8.3.1); False: in every game."""
    difference_cap_exempt_from: int | None = None
    """Players rated this or more play with the real difference in standard events (B.02
    8.3.1 from 1 October 2025; the rapid and blitz chapter keeps the cap for everyone)."""
    rapid_blitz_not_rated_from: int | None = None
    """Rapid and blitz games with a difference of this or more are not rated when either
    player is rated above ``rapid_blitz_not_rated_above`` (B.02 rapid and blitz 7.3.1, from
    1 December 2024)."""
    rapid_blitz_not_rated_above: int = 2600
    k: KRule = KRule()
    initial: InitialRatingRule | None = None
    """None: the system gives no first rating from an event (the player stays unrated here)."""


_FIDE_2022 = RatingSystem(
    name="fide-2022",
    title=Message("FIDE Rating Regulations effective from 1 January 2022"),
    family="fide",
    effective_from=date(2022, 1, 1),
    source="FIDE Handbook B.02, https://handbook.fide.com/chapter/B022022",
    difference_cap_once=True,
    k=KRule(rapid_blitz=20),
    initial=InitialRatingRule(
        hypothetical_opponents=0,
        hypothetical_rating=0,
        twenty_per_half_point=True,
        minimum_games=5,
        floor=1000,
    ),
)
_FIDE_2022_10 = replace(
    _FIDE_2022,
    name="fide-2022-10",
    title=Message("FIDE Rating Regulations as amended from 1 October 2022"),
    effective_from=date(2022, 10, 1),
    source=(
        "FIDE Handbook B.02 rapid and blitz as amended from 1 October 2022 (rapid and blitz K "
        "by the standard rules; https://www.scacchierando.it/regolamenti/"
        "nuove-regole-fide-per-i-rating-rapidblitz/)"
    ),
    k=KRule(),
)
_FIDE_2024 = RatingSystem(
    name="fide-2024",
    title=Message("FIDE Rating Regulations effective from 1 March 2024"),
    family="fide",
    effective_from=date(2024, 3, 1),
    source=(
        "FIDE Handbook B.02, https://handbook.fide.com/chapter/B022024; "
        "https://qc.fide.com/2024/03/01/new-rating-regulations-come-into-force/"
    ),
    initial=InitialRatingRule(
        hypothetical_opponents=2,
        hypothetical_rating=1800,
        twenty_per_half_point=False,
        minimum_games=5,
        floor=1400,
        maximum=2200,
    ),
)
_FIDE_2024_12 = replace(
    _FIDE_2024,
    name="fide-2024-12",
    title=Message("FIDE Rating Regulations as amended from 1 December 2024"),
    effective_from=date(2024, 12, 1),
    source=(
        "FIDE Handbook B.02 rapid and blitz 7.3.1 as amended from 1 December 2024, "
        "https://handbook.fide.com/chapter/B02RBRegulations2024"
    ),
    rapid_blitz_not_rated_from=600,
)
_FIDE_2025 = replace(
    _FIDE_2024_12,
    name="fide-2025",
    title=Message("FIDE Rating Regulations as amended from 1 October 2025"),
    effective_from=date(2025, 10, 1),
    source=(
        "FIDE Handbook B.02 8.3.1 as amended from 1 October 2025, "
        "https://handbook.fide.com/chapter/B022024 (FIDE press release, "
        "https://en.chessbase.com/post/fide-changes-rating-regulations)"
    ),
    difference_cap_exempt_from=2650,
)
_ICU = RatingSystem(
    name="icu",
    title=Message("Irish Chess Union rating (Elo formulae for fully rated players)"),
    family="icu",
    effective_from=date(2012, 8, 31),
    source="M. Orr, Basic Rating Formulae, http://ratings.icu.ie/articles/16",
    expected="logistic",
    difference_cap=None,
    k=KRule(established=40, elite_from=None, junior=None, games_cap=None, from_list=False),
)

_SYSTEMS: dict[str, tuple[RatingSystem, ...]] = {
    "fide": (_FIDE_2022, _FIDE_2022_10, _FIDE_2024, _FIDE_2024_12, _FIDE_2025),
    "icu": (_ICU,),
}
"""Each system's editions, oldest first."""

SYSTEM_NAMES: tuple[str, ...] = tuple(_SYSTEMS)
"""The names a tournament may give as its rating system (empty: ``fide``)."""


def system_for(name: str, day: date | None) -> RatingSystem:
    """The edition of system ``name`` in force on ``day`` (the event's first day): the newest
    that came into force on or before it; the oldest held for an earlier day, and the
    newest when the day is unknown.

    :raises KeyError: for a name not in :data:`SYSTEM_NAMES`.
    """
    editions = _SYSTEMS[name or "fide"]
    if day is None:
        return editions[-1]
    chosen = editions[0]
    for edition in editions:
        if edition.effective_from <= day:
            chosen = edition
    return chosen
