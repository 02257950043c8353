"""The facts the 2012 text reads about each player (A.2, A.4, A.7, A.10, B.1b).

Most of them are the ones the current edition reads too (score order, colour preference,
floats, opponents), so they come from :func:`engine.dutch.players.build_players`; what the 2012
text defines otherwise is replaced here.
"""

from __future__ import annotations

from dataclasses import replace

from engine.dutch.players import DutchPlayer, build_players
from engine.model import PairingRequest, PlayerEntry, PointSystem

__all__ = ["build_players_2012", "bye_allowed"]


def bye_allowed(entry: PlayerEntry, points: PointSystem) -> bool:
    """B.1b: whoever has already scored without playing (a bye of any value above a loss, or a
    game the opponent did not turn up for) is not given the bye.

    Stricter than the current C2, which bars only a round worth a win: a half-point bye bars
    the bye in 2012, as the reference engine of that edition applies it.
    """
    return not any(not r.kind.played and r.points > points.loss for r in entry.history)


def build_players_2012(request: PairingRequest) -> list[DutchPlayer]:
    """The players to pair, in A.2 order, with the 2012 bye rule (B.1b).

    :raises engine.errors.InvalidRequest: the request contradicts itself.
    """
    return [
        replace(player, eligible_for_bye=bye_allowed(request.player(player.number), request.points))
        for player in build_players(request)
    ]
