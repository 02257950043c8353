"""Entry point of the 2017 Dutch system: request in, boards with colours out."""

from __future__ import annotations

from engine.common import board_order
from engine.dutch.colours import allocate_colours
from engine.dutch.explain import Allocation, build_trace
from engine.dutch.round_graph import Compatibility
from engine.dutch.rules2017.pairer import Pairer2017
from engine.dutch.rules2017.players import build_players_2017
from engine.dutch.system import conflicting_pairs
from engine.model import Board, Colour, Pairing, PairingRequest

__all__ = ["pair"]


def pair(request: PairingRequest) -> Pairing:
    """Pair ``request.round_no`` by the Dutch rules in force from 2017 to January 2026.

    :raises engine.errors.NoValidPairing: when no pairing satisfies the absolute criteria.
    :raises engine.errors.InvalidRequest: when the request contradicts itself.
    """
    players = build_players_2017(request)
    conflicts = conflicting_pairs(players, request)
    pairer = Pairer2017(players, conflicts, played_rounds=request.round_no - 1)
    pairs, bye = pairer.run()
    boards = []
    allocations: list[Allocation] = []
    for u, v in pairs:
        high, low = players[u], players[v]
        colour, rule = allocate_colours(high, low, request.initial_colour)
        allocations.append((high, low, colour, rule))
        white, black = (high, low) if colour is Colour.WHITE else (low, high)
        boards.append(Board(white=white.number, black=black.number))
    scores = {player.number: player.score for player in players}
    ranks = {player.number: player.number for player in players}
    return Pairing(
        boards=board_order(boards, scores, ranks),
        bye=players[bye].number if bye is not None else None,
        trace=build_trace(
            players, pairer.records, allocations, bye, Compatibility(len(players), conflicts)
        ),
    )
