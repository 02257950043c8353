"""The facts the 2012 text reads about each player (A.2, A.4, A.7, A.10, B.1b, E.5).

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
    """The players to pair, in A.2 order, with the 2012 bye rule (B.1b) and the parity E.5
    reads.

    E.5 is the round-1 rule (odd-numbered players get the colour drawn by lot), read from the
    same rank the current edition's 5.2.5 reads. For two players of a later round who have
    both played no game the text is silent; the edition's endorsed engine gives the drawn
    colour to the higher-ranked one when its pairing number is even (docs/rulings.md), so the
    parity read is the pairing number's, one off the round-1 rank.

    :raises engine.errors.InvalidRequest: the request contradicts itself.
    """
    entries = {entry.number: entry for entry in request.players}
    return [
        replace(
            player,
            eligible_for_bye=bye_allowed(entries[player.number], request.points),
            colour_rank=player.colour_rank if request.round_no == 1 else player.number,
        )
        for player in build_players(request)
    ]
