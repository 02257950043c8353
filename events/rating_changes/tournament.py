"""A stored tournament's rating changes: its crosstable, its players' years of birth and
the arbiter's K, and the system its settings name, in the edition of its first day."""

from __future__ import annotations

from engine.model import PairingNumber
from events.projections import TournamentState
from events.rating_changes.compute import Entrant, RatingChanges, rating_changes
from events.rating_changes.systems import system_for
from events.tiebreaks import Crosstable, RatingContext, crosstable_from_state, performance_rating

__all__ = ["performances", "tournament_rating_changes"]


def tournament_rating_changes(state: TournamentState) -> RatingChanges:
    """Every player's change over the complete rounds, by the tournament's rating system
    (FIDE's unless it names another) in the edition in force on its start date, else its end
    date (B.02 0.1: changes apply to tournaments starting on or after the day they take
    effect)."""
    settings = state.require_settings()
    entrants = {}
    for number, player_id in enumerate(state.order, start=1):
        player = state.player(player_id)
        born = player.birth_date.year if player.birth_date else player.birth_year
        entrants[PairingNumber(number)] = Entrant(born, player.k_factor, player.list_k_factor)
    return rating_changes(
        crosstable_from_state(state),
        system_for(settings.rating_system, settings.start_date or settings.end_date),
        entrants=entrants,
        rating_kind=settings.rating_type,
        end=settings.end_date,
    )


def performances(
    state: TournamentState, table: Crosstable | None = None
) -> dict[PairingNumber, int | None]:
    """Each player's performance rating (C.07 TPR) over the complete rounds: unrated
    opponents rated as the tournament says (its unrated rating), else their games left out;
    None when no game is left. ``table``: the state's crosstable, when already built."""
    table = table or crosstable_from_state(state)
    context = RatingContext(table, state.require_settings().unrated_rating, unrated_left_out=True)
    return {p.pairing_number: performance_rating(context, p) for p in table.players}
