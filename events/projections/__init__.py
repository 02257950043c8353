"""Projections: pure folds of a tournament's events into state, and read models on it."""

from events.projections.cache import StateCache
from events.projections.standings import points_str, to_decimal
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
    "StateCache",
    "TournamentState",
    "apply",
    "fold",
    "points_str",
    "state_after_round",
    "state_at_version",
    "to_decimal",
]
