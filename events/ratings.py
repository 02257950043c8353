"""What a tournament takes from a FIDE players list: a registration, and the rating update.

Both are pure. :func:`registration` turns a directory entry into the ``RegisterPlayer``
command an arbiter would have typed, with the rating of the tournament's time control.
:func:`decide_rating_update` sets every player's rating to the list in force at the start,
before round 1 only: FIDE rates (and the initial ranking uses) the ratings in force at the
start of the tournament (the FIDE Rating Regulations use the list in force on the event's
first day, and C.04.2 GHR 2.1 as annotated: later lists do not reorder the field), so no list
changes a rating once round 1 is paired.

>>> from events.directory import DirectoryPlayer
>>> registration(DirectoryPlayer(1503014, "Carlsen, Magnus", "NOR", "m", "GM", rapid=2800),
...              rating_type="rapid", month="2026-09").rating
2800
"""

from __future__ import annotations

from datetime import date
from typing import Any

import msgspec

from engine.messages import Message
from events.decisions import RegisterPlayer
from events.directory import RATING_KINDS, DirectoryPlayer, RatingKind
from events.errors import InvalidCommand, RoundAlreadyPaired, TournamentIsClosed
from events.names import parse_name
from events.projections import TournamentState
from events.projections.rules import TITLE_ORDER
from events.types import Event, PlayerDetailsCorrected

__all__ = ["UpdateRatings", "decide_rating_update", "list_in_force", "rating_kind", "registration"]

RULE = (
    "FIDE rates a tournament with the ratings in force at its start (FIDE Rating Regulations: "
    "the list in force on the first day; C.04.2 GHR 2.1: later lists do not reorder the "
    "field), so ratings are updated before round 1 only"
)


class UpdateRatings(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Set ratings to a FIDE list's: ``ratings`` maps FIDE id to the list's rating of the
    tournament's time control (0 = unrated there), ``k_factors`` to the list's K there (ids
    without one: none); ids the list lacks are left alone."""

    list_month: str
    ratings: dict[int, int]
    k_factors: dict[int, int] = {}


def rating_kind(state: TournamentState) -> RatingKind:
    """The FIDE rating the tournament uses (standard unless created otherwise)."""
    kind = state.require_settings().rating_type
    return next((k for k in RATING_KINDS if k == kind), "standard")


def list_in_force(start: date) -> str:
    """The month of the list in force on ``start``: FIDE publishes one on each month's
    first day.

    >>> list_in_force(date(2026, 9, 15))
    '2026-09'
    """
    return f"{start.year:04d}-{start.month:02d}"


def registration(
    entry: DirectoryPlayer, *, rating_type: RatingKind, month: str, **given: Any
) -> RegisterPlayer:
    """The registration of a listed player: name, federation, sex, title (the higher of the
    open and women's titles), birth year and the rating of ``rating_type`` from the list of
    ``month``; ``given`` fields (``joins_round``, ``club``, a corrected ``rating``…) win."""
    surname, given_name = parse_name(entry.name)
    titles = [t for t in (entry.title, entry.women_title) if t in TITLE_ORDER]
    fields: dict[str, Any] = {
        "surname": surname,
        "given_name": given_name,
        "fide_id": entry.fide_id,
        "rating": entry.rating(rating_type) or 0,
        "title": min(titles, key=TITLE_ORDER.index) if titles else "",
        "federation": entry.federation,
        "sex": entry.sex,
        "birth_year": entry.birth_year,
        "rating_list": month,
        "list_k_factor": entry.k_factor(rating_type),
    }
    fields.update({name: value for name, value in given.items() if value is not None})
    if "rating" in given and given["rating"] is not None:
        fields["rating_list"] = ""  # the arbiter's rating, not the list's
    return RegisterPlayer(**fields)


def decide_rating_update(state: TournamentState, command: UpdateRatings) -> list[Event]:
    """One correction per player whose rating or K differs from the list's (none: nothing
    to do).

    :raises RoundAlreadyPaired: once round 1 is paired (the rule is in the message).
    :raises InvalidCommand: when the tournament's start date says another list is in force.
    """
    settings = state.require_settings()
    if state.closed:
        raise TournamentIsClosed(settings.tournament_id)
    if state.rounds_paired > 0:
        raise RoundAlreadyPaired(1, RULE)
    if settings.start_date is not None:
        in_force = list_in_force(settings.start_date)
        if command.list_month != in_force:
            raise InvalidCommand(
                Message("the list of %(month)s is not the one in force at the start "
                        "(%(start)s): load the %(in_force)s list", month=command.list_month,
                        start=settings.start_date.isoformat(), in_force=in_force),
                field="list_month",
            )  # fmt: skip
    events: list[Event] = []
    for player in state.players:
        if player.fide_id is None or player.fide_id not in command.ratings:
            continue
        rating = command.ratings[player.fide_id]
        k = command.k_factors.get(player.fide_id)
        changes: dict[str, Any] = {}
        if rating != player.rating:
            changes.update(rating=rating, rating_list=command.list_month)
        if k != player.list_k_factor:
            changes["list_k_factor"] = k
        if changes:
            events.append(
                PlayerDetailsCorrected(
                    player_id=player.player_id,
                    reason=f"FIDE rating list {command.list_month}",
                    **changes,
                )
            )
    return events
