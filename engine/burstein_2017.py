"""The Burstein system as in force until 31 January 2026, in the reference reading
(burstein.md §11): ``PairingRequest -> Pairing``.

A round: rank every valid player (:mod:`engine.burstein_index`), give the PAB to the lowest
eligible player of the global order, form brackets of whole score groups so that at most a
parity floater leaves each (:mod:`engine.burstein_brackets`), pair each bracket top down
with the most colour-compatible pairs, first in the Article 4.3 order
(:mod:`engine.burstein_choice`), allocate colours (§11.9) and order the boards (§11.10).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from engine.burstein_brackets import Bracket, floatable_sets, form_brackets
from engine.burstein_choice import choose_pairs
from engine.burstein_colours import ColourFacts, colour_2017
from engine.burstein_matching import bits
from engine.burstein_index import Contender, contenders, global_key, list_sort, ranks_above
from engine.errors import NoValidPairing
from engine.model import Board, Colour, PairingNumber, PairingRequest, Pairing

__all__ = ["pair_burstein_2017", "player_adjacency"]


def pair_burstein_2017(request: PairingRequest) -> Pairing:
    """Pair ``request.round_no`` by the pre-2026 Burstein rules as the reference engine
    reads them.

    :raises NoValidPairing: when nobody may take the PAB, or the others cannot all be
        paired under the absolute constraints (§11.12).
    """
    everyone = contenders(request)
    field = sorted((c for c in everyone if c.available), key=global_key)
    trace: list[str] = []
    bye = None
    if len(field) % 2:
        bye = next((c for c in reversed(field) if c.may_get_pab), None)
        if bye is None:
            raise NoValidPairing("no player is eligible for the pairing-allocated bye")
        field = [c for c in field if c is not bye]
        trace.append(f"PAB {bye.number}: lowest in the global order without an earlier "
                     f"PAB or forfeit win (score {_points(bye.pairing_score)})")
    adjacency = player_adjacency(
        [c.number for c in field], [c.met for c in field],
        [c.wants if c.absolute else None for c in field], request.forbidden_pairs,
    )
    ends = [i + 1 for i in range(len(field))
            if i + 1 == len(field) or field[i].pairing_score != field[i + 1].pairing_score]
    brackets = form_brackets(ends, adjacency) if field else []
    floatable = floatable_sets(brackets, adjacency)
    boards: list[Board] = []
    incoming: int | None = None
    for bracket, leaving in zip(brackets, floatable, strict=True):
        incoming, lines = _pair_bracket(field, adjacency, bracket, incoming, leaving,
                                        boards, request.initial_colour)
        trace.extend(lines)
    ordered = _board_order(boards, {c.number: c for c in everyone})
    return Pairing(boards=ordered, bye=bye.number if bye else None, explanation=tuple(trace))


def player_adjacency(
    numbers: Sequence[PairingNumber],
    met: Sequence[frozenset[PairingNumber]],
    absolute_wishes: Sequence[Colour | None],
    forbidden: frozenset[frozenset[PairingNumber]],
) -> list[int]:
    """Bit masks (by position in ``numbers``) of who may meet whom: not met over the
    board, not an arbiter-forbidden pair, not both with the same absolute colour
    preference (``absolute_wishes[i]`` is the colour of an absolute preference, else
    ``None``)."""
    index = {number: i for i, number in enumerate(numbers)}
    everyone = (1 << len(numbers)) - 1
    absolute = {Colour.WHITE: 0, Colour.BLACK: 0}
    for i, wish in enumerate(absolute_wishes):
        if wish is not None:
            absolute[wish] |= 1 << i
    excluded = [1 << i for i in range(len(numbers))]
    for i, opponents in enumerate(met):
        for other in opponents:
            j = index.get(other)
            if j is not None:
                excluded[i] |= 1 << j
                excluded[j] |= 1 << i
    for pair in forbidden:
        ends = [index[n] for n in pair if n in index]
        if len(ends) == 2:
            excluded[ends[0]] |= 1 << ends[1]
            excluded[ends[1]] |= 1 << ends[0]
    return [
        everyone & ~excluded[i] & ~(absolute[wish] if wish is not None else 0)
        for i, wish in enumerate(absolute_wishes)
    ]


def _pair_bracket(
    field: Sequence[Contender],
    adjacency: Sequence[int],
    bracket: Bracket,
    incoming: int | None,
    leaving: int,
    boards: list[Board],
    initial: Colour,
) -> tuple[int | None, list[str]]:
    """Pair one bracket (§11.8); returns its outgoing floater and the trace lines."""
    members = list(range(bracket.start, bracket.end))
    if incoming is not None:
        members.append(incoming)
    order = list_sort(members, lambda a, b: ranks_above(field[a], field[b]))
    position = {g: i for i, g in enumerate(order)}
    member_mask = bracket.mask | (1 << incoming if incoming is not None else 0)
    local = []
    for i, g in enumerate(order):
        mask = (1 << len(order)) - 1
        for u in bits(member_mask & ~adjacency[g]):
            mask &= ~(1 << position[u])
        local.append(mask)
    wants = [_sign(field[g].wants) for g in order]
    floatable = None
    if bracket.sends:
        floatable = 0
        for u in bits(leaving & bracket.mask):
            floatable |= 1 << position[u]
    choice = choose_pairs(local, wants, floatable)
    scores = sorted({field[g].pairing_score for g in members}, reverse=True)
    lines = [
        f"bracket {'/'.join(_points(s) for s in scores)}: "
        + " ".join(str(field[g].number) for g in order)
        + (f" (floater {field[incoming].number} in)" if incoming is not None else "")
    ]
    for x, y in choice.pairs:
        high, low = field[order[x]], field[order[y]]
        colour = colour_2017(_facts(high), _facts(low), initial, x_higher=ranks_above(high, low))
        white, black = (high, low) if colour is Colour.WHITE else (low, high)
        boards.append(Board(white=white.number, black=black.number))
        lines.append(f"  {high.number}-{low.number}")
    if choice.same_preference_pairs:
        lines.append(f"  pairs with equal colour preferences: {choice.same_preference_pairs}")
    if choice.floater is None:
        return None, lines
    floater = order[choice.floater]
    lines.append(f"  floats down: {field[floater].number}")
    return floater, lines


def _facts(player: Contender) -> ColourFacts:
    return ColourFacts(player.preference, player.colours, player.rank)


def _sign(colour: Colour | None) -> int:
    return 0 if colour is None else 1 if colour is Colour.WHITE else -1


def _points(value: Fraction) -> str:
    return f"{float(value):g}"


def _board_order(boards: Sequence[Board], by_number: dict[PairingNumber, Contender]) -> tuple[Board, ...]:
    """§11.10: the higher player's real score, the lower player's real score (both
    descending), then the higher player's rank number; "higher" is more real points, then
    the smaller rank number."""

    def key(board: Board) -> tuple[Fraction, Fraction, int]:
        a, b = by_number[board.white], by_number[board.black]
        high, low = (a, b) if (a.score, -a.rank) > (b.score, -b.rank) else (b, a)
        return (-high.score, -low.score, high.rank)

    return tuple(sorted(boards, key=key))
