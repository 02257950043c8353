"""A literal reading of the 1997 Dubov text for small fields: every choice the text makes is
found by going through its own candidates in its own order and testing each one by brute
force (all perfect matchings, all transpositions, all subsets). Slow and plain on purpose:
the engine (engine/dubov/rules1997) finds the same choices with matchings and a greedy
walk, and the tests compare the two on random small tournaments.

The candidate orders are written here again from the text (Art. 4, 6.2, 6.3, 6.4, 7.1-7.4,
8.1-8.2), not imported from the engine; the player facts (score, due colour, ARO, R, float
history) and the legality of a pair (Art. 2.1, 2.3, 2.4, forbidden pairs) are taken as given.
Where the text is silent the choices are those of docs/rulings.md ("Dubov 1997"): every
choice must leave the players not yet paired pairable; the initial order breaks the last ties.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterator, Sequence

from engine.common import alternation_colours
from engine.dubov.brackets import BracketRules
from engine.dubov.players import DubovPlayer
from engine.model import Colour

Pair = tuple[DubovPlayer, DubovPlayer]
W, B = Colour.WHITE, Colour.BLACK


def matchings(players: Sequence[DubovPlayer], rules: BracketRules) -> Iterator[list[Pair]]:
    """Every perfect matching of ``players`` with legal pairs, by plain enumeration."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for other in rest:
        if rules.compatible(first, other):
            for matching in matchings([p for p in rest if p is not other], rules):
                yield [(first, other), *matching]


def can_pair(players: Sequence[DubovPlayer], rules: BracketRules) -> bool:
    return next(matchings(list(players), rules), None) is not None


def without(players: Sequence[DubovPlayer], *gone: DubovPlayer) -> list[DubovPlayer]:
    return [p for p in players if all(p is not g for g in gone)]


def literal_bye(
    players: Sequence[DubovPlayer], rules: BracketRules, first_round: bool
) -> DubovPlayer:
    """Art. 5 (first round: the last player of the list) or Art. 4: lowest score group,
    lowest R, due the dominating colour of his group, higher ARO, lower in the list; Art. 2.2
    excludes whoever scored a point without playing."""

    def dominating(p: DubovPlayer) -> Colour | None:
        group = [q for q in players if q.score == p.score]
        whites = len([q for q in group if q.colour is W])
        blacks = len(group) - whites
        return None if whites == blacks else (W if whites > blacks else B)

    if first_round:
        ordered = sorted(players, key=lambda p: p.number, reverse=True)
    else:
        ordered = sorted(
            players,
            key=lambda p: (
                p.score,
                p.entry.rating,
                0 if p.colour is dominating(p) else 1,
                -p.aro,
                -p.number,
            ),
        )
    for candidate in ordered:
        if candidate.may_get_pab and can_pair(without(players, candidate), rules):
            return candidate
    raise AssertionError("no bye")


def white_column(players: Sequence[DubovPlayer]) -> list[DubovPlayer]:
    """Art. 6.2: increasing ARO; equal ARO, the lower R first; then the list order."""
    return sorted(players, key=lambda p: (p.aro, p.entry.rating, p.number))


def black_column(players: Sequence[DubovPlayer]) -> list[DubovPlayer]:
    """Art. 6.2 (as spec §10 restates it): decreasing R; equal R, the higher ARO first."""
    return sorted(players, key=lambda p: (-p.entry.rating, -p.aro, p.number))


def columns_pairing(
    whites: Sequence[DubovPlayer], blacks: Sequence[DubovPlayer], rules: BracketRules
) -> list[Pair]:
    """Art. 6.3: the first arrangement of the Black column, in the order of its rows, that
    is legal row by row; failing that, the first pairing in which each White row in turn
    takes a Black, else a White below, else the nearest White above, and left-over Blacks
    meet the next Black below (all pairings are ranked by those choices)."""
    ws, bs = white_column(whites), black_column(blacks)
    if len(ws) == len(bs):
        for arrangement in itertools.permutations(bs):
            if all(rules.compatible(w, b) for w, b in zip(ws, arrangement)):
                return list(zip(ws, arrangement))
    best: tuple[tuple[int, ...], list[Pair]] | None = None
    for matching in matchings([*ws, *bs], rules):
        partner = {id(a): b for a, b in matching} | {id(b): a for a, b in matching}
        rank: list[int] = []
        done: set[int] = set()
        for k, w in enumerate(ws):
            if id(w) in done:
                continue
            choices = [*bs, *ws[k + 1 :], *reversed(ws[:k])]
            rank.append(next(i for i, c in enumerate(choices) if c is partner[id(w)]))
            done |= {id(w), id(partner[id(w)])}
        for k, b in enumerate(bs):
            if id(b) in done:
                continue
            rank.append(next(i for i, c in enumerate(bs[k + 1 :]) if c is partner[id(b)]))
            done |= {id(b), id(partner[id(b)])}
        if best is None or tuple(rank) < best[0]:
            best = (tuple(rank), matching)
    assert best is not None, "the group was checked pairable"
    return best[1]


