"""Entry point of the Dutch system (the 2026 edition): request in, boards with colours out."""

from __future__ import annotations

from engine.common import board_order
from engine.dutch.bracket import RoundPairer
from engine.dutch.colours import allocate_colours
from engine.dutch.explain import Allocation, Wording, build_trace
from engine.dutch.players import DutchPlayer, build_players
from engine.dutch.round_graph import Compatibility, Conflicts
from engine.model import Board, Colour, Pairing, PairingRequest

__all__ = ["conflicting_pairs", "pair", "pair_players"]


def pair(request: PairingRequest) -> Pairing:
    """Pair ``request.round_no`` by the Dutch rules applied from 1 February 2026 (the older
    editions are the subpackages ``rules2017`` and ``rules2012``).

    :raises engine.errors.NoValidPairing: when no pairing satisfies the absolute criteria.
    :raises engine.errors.InvalidRequest: when the request contradicts itself.
    """
    return pair_players(request, build_players(request))


def pair_players(
    request: PairingRequest,
    players: list[DutchPlayer],
    pairer_class: type[RoundPairer] = RoundPairer,
    wording: Wording | None = None,
) -> Pairing:
    """Pair ``players`` (built from ``request`` by an edition's rules) with ``pairer_class``,
    allocate colours and order the boards: the steps every edition shares. ``wording`` names
    the edition's articles in the trace (the 2026 text's by default)."""
    conflicts = conflicting_pairs(players, request)
    pairer = pairer_class(players, conflicts, played_rounds=request.round_no - 1)
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
    scores = {player.number: player.scaled_score for player in players}
    ranks = {player.number: player.number for player in players}
    return Pairing(
        boards=board_order(boards, scores, ranks),
        bye=players[bye].number if bye is not None else None,
        trace=build_trace(
            players,
            pairer.records,
            allocations,
            bye,
            Compatibility(len(players), conflicts),
            wording,
        )
        if request.explain
        else None,
    )


def conflicting_pairs(players: list[DutchPlayer], request: PairingRequest) -> Conflicts:
    """For each player (by pairing-order index), the players it may not meet: C1 (no second
    meeting, arbiter-forbidden pairs) and C3 (two non-topscorers with the same absolute
    colour preference, held as one group per colour). Kept as conflicts, the few pairs
    that are out, rather than the nearly complete set of pairs that are in."""
    index = {player.number: player.index for player in players}
    conflicts = Conflicts(len(players))
    for colour in (Colour.WHITE, Colour.BLACK):
        conflicts.add_group(
            frozenset(
                player.index
                for player in players
                if player.absolute and player.wants == colour and not player.topscorer
            )
        )
    for player in players:
        for number in player.met:
            other = index.get(number)
            if other is not None and other > player.index:
                conflicts.rule_out(player.index, other)
    for pair in request.forbidden_pairs:
        if len(pair) == 2:
            a, b = (index.get(number) for number in pair)
            if a is not None and b is not None:
                conflicts.rule_out(a, b)
    return conflicts
