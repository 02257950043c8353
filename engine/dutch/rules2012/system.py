"""Entry point of the 2012 Dutch system: request in, boards with colours out."""

from __future__ import annotations

from engine.common import board_order
from engine.dutch.explain import Allocation
from engine.dutch.rules2012.colours import allocate_colours_2012
from engine.dutch.rules2012.explain import build_trace_2012
from engine.dutch.rules2012.pairer import Pairer2012
from engine.dutch.rules2012.players import build_players_2012
from engine.dutch.system import conflicting_pairs
from engine.model import Board, Colour, Pairing, PairingRequest

__all__ = ["pair"]


def pair(request: PairingRequest) -> Pairing:
    """Pair ``request.round_no`` by the Dutch rules agreed in Istanbul 2012.

    :raises engine.errors.NoValidPairing: when no pairing satisfies the absolute criteria.
    :raises engine.errors.InvalidRequest: when the request contradicts itself.
    """
    players = build_players_2012(request)
    conflicts = conflicting_pairs(players, request)
    pairer = Pairer2012(players, conflicts, played_rounds=request.round_no - 1)
    pairs, bye = pairer.run()
    boards = []
    allocations: list[Allocation] = []
    for u, v in pairs:
        high, low = players[u], players[v]
        colour, rule = allocate_colours_2012(high, low, request.initial_colour, request.round_no)
        allocations.append((high, low, colour, rule))
        white, black = (high, low) if colour is Colour.WHITE else (low, high)
        boards.append(Board(white=white.number, black=black.number))
    scores = {player.number: player.score for player in players}
    ranks = {player.number: player.number for player in players}
    return Pairing(
        boards=board_order(boards, scores, ranks),
        bye=players[bye].number if bye is not None else None,
        trace=build_trace_2012(players, pairer.records, allocations, bye, conflicts),
    )