def by_choice(wanted: Colour) -> Callable[[DubovPlayer], tuple[object, ...]]:
    """Art. 7.1, 7.2, 8.2: due colour ``wanted`` first, highest R, lowest ARO, list order."""
    return lambda p: (p.colour is not wanted, -p.entry.rating, p.aro, p.number)


def transfer_allowed(p: DubovPlayer, rules: BracketRules) -> bool:
    """Art. 2.5 (not in the last round): not transferred up twice running, nor past MaxT."""
    return rules.last_round or not (p.upfloated_last_round or p.maximum_upfloater)


def transfer_candidates(
    lower: Sequence[DubovPlayer], wanted: Colour, rules: BracketRules
) -> list[DubovPlayer]:
    """The "next possible lower score group" of Art. 7.1-7.2: the nearest lower group with a
    player Art. 2.5 allows, in the order of :func:`by_choice`; then (when Art. 2.5 would block
    every transfer) the others in the same order."""
    allowed = [p for p in lower if transfer_allowed(p, rules)]
    blocked = [p for p in lower if not transfer_allowed(p, rules)]
    ordered = []
    for part in (allowed, blocked):
        for score in sorted({p.score for p in part}, reverse=True):
            ordered += sorted((p for p in part if p.score == score), key=by_choice(wanted))
    return ordered


def literal_groups(
    players: Sequence[DubovPlayer], rules: BracketRules
) -> list[tuple[DubovPlayer, DubovPlayer]]:
    """Art. 6-8, group by group from the top, each choice the first candidate that works."""
    unpaired = list(players)
    floaters: list[DubovPlayer] = []
    pairs: list[Pair] = []

    def pair(a: DubovPlayer, b: DubovPlayer) -> None:
        nonlocal unpaired
        pairs.append((a, b))
        unpaired = without(unpaired, a, b)

    while unpaired:
        score = max(p.score for p in unpaired if all(p is not f for f in floaters))
        came_down, floaters = floaters, []
        residents = sorted(
            (p for p in unpaired if p.score == score and all(p is not f for f in came_down)),
            key=lambda p: p.number,
        )
        # Art. 8: floaters, Whites and Blacks alternately, each with the best resident
        fw = white_column([f for f in came_down if f.colour is W])
        fb = black_column([f for f in came_down if f.colour is B])
        left = []
        for i in range(max(len(fw), len(fb))):
            for f in fw[i : i + 1] + fb[i : i + 1]:
                free = [p for p in residents if any(p is q for q in unpaired)]
                mate = next(
                    (
                        p
                        for p in sorted(free, key=by_choice(f.colour.opposite))
                        if rules.compatible(f, p) and can_pair(without(unpaired, f, p), rules)
                    ),
                    None,
                )
                if mate is None:
                    left.append(f)
                else:
                    pair(f, mate)
        group = left + [p for p in residents if any(p is q for q in unpaired)]
        # Art. 7.1: a player who can meet nobody else in the group
        for p in sorted(group, key=lambda q: q.number):
            if any(rules.compatible(p, q) for q in group if q is not p):
                continue
            lower = [q for q in unpaired if q.score < score and all(q is not g for g in group)]
            mate = next(
                (
                    q
                    for q in transfer_candidates(lower, p.colour.opposite, rules)
                    if rules.compatible(p, q) and can_pair(without(unpaired, p, q), rules)
                ),
                None,
            )
            if mate is not None:
                pair(p, mate)
                group = without(group, p)
        # Art. 7.2: an odd group
        if len(group) % 2:
            white_count = len([p for p in group if p.colour is W])
            dominating = W if white_count > len(group) - white_count else B
            lower = [q for q in unpaired if q.score < score and all(q is not g for g in group)]
            extra = next(
                (
                    q
                    for q in transfer_candidates(lower, dominating.opposite, rules)
                    if any(rules.compatible(q, p) for p in group)
                ),
                None,
            )
            if extra is not None:
                group = [*group, extra]
        # Art. 7.3-7.4 (and 2.6): equal colour subgroups
        whites = [p for p in group if p.colour is W]
        blacks = [p for p in group if p.colour is B]
        if len(whites) > len(blacks):
            n = (len(whites) - len(blacks)) // 2
            movable = [p for p in whites if p.absolute_colour is not W]
            moved = sorted(movable, key=lambda p: (p.aro, -p.entry.rating, p.number))[:n]
            whites, blacks = without(whites, *moved), blacks + moved
        elif len(blacks) > len(whites):
            n = (len(blacks) - len(whites)) // 2
            movable = [p for p in blacks if p.absolute_colour is not B]
            moved = sorted(movable, key=lambda p: (-p.aro, p.entry.rating, p.number))[:n]
            whites, blacks = whites + moved, without(blacks, *moved)
        # Art. 6.4: who floats on, if the group cannot all be paired
        lower = [q for q in unpaired if q.score < score and all(q is not g for g in group)]
        below = [q for q in lower if q.score == max((r.score for r in lower), default=None)]

        ordered = sorted(
            group,
            key=functools.partial(floating_order, came_down=came_down, below=below, rules=rules),
        )
        floating: Sequence[DubovPlayer] = ()
        for size in range(len(group) % 2, len(group) + 1, 2):
            found = next(
                (
                    chosen
                    for chosen in itertools.combinations(ordered, size)
                    if (lower or not chosen)
                    and can_pair(without(group, *chosen), rules)
                    and can_pair(without(unpaired, *without(group, *chosen)), rules)
                ),
                None,
            )
            if found is not None:
                floating = found
                break
        floaters = list(floating)
        for a, b in columns_pairing(without(whites, *floating), without(blacks, *floating), rules):
            pair(a, b)
    return pairs


