"""Standings: FIDE tie-breaks (Handbook C.07, editions 2024 and 2026), pure and exact.

Build a :class:`Crosstable` (from events or from a TRF file; its rounds, colours, outcomes
and pairing numbers are :mod:`engine.model`'s), then
``rank(crosstable, "BH/C1 BH SB DE", Edition.C07_2026, unrated_rating=1400)``, or
``rank(crosstable)`` for points alone. A stored tournament: :func:`tournament_standings`.
"""

from events.tiebreaks.codes import (
    ROUND_ROBIN_TIEBREAKS,
    SWISS_TIEBREAKS,
    Tiebreak,
    format_sequence,
    parse_sequence,
    parse_settings,
    parse_tiebreak,
    with_points,
)
from events.tiebreaks.errors import TiebreakError, TiebreakInputError, TiebreakSyntaxError
from events.tiebreaks.model import Crosstable, Edition, PlayerRecord, RoundEntry
from events.tiebreaks.ranking import Standings, StandingsRow, TiebreakValue, rank
from events.tiebreaks.ratings import RatingContext, performance_rating
from events.tiebreaks.tournament import (
    COUNTING_RULE,
    completed_rounds,
    counted_crosstable,
    counting_note,
    crosstable_from_state,
    tournament_standings,
)

__all__ = [
    "COUNTING_RULE",
    "ROUND_ROBIN_TIEBREAKS",
    "SWISS_TIEBREAKS",
    "Crosstable",
    "Edition",
    "PlayerRecord",
    "RatingContext",
    "RoundEntry",
    "Standings",
    "StandingsRow",
    "Tiebreak",
    "TiebreakError",
    "TiebreakInputError",
    "TiebreakSyntaxError",
    "TiebreakValue",
    "completed_rounds",
    "counted_crosstable",
    "counting_note",
    "crosstable_from_state",
    "format_sequence",
    "parse_sequence",
    "parse_settings",
    "parse_tiebreak",
    "performance_rating",
    "rank",
    "tournament_standings",
    "with_points",
]
