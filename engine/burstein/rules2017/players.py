"""Who the pre-2026 Burstein engine pairs and how it ranks them (burstein.md §11.1-11.5).

The pre-2026 mode reproduces the reference reading of the rules in force until 31 January
2026 (bbpPairings v5.0.1 ``--burstein``): the *original* Burstein order - Sonneborn-Berger,
Buchholz, Median, then the rank number - with unplayed rounds valued by the FIDE 2009
"virtual opponent" and an accelerated start in rounds 1 and 2 when the tournament declares
no acceleration of its own. All arithmetic is exact (:class:`~fractions.Fraction`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeVar

from engine.common import (
    ColourPreference,
    Strength,
    colour_preference,
    in_pairing_order,
    opponents,
    played_colours,
    took_part,
)
from engine.errors import InvalidRequest
from engine.model import (
    Colour,
    PairingNumber,
    PairingRequest,
    PlayerEntry,
    RoundKind,
)

__all__ = [
    "Contender",
    "contenders",
    "default_acceleration",
    "global_key",
    "list_sort",
    "ranks_above",
]

T = TypeVar("T")

_WON = frozenset({RoundKind.FORFEIT_WIN, RoundKind.PAB, RoundKind.FULL_BYE})


@dataclass(frozen=True, slots=True)
class Contender:
    """A registered player as the pre-2026 procedure sees him.

    ``rank`` is the rank number (§11.1): the position, 1-based, among *valid* players (to
    be paired now, or paired at least once before) in pairing-number order.
    """

    number: PairingNumber
    rank: int
    available: bool
    score: Fraction
    """Real points in the rounds played (announced byes of the round to pair excluded)."""
    pairing_score: Fraction
    """Real points plus this round's acceleration (§11.3)."""
    sb: Fraction
    bt: Fraction
    mt: Fraction
    preference: ColourPreference
    colours: tuple[Colour, ...]
    met: frozenset[PairingNumber]
    may_get_pab: bool
    """No earlier PAB and no forfeit win (§11.6; the pre-2026 Basic Rule d)."""

    @property
    def wants(self) -> Colour | None:
        return self.preference.colour

    @property
    def absolute(self) -> bool:
        return self.preference.strength is Strength.ABSOLUTE

    @property
    def strong(self) -> bool:
        return self.preference.strength is Strength.STRONG

    @property
    def imbalance(self) -> int:
        return abs(self.preference.difference)


def contenders(request: PairingRequest) -> list[Contender]:
    """Every valid player (§11.1: :func:`engine.common.in_pairing_order`) of ``request``, in
    pairing-number order, with his index values."""
    played = request.round_no - 1
    entries = sorted(request.players, key=lambda e: e.number)
    acceleration = _accelerations(request, entries)
    valid = [e for e in entries if in_pairing_order(e)]
    adjusted = {
        e.number: acceleration.get(e.number, Fraction(0))
        + sum(
            (r.points if r.kind.played else request.points.draw for r in e.history),
            Fraction(0),
        )
        for e in valid
    }
    result = []
    for rank, entry in enumerate(valid, 1):
        acc = acceleration.get(entry.number, Fraction(0))
        contributions = _contributions(entry, request, acc, adjusted)
        score = sum((r.points for r in entry.history), Fraction(0))
        bt = sum(contributions, Fraction(0))
        mt = bt - max(contributions) - min(contributions) if played >= 3 else Fraction(0)
        sb = sum(
            (r.points * c for r, c in zip(entry.history, contributions, strict=True)),
            Fraction(0),
        )
        result.append(
            Contender(
                number=entry.number,
                rank=rank,
                available=entry.available,
                score=score,
                pairing_score=score + acc,
                sb=sb,
                bt=bt,
                mt=mt,
                preference=colour_preference(entry),
                colours=played_colours(entry),
                met=opponents(entry),
                may_get_pab=not any(
                    r.kind in (RoundKind.PAB, RoundKind.FORFEIT_WIN) for r in entry.history
                ),
            )
        )
    return result


def _contributions(
    entry: PlayerEntry,
    request: PairingRequest,
    acc: Fraction,
    adjusted: dict[PairingNumber, Fraction],
) -> list[Fraction]:
    """What each round adds to Buchholz (§11.4): a played opponent's adjusted score (his
    unplayed rounds counted as draws, plus his acceleration), else the virtual opponent
    of the FIDE 2009 rule - the player's score before the round, the opposite result, a
    draw for every later round, and the player's own acceleration."""
    points = request.points
    played = len(entry.history)
    before = Fraction(0)
    values = []
    for index, record in enumerate(entry.history):
        if record.kind.played:
            if record.opponent is None or record.opponent not in adjusted:
                raise InvalidRequest(
                    f"player {entry.number}, round {index + 1}: opponent "
                    f"{record.opponent} is not a player of this tournament"
                )
            values.append(adjusted[record.opponent])
        else:
            later = played - index - 1
            values.append(
                before
                + _opposite(record.kind, points.win, points.draw, points.pab, points.forfeit_loss)
                + points.draw * later
                + acc
            )
        before += record.points
    return values


