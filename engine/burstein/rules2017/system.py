"""Entry point of the Burstein system as in force until 31 January 2026, in the reference
reading (burstein.md §11): ``PairingRequest -> Pairing``.

A round: rank every valid player (:mod:`engine.burstein.rules2017.players`), give the PAB to the lowest
eligible player of the global order, form brackets of whole score groups so that at most a
parity floater leaves each (:mod:`engine.burstein.rules2017.brackets`), pair each bracket top down
with the most colour-compatible pairs, first in the Article 4.3 order
(:mod:`engine.burstein.rules2017.choice`), allocate colours (§11.9) and order the boards (§11.10).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from engine.burstein.bracket import player_adjacency
from engine.burstein.colours import ColourFacts, colour_2017
from engine.burstein.rules2017.brackets import Bracket, floatable_sets, form_brackets
from engine.burstein.rules2017.choice import choose_pairs
from engine.burstein.rules2017.players import (
    Contender,
    contenders,
    global_key,
    list_sort,
    ranks_above,
)
from engine.common import check_request
from engine.errors import NoValidPairing
from engine.matching import bits
from engine.messages import Message, indented
from engine.model import Board, Colour, Pairing, PairingNumber, PairingRequest

__all__ = ["BracketRecord", "SettledRound", "pair", "settle_round"]


@dataclass(frozen=True, slots=True)
class BracketRecord:
    """One bracket as it was paired: its members in the in-bracket order (the incoming
    floater included), the pairs as (chooser, opponent), and who floated out."""

    scores: tuple[Fraction, ...]
    members: tuple[Contender, ...]
    incoming: Contender | None
    pairs: tuple[tuple[Contender, Contender], ...]
    floater: Contender | None
    same_preference_pairs: int


@dataclass(frozen=True, slots=True)
class SettledRound:
    """A round paired by the pre-2026 rules, before colours: the PAB and the brackets."""

    everyone: tuple[Contender, ...]
    bye: Contender | None
    brackets: tuple[BracketRecord, ...]


def pair(request: PairingRequest) -> Pairing:
    """Pair ``request.round_no`` by the pre-2026 Burstein rules as the reference engine
    reads them.

    >>> from engine.model import PlayerEntry
    >>> field = tuple(PlayerEntry(PairingNumber(n), rating=2500 - 10 * n) for n in range(1, 8))
    >>> old = pair(PairingRequest(1, 5, field, rules_edition="fide-2017"))
    >>> [(b.white, b.black) for b in old.boards], old.bye  # accelerated start (burstein.md §11.3)
    ([(1, 3), (6, 2), (5, 4)], 7)

    :raises InvalidRequest: when the request contradicts itself
        (:func:`engine.common.check_request`).
    :raises NoValidPairing: when nobody may take the PAB, or the others cannot all be
        paired under the absolute constraints (§11.12).
    """
    check_request(request)
    settled = settle_round(request)
    trace: list[str] = []
    if settled.bye is not None:
        trace.append(Message(
            "PAB %(player)s: lowest in the global order without an earlier PAB or forfeit win "
            "(score %(score)s)", player=settled.bye.number, score=settled.bye.pairing_score,
        ))  # fmt: skip
    boards = []
    for record in settled.brackets:
        trace.extend(_describe(record))
        for high, low in record.pairs:
            colour = colour_2017(
                _facts(high), _facts(low), request.initial_colour, x_higher=ranks_above(high, low)
            )
            white, black = (high, low) if colour is Colour.WHITE else (low, high)
            boards.append(Board(white=white.number, black=black.number))
    ordered = _board_order(boards, {c.number: c for c in settled.everyone})
    bye = settled.bye.number if settled.bye is not None else None
    return Pairing(boards=ordered, bye=bye, explanation=tuple(trace))


def settle_round(request: PairingRequest) -> SettledRound:
    """Rank the players, choose the PAB (§11.6), form the brackets (§11.7) and pair each
    of them top down (§11.8).

    :raises NoValidPairing: as :func:`pair`.
    """
    everyone = contenders(request)
    field = sorted((c for c in everyone if c.available), key=global_key)
    bye = None
    if len(field) % 2:
        bye = next((c for c in reversed(field) if c.may_get_pab), None)
        if bye is None:
            raise NoValidPairing("no player is eligible for the pairing-allocated bye")
        field = [c for c in field if c is not bye]
    adjacency = player_adjacency(
        [c.number for c in field],
        [c.met for c in field],
        [c.wants if c.absolute else None for c in field],
        request.forbidden_pairs,
    )
    ends = [
        i + 1
        for i in range(len(field))
        if i + 1 == len(field) or field[i].pairing_score != field[i + 1].pairing_score
    ]
    brackets = form_brackets(ends, adjacency) if field else []
    records = []
    incoming: int | None = None
    for bracket, leaving in zip(brackets, floatable_sets(brackets, adjacency), strict=True):
        record, incoming = _pair_bracket(field, adjacency, bracket, incoming, leaving)
        records.append(record)
    return SettledRound(tuple(everyone), bye, tuple(records))


def _pair_bracket(
    field: Sequence[Contender],
    adjacency: Sequence[int],
    bracket: Bracket,
    incoming: int | None,
    leaving: int,
) -> tuple[BracketRecord, int | None]:
    """Pair one bracket (§11.8); returns its record and its outgoing floater's position."""
    members = list(range(bracket.start, bracket.end))
    if incoming is not None:
        members.append(incoming)
    order = list_sort(members, lambda a, b: ranks_above(field[a], field[b]))
    position = {g: i for i, g in enumerate(order)}
    member_mask = bracket.mask | (1 << incoming if incoming is not None else 0)
    local = []
    for g in order:
        mask = (1 << len(order)) - 1
        for u in bits(member_mask & ~adjacency[g]):
            mask &= ~(1 << position[u])
        local.append(mask)
    floatable = None
    if bracket.sends:
        floatable = 0
        for u in bits(leaving & bracket.mask):
            floatable |= 1 << position[u]
    choice = choose_pairs(local, [_sign(field[g].wants) for g in order], floatable)
    floater = order[choice.floater] if choice.floater is not None else None
    record = BracketRecord(
        scores=tuple(sorted({field[g].pairing_score for g in members}, reverse=True)),
        members=tuple(field[g] for g in order),
        incoming=field[incoming] if incoming is not None else None,
        pairs=tuple((field[order[x]], field[order[y]]) for x, y in choice.pairs),
        floater=field[floater] if floater is not None else None,
        same_preference_pairs=choice.same_preference_pairs,
    )
    return record, floater


