"""The FIDE Dubov system (C.04.4.1, 2026 edition): ``PairingRequest -> Pairing``.

A round is paired in the order of Art. 3: the pairing-allocated bye first (Art. 3.1), then
the scoregroups from the highest score down, each as one bracket of its remaining residents
plus the upfloaters it needs (:mod:`engine.dubov.brackets`), then the colours of every pair
(Art. 5, :mod:`engine.dubov.colours`) and the board order of C.04.2 Art. 3.6.

>>> from engine.model import PairingRequest, PlayerEntry, PairingNumber
>>> field = tuple(PlayerEntry(PairingNumber(n), rating=2500 - 10 * n) for n in range(1, 6))
>>> pairing = pair(PairingRequest(round_no=1, total_rounds=5, players=field))
>>> [(b.white, b.black) for b in pairing.boards], pairing.bye
([(1, 3), (4, 2)], 5)
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.common import board_order, check_request
from engine.dubov.brackets import BracketRules, pair_bracket, pairable
from engine.dubov.colours import allocate_colours
from engine.dubov.players import DubovPlayer, dubov_players
from engine.errors import NoValidPairing
from engine.messages import Message
from engine.model import Board, Pairing, PairingRequest

__all__ = ["choose_pab", "ordered_pairing", "pair"]


def pair(request: PairingRequest) -> Pairing:
    """Pair ``request.round_no`` by the Dubov system.

    :raises NoValidPairing: when no round-pairing complies with [C1]-[C4] (Art. 1.9, the
        arbiter decides).
    :raises UnratedPlayer: when a player to be paired has no rating (Art. 1.1).
    :raises InvalidRequest: when the request contradicts itself
        (:func:`engine.common.check_request`).
    """
    check_request(request)
    players = dubov_players(request)
    rules = BracketRules(
        last_round=request.round_no >= request.total_rounds,
        forbidden=request.forbidden_pairs,
    )
    trace: list[str] = ["ARO " + " ".join(f"{p.number}:{p.aro}" for p in players)]
    bye = None
    if len(players) % 2:
        bye = choose_pab(players, rules)
        players = [p for p in players if p is not bye]
        trace.append(Message("PAB %(player)s (score %(score)s, %(games)s games played)",
                             player=bye.number, score=bye.score, games=bye.games))  # fmt: skip
    elif not pairable(players, rules):
        raise NoValidPairing("the players to be paired cannot all be paired legally ([C1], [C3])")

    pairs: list[tuple[DubovPlayer, DubovPlayer]] = []
    unpaired = sorted(players, key=lambda p: (-p.score, p.number))
    while unpaired:
        top = unpaired[0].score
        residents = [p for p in unpaired if p.score == top]
        lower = [p for p in unpaired if p.score < top]
        bracket = pair_bracket(residents, lower, rules)
        pairs.extend(bracket.pairs)
        trace.extend(bracket.trace)
        done = {id(p) for pair in bracket.pairs for p in pair}
        unpaired = [p for p in unpaired if id(p) not in done]

    boards = [allocate_colours(a, b, request.initial_colour) for a, b in pairs]
    return ordered_pairing(boards, players, bye, trace)


def ordered_pairing(
    boards: Sequence[Board],
    players: Sequence[DubovPlayer],
    bye: DubovPlayer | None,
    trace: Sequence[str],
) -> Pairing:
    """The round's answer, boards in the order of C.04.2 Art. 3.6 (pairing scores, then
    TPN), which both editions use."""
    everyone = [*players, *([bye] if bye else [])]
    ordered = board_order(
        boards,
        scores={p.number: p.score for p in everyone},
        rank={p.number: int(p.number) for p in everyone},
    )
    return Pairing(boards=ordered, bye=bye.number if bye else None, explanation=tuple(trace))


def choose_pab(players: Sequence[DubovPlayer], rules: BracketRules) -> DubovPlayer:
    """The PAB of Art. 3.1: an eligible player ([C2]) whose absence leaves everyone else
    pairable ([C4]), with the lowest score, then the most games played, then the largest TPN.

    :raises NoValidPairing: when no eligible player leaves a pairable field.
    """
    candidates = sorted(
        (p for p in players if p.may_get_pab), key=lambda p: (p.score, -p.games, -p.number)
    )
    for candidate in candidates:
        rest = [p for p in players if p is not candidate]
        if pairable(rest, rules):
            return candidate
    raise NoValidPairing(
        "no player can take the pairing-allocated bye ([C2]) and leave the others pairable"
    )
