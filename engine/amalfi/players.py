"""Amalfi's view of a player (the score it pairs on, its rating rank, its colours) and the
B.3.1 compatibility of two players for one round."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from engine.common import colour_difference, compatible, opponents, played_colours
from engine.messages import Message
from engine.model import Colour, PairingNumber, PairingRequest, PlayerEntry, PointSystem, RoundKind

__all__ = ["AmalfiPlayer", "Compatibility", "amalfi_player", "amalfi_score", "rating_ranks"]

_MAX_COLOUR_DIFFERENCE = 2
"""B.3.1: no colour three more times than the other."""


def amalfi_score(entry: PlayerEntry, points: PointSystem) -> Fraction:
    """The score Amalfi pairs on: the recorded points, except that a late entrant's missed
    rounds count a draw's points in total, however many they were (B.2).

    The missed rounds are the leading ``NOT_PAIRED`` records: the player was not in the
    tournament yet. A late entrant whose missed rounds were already recorded at ½ in total
    scores the same, so the rule can be applied by the caller, the engine, or both.
    """
    missed = 0
    for record in entry.history:
        if record.kind is not RoundKind.NOT_PAIRED:
            break
        missed += 1
    if missed == 0:
        return entry.score
    return points.draw + sum((r.points for r in entry.history[missed:]), Fraction(0))


def rating_ranks(players: Iterable[PlayerEntry]) -> dict[PairingNumber, int]:
    """B.1 pairing numbers, recomputed from the whole field (B.2: after a late entry).

    Rating first, highest first, so that unrated players (rating 0) come after every rated
    one; then the tournament pairing number, which carries the title, other-list and lot
    keys the caller used when numbering. A late entrant given the next free number is thus
    inserted by rating.
    """
    ordered = sorted(players, key=lambda entry: (-entry.rating, entry.number))
    return {entry.number: rank for rank, entry in enumerate(ordered, 1)}


@dataclass(frozen=True, slots=True)
class AmalfiPlayer:
    """A player to be paired, with the facts Amalfi reads computed once."""

    entry: PlayerEntry
    rank: int
    score: Fraction
    colours: tuple[Colour, ...]
    difference: int
    met: frozenset[PairingNumber]

    @property
    def number(self) -> PairingNumber:
        return self.entry.number

    @property
    def games(self) -> int:
        return len(self.colours)

    def may_take(self, colour: Colour) -> bool:
        """B.3.1 limits after one more game with ``colour``: not three times running, and a
        difference between the colours of at most two."""
        if len(self.colours) >= 2 and self.colours[-1] == self.colours[-2] == colour:
            return False
        step = 1 if colour is Colour.WHITE else -1
        return abs(self.difference + step) <= _MAX_COLOUR_DIFFERENCE


def amalfi_player(entry: PlayerEntry, rank: int, points: PointSystem) -> AmalfiPlayer:
    return AmalfiPlayer(
        entry=entry,
        rank=rank,
        score=amalfi_score(entry, points),
        colours=played_colours(entry),
        difference=colour_difference(entry),
        met=opponents(entry),
    )


class Compatibility:
    """B.3.1 for one round, remembered per pair: not met over the board, not forbidden by
    the arbiter, and (except in the last round) a colour for each within the limits."""

    def __init__(self, request: PairingRequest) -> None:
        self._request = request
        self._last_round = request.round_no == request.total_rounds
        self._refusals: dict[frozenset[PairingNumber], Message | None] = {}

    def refusal(self, a: AmalfiPlayer, b: AmalfiPlayer) -> Message | None:
        """Why ``a`` and ``b`` may not meet, or ``None`` when they may."""
        key = frozenset((a.number, b.number))
        if key not in self._refusals:
            self._refusals[key] = self._why_not(a, b)
        return self._refusals[key]

    def _why_not(self, a: AmalfiPlayer, b: AmalfiPlayer) -> Message | None:
        if not compatible(self._request, a.entry, b.entry):
            return (
                Message("already played") if b.number in a.met
                else Message("forbidden by the arbiter")
            )  # fmt: skip
        if self._last_round or any(
            a.may_take(c) and b.may_take(c.opposite) for c in (Colour.WHITE, Colour.BLACK)
        ):
            return None
        return Message("no colours within the limits (B.3.1)")
