"""Entry point of the Dutch system: request in, boards with colours out."""

from __future__ import annotations

from engine.common import board_order
from engine.dutch.bracket import RoundPairer
from engine.dutch.colours import allocate_colours
from engine.dutch.explain import Allocation, build_trace
from engine.dutch.players import DutchPlayer, build_players
from engine.errors import InvalidRequest
from engine.model import Board, Colour, Pairing, PairingRequest

__all__ = ["compatible_pairs", "pair"]


def pair(request: PairingRequest) -> Pairing:
    """Pair ``request.round_no`` by the Dutch rules.

    :raises engine.errors.NoValidPairing: when no pairing satisfies the absolute criteria.
    :raises engine.errors.InvalidRequest: when the request contradicts itself.
    """
    if request.rules_edition == "fide-2012":
        from engine.dutch.rules2012.system import pair as pair_2012

        return pair_2012(request)
    if request.rules_edition == "fide-2017":
        from engine.dutch.rules2017.system import pair as pair_2017

        return pair_2017(request)
    if request.rules_edition != "fide-2026":
        raise InvalidRequest(
            "the Dutch system is implemented for the 2026, 2017 and 2012 rules, "
            f"not {request.rules_edition}"
        )
    players = build_players(request)
    compatible = compatible_pairs(players, request)
    neighbours: dict[int, set[int]] = {player.index: set() for player in players}
    for u, v in compatible:
        neighbours[u].add(v)
        neighbours[v].add(u)
    pairer = RoundPairer(players, compatible, played_rounds=request.round_no - 1)
    pairs, bye = pairer.run()
    boards = []
    allocations: list[Allocation] = []
    for u, v in pairs:
        high, low = players[u], players[v]
        colour, rule = allocate_colours(high, low, request.initial_colour)
        allocations.append((high, low, colour, rule))
        if colour is Colour.WHITE:
            boards.append(Board(white=high.number, black=low.number))
        else:
            boards.append(Board(white=low.number, black=high.number))
    scores = {player.number: player.score for player in players}
    ranks = {player.number: player.number for player in players}
    return Pairing(
        boards=board_order(boards, scores, ranks),
        bye=players[bye].number if bye is not None else None,
        trace=build_trace(players, pairer.records, allocations, bye, neighbours),
    )


def compatible_pairs(players: list[DutchPlayer], request: PairingRequest) -> set[tuple[int, int]]:
    """Pairs allowed by C1 (no second meeting, arbiter-forbidden pairs) and C3 (two
    non-topscorers with the same absolute colour preference may not meet)."""
    forbidden = request.forbidden_pairs
    result = set()
    for a, high in enumerate(players):
        for low in players[a + 1 :]:
            if low.number in high.met or frozenset((high.number, low.number)) in forbidden:
                continue
            if (
                high.absolute
                and low.absolute
                and high.wants == low.wants
                and not (high.topscorer or low.topscorer)
            ):
                continue
            result.add((high.index, low.index))
    return result
