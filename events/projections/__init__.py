"""Projections: pure folds of a tournament's events into state, and read models on it."""

from engine.common import Float
from events.projections.cache import DEFAULT_MAX_BYTES, StateCache
from events.projections.kinds import EVENT_KINDS, AuditClass, EventKind
from events.projections.persistent import PersistentList
from events.projections.snapshot import code_digest
from events.projections.standings import points_str
from events.projections.state import (
    EMPTY,
    BoardState,
    PlayerRound,
    PlayerState,
    RoundState,
    TournamentState,
)
from events.projections.tournament import apply, fold, state_after_round, state_at_version

__all__ = [
    "DEFAULT_MAX_BYTES",
    "EMPTY",
    "EVENT_KINDS",
    "AuditClass",
    "BoardState",
    "EventKind",
    "Float",
    "PersistentList",
    "PlayerRound",
    "PlayerState",
    "RoundState",
    "StateCache",
    "TournamentState",
    "apply",
    "code_digest",
    "fold",
    "points_str",
    "state_after_round",
    "state_at_version",
]
