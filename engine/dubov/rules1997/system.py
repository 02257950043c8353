"""The 1997 Dubov text (C.04.4.1, old numbering): ``PairingRequest -> Pairing``.

A round is paired as the text orders it: the bye (Art. 4), then the first round by halves
(Art. 5) or the score groups from the top down (Art. 6-8, :mod:`engine.dubov.rules1997.groups`),
then the colours of every pair (Art. 3, :mod:`engine.dubov.rules1997.colours`) and the board
order of C.04.2 Art. 3.6.

>>> from engine.model import PairingRequest, PlayerEntry, PairingNumber
>>> field = tuple(PlayerEntry(PairingNumber(n), rating=2500 - 10 * n) for n in range(1, 8))
>>> pairing = pair(PairingRequest(1, 5, field, rules_edition="fide-1997"))
>>> [(b.white, b.black) for b in pairing.boards], pairing.bye
([(1, 4), (5, 2), (3, 6)], 7)
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.common import check_request
from engine.dubov.brackets import BracketRules, pairable
from engine.dubov.players import DubovPlayer, dubov_players
from engine.dubov.rules1997.colours import allocate_colours
from engine.dubov.rules1997.groups import RoundPairing, pair_groups
from engine.dubov.rules1997.players import exact_aro, float_limit
from engine.dubov.system import ordered_pairing
from engine.errors import NoValidPairing
from engine.matching import first_transposition
from engine.messages import Message
from engine.model import Colour, Pairing, PairingRequest

__all__ = ["choose_bye", "pair"]


def pair(request: PairingRequest) -> Pairing:
    """Pair ``request.round_no`` by the 1997 Dubov text.

    :raises NoValidPairing: when the players cannot all be paired within Art. 2.
    :raises engine.dubov.players.UnratedPlayer: when a player has no rating (R, Art. 1.1).
    :raises engine.errors.InvalidRequest: when the request contradicts itself.
    """
    check_request(request)
    players = dubov_players(request, aro=exact_aro, upfloat_limit=float_limit)
    rules = BracketRules(
        last_round=request.round_no >= request.total_rounds, forbidden=request.forbidden_pairs
    )
    trace = ["ARO " + " ".join(f"{p.number}:{float(p.aro):g}" for p in players)]
    first_round = request.round_no == 1
    bye = None
    if len(players) % 2:
        bye = choose_bye(players, rules, first_round=first_round)
        players = [p for p in players if p is not bye]
        trace.append(Message("Art. %(article)s bye: %(player)s", article=5 if first_round else 4,
                             player=bye.number))  # fmt: skip
    paired = _first_round(players, rules) if first_round else pair_groups(players, rules)
    trace += paired.trace
    coloured = [allocate_colours(a, b, request.initial_colour) for a, b in paired.pairs]
    boards = [board for board, _ in coloured]
    trace += [line for _, line in coloured]
    return ordered_pairing(boards, players, bye, trace)


def choose_bye(
    players: Sequence[DubovPlayer], rules: BracketRules, *, first_round: bool = False
) -> DubovPlayer:
    """The bye: in the first round the last player of the list (Art. 5); later the player of
    the lowest score group with the lowest R, on equal R one due the colour that dominates
    his group, then the higher ARO, then the one lower in the initial order (Art. 4). Never
    one who scored a point without playing (Art. 2.2), nor one whose bye would leave the
    others impossible to pair.

    :raises NoValidPairing: when no player can take it.
    """

    def dominant(player: DubovPlayer) -> Colour | None:
        group = [p for p in players if p.score == player.score]
        whites = sum(1 for p in group if p.colour is Colour.WHITE)
        if 2 * whites == len(group):
            return None
        return Colour.WHITE if 2 * whites > len(group) else Colour.BLACK

    def key(player: DubovPlayer) -> tuple[object, ...]:
        if first_round:
            return (-player.number,)
        return (
            player.score,
            player.entry.rating,
            player.colour is not dominant(player),
            -player.aro,
            -player.number,
        )

    for candidate in sorted((p for p in players if p.may_get_pab), key=key):
        if pairable([p for p in players if p is not candidate], rules):
            return candidate
    raise NoValidPairing("no player can take the bye (Art. 2.2) and leave the others pairable")


def _first_round(players: Sequence[DubovPlayer], rules: BracketRules) -> RoundPairing:
    """Art. 5: the upper half of the list against the lower half, row by row (the first
    legal transposition of the lower half when arbiter-forbidden pairs stand in the way)."""
    ordered = sorted(players, key=lambda p: p.number)
    half = len(ordered) // 2
    upper, lower = ordered[:half], ordered[half:]
    order = first_transposition(upper, lower, rules.compatible)
    if order is None:
        raise NoValidPairing("the first round cannot be paired upper half against lower half")
    return RoundPairing(
        pairs=list(zip(upper, order)), trace=[Message("Art. 5 first round by halves")]
    )
