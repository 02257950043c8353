"""The drawing of lots for a round-robin's pairing numbers: free, or restricted by the Varma
tables (FIDE Handbook C.05, Annex 2) so that players of one federation meet early.

The Annex's procedure, in the order it gives: the numbers of the table are put in four
envelopes A-D; the federation with the most players draws first (ties: by FIDE code), each
federation's players in alphabetical order; the first player of a federation chooses an
envelope holding at least as many numbers as the federation has players, and the whole
federation draws from it; the numbers left stay for the others. Chance (the player's choice
of envelope, the number drawn) is a seeded :class:`random.Random`, so a draw is repeatable
from its seed; the stored event keeps the numbers drawn, not only the seed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.errors import InvalidRequest
from engine.messages import Message
from engine.round_robin.berger import table_size

__all__ = ["VARMA_GROUPS", "Entrant", "drawn_numbers", "varma_groups", "varma_numbers"]

VARMA_GROUPS: Mapping[int, tuple[tuple[int, ...], ...]] = {
    10: ((3, 4, 8), (5, 7, 9), (1, 6), (2, 10)),
    12: ((4, 5, 9, 10), (1, 2, 7), (6, 8, 12), (3, 11)),
    14: ((4, 5, 6, 11, 12), (1, 2, 8, 9), (7, 10, 13), (3, 14)),
    16: ((5, 6, 7, 12, 13, 14), (1, 2, 3, 9, 10), (8, 11, 15), (4, 16)),
    18: ((5, 6, 7, 8, 14, 15, 16), (1, 2, 3, 10, 11, 12), (9, 13, 17), (4, 18)),
    20: ((6, 7, 8, 9, 15, 16, 17, 18), (1, 2, 3, 11, 12, 13, 14), (5, 10, 19), (4, 20)),
    22: ((6, 7, 8, 9, 10, 17, 18, 19, 20), (1, 2, 3, 4, 12, 13, 14, 15), (11, 16, 21), (5, 22)),
    24: (
        (6, 7, 8, 9, 10, 11, 19, 20, 21, 22),
        (1, 2, 3, 4, 13, 14, 15, 16, 17),
        (12, 18, 23),
        (5, 24),
    ),
}
"""Envelopes A, B, C, D of the Varma table for each even table size (9/10 to 23/24 players)."""


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player as the drawing of lots sees them: who, of which federation, by which name."""

    key: int
    federation: str
    name: str


def varma_groups(players: int) -> tuple[tuple[int, ...], ...]:
    """The four envelopes for ``players``: the table of the next even size, without its last
    number when the field is odd (that number is the bye).

    >>> varma_groups(9)
    ((3, 4, 8), (5, 7, 9), (1, 6), (2,))

    :raises InvalidRequest: outside the 9 to 24 players the Annex covers.
    """
    size = table_size(players)
    if size not in VARMA_GROUPS:
        raise InvalidRequest(
            Message("the Varma tables cover 9 to 24 players, not %(players)s", players=players)
        )
    return tuple(tuple(n for n in group if n <= players) for group in VARMA_GROUPS[size])


def drawn_numbers(keys: Sequence[int], seed: int) -> dict[int, int]:
    """A free drawing of lots: each key's pairing number, 1 .. len(keys).

    >>> drawn_numbers([7, 8, 9], seed=1) == drawn_numbers([7, 8, 9], seed=1)
    True
    """
    numbers = list(range(1, len(keys) + 1))
    random.Random(seed).shuffle(numbers)
    return dict(zip(keys, numbers, strict=True))


def varma_numbers(entrants: Sequence[Entrant], seed: int) -> dict[int, int]:
    """A drawing of lots restricted by the Varma tables: each entrant's pairing number.

    A federation larger than every envelope left fills the fullest one and goes on in the
    next (docs/rulings.md, "Round-robin: a federation larger than any Varma envelope").

    :raises InvalidRequest: outside the 9 to 24 players the Annex covers.
    """
    chance = random.Random(seed)
    envelopes = [list(group) for group in varma_groups(len(entrants))]
    sizes = Counter(entrant.federation for entrant in entrants)
    order = sorted(entrants, key=lambda e: (-sizes[e.federation], e.federation, e.name, e.key))
    numbers: dict[int, int] = {}
    for federation in dict.fromkeys(entrant.federation for entrant in order):
        pending = [entrant for entrant in order if entrant.federation == federation]
        while pending:
            envelope = _envelope(envelopes, len(pending), chance)
            drawing, pending = pending[: len(envelope)], pending[len(envelope) :]
            for entrant in drawing:
                numbers[entrant.key] = envelope.pop(chance.randrange(len(envelope)))
    return numbers


def _envelope(envelopes: list[list[int]], needed: int, chance: random.Random) -> list[int]:
    """The envelope a federation's first player chooses: any holding enough numbers, else
    the fullest."""
    enough = [envelope for envelope in envelopes if len(envelope) >= needed]
    if enough:
        return chance.choice(enough)
    return max(envelopes, key=len)
