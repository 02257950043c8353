"""Benchmark: Dubov pairing time per round for 200, 500 and 1000 players.

Plays a 9-round random tournament per field size (tests/engine/tournament_sim.py: forfeits,
requested byes, withdrawals, late entries) and times every round's pairing. A public Python
Dubov engine (py4swiss 0.3.1) needs about 3 s, 28 s and 190 s per round on these machines.

Run from the repository root: ``.venv/bin/python -m bench.bench_dubov [sizes...] [--rounds N]
[--seed S]``.
"""

from __future__ import annotations

import argparse
import statistics

from bench.round_times import simulated_round_times
from engine.dubov import pair as pair_dubov

REFERENCE_SECONDS = {200: 3.0, 500: 28.0, 1000: 190.0}


def bench(players: int, rounds: int, seed: int) -> list[float]:
    """Seconds spent pairing each round of one simulated tournament."""
    return simulated_round_times(pair_dubov, players, rounds, seed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", nargs="*", type=int, default=[200, 500, 1000])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for players in args.sizes:
        times = bench(players, args.rounds, args.seed)
        reference = REFERENCE_SECONDS.get(players)
        ratio = f", py4swiss ~{reference:.0f} s/round" if reference else ""
        print(
            f"dubov n={players} rounds={len(times)}: mean {statistics.mean(times):.2f} s/round, "
            f"max {max(times):.2f} s, total {sum(times):.1f} s{ratio}",
            flush=True,
        )


if __name__ == "__main__":
    main()
