"""Choosing Lim floaters (C.04.4.3 Art. 3; old rule 10 of the user's seed).

A floater leaves its scoregroup for the next group in the pairing direction (3.2): down
from the groups above the median, up from the groups below it. When a group must give up
a player and several could go, the choice is, in this order of priority:

1. the kinds of 3.9, from the most to the least disadvantageous: (a) already floated into
   this group and no compatible opponent in the next group, (b) already floated in but with
   one, (c) no compatible opponent in the next group, (d) one; avoid (a), then (b), then (c).
   "Has a compatible opponent" is judged after setting aside the opponents that floaters
   leaving before it (higher score or better number when going down; lower score or worse
   number when going up) need (3.3, 3.4);
2. 3.10: not a player who floated in the previous round, unless sparing them would cost
   an (a), (b) or (c) floater or a pair in the group;
3. 3.2: the player whose departure best evens the numbers due White and due Black;
4. 3.2 / 3.3 / 3.4: the bottom-most player when pairing down, the top-most when pairing up;
5. maxi-tournaments (3.2): the choice must be within 100 rating points of that bottom-most
   (top-most) player, or that player floats instead.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from engine.common import Float
from engine.lim.players import RATING_LIMIT, LimField, LimPlayer
from engine.matching import maximum_matching
from engine.messages import Message
from engine.model import Colour, PairingNumber

__all__ = [
    "EvenChoice",
    "FloatDecision",
    "FloaterKind",
    "choose_even_floater",
    "floater_kinds",
    "leaving_order",
]


class FloaterKind(enum.Enum):
    """The four kinds of floater of 3.9, most disadvantageous first."""

    A = "a"
    B = "b"
    C = "c"
    D = "d"

    @property
    def meaning(self) -> Message:
        return _MEANING[self]


_MEANING = {
    FloaterKind.A: Message(
        "had already floated into this group and has no compatible opponent in the next group"
    ),
    FloaterKind.B: Message(
        "had already floated into this group and has a compatible opponent in the next group"
    ),
    FloaterKind.C: Message("has no compatible opponent in the next group"),
    FloaterKind.D: Message("has a compatible opponent in the next group"),
}


@dataclass(frozen=True, slots=True)
class FloatDecision:
    """One floater as the engine decided it: who, from which group, which way, which kind
    (3.9), under which article and why this player rather than another."""

    player: PairingNumber
    group: Fraction
    direction: Float
    kind: FloaterKind
    article: str
    reason: Message


@dataclass(frozen=True, slots=True)
class EvenChoice:
    player: LimPlayer
    reasons: tuple[Message, ...]


def leaving_order(direction: Float) -> Callable[[LimPlayer], tuple[Fraction, int]]:
    """3.3 / 3.4: which floaters' needs come first: higher score, then better number, when
    floating down; lower score, then worse number, when floating up."""
    if direction is Float.DOWN:
        return lambda p: (-p.score, p.number)
    return lambda p: (p.score, -p.number)


def floater_kinds(
    field: LimField,
    floaters: Sequence[LimPlayer],
    adjacent: Sequence[LimPlayer],
    direction: Float,
    received: frozenset[LimPlayer],
) -> dict[LimPlayer, FloaterKind]:
    """The 3.9 kind of each floater leaving a group together.

    A floater has a compatible opponent in the next group when one is left after the
    floaters ahead of it in :func:`leaving_order` have kept one each (augmenting paths:
    an earlier floater may give up its opponent for another, never be left without one).
    """
    holder: dict[LimPlayer, LimPlayer] = {}
    kinds: dict[LimPlayer, FloaterKind] = {}
    for floater in sorted(floaters, key=leaving_order(direction)):
        served = _augment(field, floater, adjacent, holder, set())
        if floater in received:
            kinds[floater] = FloaterKind.B if served else FloaterKind.A
        else:
            kinds[floater] = FloaterKind.D if served else FloaterKind.C
    return kinds


def _augment(
    field: LimField,
    floater: LimPlayer,
    adjacent: Sequence[LimPlayer],
    holder: dict[LimPlayer, LimPlayer],
    seen: set[LimPlayer],
) -> bool:
    for opponent in adjacent:
        if opponent in seen or not field.compatible(floater, opponent):
            continue
        seen.add(opponent)
        current = holder.get(opponent)
        if current is None or _augment(field, current, adjacent, holder, seen):
            holder[opponent] = floater
            return True
    return False


def choose_even_floater(
    field: LimField,
    candidates: Sequence[LimPlayer],
    pool: Sequence[LimPlayer],
    leaving: Sequence[LimPlayer],
    direction: Float,
    adjacent: Sequence[LimPlayer],
    received: frozenset[LimPlayer],
) -> EvenChoice:
    """The player to float so that ``pool`` becomes even (2.3.4), by the priorities above.

    ``candidates`` (a non-empty part of ``pool``) come in pairing-direction order, so the
    last one is the bottom-most when pairing down and the top-most when pairing up.
    ``leaving`` are the floaters already leaving the group.
    """

    def disadvantage(candidate: LimPlayer) -> tuple[int, int, int]:
        kinds = Counter(
            floater_kinds(field, [*leaving, candidate], adjacent, direction, received).values()
        )
        return (kinds[FloaterKind.A], kinds[FloaterKind.B], kinds[FloaterKind.C])

    scored = {candidate: disadvantage(candidate) for candidate in candidates}
    least = min(scored.values())
    eligible = [c for c in candidates if scored[c] == least]
    reasons: list[Message] = []
    if len(eligible) < len(candidates):
        spared = ", ".join(str(c) for c in candidates if c not in eligible)
        reasons.append(
            Message("3.9: floating %(spared)s would add a more disadvantageous kind of floater",
                    spared=spared)
        )  # fmt: skip
    choice, why = _by_colour_and_place(field, eligible, pool, direction)
    if choice.floated_last_round:
        fresh = [c for c in eligible if not c.floated_last_round]
        if fresh:
            alternative, alternative_why = _by_colour_and_place(field, fresh, pool, direction)
            if _pairs_without(field, pool, alternative) >= _pairs_without(field, pool, choice):
                reasons.append(
                    Message("3.10: %(player)s floated in the previous round and is spared",
                            player=choice)
                )  # fmt: skip
                choice, why = alternative, alternative_why
            else:
                reasons.append(
                    Message("3.10 does not spare %(player)s: it would cost a pair in the group",
                            player=choice)
                )  # fmt: skip
    return EvenChoice(choice, (*reasons, *why))


def _by_colour_and_place(
    field: LimField, eligible: Sequence[LimPlayer], pool: Sequence[LimPlayer], direction: Float
) -> tuple[LimPlayer, list[Message]]:
    """3.2: best evens the due colours; then bottom-most (down) / top-most (up); maxi limit."""
    imbalance = {c: _due_imbalance([p for p in pool if p is not c]) for c in eligible}
    least = min(imbalance.values())
    balanced = [c for c in eligible if imbalance[c] == least]
    choice = balanced[-1]
    reasons: list[Message] = []
    if len(balanced) < len(eligible):
        reasons.append(
            Message("3.2: leaves the due colours as even as possible (difference %(least)s)",
                    least=least)
        )  # fmt: skip
    if len(balanced) > 1 or len(eligible) == 1:
        reasons.append(
            Message("3.2/3.3: the bottom-most such player") if direction is Float.DOWN
            else Message("3.2/3.4: the top-most such player")
        )  # fmt: skip
    reference = eligible[-1]
    if (
        field.maxi
        and choice is not reference
        and abs(choice.rating - reference.rating) > RATING_LIMIT
    ):
        reasons.append(
            Message("maxi 3.2: %(player)s is rated more than %(limit)s points from the "
                    "bottom-most player %(reference)s, who floats instead", player=choice,
                    limit=RATING_LIMIT, reference=reference)
            if direction is Float.DOWN
            else Message("maxi 3.2: %(player)s is rated more than %(limit)s points from the "
                         "top-most player %(reference)s, who floats instead", player=choice,
                         limit=RATING_LIMIT, reference=reference)
        )  # fmt: skip
        choice = reference
    return choice, reasons


def _due_imbalance(players: Sequence[LimPlayer]) -> int:
    dues = Counter(p.due for p in players)
    return abs(dues[Colour.WHITE] - dues[Colour.BLACK])


def _pairs_without(field: LimField, pool: Sequence[LimPlayer], floater: LimPlayer) -> int:
    rest = [p for p in pool if p is not floater]
    return len(maximum_matching(rest, field.compatible))
