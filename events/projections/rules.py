"""The FIDE rules the fold applies: the initial ranking and when it freezes, what a round not
played scores, and the floats each edition gives.

Kept apart from the fold's bookkeeping (:mod:`events.projections.steps`) so that a rule
reads as the text it implements, and a change of rule is a change here.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from engine.common import Float, game_floats, unplayed_float
from engine.model import Outcome, PointSystem, RoundKind
from events.projections.persistent import PersistentList
from events.results import Result
from events.types import NotPairedReason, PlayerId, TournamentCreated

if TYPE_CHECKING:
    from events.projections.state import PlayerState

__all__ = [
    "NOT_PAIRED_KIND",
    "TITLE_ORDER",
    "TPN_FREEZE_ROUND",
    "forfeit_kind",
    "missed_round_points",
    "not_paired_points",
    "outcome_points",
    "ranked_position",
    "ranking_key",
    "reranked",
    "result_floats",
    "unplayed_round_float",
]

TITLE_ORDER = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
"""Second key of the initial ranking (general.md §3.2), strongest first; then untitled."""

TPN_FREEZE_ROUND = 4
"""Once this round is paired, corrections no longer renumber anyone (GHR 2.3)."""

NOT_PAIRED_KIND = {
    NotPairedReason.HALF_BYE: RoundKind.HALF_BYE,
    NotPairedReason.ZERO_BYE: RoundKind.ZERO_BYE,
    NotPairedReason.FULL_BYE: RoundKind.FULL_BYE,
    NotPairedReason.WITHDRAWN: RoundKind.NOT_PAIRED,
    NotPairedReason.LATE_ENTRY: RoundKind.NOT_PAIRED,
}
"""The round record a player not paired gets, by the reason."""


# -- the initial ranking (general.md §3.2, §3.3; GHR 2.3) ----------------------------------


def ranking_key(player: PlayerState) -> tuple[int, int, str, str, int]:
    """Initial-ranking order (general.md §3.2): rating, title, then name (the id last, so no
    two players tie)."""
    title = TITLE_ORDER.index(player.title) if player.title in TITLE_ORDER else len(TITLE_ORDER)
    return (
        -player.rating,
        title,
        player.surname.casefold(),
        player.given_name.casefold(),
        player.player_id,
    )


def ranked_position(
    order: Sequence[PlayerId], players: Sequence[PlayerState], player: PlayerState
) -> int:
    """Where a new player enters the TPN order: after everyone ranked before it (general.md
    §3.3). A binary search, so only the ``O(log n)`` players it visits compute their key."""
    return bisect.bisect_right(
        order, ranking_key(player), key=lambda pid: ranking_key(players[pid - 1])
    )


def reranked(
    order: PersistentList[PlayerId],
    *,
    before: Sequence[PlayerState],
    after: Sequence[PlayerState],
    moved: PlayerId,
    ranked: bool,
) -> PersistentList[PlayerId]:
    """The order sorted by ranking key again after ``moved``'s details changed (before the
    TPNs freeze, GHR 2.3). When ``order`` was already sorted (``ranked``), only ``moved`` can
    be out of place: it is taken out and put back where its new key goes, which is the same
    list sorting gives (keys are unique), at ``O(log n)`` instead of ``O(n log n)``."""
    if not ranked:
        return PersistentList(sorted(order, key=lambda pid: ranking_key(after[pid - 1])))
    at = bisect.bisect_left(
        order, ranking_key(before[moved - 1]), key=lambda pid: ranking_key(before[pid - 1])
    )
    if at == len(order) or order[at] != moved:
        return order  # not in the order (a removed registration): the others kept their keys
    rest = order.delete(at)
    return rest.insert(ranked_position(rest, after, after[moved - 1]), moved)


# -- rounds not played (C.04.1 Art. 4, GHR 2.4, Amalfi B.2) ---------------------------------


def not_paired_points(
    points: PointSystem, player: PlayerState, round_no: int, reason: NotPairedReason
) -> Fraction:
    """What a round the player was not paired in scores, by why it was not."""
    return {
        NotPairedReason.HALF_BYE: points.half_bye,
        NotPairedReason.ZERO_BYE: points.zero_bye,
        NotPairedReason.FULL_BYE: points.full_bye,
        NotPairedReason.WITHDRAWN: Fraction(0),
        NotPairedReason.LATE_ENTRY: missed_round_points(player, round_no),
    }[reason]


def missed_round_points(player: PlayerState, round_no: int) -> Fraction:
    """What one round missed before a late entry scores: the registration's value per round,
    or, when it awarded the missed rounds a total, all of it in round 1 (always the first
    missed round) and nothing in the others, so the total holds however many were missed."""
    if player.missed_points_total is None:
        return player.missed_round_points
    return player.missed_points_total if round_no == 1 else Fraction(0)


def forfeit_kind(outcome: Outcome) -> RoundKind:
    return RoundKind.FORFEIT_WIN if outcome is Outcome.FORFEIT_WIN else RoundKind.FORFEIT_LOSS


def outcome_points(points: PointSystem, outcome: Outcome) -> Fraction:
    return {
        Outcome.WIN: points.win,
        Outcome.DRAW: points.draw,
        Outcome.LOSS: points.loss,
        Outcome.FORFEIT_WIN: points.forfeit_win,
        Outcome.FORFEIT_LOSS: points.forfeit_loss,
    }[outcome]


# -- floats (dutch.md §2.3), by rules edition ----------------------------------------------


def unplayed_round_float(
    settings: TournamentCreated | None, points: PointSystem, kind: RoundKind, value: Fraction
) -> Float | None:
    """A round scored without playing: the engine's rule (:func:`engine.unplayed_float`,
    dutch.md §2.3 case 2); under the 2017 rules every unplayed round was a downfloat."""
    if settings is not None and settings.rules_edition == "fide-2017":
        return Float.DOWN
    return unplayed_float(kind, value, points)


def result_floats(
    settings: TournamentCreated | None,
    points: PointSystem,
    result: Result,
    white_before: Fraction,
    black_before: Fraction,
) -> tuple[Float | None, Float | None]:
    """Floats a result gives (dutch.md §2.3): a played game between different scores floats
    the higher one down and the lower one up; a forfeit is an unplayed round for each side."""
    if not result.played:
        return (
            unplayed_round_float(
                settings, points, forfeit_kind(result.white), outcome_points(points, result.white)
            ),
            unplayed_round_float(
                settings, points, forfeit_kind(result.black), outcome_points(points, result.black)
            ),
        )
    return game_floats(white_before, black_before)
