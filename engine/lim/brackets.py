"""Pairing one Lim scoregroup (C.04.4.3 Arts 2.3–2.5, 3.5–3.8, 4 and the colour pass 5.2).

A group is paired in its direction: downward (top-most player first) above the median and
in the median group, upward (bottom-most first) below it. In order:

1. transfers 2.3.1–2.3.3: players with no compatible opponent in the group float on;
2. 2.3.4: an odd group gives up one player, chosen by :mod:`engine.lim.floaters`;
3. 4.4: while the rest cannot all be paired, the first player in pairing order who cannot
   be accommodated while everyone before keeps a compatible opponent floats: in exchange
   for the 2.3.4 floater, who comes back (4.4.1, once), or with a second player chosen as
   for 2.3.4 (4.4.2);
4. pairing: floaters first (3.6 / 3.7), each with the first available player in 3.8 order;
   then each remaining player, first in direction order, with the first opponent in the
   exchange order of 4.2 / 4.3 that is compatible and leaves the rest pairable; an
   exchange for colours (5.2, 3.8) takes a later opponent in the same order when that gives
   both players their due colours, in maxi-tournaments only between opponents rated within
   100 points of each other (3.8, 5.7).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from engine.common import Float, colour_difference
from engine.lim.colours import colours_satisfied
from engine.lim.floaters import EvenChoice, FloatDecision, choose_even_floater, floater_kinds
from engine.lim.players import RATING_LIMIT, LimField, LimPlayer
from engine.matching import Order, covering_exists, perfect_matching
from engine.messages import Message

__all__ = ["PairNote", "ScoreGroup", "direction_order", "pair_off", "settle_group"]


@dataclass(frozen=True, slots=True)
class PairNote:
    """A pair as made, the player whose turn it was first, and why that opponent."""

    first: LimPlayer
    second: LimPlayer
    why: Message


@dataclass(slots=True)
class ScoreGroup:
    """A scoregroup being paired: its own players and the floaters it received."""

    score: Fraction
    direction: Float
    residents: list[LimPlayer]
    arrivals: list[tuple[LimPlayer, Float]] = field(default_factory=list)
    pairs: list[PairNote] = field(default_factory=list)
    floats: list[FloatDecision] = field(default_factory=list)

    def members(self) -> list[LimPlayer]:
        return [*self.residents, *(player for player, _ in self.arrivals)]

    def received(self) -> frozenset[LimPlayer]:
        return frozenset(player for player, _ in self.arrivals)

    def pairing_order(self, field: LimField, players: Sequence[LimPlayer]) -> list[LimPlayer]:
        """Floaters first (3.6 above the median and in it: from above, then from below;
        3.7 below it: from below, then from above), then the rest in direction order."""
        among = set(players)
        down = [p for p, way in self.arrivals if way is Float.DOWN and p in among]
        up = [p for p, way in self.arrivals if way is Float.UP and p in among]
        down.sort(key=lambda p: p.rank)  # 3.6: highest score (highest group), then top-most
        up.sort(key=lambda p: (p.score, -p.number))  # 3.7: lowest score, then bottom-most
        floaters = down + up if field.upper_half(self.score) else up + down
        rest = direction_order([p for p in players if p not in self.received()], self.direction)
        return floaters + rest


def direction_order(players: Sequence[LimPlayer], direction: Float) -> list[LimPlayer]:
    """Top-most first when pairing downward, bottom-most first when pairing upward."""
    ranked = sorted(players, key=lambda p: p.rank)
    return ranked if direction is Float.DOWN else ranked[::-1]


@dataclass(frozen=True, slots=True)
class _Leaving:
    player: LimPlayer
    article: str
    reason: Message


def settle_group(
    field: LimField, group: ScoreGroup, adjacent: Sequence[LimPlayer]
) -> list[LimPlayer]:
    """Pair a group other than the median one; return the players it floats on, in order.

    ``adjacent`` are the current players of the next group in the pairing direction.
    """
    staying, leaving = _transfers(field, group)
    even_floater: LimPlayer | None = None
    if len(staying) % 2:
        choice = _even(field, group, staying, staying, leaving, adjacent)
        even_floater = choice.player
        staying.remove(even_floater)
        leaving.append(
            _Leaving(
                even_floater,
                "2.3.4",
                Message("%(each)s", each=(Message("makes the group even"), *choice.reasons)),
            )
        )
    swapped = False
    while perfect_matching(staying, field.compatible) is None:
        stuck, kept = _first_unplaceable(field, group, staying)
        staying.remove(stuck)
        if even_floater is not None and not swapped:  # 4.4.1, once: swap with the 2.3.4 floater
            swapped = True
            leaving = [entry for entry in leaving if entry.player is not even_floater]
            staying = direction_order([*staying, even_floater], group.direction)
            leaving.append(
                _Leaving(
                    stuck,
                    "4.4.1",
                    Message(
                        "%(unplaceable)s; takes the place of the 2.3.4 floater "
                        "%(floater)s, who returns",
                        unplaceable=_UNPLACEABLE,
                        floater=even_floater,
                    ),
                )
            )
            even_floater = stuck
            continue
        leaving.append(_Leaving(stuck, "4.4", _UNPLACEABLE))
        candidates = [
            p
            for p in staying
            if covering_exists([q for q in staying if q is not p], field.compatible, kept)
        ]
        choice = _even(field, group, candidates, staying, leaving, adjacent)
        staying.remove(choice.player)
        leaving.append(
            _Leaving(
                choice.player,
                "4.4.2",
                Message(
                    "%(each)s",
                    each=(
                        Message("floats with %(player)s to keep the group even", player=stuck),
                        *choice.reasons,
                    ),
                ),
            )
        )
    group.pairs = pair_off(field, group, staying)
    floaters = [entry.player for entry in leaving]
    kinds = floater_kinds(field, floaters, adjacent, group.direction, group.received())
    group.floats = [
        FloatDecision(
            entry.player.number,
            group.score,
            group.direction,
            kinds[entry.player],
            entry.article,
            entry.reason,
        )
        for entry in leaving
    ]
    return floaters


_UNPLACEABLE = Message("cannot be paired while the players before keep compatible opponents")


def _transfers(field: LimField, group: ScoreGroup) -> tuple[list[LimPlayer], list[_Leaving]]:
    """2.3.1–2.3.3: players with no compatible opponent leave, together, until none is left."""
    staying = direction_order(group.members(), group.direction)
    leaving: list[_Leaving] = []
    while len(staying) > 1:
        stranded = [
            p for p in staying if not any(field.compatible(p, q) for q in staying if q is not p)
        ]
        if not stranded:
            break
        staying = [p for p in staying if p not in stranded]
        leaving.extend(_Leaving(p, *_transfer_reason(field, p, group.members())) for p in stranded)
    return staying, leaving


def _first_unplaceable(
    field: LimField, group: ScoreGroup, staying: list[LimPlayer]
) -> tuple[LimPlayer, list[LimPlayer]]:
    """4.4: the first player in pairing order who cannot have a compatible opponent while
    everyone before keeps one, and those before him."""
    kept: list[LimPlayer] = []
    for player in group.pairing_order(field, staying):
        if not covering_exists(staying, field.compatible, [*kept, player]):
            return player, kept
        kept.append(player)
    raise AssertionError("a group in which everyone can be placed is completely pairable")


def _even(
    field: LimField,
    group: ScoreGroup,
    candidates: Sequence[LimPlayer],
    pool: Sequence[LimPlayer],
    leaving: Sequence[_Leaving],
    adjacent: Sequence[LimPlayer],
) -> EvenChoice:
    allowed = set(candidates)
    ordered = [p for p in direction_order(pool, group.direction) if p in allowed]
    gone = [entry.player for entry in leaving]
    return choose_even_floater(
        field, ordered, pool, gone, group.direction, adjacent, group.received()
    )


def _transfer_reason(
    field: LimField, player: LimPlayer, group: Sequence[LimPlayer]
) -> tuple[str, Message]:
    """Which of 2.3.1–2.3.3 leaves the player without an opponent in the group."""
    if all(field.has_met(player, other) for other in group if other is not player):
        return "2.3.1", Message("has already played every other player of the group")
    if not field.last_round and abs(colour_difference(player.entry)) >= 2:
        return "2.3.2", Message(
            "two more of one colour and no compatible opponent in the group can "
            "give the permissible colour"
        )
    if (
        not field.last_round
        and len(player.colours) >= 2
        and player.colours[-1] == player.colours[-2]
    ):
        return "2.3.3", Message(
            "same colour in the previous two rounds and no compatible opponent in "
            "the group can give the alternate colour"
        )
    return "2.3.1", Message("has already played every player still available in the group")


def pair_off(field: LimField, group: ScoreGroup, players: Sequence[LimPlayer]) -> list[PairNote]:
    """Pair ``players`` (known to be completely pairable) in the group's pairing order."""
    remaining = group.pairing_order(field, players)
    arrivals = dict(group.arrivals)
    received = group.received()

    def order(player: LimPlayer, free: list[LimPlayer]) -> list[LimPlayer]:
        return _candidates(player, [player, *free], arrivals.get(player), received)

    witness = perfect_matching(remaining, field.compatible, order)
    assert witness is not None, "pair_off needs a completely pairable group"
    notes: list[PairNote] = []
    while remaining:
        player = remaining[0]
        arrival = arrivals.get(player)
        candidates = _candidates(player, remaining, arrival, received)
        base: LimPlayer | None = None
        for candidate in candidates:
            rest = _completion(field, remaining, player, candidate, witness, order)
            if rest is not None:
                base, witness = candidate, rest
                break
        assert base is not None
        chosen, why = base, _first_choice_reason(player, base, candidates, arrival)
        if not colours_satisfied(player, base):
            refused: list[str] = []
            for candidate in candidates:
                if candidate is base or not colours_satisfied(player, candidate):
                    continue
                if field.maxi and abs(candidate.rating - base.rating) > RATING_LIMIT:
                    refused.append(str(candidate))
                    continue
                rest = _completion(field, remaining, player, candidate, witness, order)
                if rest is not None:
                    chosen, witness = candidate, rest
                    why = Message(
                        "%(why)s; exchanged %(base)s for %(other)s: both get their due colour "
                        "(%(rule)s)", why=why, base=base, other=candidate,
                        rule="3.8" if arrival is not None else "5.2",
                    )  # fmt: skip
                    break
            if refused and chosen is base:
                why = Message(
                    "%(why)s; maxi %(rule)s: no exchange for colour with %(refused)s, rated more "
                    "than %(limit)s points from %(base)s", why=why,
                    rule="3.8" if arrival is not None else "5.7", refused=", ".join(refused),
                    limit=RATING_LIMIT, base=base,
                )  # fmt: skip
        notes.append(PairNote(player, chosen, why))
        remaining = [p for p in remaining if p is not player and p is not chosen]
    return notes


