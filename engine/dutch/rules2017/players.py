"""The facts the 2017 text defines otherwise than the 2026 text: floats (A.4) and who may
receive the pairing-allocated bye (C.2).

Everything else (pairing order, colour preferences, topscorers, opponents) reads the same, so
it comes from :func:`engine.dutch.players.build_players`.
"""

from __future__ import annotations

from dataclasses import replace

from engine.common import Float
from engine.dutch.players import DutchPlayer, build_players
from engine.model import PairingRequest, PlayerEntry, RoundKind

__all__ = ["build_players_2017", "bye_allowed", "floats_2017"]


def bye_allowed(entry: PlayerEntry) -> bool:
    """C.2: no earlier pairing-allocated bye and no win by forfeit ("an opponent not appearing
    in time"). A requested full-point bye does not bar the PAB (2026 C2 bars it)."""
    return not any(r.kind in (RoundKind.PAB, RoundKind.FORFEIT_WIN) for r in entry.history)


def floats_2017(entry: PlayerEntry, game_float: Float | None, round_no: int) -> Float | None:
    """A.4: a player who did not play in round ``round_no`` (any bye, forfeit or absence)
    floated down; a played game floats as in every edition (``game_float``)."""
    record = entry.history[round_no - 1]
    return game_float if record.kind.played else Float.DOWN


def build_players_2017(request: PairingRequest) -> list[DutchPlayer]:
    """The players to pair, in pairing order, with the 2017 floats and bye rule.

    :raises engine.errors.InvalidRequest: the request contradicts itself.
    """
    played = request.round_no - 1
    entries = {entry.number: entry for entry in request.players}
    result = []
    for player in build_players(request):
        entry = entries[player.number]
        result.append(
            replace(
                player,
                eligible_for_bye=bye_allowed(entry),
                float_previous=(
                    floats_2017(entry, player.float_previous, played) if played >= 1 else None
                ),
                float_before_previous=(
                    floats_2017(entry, player.float_before_previous, played - 1)
                    if played >= 2
                    else None
                ),
            )
        )
    return result
