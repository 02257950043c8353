"""The score groups of one round by the 1997 Dubov text (Art. 6-8), from the highest down.

Each group is paired in the order the text gives: the floaters that came down from a higher
group first (Art. 8), then the transfers that make the standard requirement of Art. 6.1 hold
(Art. 7.1 a player who has met everyone in the group, 7.2 an odd group, 7.3-7.4 unequal
colours), then the columns of Art. 6.2 with the improvements of Art. 6.3; whoever cannot be
paired floats to the next lower group (Art. 6.4). Every choice is the first candidate in the
text's order that leaves the players not yet paired pairable with each other (Art. 9: the
arbiter resolves what the instructions leave open "wisely", and a choice that makes the
round impossible is not wise); the rulings are in ``docs/rulings.md`` ("Dubov 1997").
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from engine.dubov.brackets import BracketRules, pairable
from engine.dubov.players import DubovPlayer
from engine.dubov.rules1997.players import may_be_transferred
from engine.errors import NoValidPairing
from engine.matching import first_transposition
from engine.messages import Message
from engine.model import Colour

__all__ = [
    "RoundPairing",
    "black_column_order",
    "floater_category",
    "pair_columns",
    "pair_groups",
    "white_column_order",
]

Pair = tuple[DubovPlayer, DubovPlayer]


def white_column_order(player: DubovPlayer) -> tuple[int | Fraction, int, int]:
    """Art. 6.2: the White column by increasing ARO, then the lower R first, then the initial
    order (which ends alphabetically)."""
    return (player.aro, player.entry.rating, player.number)


def black_column_order(player: DubovPlayer) -> tuple[int, int | Fraction, int]:
    """Art. 6.2: the Black column by decreasing R, then the higher ARO first, then the
    initial order."""
    return (-player.entry.rating, -player.aro, player.number)


def choice_order(
    wanted: Colour, rules: BracketRules | None = None
) -> Callable[[DubovPlayer], tuple[object, ...]]:
    """The order of Art. 7.1, 7.2 and 8.2 for the player to transfer or to pair: (with
    ``rules``, a transfer) first those Art. 2.5 allows, from the next lower score group;
    then the due colour ``wanted``, the highest R, the lowest ARO, the initial order."""

    def key(player: DubovPlayer) -> tuple[object, ...]:
        transfer = () if rules is None else (not may_be_transferred(player, rules), -player.score)
        return (
            *transfer,
            player.colour is not wanted,
            -player.entry.rating,
            player.aro,
            player.number,
        )

    return key


@dataclass(slots=True)
class RoundPairing:
    """The pairs of the round (colours not yet allocated) and the articles that made them."""

    pairs: list[Pair] = field(default_factory=list)
    trace: list[str] = field(default_factory=list)


def pair_groups(players: Sequence[DubovPlayer], rules: BracketRules) -> RoundPairing:
    """Pair ``players`` (the bye already out) group by group, from the highest score down.

    :raises NoValidPairing: when they cannot all be paired (2.1, 2.3, 2.4).
    """
    if not pairable(players, rules):
        raise NoValidPairing("the players to be paired cannot all be paired legally (Art. 2)")
    return _Round(players, rules).run()


class _Round:
    def __init__(self, players: Sequence[DubovPlayer], rules: BracketRules) -> None:
        self.unpaired = sorted(players, key=lambda p: (-p.score, p.number))
        self.rules = rules
        self.floaters: list[DubovPlayer] = []
        self.result = RoundPairing()

    def run(self) -> RoundPairing:
        while self.unpaired:
            came_down = {id(p) for p in self.floaters}
            scores = [p.score for p in self.unpaired if id(p) not in came_down]
            if not scores:  # unreachable: a floater set always has a group below it
                raise NoValidPairing("floaters left with no lower score group")
            self._group(max(scores))
        return self.result

    # -- helpers ----------------------------------------------------------------------------

    def _pair(self, a: DubovPlayer, b: DubovPlayer, why: str) -> None:
        self.result.pairs.append((a, b))
        self.unpaired = [p for p in self.unpaired if p is not a and p is not b]
        self.result.trace.append(
            Message("%(why)s: %(first)s-%(second)s", why=why, first=a.number, second=b.number)
        )

    def _leaves_pairable(self, *taken: DubovPlayer) -> bool:
        return pairable([p for p in self.unpaired if all(p is not t for t in taken)], self.rules)

    def _lower(self, score: Fraction, group: Sequence[DubovPlayer]) -> list[DubovPlayer]:
        return [p for p in self.unpaired if p.score < score and all(p is not g for g in group)]

    # -- one score group ----------------------------------------------------------------------

    def _group(self, score: Fraction) -> None:
        floaters, self.floaters = self.floaters, []
        came_down = {id(p) for p in floaters}
        residents = [p for p in self.unpaired if p.score == score and id(p) not in came_down]
        line = Message("score group %(score)s: %(residents)s", score=score,
                       residents=_numbers(residents))  # fmt: skip
        if floaters:
            line = Message("%(line)s; floaters from above %(floaters)s", line=line,
                           floaters=_numbers(floaters))  # fmt: skip
        self.result.trace.append(line)
        left = self._pair_floaters(floaters, residents)
        group = left + [p for p in residents if any(p is q for q in self.unpaired)]
        group = self._islands(group, score)
        group = self._odd(group, score)
        whites, blacks = self._equalise(group)
        staying = self._choose_floaters(whites + blacks, score, came_down)
        stay = {id(p) for p in staying}
        self.floaters = [p for p in group if id(p) not in stay]
        if self.floaters:
            self.result.trace.append(Message(
                "Art. 6.4 floaters to the next group: %(players)s", players=_numbers(self.floaters)
            ))  # fmt: skip
        pairs, how = pair_columns(
            [p for p in whites if id(p) in stay], [p for p in blacks if id(p) in stay], self.rules
        )
        for a, b in pairs:
            self._pair(a, b, how)

    def _pair_floaters(
        self, floaters: Sequence[DubovPlayer], residents: Sequence[DubovPlayer]
    ) -> list[DubovPlayer]:
        """Art. 8: the floaters from above, Whites (in the order of 6.2) and Blacks taken
        alternately, each with the resident of the highest R, due the other colour if
        possible, the lowest ARO on equal R. The ones with no such partner are returned."""
        w = sorted((p for p in floaters if p.colour is Colour.WHITE), key=white_column_order)
        b = sorted((p for p in floaters if p.colour is not Colour.WHITE), key=black_column_order)
        alternating = [p for pair in itertools.zip_longest(w, b) for p in pair if p is not None]
        left = []
        for floater in alternating:
            free = [p for p in residents if any(p is q for q in self.unpaired)]
            partner = next(
                (
                    p
                    for p in sorted(free, key=choice_order(floater.colour.opposite))
                    if self.rules.compatible(floater, p) and self._leaves_pairable(floater, p)
                ),
                None,
            )
            if partner is None:
                left.append(floater)
            else:
                self._pair(floater, partner, Message("Art. 8.2 floater"))
        return left

    def _islands(self, group: list[DubovPlayer], score: Fraction) -> list[DubovPlayer]:
        """Art. 7.1: a player who has met (or may not meet) everyone else in the group gets
        a player transferred from the next possible lower group."""
        for player in sorted(group, key=lambda p: p.number):
            others = [q for q in group if q is not player]
            if not any(p is player for p in group) or any(
                self.rules.compatible(player, q) for q in others
            ):
                continue
            lower = self._lower(score, group)
            partner = next(
                (
                    p
                    for p in sorted(lower, key=choice_order(player.colour.opposite, self.rules))
                    if self.rules.compatible(player, p) and self._leaves_pairable(player, p)
                ),
                None,
            )
            if partner is not None:
                self._pair(player, partner, Message("Art. 7.1 transfer"))
                group = others
        return group

    def _odd(self, group: list[DubovPlayer], score: Fraction) -> list[DubovPlayer]:
        """Art. 7.2: an odd group gets one player from the next possible lower group, one who
        may meet at least one of the group, due the colour opposite to the dominant one."""
        if len(group) % 2 == 0:
            return group
        whites = sum(1 for p in group if p.colour is Colour.WHITE)
        dominant = Colour.WHITE if 2 * whites > len(group) else Colour.BLACK
        lower = self._lower(score, group)
        partner = next(
            (
                p
                for p in sorted(lower, key=choice_order(dominant.opposite, self.rules))
                if any(self.rules.compatible(p, q) for q in group)
            ),
            None,
        )
        if partner is None:
            return group
        self.result.trace.append(
            Message("Art. 7.2 transfer (odd group): %(player)s", player=partner.number)
        )
        return [*group, partner]

    def _equalise(
        self, group: Sequence[DubovPlayer]
    ) -> tuple[list[DubovPlayer], list[DubovPlayer]]:
        """Art. 7.3-7.4: when one colour outnumbers the other by 2n, n players change column:
        Whites with the lowest ARO (then the higher R), or Blacks with the highest ARO (then
        the lower R); never one whom the other colour would take past Art. 2.3-2.4 (2.6)."""
        whites = [p for p in group if p.colour is Colour.WHITE]
        blacks = [p for p in group if p.colour is not Colour.WHITE]
        excess = (len(whites) - len(blacks)) // 2
        if excess > 0:
            movable = [p for p in whites if p.absolute_colour is not Colour.WHITE]
            moved = sorted(movable, key=lambda p: (p.aro, -p.entry.rating, p.number))[:excess]
            line = Message("Art. 7.3 White to Black: %(players)s", players=_numbers(moved))
        elif excess < 0:
            movable = [p for p in blacks if p.absolute_colour is not Colour.BLACK]
            moved = sorted(movable, key=lambda p: (-p.aro, p.entry.rating, p.number))[:-excess]
            line = Message("Art. 7.4 Black to White: %(players)s", players=_numbers(moved))
        else:
            return whites, blacks
        if moved:
            self.result.trace.append(line)
        gone = {id(p) for p in moved}
        if excess > 0:
            return [p for p in whites if id(p) not in gone], blacks + moved
        return whites + moved, [p for p in blacks if id(p) not in gone]

    def _choose_floaters(
        self, group: Sequence[DubovPlayer], score: Fraction, came_down: set[int]
    ) -> list[DubovPlayer]:
        """The players of the group who stay to be paired (Art. 6.4): the most that can be
        paired together while the rest of the round stays pairable; the ones to float are the
        first set in the order of :func:`floater_category`, then lower in the initial order."""
        lower = self._lower(score, group)
        next_score = max((p.score for p in lower), default=None)
        next_group = [p for p in lower if p.score == next_score]
        ordered = sorted(
            group,
            key=lambda p: (
                floater_category(p, id(p) in came_down, next_group, self.rules),
                -p.number,
            ),
        )
        for size in range(len(group) % 2, len(group) + 1, 2):
            if size and not lower:
                break
            for floating in itertools.combinations(ordered, size):
                staying = [p for p in group if all(p is not f for f in floating)]
                if pairable(staying, self.rules) and self._leaves_pairable(*staying):
                    return staying
        raise NoValidPairing(f"the score group {_numbers(group)} cannot be paired (Art. 6.4)")


def floater_category(
    player: DubovPlayer, came_down: bool, next_group: Sequence[DubovPlayer], rules: BracketRules
) -> int:
    """Art. 6.4's preference for who floats, 0 (first) to 3: not a floater from a higher
    group and pairable in the next lower group; not a floater and not pairable there; a
    floater pairable there; a floater not pairable there."""
    pairable_below = any(rules.compatible(player, p) for p in next_group)
    return 2 * came_down + (not pairable_below)


def pair_columns(
    whites: Sequence[DubovPlayer], blacks: Sequence[DubovPlayer], rules: BracketRules
) -> tuple[list[Pair], str]:
    """Art. 6.2-6.3: the White column (:func:`white_column_order`) against the Black column
    (:func:`black_column_order`) row by row; where two have met, the White takes the first
    Black of the lower rows he may meet, changing the rows above when a row has none (the
    first legal transposition of the Black column). Only when no such pairing exists does a
    White meet a White (Art. 6.3, last paragraph): each White in turn takes the first
    Black, then the first White below him, then the nearest White above him, that leaves the
    rest pairable; Blacks left over meet each other in column order.

    :raises NoValidPairing: when the players cannot all be paired.
    """
    column_w = sorted(whites, key=white_column_order)
    column_b = sorted(blacks, key=black_column_order)
    if len(column_w) == len(column_b):
        order = first_transposition(column_w, column_b, rules.compatible)
        if order is not None:
            how = "Art. 6.2" if order == column_b else Message("Art. 6.3 improvement")
            return list(zip(column_w, order)), how
    remaining = [*column_w, *column_b]
    pairs: list[Pair] = []

    def take(player: DubovPlayer, candidates: Sequence[DubovPlayer]) -> None:
        nonlocal remaining
        rest = [p for p in remaining if p is not player]
        for other in candidates:
            if any(other is p for p in rest) and rules.compatible(player, other):
                left = [p for p in rest if p is not other]
                if pairable(left, rules):
                    pairs.append((player, other))
                    remaining = left
                    return
        raise NoValidPairing(f"no legal pairing of {_numbers([*whites, *blacks])} (Art. 6.3)")

    for k, white in enumerate(column_w):
        if any(white is p for p in remaining):
            take(white, [*column_b, *column_w[k + 1 :], *reversed(column_w[:k])])
    for k, black in enumerate(column_b):
        if any(black is p for p in remaining):
            take(black, column_b[k + 1 :])
    return pairs, Message("Art. 6.3 same colours")


def _numbers(players: Sequence[DubovPlayer]) -> str:
    return " ".join(str(p.number) for p in players) or "-"
