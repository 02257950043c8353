"""Rating changes after an event (FIDE Handbook B.02, editions by the event's start date).

Pure: a :class:`~events.tiebreaks.Crosstable` (from a stored tournament or a TRF file) and
one edition of a rating system (:func:`system_for`) give every player's change game by game
(:func:`rating_changes`); a national system is the same computation with its own table, K
and difference rule (:data:`SYSTEM_NAMES`).
"""

from events.rating_changes.compute import (
    Entrant,
    GameChange,
    InitialRating,
    PlayerChange,
    RatingChanges,
    k_factor,
    rating_changes,
)
from events.rating_changes.systems import SYSTEM_NAMES, RatingSystem, system_for
from events.rating_changes.tournament import performances, tournament_rating_changes

__all__ = [
    "SYSTEM_NAMES",
    "Entrant",
    "GameChange",
    "InitialRating",
    "PlayerChange",
    "RatingChanges",
    "RatingSystem",
    "k_factor",
    "performances",
    "rating_changes",
    "system_for",
    "tournament_rating_changes",
]
