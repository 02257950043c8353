"""The earliest assignment of greatest weight, when weights depend on a few kinds of vertex.

A transposition stage of a Dutch bracket asks: among the matchings that give every row (an
S1 player) a column (an S2 player) and weigh the most, the first in the generation order:
the first row its lowest column, then the second, and so on. Solving that with a weighted
matching per row (or per few rows, packed into one weight) costs hundreds of solves on
brackets of a thousand players. But a row-column pair's weight there only depends on the
*kinds* of its two players (the handful of facts the criteria read), so the question has a
small certificate:

- The kinds form a transportation problem: row kind ``r`` sends to column kind ``c`` at
  weight ``w(r, c)`` when some allowed pair of those kinds exists. A given assignment is
  optimal for it when its residual network, costs negated, has no negative cycle
  (Bellman-Ford over the kinds); the shortest distances are then dual prices ``u(r)``,
  ``v(c)`` with ``u(r) + v(c) >= w(r, c)`` on every arc and equality where the assignment
  sends anything. Every real assignment is one of the kinds' (pairs with no arc do not
  exist), so the given one is optimal among the real ones as well, with the same prices.
- By complementary slackness, the optimal assignments are then exactly the perfect
  matchings of the *tight* pairs (``u + v = w``): weights are no longer needed.
- The earliest of them is found row by row: a row takes the lowest tight column such that
  the tight pairs still match everyone else, which is an alternating path in the current
  perfect matching from the column's old row to the row's old column (the symmetric
  difference of two perfect matchings is a set of alternating cycles).

More columns than rows are matched with dummy rows that take any column at weight 0 (the
columns left over). When the kinds' problem can do better than the given assignment (the
pairs that do not exist matter), there is no certificate and the caller solves as before.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping, Sequence

__all__ = ["first_best_assignment"]

_DUMMY_KIND = -1
"""The kind of the dummy rows that take the columns left over."""


def first_best_assignment(
    rows: Sequence[int],
    columns: Sequence[int],
    start: Mapping[int, int],
    kind: Mapping[int, int],
    allowed: Callable[[int, int], bool],
    weight: Callable[[int, int], int],
) -> dict[int, int] | None:
    """The earliest assignment of greatest weight, as ``row -> column``.

    ``rows`` are in priority order, each preferring lower columns; ``allowed(row, column)``
    tells which pairs exist and ``weight(row, column)`` what an allowed pair weighs, which
    must depend only on ``kind`` of each; ``start`` assigns every row a column and is
    believed optimal. Returns None when the kinds cannot certify ``start`` (see the module
    notes): the caller must then decide another way.
    """
    if len(columns) < len(rows):
        return None
    if not rows:  # nothing to assign: the empty assignment is the only one, and optimal
        return {}
    mate = dict(start)  # row -> column, dummy rows are negative
    taken = set(mate.values())
    for position, column in enumerate(c for c in columns if c not in taken):
        mate[-1 - position] = column
    owner = {column: row for row, column in mate.items()}

    def kind_of(row: int) -> int:
        return kind[row] if row >= 0 else _DUMMY_KIND

    row_kinds: dict[int, list[int]] = {}
    for row in mate:
        row_kinds.setdefault(kind_of(row), []).append(row)
    column_kinds: dict[int, list[int]] = {}
    for column in columns:
        column_kinds.setdefault(kind[column], []).append(column)
    arcs = _arcs(row_kinds, column_kinds, allowed, weight)
    prices = _prices(arcs, mate, kind_of, kind)
    if prices is None:
        return None
    row_price, column_price = prices
    tight: dict[int, list[int]] = {r: [] for r in row_kinds}
    for (r, c), w in arcs.items():
        if row_price[r] + column_price[c] == w:
            tight[r].append(c)

    def pair_ok(row: int, column: int) -> bool:
        return kind[column] in tight_sets[kind_of(row)] and (row < 0 or allowed(row, column))

    tight_sets = {r: set(cs) for r, cs in tight.items()}
    free = {c: set(members) for c, members in column_kinds.items()}

    def reroute(row: int, column: int) -> bool:
        """Make ``row`` take ``column``, keeping a perfect matching of tight pairs among
        the rows and columns not yet settled, if one exists."""
        old = mate[row]
        first = owner[column]
        if pair_ok(first, old):  # the common case: the two swap
            mate[first] = old
            owner[old] = first
        else:
            came_from = _path(first, old, column, mate, owner, tight, free, kind_of, pair_ok)
            if came_from is None:
                return False
            target = old
            while True:
                via = came_from[target]
                previous = mate[via]
                mate[via] = target
                owner[target] = via
                if via == first:
                    break
                target = previous
        mate[row] = column
        owner[column] = row
        return True

    open_columns = sorted(columns)
    for row in rows:
        current = mate[row]
        for column in open_columns:
            if column == current or (pair_ok(row, column) and reroute(row, column)):
                break
        settled = mate[row]
        open_columns.remove(settled)
        free[kind[settled]].discard(settled)
    return {row: mate[row] for row in rows}


def _arcs(
    row_kinds: dict[int, list[int]],
    column_kinds: dict[int, list[int]],
    allowed: Callable[[int, int], bool],
    weight: Callable[[int, int], int],
) -> dict[tuple[int, int], int]:
    """Each pair of kinds that has an allowed pair, with its weight (0 for dummy rows)."""
    arcs: dict[tuple[int, int], int] = {}
    for r, rows in row_kinds.items():
        for c, columns in column_kinds.items():
            if r == _DUMMY_KIND:
                arcs[(r, c)] = 0
                continue
            found = next(((a, b) for a in rows for b in columns if allowed(a, b)), None)
            if found is not None:
                arcs[(r, c)] = weight(*found)
    return arcs


def _prices(
    arcs: dict[tuple[int, int], int],
    mate: dict[int, int],
    kind_of: Callable[[int], int],
    kind: Mapping[int, int],
) -> tuple[dict[int, int], dict[int, int]] | None:
    """Dual prices certifying that ``mate`` is optimal for the kinds' problem (module
    notes), or None when its residual network has a negative cycle."""
    used = {(kind_of(row), kind[column]) for row, column in mate.items()}
    if not used <= arcs.keys():
        return None
    # Nodes are numbered, the row kinds' first; an arc r -> c costs -w, its reverse (where
    # the assignment sends something) +w.
    row_node = {r: node for node, r in enumerate(dict.fromkeys(r for r, _ in arcs))}
    column_node = {
        c: node for node, c in enumerate(dict.fromkeys(c for _, c in arcs), len(row_node))
    }
    edges: list[tuple[int, int, int]] = []
    for (r, c), w in arcs.items():
        edges.append((row_node[r], column_node[c], -w))
        if (r, c) in used:
            edges.append((column_node[c], row_node[r], w))
    distance = [0] * (len(row_node) + len(column_node))
    for _ in range(len(distance)):
        changed = False
        for x, y, cost in edges:
            if distance[x] + cost < distance[y]:
                distance[y] = distance[x] + cost
                changed = True
        if not changed:
            break
    else:
        return None
    row_price = {r: distance[node] for r, node in row_node.items()}
    column_price = {c: -distance[node] for c, node in column_node.items()}
    return row_price, column_price


def _path(
    first: int,
    target: int,
    banned: int,
    mate: dict[int, int],
    owner: dict[int, int],
    tight: dict[int, list[int]],
    free: dict[int, set[int]],
    kind_of: Callable[[int], int],
    pair_ok: Callable[[int, int], bool],
) -> dict[int, int] | None:
    """An alternating path of tight pairs from row ``first`` to column ``target`` among
    the columns not yet settled but ``banned``, as ``column -> the row it was reached
    from``; None when there is none."""
    came_from: dict[int, int] = {}
    seen_rows = {first}
    queue = deque([first])
    while queue:
        row = queue.popleft()
        for c in tight[kind_of(row)]:
            for column in free[c]:
                if column == banned or column in came_from or not pair_ok(row, column):
                    continue
                came_from[column] = row
                if column == target:
                    return came_from
                nxt = owner[column]
                if nxt not in seen_rows:
                    seen_rows.add(nxt)
                    queue.append(nxt)
    return None
