"""Every event type in one row: the fold step that applies it, its audit class, and the
sentence the log page tells it with.

Adding an event type means adding its row here (``tests/events/test_kinds.py`` fails until
every type in :data:`events.types.EVENT_TYPES` has one, and its sentence a translation in
each page catalogue). The fold (:func:`events.projections.apply`) dispatches through this
table, the integrity log (:mod:`events.audit`) reads its audit class from it.

Sentences are English gettext message ids with named placeholders, filled by the log page
(:mod:`server.http.pages.log`): each field of the event by its name (a player id reads as
the player's name, a result as its score, a tuple as its length, a rating of 0 as "–"),
``game`` for the players of ``round_no``'s ``board``, and ``changed`` for the fields a
correction set.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from events.projections import steps
from events.projections.state import TournamentState
from events.types import (
    BoardsSwapped,
    ByeCancelled,
    ByeRequested,
    ColoursSwapped,
    Event,
    PairForbidden,
    PairingNumbersDrawn,
    PlayerDetailsCorrected,
    PlayerRegistered,
    PlayerWithdrawn,
    RegistrationRemoved,
    ResultCorrected,
    ResultRecorded,
    RoundPaired,
    RoundUnpaired,
    SettingsChanged,
    TournamentClosed,
    TournamentCreated,
    TournamentReopened,
    VirtualPointsGiven,
    WithdrawalCancelled,
)

__all__ = ["EVENT_KINDS", "AuditClass", "EventKind"]

_E = TypeVar("_E", bound=Event)


class AuditClass(enum.Enum):
    """What the integrity log (FIDE's endorsement checklist) makes of an event."""

    ROUTINE = "routine"
    """The ordinary course: a registration, a bye asked for, a result, a program's pairing."""
    MANUAL = "manual"
    """Always the arbiter's manual intervention: a correction or a changed regulation."""
    MANUAL_IF_BY_HAND = "manual-if-by-hand"
    """A pairing: manual when made by hand, not when an engine made it or a file brought it."""


@dataclass(frozen=True, slots=True)
class EventKind(Generic[_E]):
    fold: Callable[[TournamentState, _E], TournamentState]
    audit: AuditClass
    sentence: str
    """English message id; other languages in the page catalogues."""


def _row(
    event_type: type[_E],
    fold: Callable[[TournamentState, _E], TournamentState],
    audit: AuditClass,
    sentence: str,
) -> tuple[type[Any], EventKind[Any]]:
    """One row; typed so that a step can only be given the event type it folds."""
    return event_type, EventKind(fold, audit, sentence)


_ROUTINE, _MANUAL = AuditClass.ROUTINE, AuditClass.MANUAL

EVENT_KINDS: Mapping[type[Event], EventKind[Any]] = dict(
    [
        _row(TournamentCreated, steps.tournament_created, _ROUTINE,
             "Tournament “%(name)s” created: %(rounds)s rounds, %(system)s system."),
        _row(PlayerRegistered, steps.player_registered, _ROUTINE,
             "%(player_id)s registered (rating %(rating)s)."),
        _row(PlayerDetailsCorrected, steps.player_details_corrected, _MANUAL,
             "Details of %(player_id)s corrected."),
        _row(PlayerWithdrawn, steps.player_withdrawn, _ROUTINE,
             "%(player_id)s withdrawn from round %(from_round)s on."),
        _row(WithdrawalCancelled, steps.withdrawal_cancelled, _MANUAL,
             "Withdrawal of %(player_id)s cancelled: %(reason)s."),
        _row(RegistrationRemoved, steps.registration_removed, _MANUAL,
             "Registration of %(player_id)s removed: %(reason)s."),
        _row(ByeRequested, steps.bye_requested, _ROUTINE,
             "%(player_id)s granted a %(kind)s in round %(round_no)s."),
        _row(ByeCancelled, steps.bye_cancelled, _ROUTINE,
             "Bye of %(player_id)s in round %(round_no)s cancelled."),
        _row(RoundPaired, steps.round_paired, AuditClass.MANUAL_IF_BY_HAND,
             "Round %(round_no)s paired: %(boards)s boards (%(system)s)."),
        _row(RoundUnpaired, steps.round_unpaired, _MANUAL,
             "Round %(round_no)s unpaired."),
        _row(ColoursSwapped, steps.colours_swapped, _MANUAL,
             "Round %(round_no)s, board %(board)s (%(game)s): colours swapped."),
        _row(BoardsSwapped, steps.boards_swapped, _MANUAL,
             "Round %(round_no)s: boards %(board)s and %(other)s swapped."),
        _row(ResultRecorded, steps.result_recorded, _ROUTINE,
             "Round %(round_no)s, board %(board)s (%(game)s): %(result)s."),
        _row(ResultCorrected, steps.result_corrected, _MANUAL,
             "Round %(round_no)s, board %(board)s (%(game)s) corrected: "
             "%(previous)s → %(result)s."),
        _row(SettingsChanged, steps.settings_changed, _MANUAL,
             "Regulations changed: %(changed)s."),
        _row(PairForbidden, steps.pair_forbidden, _MANUAL,
             "%(player_id)s and %(other)s not to be paired from round %(from_round)s on."),
        _row(VirtualPointsGiven, steps.virtual_points_given, _MANUAL,
             "%(player_id)s given %(points)s virtual points for rounds "
             "%(first_round)s to %(last_round)s."),
        _row(PairingNumbersDrawn, steps.pairing_numbers_drawn, _ROUTINE,
             "Pairing numbers drawn %(method)s: %(order)s."),
        _row(TournamentClosed, steps.tournament_closed, _ROUTINE, "Tournament closed."),
        _row(TournamentReopened, steps.tournament_reopened, _MANUAL,
             "Tournament reopened: %(reason)s."),
    ]
)  # fmt: skip
