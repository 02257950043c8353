"""A stored tournament's rating changes: its crosstable, its players' years of birth and
the arbiter's K, and the system its settings name, in the edition of its last day."""

from __future__ import annotations

from engine.model import PairingNumber
from events.projections import TournamentState
from events.rating_changes.compute import Entrant, RatingChanges, rating_changes
from events.rating_changes.systems import system_for
from events.tiebreaks import crosstable_from_state

__all__ = ["tournament_rating_changes"]


def tournament_rating_changes(state: TournamentState) -> RatingChanges:
    """Every player's change over the complete rounds, by the tournament's rating system
    (FIDE's unless it names another) in the edition in force on its end date."""
    settings = state.require_settings()
    entrants = {}
    for number, player_id in enumerate(state.order, start=1):
        player = state.player(player_id)
        born = player.birth_date.year if player.birth_date else player.birth_year
        entrants[PairingNumber(number)] = Entrant(birth_year=born, k_factor=player.k_factor)
    return rating_changes(
        crosstable_from_state(state),
        system_for(settings.rating_system, settings.end_date),
        entrants=entrants,
        rating_kind=settings.rating_type,
        end=settings.end_date,
    )
