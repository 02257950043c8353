"""Benchmark: Dutch pairing time and peak memory, against the reference engine's time.

1. Every corpus problem of ``--min-players`` players and more (default 200, which includes
   the two 1000-player problems the test suite leaves out): seconds to build the request
   and pair it, the child process's peak resident memory, whether the pairing equals the
   reference, and the ratio to the reference engine's time in ``manifest.csv``
   (``seconds``, measured by the corpus authors on these 2-core machines).
2. Synthetic fields (default 500 and 1000 players): a random tournament
   (tests/engine/tournament_sim.py: forfeits, requested byes, withdrawals, late entries)
   paired round by round; each round's time is printed. The corpus README gives the
   reference engine about 6-8 s per round at 500 players and minutes at 1000.

Each problem and each field runs in its own process, so that peak memory is its own.
Run from the repository root::

    .venv/bin/python -m bench.dutch_bench [--min-players 200] [--sizes 500 1000]
        [--rounds 5] [--skip-corpus] [--skip-synthetic]
"""

from __future__ import annotations

import argparse
import csv
import multiprocessing
import resource
import time
from pathlib import Path

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "dutch"
REFERENCE_ROUND_TIME = {500: "6-8 s", 1000: "minutes"}


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _pair_problem(path: str) -> tuple[float, float, bool]:
    """In a child process: (seconds, peak MB, equals the reference)."""
    from engine import pair
    from server.cli.engines import render_pairing
    from trf import read_trf
    from trf.engine_request import next_round_request

    data = Path(path).read_bytes()
    start = time.perf_counter()
    document, _problems = read_trf(data)
    pairing = pair(next_round_request(document), "dutch")
    seconds = time.perf_counter() - start
    expected = Path(path[: -len(".trf")] + ".pairing.txt").read_text()
    return seconds, _peak_mb(), render_pairing(pairing).split() == expected.split()


def _play_field(players: int, rounds: int, seed: int) -> tuple[list[float], float]:
    """In a child process: seconds per round of a simulated tournament, and peak MB."""
    from bench.round_times import simulated_round_times
    from engine.dutch import pair as pair_dutch

    times = simulated_round_times(pair_dutch, players, rounds, seed)
    return times, _peak_mb()


def bench_corpus(min_players: int, pool: multiprocessing.pool.Pool) -> None:
    with (CORPUS / "manifest.csv").open() as handle:
        rows = [row for row in csv.DictReader(handle) if int(row["players"]) >= min_players]
    print(
        f"{'problem':28} {'players':>7} {'seconds':>8} {'peak MB':>8} {'reference':>9} "
        f"{'ratio':>6}  exact"
    )
    ratios = []
    for row in rows:
        path = CORPUS / "problems" / f"{row['name']}.trf"
        seconds, peak, exact = pool.apply(_pair_problem, (str(path),))
        reference = float(row["seconds"])
        ratios.append(seconds / reference)
        print(
            f"{row['name']:28} {row['players']:>7} {seconds:8.2f} {peak:8.0f} "
            f"{reference:9.2f} {seconds / reference:6.2f}  {'yes' if exact else 'NO'}"
        )
    if ratios:
        print(f"ratio to reference: mean {sum(ratios) / len(ratios):.2f}, max {max(ratios):.2f}")


def bench_synthetic(
    sizes: list[int], rounds: int, seed: int, pool: multiprocessing.pool.Pool
) -> None:
    for players in sizes:
        times, peak = pool.apply(_play_field, (players, rounds, seed))
        per_round = " ".join(f"{t:.2f}" for t in times)
        print(
            f"synthetic {players} players, {rounds} rounds (seed {seed}): seconds per round "
            f"{per_round}; max {max(times):.2f}; peak {peak:.0f} MB; reference about "
            f"{REFERENCE_ROUND_TIME.get(players, '?')} per round"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--min-players", type=int, default=200)
    parser.add_argument("--sizes", type=int, nargs="*", default=[500, 1000])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--skip-corpus", action="store_true")
    parser.add_argument("--skip-synthetic", action="store_true")
    args = parser.parse_args()
    context = multiprocessing.get_context("spawn")
    if not args.skip_corpus:
        if not (CORPUS / "manifest.csv").exists():
            print(f"corpus not found at {CORPUS}; skipping it")
        else:
            with context.Pool(1, maxtasksperchild=1) as pool:
                bench_corpus(args.min_players, pool)
    if not args.skip_synthetic:
        with context.Pool(1, maxtasksperchild=1) as pool:
            bench_synthetic(args.sizes, args.rounds, args.seed, pool)


if __name__ == "__main__":
    main()
