"""Regulations that reach the pairing engine, and changing them as events.

What the engine gets for a round besides the players' histories (the same a TRF file gives
``arbiter pair``): the pairs the arbiter forbade (record 260), the club and federation
wishes, and the acceleration points (record 250) from the Baku method (general.md §7) and
from grants player by player.

The club and federation wishes are forbidden pairs of a weaker kind: the round is paired
with them first, and if that leaves no valid pairing, without them (FIDE: such a wish never
breaks an absolute criterion; a pairing found with more pairs forbidden breaks none either).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction
from itertools import combinations

import msgspec

from engine.messages import Message
from events.bounds import (
    Federation,
    NormEvent,
    PlayerNumber,
    Points,
    RatingSystemName,
    Reason,
    RoundNumber,
    RoundsCount,
    ShortText,
    TiebreakList,
    TiebreakRules,
    check_points_value,
)
from events.decisions.common import CommandStruct, require_text, rounds_in
from events.errors import InvalidCommand, RoundAlreadyPaired
from events.projections.state import TournamentState
from events.rating_changes.systems import SYSTEM_NAMES
from events.tiebreaks import Edition, TiebreakError, parse_settings
from events.types import (
    Colour,
    Event,
    PairForbidden,
    PlayerId,
    RoundNo,
    SettingsChanged,
    VirtualPointsGiven,
)

__all__ = [
    "ACCELERATIONS",
    "ChangeSettings",
    "ForbidPair",
    "GiveVirtualPoints",
    "Pair",
    "accelerations",
    "change_settings",
    "check_acceleration",
    "check_rounds",
    "forbid_pair",
    "forbidden_pairs",
    "give_virtual_points",
    "wished_apart",
]

ACCELERATIONS = ("", "baku")
Pair = frozenset[PlayerId]
_UNSET = msgspec.UNSET


class ChangeSettings(CommandStruct, frozen=True):
    """Change regulations; only the fields given change (see :class:`SettingsChanged`).

    Each field has the bounds it has in ``CreateTournament``: what a change stores is then
    always what the tournament's own regulations may hold.
    """

    initial_colour: Colour | msgspec.UnsetType = _UNSET
    tiebreaks: TiebreakList | msgspec.UnsetType = _UNSET
    tiebreak_rules: TiebreakRules | msgspec.UnsetType = _UNSET
    avoid_same_club: bool | msgspec.UnsetType = _UNSET
    avoid_same_federation: bool | msgspec.UnsetType = _UNSET
    acceleration: ShortText | msgspec.UnsetType = _UNSET
    public_actors: bool | msgspec.UnsetType = _UNSET
    """Whether the public log names who made each change (off unless the tournament says)."""
    rating_system: RatingSystemName | msgspec.UnsetType = _UNSET
    reason: Reason = ""
    federation: Federation | msgspec.UnsetType = _UNSET
    """The host federation, as ``CreateTournament.federation`` (the title norms read it)."""
    rounds: RoundsCount | msgspec.UnsetType = _UNSET
    """Before round 1 only: a round-robin's rounds follow the field (C.05 Annex 1)."""
    norm_event: NormEvent | msgspec.UnsetType = _UNSET
    """What the event is for the title norms' exemptions (B.01 1.4.3a-c)."""


class ForbidPair(CommandStruct, frozen=True):
    """Forbid two players to meet from ``from_round`` (default: the next round) on."""

    player_id: PlayerNumber
    other: PlayerNumber
    from_round: RoundNumber | None = None
    reason: Reason = ""


class GiveVirtualPoints(CommandStruct, frozen=True):
    """Acceleration points for a player in rounds ``first_round`` to ``last_round``."""

    player_id: PlayerNumber
    first_round: RoundNumber
    last_round: RoundNumber
    points: Points
    reason: Reason = ""


