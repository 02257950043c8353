"""The Berger tables (FIDE Handbook C.05, Annex 1) and the order of their rounds in a single
or double round-robin.

A table is for an even number ``n`` of pairing numbers; an odd field uses the table of the
next even number, whose last number is the bye. Round ``r`` of the table is built the way
the published tables read: number ``n`` meets ``p = (r - 1) * n / 2 mod (n - 1) + 1`` on
board 1 (``p`` has white in odd rounds, ``n`` in even ones), and board ``k`` pairs the
numbers ``k - 1`` places after ``p`` (white) and ``k - 1`` places before it (black), counting
round the circle ``1 .. n - 1``. The tests hold the published tables as data and compare.

In a double round-robin the second cycle repeats the table with colours reversed, and the
first cycle plays its last two rounds in exchanged order (Annex 1), so that nobody has the
same colour three times in a row at the turn.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "TableRound",
    "berger_round",
    "berger_table",
    "scheduled_round",
    "table_order",
    "table_size",
]

Game = tuple[int, int]
"""``(white, black)`` by pairing number."""


def table_size(players: int) -> int:
    """The table a field of ``players`` uses: the next even number (its last is the bye)."""
    return players + players % 2


def berger_round(size: int, round_no: int) -> tuple[Game, ...]:
    """Round ``round_no`` of the Berger table for ``size`` (even) numbers, board 1 first.

    >>> berger_round(6, 2)
    ((6, 4), (5, 3), (1, 2))
    """
    circle = size - 1
    pivot = (round_no - 1) * (size // 2) % circle + 1
    games = [(pivot, size) if round_no % 2 else (size, pivot)]
    for step in range(1, size // 2):
        after = (pivot - 1 + step) % circle + 1
        before = (pivot - 1 - step) % circle + 1
        games.append((after, before))
    return tuple(games)


def berger_table(size: int) -> tuple[tuple[Game, ...], ...]:
    """Every round of the table for ``size`` (even) numbers, round 1 first."""
    return tuple(berger_round(size, r) for r in range(1, size))


@dataclass(frozen=True, slots=True)
class TableRound:
    """Which round of the table a tournament round plays, and whether colours are reversed."""

    table_round: int
    reversed: bool = False


def scheduled_round(size: int, round_no: int, *, cycles: int = 1) -> TableRound:
    """The table round that tournament round ``round_no`` plays.

    >>> [scheduled_round(6, r, cycles=2).table_round for r in range(1, 11)]
    [1, 2, 3, 5, 4, 1, 2, 3, 4, 5]
    >>> scheduled_round(6, 6, cycles=2).reversed
    True
    """
    per_cycle = size - 1
    cycle, within = divmod(round_no - 1, per_cycle)
    table_round = within + 1
    if cycles == 2 and cycle == 0 and per_cycle >= 3 and table_round >= per_cycle - 1:
        # Annex 1: the first cycle's last two rounds change places.
        table_round = 2 * per_cycle - 1 - table_round
    return TableRound(table_round, reversed=cycle % 2 == 1)


def table_order(players: int, round_no: int, cycles: int = 1) -> dict[frozenset[int], int]:
    """The board each pair of numbers plays on in tournament round ``round_no`` (board 1
    first; the bye's pair counts as a board), so that a round read back from a file keeps
    the table's board order.

    >>> table_order(4, 2) == {frozenset({3, 4}): 1, frozenset({1, 2}): 2}
    True
    """
    size = table_size(players)
    scheduled = scheduled_round(size, round_no, cycles=cycles)
    return {
        frozenset(game): board
        for board, game in enumerate(berger_round(size, scheduled.table_round), 1)
    }