def _first_choice_reason(
    player: LimPlayer, base: LimPlayer, candidates: list[LimPlayer], arrival: Float | None
) -> Message:
    if arrival is Float.DOWN:
        return Message("floater paired first (3.6/3.7), with the top-most player it can meet (3.8)")
    if arrival is not None:
        return Message(
            "floater paired first (3.6/3.7), with the bottom-most player it can meet (3.8)"
        )
    if base is candidates[0]:
        return Message("proposed pairing (2.4)")
    return Message("exchange (4.1-4.3): %(players)s not possible",
                   players=", ".join(map(str, candidates[: candidates.index(base)])))  # fmt: skip


def _candidates(
    player: LimPlayer,
    remaining: list[LimPlayer],
    arrival: Float | None,
    received: frozenset[LimPlayer],
) -> list[LimPlayer]:
    """Opponents to try, in order: for a floater the top-most (down) or bottom-most (up)
    available player first (3.8); otherwise the 4.2 exchange order on the players left,
    x(m/2+1) … x(m), then x(m/2) … x(2), with ``player`` as x(1)."""
    others = [p for p in remaining if p is not player]
    if arrival is not None:
        ranked = sorted(others, key=lambda p: p.rank)
        return ranked if arrival is Float.DOWN else ranked[::-1]
    line = [player, *(p for p in others if p not in received)]
    half = len(line) // 2
    return [*line[half:], *line[half - 1 : 0 : -1], *(p for p in others if p in received)]


def _completion(
    field: LimField,
    remaining: list[LimPlayer],
    player: LimPlayer,
    candidate: LimPlayer,
    witness: dict[LimPlayer, LimPlayer],
    order: Order[LimPlayer],
) -> dict[LimPlayer, LimPlayer] | None:
    """A perfect matching of ``remaining`` that pairs ``player`` with ``candidate``, or None.

    ``witness`` is a perfect matching of ``remaining`` already known; the greedy completion
    in exchange ``order`` usually finds the new one without the exact matching."""
    if not field.compatible(player, candidate):
        return None
    if witness.get(player) is candidate:
        return witness
    rest = [p for p in remaining if p is not player and p is not candidate]
    matching = perfect_matching(rest, field.compatible, order)
    if matching is None:
        return None
    matching[player], matching[candidate] = candidate, player
    return matching