def floating_order(
    p: DubovPlayer,
    *,
    came_down: Sequence[DubovPlayer],
    below: Sequence[DubovPlayer],
    rules: BracketRules,
) -> tuple[int, int, int]:
    """Art. 6.4: who floats first: not a floater from higher groups before a floater, each
    pairable in the next lower group before not pairable there; then lower in the list."""
    return (
        int(any(p is f for f in came_down)),
        int(not any(rules.compatible(p, q) for q in below)),
        -p.number,
    )


def literal_first_round(players: Sequence[DubovPlayer], rules: BracketRules) -> list[Pair]:
    """Art. 5: the upper half against the lower half of the list, row by row."""
    ordered = sorted(players, key=lambda p: p.number)
    upper, lower = ordered[: len(ordered) // 2], ordered[len(ordered) // 2 :]
    for arrangement in itertools.permutations(lower):
        if all(rules.compatible(a, b) for a, b in zip(upper, arrangement)):
            return list(zip(upper, arrangement))
    raise AssertionError("no first-round pairing")


def literal_white(a: DubovPlayer, b: DubovPlayer, initial: Colour) -> DubovPlayer:
    """Who gets White: the limits of Art. 2.3-2.4; Art. 5 when neither has played; then
    Art. 3: due colours, equalising, alternating, higher ARO, lower R (then list order)."""
    for p, q in ((a, b), (b, a)):
        if p.absolute_colour is W or q.absolute_colour is B:
            return p
    if not a.has_played and not b.has_played:
        top = min((a, b), key=lambda p: (-p.score, p.number))
        gets_initial = top.number % 2 == 1
        return top if gets_initial == (initial is W) else (b if top is a else a)
    due = {id(p): (p.colour if p.has_played else None) for p in (a, b)}
    if due[id(a)] != due[id(b)]:
        if due[id(a)] is W or due[id(b)] is B:
            return a
        return b
    imbalance_a, imbalance_b = abs(a.preference.difference), abs(b.preference.difference)
    if imbalance_a != imbalance_b:
        keeper = a if imbalance_a > imbalance_b else b
        other = b if keeper is a else a
        return keeper if due[id(a)] is W else other
    alternated = alternation_colours(a.entry, b.entry)
    if alternated is not None:
        return a if alternated[0] is W else b
    if a.aro != b.aro:
        return a if a.aro > b.aro else b
    return min((a, b), key=lambda p: (p.entry.rating, -p.number))


def literal_round(
    players: Sequence[DubovPlayer], rules: BracketRules, first_round: bool, initial: Colour
) -> tuple[set[tuple[int, int]], int | None]:
    """The round as (white, black) pairs and the bye."""
    bye = literal_bye(players, rules, first_round) if len(players) % 2 else None
    rest = without(players, bye) if bye is not None else list(players)
    pairs = literal_first_round(rest, rules) if first_round else literal_groups(rest, rules)
    boards = set()
    for a, b in pairs:
        white = literal_white(a, b, initial)
        black = b if white is a else a
        boards.add((int(white.number), int(black.number)))
    return boards, None if bye is None else int(bye.number)
