"""Round-robin pairing by the Berger tables (FIDE Handbook C.05, Annex 1).

Nothing is chosen: round ``r`` is the table's round for the field's size, in the order
:func:`engine.round_robin.berger.scheduled_round` gives (colours reversed in a double
round-robin's second cycle). Every player registered keeps a number, withdrawn or absent
ones too (their games are not played: the decision records them so); the table's extra
number of an odd field is the bye.

>>> from engine.model import PairingNumber, PairingRequest, PlayerEntry
>>> field = tuple(PlayerEntry(PairingNumber(n)) for n in range(1, 6))
>>> result = pair(PairingRequest(1, 5, field))
>>> [(b.white, b.black) for b in result.boards], result.bye
([(2, 5), (3, 4)], 1)
"""

from __future__ import annotations

from engine.common import check_request
from engine.errors import InvalidRequest
from engine.messages import Message
from engine.model import Board, Pairing, PairingNumber, PairingRequest
from engine.round_robin.berger import berger_round, scheduled_round, table_size

__all__ = ["pair", "rounds_for"]


def rounds_for(players: int, cycles: int = 1) -> int:
    """How many rounds a round-robin of ``players`` has.

    >>> rounds_for(10), rounds_for(9, cycles=2)
    (9, 18)
    """
    return (table_size(players) - 1) * cycles


def pair(request: PairingRequest) -> Pairing:
    """The round's boards from the Berger table, board 1 first, and the bye of an odd field.

    :raises InvalidRequest: fewer than 3 players, pairing numbers other than 1..n, or a
        number of rounds the table does not have.
    """
    check_request(request)
    players = len(request.players)
    numbers = sorted(entry.number for entry in request.players)
    if players < 3 or numbers != list(range(1, players + 1)):
        raise InvalidRequest(
            f"a round-robin needs 3 or more players numbered 1..n; numbers: {numbers}"
        )
    if request.total_rounds != rounds_for(players, request.cycles):
        raise InvalidRequest(
            f"a {'double ' if request.cycles == 2 else ''}round-robin of {players} players "
            f"has {rounds_for(players, request.cycles)} rounds, not {request.total_rounds}"
        )
    size = table_size(players)
    scheduled = scheduled_round(size, request.round_no, cycles=request.cycles)
    boards: list[Board] = []
    bye = None
    for game in berger_round(size, scheduled.table_round):
        white, black = reversed(game) if scheduled.reversed else game
        if max(game) > players:
            bye = PairingNumber(min(game))
        else:
            boards.append(Board(PairingNumber(white), PairingNumber(black)))
    line = (
        "Berger table for %(size)s numbers, round %(round)s, colours reversed (second cycle)"
        if scheduled.reversed
        else "Berger table for %(size)s numbers, round %(round)s"
    )
    return Pairing(tuple(boards), bye, (Message(line, size=size, round=scheduled.table_round),))