def _opposite(
    kind: RoundKind, win: Fraction, draw: Fraction, pab: Fraction, forfeit_loss: Fraction
) -> Fraction:
    """The virtual opponent's result in an unplayed round: a win against a loss, a draw
    against a half-point bye, a forfeit loss against an unplayed win; a PAB worth less than
    a win counts as the draw or loss it is worth."""
    if kind is RoundKind.HALF_BYE:
        return draw
    if kind in _WON:
        if kind is RoundKind.PAB and pab < win:
            return win if pab < draw else draw
        return forfeit_loss
    return win


def default_acceleration(request: PairingRequest) -> frozenset[PairingNumber]:
    """The players the reference engine accelerates by one win in rounds 1 and 2 when the
    tournament declares no acceleration (§11.3): in pairing-number order, everybody up to
    and including the ⌊P/2⌋-th round-1 participant, P the number of round-1 participants.

    >>> from engine.model import PlayerEntry, PairingNumber as N
    >>> field = tuple(PlayerEntry(N(n)) for n in range(1, 8))
    >>> sorted(default_acceleration(PairingRequest(1, 5, field)))
    [1, 2, 3]
    """
    if request.round_no > 2:
        return frozenset()
    entries = sorted(request.players, key=lambda e: e.number)

    def participant(entry: PlayerEntry) -> bool:
        return took_part(entry.history[0]) if entry.history else entry.available

    quota = sum(1 for e in entries if participant(e)) // 2
    chosen: list[PairingNumber] = []
    for entry in entries:
        if quota == 0:
            break
        chosen.append(entry.number)
        if participant(entry):
            quota -= 1
    return frozenset(chosen)


def _accelerations(
    request: PairingRequest, entries: Sequence[PlayerEntry]
) -> dict[PairingNumber, Fraction]:
    """This round's virtual points: the declared ones, else the default of §11.3."""
    declared = any(e.acceleration for e in entries)
    if declared:
        return {
            e.number: e.acceleration[request.round_no]
            for e in entries
            if request.round_no in e.acceleration
        }
    return dict.fromkeys(default_acceleration(request), request.points.win)


def global_key(player: Contender) -> tuple[Fraction, Fraction, Fraction, Fraction, int]:
    """The global order (§11.5): pairing score, SB, Buchholz, Median (all descending),
    then the rank number."""
    return (-player.pairing_score, -player.sb, -player.bt, -player.mt, player.rank)


def ranks_above(a: Contender, b: Contender) -> bool:
    """The in-bracket comparator (§11.5): equal pairing scores compare SB, Buchholz,
    Median; different ones SB, Buchholz x own score, Median x own score; then the smaller
    rank number. The pairing score itself is no key, so the relation is not transitive
    when zero scores meet a positive score whose indices are all zero."""
    if a.pairing_score == b.pairing_score:
        mine = (a.sb, a.bt, a.mt, -a.rank)
        theirs = (b.sb, b.bt, b.mt, -b.rank)
    else:
        mine = (a.sb, a.bt * a.pairing_score, a.mt * a.pairing_score, -a.rank)
        theirs = (b.sb, b.bt * b.pairing_score, b.mt * b.pairing_score, -b.rank)
    return mine > theirs


def list_sort(items: Sequence[T], before: Callable[[T, T], bool]) -> list[T]:
    """Sort by the bottom-up binary-counter merge sort the reference engine's list type
    uses (§11.5), so that the non-transitive comparator gives the same order.

    Elements enter one at a time; a carried run merges with each full bin below it (the
    bin's elements being the earlier ones), and the bins merge upward at the end. A merge
    keeps the earlier run's element first unless the later one strictly goes ``before``.

    >>> list_sort([3, 1, 2], lambda a, b: a < b)
    [1, 2, 3]
    """
    bins: list[list[T]] = []
    for item in items:
        carry = [item]
        level = 0
        while level < len(bins) and bins[level]:
            carry = _merge(bins[level], carry, before)
            bins[level] = []
            level += 1
        if level == len(bins):
            bins.append(carry)
        else:
            bins[level] = carry
    for level in range(1, len(bins)):
        bins[level] = _merge(bins[level], bins[level - 1], before)
    return bins[-1] if bins else []


def _merge(earlier: list[T], later: list[T], before: Callable[[T, T], bool]) -> list[T]:
    merged: list[T] = []
    i = j = 0
    while i < len(earlier) and j < len(later):
        if before(later[j], earlier[i]):
            merged.append(later[j])
            j += 1
        else:
            merged.append(earlier[i])
            i += 1
    merged.extend(earlier[i:])
    merged.extend(later[j:])
    return merged
