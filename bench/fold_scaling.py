"""Fold cost per event as the tournament grows: registration and results must cost the same
at 10,000 players as at 100 (a linear fold), pairing a round costs its boards.

Run: ``.venv/bin/python -m bench.fold_scaling`` (prints figures and ratios; not part of the
test suite).
"""

from __future__ import annotations

import time

from bench.event_core import scripted
from events.projections import EMPTY, TournamentState, apply
from events.types import PlayerRegistered, ResultRecorded

SIZES = (100, 1_000, 10_000)


def per_event_us(players: int) -> tuple[float, float, float]:
    """Microseconds per registration and per result, and the whole fold in seconds."""
    spent = {PlayerRegistered: 0.0, ResultRecorded: 0.0}
    counts = dict.fromkeys(spent, 0)
    state: TournamentState = EMPTY
    start = time.perf_counter()
    for event in scripted(players, 5):
        before = time.perf_counter()
        state = apply(state, event)
        kind = type(event)
        if kind in spent:
            spent[kind] += time.perf_counter() - before
            counts[kind] += 1
    total = time.perf_counter() - start
    register, result = (spent[kind] / counts[kind] * 1e6 for kind in spent)
    return register, result, total


def main() -> None:
    rows = {players: per_event_us(players) for players in SIZES}
    base_register, base_result, _ = rows[SIZES[0]]
    print(f"{'players':>8} {'register us':>12} {'x':>6} {'result us':>10} {'x':>6} {'fold s':>8}")
    for players, (register, result, total) in rows.items():
        print(
            f"{players:>8} {register:>12.1f} {register / base_register:>6.1f} "
            f"{result:>10.1f} {result / base_result:>6.1f} {total:>8.2f}"
        )


if __name__ == "__main__":
    main()