def check_acceleration(acceleration: str, state: TournamentState) -> None:
    """:raises InvalidCommand: for an unknown method, or Baku with points it does not fit
    (C.04.7: a win is twice a draw, a loss nothing)."""
    if acceleration not in ACCELERATIONS:
        raise InvalidCommand(
            Message("acceleration %(given)s: use 'baku' or nothing", given=repr(acceleration)),
            field="acceleration",
        )
    points = state.points
    if acceleration == "baku" and not (points.win == 2 * points.draw and points.loss == 0):
        raise InvalidCommand(
            Message("the Baku acceleration needs a win worth twice a draw and a loss worth 0 "
                    "(C.04.7)"),
            field="acceleration",
        )  # fmt: skip


def check_rating_system(name: str) -> None:
    """:raises InvalidCommand: for a rating system :mod:`events.rating_changes` lacks."""
    if name and name not in SYSTEM_NAMES:
        raise InvalidCommand(
            Message("rating system %(name)s: use one of %(systems)s", name=repr(name),
                    systems=", ".join(SYSTEM_NAMES)),
            field="rating_system",
        )  # fmt: skip


def change_settings(state: TournamentState, command: ChangeSettings) -> list[Event]:
    settings = state.require_settings()
    changes = {
        name: getattr(command, name)
        for name in command.__struct_fields__
        if name != "reason"
        and getattr(command, name) is not _UNSET
        and getattr(command, name) != getattr(settings, name)
    }
    if not changes:
        raise InvalidCommand(Message("nothing to change"))
    before_round_one = {"initial_colour", "acceleration", "rounds"} & changes.keys()
    if before_round_one and state.rounds_paired:
        raise RoundAlreadyPaired(
            1, f"{', '.join(sorted(before_round_one))} can change only before round 1 is paired"
        )
    if "acceleration" in changes:
        check_acceleration(changes["acceleration"], state)
    if "rounds" in changes:
        check_rounds(changes["rounds"], state)
    if "rating_system" in changes:
        check_rating_system(changes["rating_system"])
    if {"tiebreaks", "tiebreak_rules"} & changes.keys():
        if "tiebreak_rules" not in changes and not settings.tiebreak_rules:
            changes["tiebreak_rules"] = Edition.current().value
        try:
            parse_settings(
                changes.get("tiebreaks", settings.tiebreaks),
                changes.get("tiebreak_rules", settings.tiebreak_rules),
            )
        except TiebreakError as error:
            raise InvalidCommand(error.args[0], field="tiebreaks") from None
    return [SettingsChanged(reason=command.reason, **changes)]


def check_rounds(rounds: int, state: TournamentState) -> None:
    """Fewer rounds must not leave a round date, a bye, a late entry, a withdrawal, a
    forbidden pair or acceleration points in a round the tournament no longer has.

    :raises InvalidCommand: naming the latest round already named.
    """
    named = [
        len(state.require_settings().round_dates),
        *(bye.round_no for bye in state.byes),
        *(player.joins_round for player in state.players),
        *(player.withdrawn_from or 0 for player in state.players),
        *(pair.from_round for pair in state.forbidden),
        *(grant.last_round for grant in state.virtual_points),
    ]
    latest = max(named, default=0)
    if latest > rounds:
        raise InvalidCommand(
            Message("round %(round)s is already named (a date, a bye, an entry, a withdrawal, "
                    "a forbidden pair or acceleration): the tournament cannot have %(rounds)s "
                    "rounds", round=latest, rounds=rounds),
            field="rounds",
        )  # fmt: skip


def forbid_pair(state: TournamentState, command: ForbidPair) -> list[Event]:
    settings = state.require_settings()
    first, second = state.player(command.player_id), state.player(command.other)
    if first.player_id == second.player_id:
        raise InvalidCommand(
            Message("a player cannot be forbidden to meet themselves"), field="other"
        )
    from_round = command.from_round if command.from_round is not None else state.next_round
    if from_round < state.next_round:
        raise RoundAlreadyPaired(from_round, "a forbidden pair applies to rounds not yet paired")
    if from_round > settings.rounds:
        raise InvalidCommand(rounds_in(settings.rounds), field="from_round")
    require_text(command.reason, "reason")
    return [
        PairForbidden(
            player_id=first.player_id,
            other=second.player_id,
            from_round=RoundNo(from_round),
            reason=command.reason,
        )
    ]


