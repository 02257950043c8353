"""Seconds per round of a simulated tournament, for the pairing-time benchmarks.

The tournament is tests/engine/tournament_sim.py's (forfeits, requested byes, withdrawals,
late entries); only the pairing call itself is timed, not the simulation around it.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from engine.model import Pairing, PairingRequest
from tests.engine.tournament_sim import simulate


def simulated_round_times(
    pair: Callable[[PairingRequest], Pairing], players: int, rounds: int, seed: int
) -> list[float]:
    """Seconds ``pair`` spent on each round of one simulated tournament."""
    times: list[float] = []

    def timed(request: PairingRequest) -> Pairing:
        start = time.perf_counter()
        pairing = pair(request)
        times.append(time.perf_counter() - start)
        return pairing

    for _step in simulate(timed, seed=seed, players=players, rounds=rounds):
        pass
    return times