def _describe(record: BracketRecord) -> list[str]:
    head = Message("bracket %(score)s: %(players)s",
                   score="/".join(_points(s) for s in record.scores),
                   players=" ".join(str(c.number) for c in record.members))  # fmt: skip
    if record.incoming is not None:
        head = Message("%(line)s (floater %(player)s in)", line=head, player=record.incoming.number)
    lines: list[str] = [head]
    lines.append(indented(Message("order (SB/Buchholz/Median): %(order)s", order=", ".join(
        f"{c.number} {_points(c.sb)}/{_points(c.bt)}/{_points(c.mt)}" for c in record.members
    ))))  # fmt: skip
    lines += [f"  {high.number}-{low.number}" for high, low in record.pairs]
    if record.same_preference_pairs:
        lines.append(indented(Message("pairs with equal colour preferences: %(count)s",
                                      count=record.same_preference_pairs)))  # fmt: skip
    if record.floater is not None:
        down = str(record.floater.number)
        lines.append(indented(Message("floats down: %(players)s", players=down)))
    return lines


def _facts(player: Contender) -> ColourFacts:
    return ColourFacts(player.preference, player.colours, player.rank)


def _sign(colour: Colour | None) -> int:
    return 0 if colour is None else 1 if colour is Colour.WHITE else -1


def _points(value: Fraction) -> str:
    return f"{float(value):g}"


def _board_order(
    boards: Sequence[Board], by_number: dict[PairingNumber, Contender]
) -> tuple[Board, ...]:
    """§11.10: the higher player's real score, the lower player's real score (both
    descending), then the higher player's rank number; "higher" is more real points, then
    the smaller rank number."""

    def key(board: Board) -> tuple[Fraction, Fraction, int]:
        a, b = by_number[board.white], by_number[board.black]
        high, low = (a, b) if (a.score, -a.rank) > (b.score, -b.rank) else (b, a)
        return (-high.score, -low.score, high.rank)

    return tuple(sorted(boards, key=key))