def give_virtual_points(state: TournamentState, command: GiveVirtualPoints) -> list[Event]:
    settings = state.require_settings()
    player = state.player(command.player_id)
    if not 1 <= command.first_round <= command.last_round <= settings.rounds:
        raise InvalidCommand(
            Message("rounds %(first)s-%(last)s are not within 1-%(rounds)s",
                    first=command.first_round, last=command.last_round, rounds=settings.rounds),
            field="first_round",
        )  # fmt: skip
    if command.first_round < state.next_round:
        raise RoundAlreadyPaired(command.first_round, "virtual points apply to rounds to come")
    check_points_value(command.points, "points")
    return [
        VirtualPointsGiven(
            player_id=player.player_id,
            first_round=RoundNo(command.first_round),
            last_round=RoundNo(command.last_round),
            points=command.points,
            reason=command.reason,
        )
    ]


# -- what the engine gets ----------------------------------------------------------------


def forbidden_pairs(state: TournamentState, round_no: int) -> frozenset[Pair]:
    """The arbiter's forbidden pairs in force in ``round_no``."""
    return frozenset(
        frozenset((entry.player_id, entry.other))
        for entry in state.forbidden
        if entry.from_round <= round_no
    )


def wished_apart(state: TournamentState, players: Iterable[PlayerId]) -> frozenset[Pair]:
    """Pairs of ``players`` of one club or one federation, as the regulations wish to avoid."""
    settings = state.require_settings()

    def groups(player_id: PlayerId) -> set[tuple[str, str]]:
        player = state.player(player_id)
        found = set()
        if settings.avoid_same_club and player.club.strip():
            found.add(("club", player.club.strip().casefold()))
        if settings.avoid_same_federation and player.federation:
            found.add(("federation", player.federation))
        return found

    members: dict[tuple[str, str], list[PlayerId]] = {}
    for player_id in players:
        for group in groups(player_id):
            members.setdefault(group, []).append(player_id)
    return frozenset(
        frozenset(pair) for group in members.values() for pair in combinations(group, 2)
    )


def accelerations(state: TournamentState) -> dict[PlayerId, dict[int, Fraction]]:
    """Acceleration points per player and round, for every round up to the last: the
    Baku method's (when declared), overridden round by round by grants to a player."""
    settings = state.require_settings()
    found: dict[PlayerId, dict[int, Fraction]] = {}
    if settings.acceleration == "baku":
        found = _baku(state)
    for grant in state.virtual_points:
        rounds = found.setdefault(grant.player_id, {})
        for round_no in range(grant.first_round, grant.last_round + 1):
            rounds[round_no] = Fraction(grant.points)
    return found


def _baku(state: TournamentState) -> dict[PlayerId, dict[int, Fraction]]:
    """C.04.7 (general.md §7): group A is the first 2⌈N/4⌉ of the round-1 list to be paired
    (N of them); a later entrant ranked at or above its last member joins it. Group A gets
    a win's points in the first ⌈⌈R/2⌉/2⌉ rounds and half of that up to round ⌈R/2⌉."""
    settings = state.require_settings()
    if state.rounds:
        first = state.rounds[0]
        starters = {p for board in first.boards for p in (board.white, board.black)}
        starters |= {first.pab} if first.pab is not None else set()
    else:
        starters = set(state.availability(1)[0])
    listed = [player_id for player_id in state.order if player_id in starters]
    if not listed:
        return {}
    last = listed[min(len(listed), 2 * math.ceil(len(listed) / 4)) - 1]
    group_a = state.order[: state.order.index(last) + 1]
    accelerated = math.ceil(settings.rounds / 2)
    full = math.ceil(accelerated / 2)
    win = state.points.win
    virtual = {r: win if r <= full else win / 2 for r in range(1, accelerated + 1)}
    return {player_id: dict(virtual) for player_id in group_a}
