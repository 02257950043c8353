"""Entry point of the 2012 Dutch system: request in, boards with colours out."""

from __future__ import annotations

from engine.dutch.rules2012.explain import WORDING_2012
from engine.dutch.rules2012.pairer import Pairer2012
from engine.dutch.rules2012.players import build_players_2012
from engine.dutch.system import pair_players
from engine.model import Pairing, PairingRequest

__all__ = ["pair"]


def pair(request: PairingRequest) -> Pairing:
    """Pair ``request.round_no`` by the Dutch rules agreed in Istanbul 2012.

    :raises engine.errors.NoValidPairing: when no pairing satisfies the absolute criteria.
    :raises engine.errors.InvalidRequest: when the request contradicts itself.
    """
    return pair_players(request, build_players_2012(request), Pairer2012, WORDING_2012)
