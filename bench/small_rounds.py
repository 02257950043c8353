"""Benchmark: small rounds, the way online platforms call a pairing program (one process per
round), Arbiter's ``arbiter pair`` against the reference binary in the same run.

Each problem is paired ``--repeat`` times by each engine, alternating, each run its own
process; the table gives the median wall time, the median CPU time (user + sys of the child)
and the largest peak resident size, and whether every run wrote the reference's pairing.
Then ``arbiter --version`` and a bare ``python -c pass`` (the interpreter's own start, the
floor under any Python program; on a busy machine it also shows how busy)::

    .venv/bin/python -m bench.small_rounds \\
        --reference ../shared/reference-engines/bbpPairings-master

The default problem is the 50-player Dutch corpus round ``dutch-t26-p0050-r05of13``. The
peak comes from GNU time (``/usr/bin/time -f %M``): a child started from this Python process
inherits its resident size in ``ru_maxrss``, which would put a 15 MB floor under the
reference's 4 MB.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

SHARED = Path(__file__).resolve().parents[2] / "shared"
PROBLEMS = SHARED / "fixtures" / "dutch" / "problems"
ARBITER = Path(sys.executable).with_name("arbiter")
GNU_TIME = Path("/usr/bin/time")


@dataclass(frozen=True)
class Run:
    wall: float
    cpu: float
    peak_mb: float


def measure(command: list[str]) -> Run:
    """Run ``command`` once: its wall time, CPU time and peak resident size."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(
        [str(GNU_TIME), "-f", "%M", *command],
        check=False,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{command[0]} failed ({done.returncode}): {done.stderr.decode()[-500:]}")
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return Run(wall, cpu, int(done.stderr.split()[-1]) / 1024)


def figures(runs: list[Run]) -> str:
    """Median wall and CPU milliseconds, largest peak."""
    wall = statistics.median(run.wall for run in runs) * 1000
    cpu = statistics.median(run.cpu for run in runs) * 1000
    return f"{wall:6.0f} ms {cpu:5.0f} ms {max(run.peak_mb for run in runs):4.0f} MB"


def bench_problem(problem: Path, reference: Path | None, repeat: int, workdir: Path) -> str:
    """One line: ``problem`` paired by both engines, alternating, outputs compared."""
    ours_path = (workdir / f"arbiter-{os.getpid()}.txt").resolve()
    theirs_path = (workdir / f"reference-{os.getpid()}.txt").resolve()
    ours: list[Run] = []
    theirs: list[Run] = []
    outputs: set[str] = set()
    for _ in range(repeat):
        ours.append(measure([str(ARBITER), "pair", "--dutch", str(problem), "-p", str(ours_path)]))
        outputs.add(" ".join(ours_path.read_text().split()))
        if reference is not None:
            theirs.append(
                measure([str(reference), "--dutch", str(problem), "-p", str(theirs_path)])
            )
            outputs.add(" ".join(theirs_path.read_text().split()))
    if reference is None:
        outputs.add(" ".join(problem.with_suffix(".pairing.txt").read_text().split()))
    players = sum(1 for line in problem.read_text().splitlines() if line.startswith("001"))
    their_figures = figures(theirs) if theirs else f"{'-':>27}"
    same = "yes" if len(outputs) == 1 else "NO"
    return f"{problem.stem:<26} {players:>7} | {figures(ours)} | {their_figures} | {same}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "problems",
        type=Path,
        nargs="*",
        default=[PROBLEMS / "dutch-t26-p0050-r05of13.trf"],
        help="TRF problems (default: the corpus's 50-player round)",
    )
    parser.add_argument("--reference", type=Path, help="reference binary to compare with")
    parser.add_argument("--repeat", type=int, default=21)
    parser.add_argument("--workdir", type=Path, default=Path("/tmp/arbiter-small-rounds"))
    args = parser.parse_args()
    if not GNU_TIME.exists():
        parser.error(f"this bench reads peak memory from GNU time, not found at {GNU_TIME}")
    args.workdir.mkdir(parents=True, exist_ok=True)
    print(f"{'problem':<26} {'players':>7} | {'Arbiter: wall, CPU, peak':<27} | ", end="")
    print(f"{'reference: wall, CPU, peak':<27} | identical")
    for problem in args.problems:
        print(bench_problem(problem, args.reference, args.repeat, args.workdir), flush=True)
    for label, command in (
        ("arbiter --version", [str(ARBITER), "--version"]),
        ("python -c pass", [sys.executable, "-c", "pass"]),
    ):
        print(f"{label:<34} | {figures([measure(command) for _ in range(args.repeat)])}")
    print(f"load average {os.getloadavg()[0]:.1f}, {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
