"""Entry point of the 2017 Dutch system: request in, boards with colours out."""

from __future__ import annotations

from engine.dutch.explain import WORDING_2017
from engine.dutch.rules2017.pairer import Pairer2017
from engine.dutch.rules2017.players import build_players_2017
from engine.dutch.system import pair_players
from engine.model import Pairing, PairingRequest

__all__ = ["pair"]


def pair(request: PairingRequest) -> Pairing:
    """Pair ``request.round_no`` by the Dutch rules in force from 2017 to January 2026.

    :raises engine.errors.NoValidPairing: when no pairing satisfies the absolute criteria.
    :raises engine.errors.InvalidRequest: when the request contradicts itself.
    """
    return pair_players(request, build_players_2017(request), Pairer2017, WORDING_2017)
