"""Brackets of the pre-2026 Burstein procedure (burstein.md §11.7) and which players may
float out of each (§11.8).

Players to pair are numbered ``0 .. n-1`` in the global order; ``adjacency[v]`` is the bit
mask of the players ``v`` may meet (absolute constraints only). A bracket is a run of
consecutive score groups ``[start, end)``. At most one player leaves a bracket, and only
when the number of players above its lower boundary is odd; he lands in the next bracket.

Formation closes a bracket as soon as the brackets so far can be paired that way with at
most the one parity floater left over, adds the next score group otherwise, and at the
bottom merges the last bracket into the one above until the whole round can be paired.
Instead of re-solving the structure above at each test, the set of players that could
float into the current bracket (given every bracket above) is carried down: a blossom
search (:mod:`engine.matching`) answers each test for all candidates at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.errors import NoValidPairing
from engine.matching import bitmask_matching, bits, missable_vertices

__all__ = ["Bracket", "floatable_sets", "form_brackets"]


@dataclass(frozen=True, slots=True)
class Bracket:
    """Players ``start .. end-1`` of the global order; the bracket receives a floater from
    the bracket above when ``start`` is odd and sends one down when ``end`` is odd."""

    start: int
    end: int

    @property
    def mask(self) -> int:
        return ((1 << self.end) - 1) ^ ((1 << self.start) - 1)

    @property
    def receives(self) -> bool:
        return self.start % 2 == 1

    @property
    def sends(self) -> bool:
        return self.end % 2 == 1


def form_brackets(groups: Sequence[int], adjacency: Sequence[int]) -> list[Bracket]:
    """The brackets of §11.7 from the score groups' end positions (``groups[-1]`` = n).

    >>> # four players, one per score group, 0 and 1 have met: {0} floats 0; {1} alone
    >>> # cannot take him, so it takes in 2's group, pairs 0-2 and floats 1 down to 3
    >>> form_brackets([1, 2, 3, 4], [0b1100, 0b1100, 0b1011, 0b0111])
    [Bracket(start=0, end=1), Bracket(start=1, end=3), Bracket(start=3, end=4)]

    :raises NoValidPairing: when even one bracket holding everybody cannot be paired.
    """
    closed: list[tuple[Bracket, int]] = []  # (bracket, mask of its possible incoming floaters)
    incoming = 0
    start = 0
    index = 0
    while index < len(groups):
        end = groups[index]
        index += 1
        outgoing = _close(start, end, incoming, adjacency)
        while outgoing is None and index < len(groups):
            end = groups[index]
            index += 1
            outgoing = _close(start, end, incoming, adjacency)
        if outgoing is None:
            break
        closed.append((Bracket(start, end), incoming))
        incoming, start = outgoing, end
    else:
        return [bracket for bracket, _ in closed]
    # The bottom bracket cannot be paired: merge it into the one above, repeatedly.
    end = groups[-1]
    while closed:
        upper, upper_incoming = closed.pop()
        if _close(upper.start, end, upper_incoming, adjacency) is not None:
            closed.append((Bracket(upper.start, end), upper_incoming))
            return [bracket for bracket, _ in closed]
    raise NoValidPairing(
        "the players to be paired cannot all be paired without a rematch or two players "
        "with the same absolute colour preference meeting"
    )


def _close(start: int, end: int, incoming: int, adjacency: Sequence[int]) -> int | None:
    """The closing test: ``None`` when it fails, else the mask of the players who could
    float out of ``[start, end)`` (0 when the count above ``end`` is even)."""
    graph, entry = _local_graph(start, end, incoming, adjacency)
    mate = bitmask_matching(graph)
    if end % 2 == 0:
        return 0 if all(other != -1 for other in mate) else None
    missable = missable_vertices(graph, mate)
    if missable is None:
        return None
    if entry is not None:
        missable &= ~(1 << entry)
    return missable << start if missable else None


def _local_graph(
    start: int, end: int, incoming: int, adjacency: Sequence[int], leaving: int = 0
) -> tuple[list[int], int | None]:
    """The bracket's players as vertices ``0 .. size-1``, plus one vertex standing for
    whichever of the ``incoming`` candidates arrives (adjacent to anyone one of them may
    meet), plus one standing for the next bracket, adjacent to the ``leaving`` candidates.
    Returns the graph and the incoming vertex (``None`` when nobody comes in)."""
    size = end - start
    window = (1 << size) - 1
    graph = [(adjacency[v] >> start) & window for v in range(start, end)]
    entry = None
    if incoming:
        reach = 0
        for f in bits(incoming):
            reach |= adjacency[f]
        reach = (reach >> start) & window
        entry = len(graph)
        graph.append(reach)
        for v in bits(reach):
            graph[v] |= 1 << entry
    if leaving:
        local = (leaving >> start) & window
        exit_vertex = len(graph)
        graph.append(local)
        for v in bits(local):
            graph[v] |= 1 << exit_vertex
    return graph, entry


def floatable_sets(brackets: Sequence[Bracket], adjacency: Sequence[int]) -> list[int]:
    """For each bracket, the mask of its players whose floating out still lets every lower
    bracket be paired (0 for a bracket that sends nobody).

    Worked from the bottom: a bracket that receives a floater can be completed exactly when
    the floater may meet one of the players some maximum matching of the bracket (with its
    own way out) leaves exposed.
    """
    result = [0] * len(brackets)
    below = 0  # players of the bracket above the current one that may float into it
    for position in range(len(brackets) - 1, -1, -1):
        bracket = brackets[position]
        result[position] = below if bracket.sends else 0
        below = 0
        if not bracket.receives or position == 0:
            continue
        graph, _ = _local_graph(bracket.start, bracket.end, 0, adjacency, result[position])
        missable = missable_vertices(graph, bitmask_matching(graph))
        if missable is None:
            continue
        targets = (missable & ((1 << (bracket.end - bracket.start)) - 1)) << bracket.start
        upper = brackets[position - 1]
        for f in range(upper.start, upper.end):
            if adjacency[f] & targets:
                below |= 1 << f
    return result
