"""Projections: pure folds of a tournament's events into state, and read models on it."""

from events.projections.cache import StateCache
from events.projections.standings import (
    StandingRow,
    TieBreak,
    completed_rounds,
    counting_note,
    points_str,
    standings,
    to_decimal,
)
from events.projections.tournament import (
    EMPTY,
    BoardState,
    Float,
    PlayerRound,
    PlayerState,
    RoundState,
    TournamentState,
    apply,
    fold,
    state_after_round,
    state_at_version,
)

__all__ = [
    "EMPTY",
    "BoardState",
    "Float",
    "PlayerRound",
    "PlayerState",
    "RoundState",
    "StandingRow",
    "StateCache",
    "TieBreak",
    "TournamentState",
    "apply",
    "completed_rounds",
    "counting_note",
    "fold",
    "points_str",
    "standings",
    "state_after_round",
    "state_at_version",
    "to_decimal",
]
