"""Benchmark: one late Dutch round at federation scale, Arbiter against the reference engine
in the same run, same input, outputs compared.

For each field size an event is generated (seeded), rounds ``1 .. R-1`` of an event of
``--rounds`` rounds, and the problem "pair round R" (``--pair-round``, default
``rounds - 2``) is paired ``--repeat`` times by
``arbiter pair --dutch`` and (with ``--reference``) by the reference binary, each in its own
process. CPU time (user + sys) and peak resident memory are those of that child process
alone (``os.wait4``), so the figures hold on a busy machine where wall time does not. The
table gives the median CPU time, the largest peak, and whether every run of Arbiter wrote
exactly the reference's pairing::

    .venv/bin/python -m bench.dutch_scale --players 1000 2000 --history-system lim \\
        --reference ../shared/reference-engines/bbpPairings-master

Events come from ``arbiter generate`` (``--events arbiter``, the default): rounds
``1 .. R-1`` paired by ``--history-system``, round R cut from it by setting the event's round
count. Dutch's own early rounds are one bracket of every player and take many minutes at
2,000 players and more, so ``--history-system lim`` (Arbiter's Lim engine, seconds per round)
makes the history of the large fields: any valid history is a fair problem for the Dutch
round that is measured and compared. ``--events reference`` uses the reference binary's
``-g`` generator instead (hours at 2,000 players). ``--problems`` adds ready-made problems
(for example the corpus's 1,000-player rounds). Generated events are cached in ``--workdir``
by size, rounds, seed and history system.

A reference run longer than ``--reference-timeout`` seconds (wall) is stopped and reported
as "> N s (stopped)", N its CPU seconds so far; sizes above ``--reference-max-players`` are
paired by Arbiter alone.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

SHARED = Path(__file__).resolve().parents[2] / "shared"
TRUNCATE = SHARED / "tools" / "trf_truncate.py"
ARBITER = [sys.executable, "-c", "from server.cli import main; main()"]
GENERATOR_SETTINGS = {
    "DrawPercentage": 30,
    "ForfeitRate": 100,
    "RetiredRate": 100,
    "HalfPointByeRate": 100,
    "LowestRating": 1000,
    "HighestRating": 2700,
}


@dataclass(frozen=True)
class Run:
    cpu: float
    peak_mb: float
    output: str
    stopped: bool = False


def run_child(
    command: list[str], output: Path, timeout: float | None = None, *, printed: bool = False
) -> Run:
    """Run ``command`` (which writes ``output``, or with ``printed`` prints what goes
    there) and take its own CPU time and peak memory; stop it after ``timeout`` seconds of
    wall time. With ``printed`` an exit status of 1 is an answer ("differs"), not a
    failure."""
    output.unlink(missing_ok=True)
    printed_to = output.open("w") if printed else None
    stdout = printed_to if printed_to is not None else subprocess.DEVNULL
    process = subprocess.Popen(command, stdout=stdout, stderr=subprocess.PIPE)
    started = time.monotonic()
    stopped = False
    while True:
        pid, status, usage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            break
        if timeout is not None and time.monotonic() - started > timeout:
            process.kill()
            stopped = True
        time.sleep(0.05)
    stderr = process.stderr.read().decode() if process.stderr else ""
    if printed_to is not None:
        printed_to.close()
    if status != 0 and not stopped and not (printed and os.waitstatus_to_exitcode(status) == 1):
        raise SystemExit(f"{command[0]} failed ({status}): {stderr.strip()[-500:]}")
    text = output.read_text() if output.exists() and not stopped else ""
    return Run(usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, text, stopped)


def _settings(players: int, played: int) -> str:
    settings = {"PlayersNumber": players, "RoundsNumber": played, **GENERATOR_SETTINGS}
    return "".join(f"{key}={value}\n" for key, value in settings.items())


def generate_with_arbiter(
    system: str, players: int, rounds: int, pair_round: int, seed: int, workdir: Path
) -> Path:
    """The problem "pair round ``pair_round``" of an event ``arbiter generate`` played with
    ``system`` up to the round before (cached)."""
    stem = f"dutch-p{players:05d}-r{pair_round:02d}of{rounds:02d}-s{seed}-{system}"
    problem = workdir / f"{stem}.trf"
    if problem.exists():
        return problem
    config = workdir / f"{stem}.cfg"
    config.write_text(_settings(players, pair_round - 1))
    played = workdir / f"{stem}.played.trf"
    if not played.exists():
        command = [*ARBITER, "generate", "--system", system, "--config", str(config)]
        partial = played.with_suffix(".partial")
        subprocess.run([*command, "--seed", str(seed), "-o", str(partial)], check=True)
        partial.rename(played)
    # The event has ``rounds`` rounds, of which the file holds the first ``pair_round - 1``.
    lines = played.read_text().splitlines()
    lines = [line for line in lines if not line.startswith("XXR")] + [f"XXR {rounds}"]
    problem.write_text("\n".join(lines) + "\n")
    return problem


def generate_with_reference(
    generator: Path, players: int, rounds: int, pair_round: int, seed: int, workdir: Path
) -> Path:
    """The problem "pair round ``pair_round``" of an event made by the reference binary's
    ``-g`` generator (cached)."""
    stem = f"dutch-p{players:05d}-r{pair_round:02d}of{rounds:02d}-s{seed}"
    problem = workdir / f"{stem}.trf"
    if problem.exists():
        return problem
    config = workdir / f"{stem}.cfg"
    config.write_text(_settings(players, pair_round - 1))
    played = workdir / f"{stem}.played.trf"
    command = [str(generator), "--dutch", "-g", str(config), "-o", str(played.resolve())]
    subprocess.run([*command, "-s", str(seed)], check=True, capture_output=True)
    # The generator played rounds 1 .. R-1 only; the event has ``rounds`` rounds.
    text = played.read_text().replace("\r\n", "\n").replace("\r", "\n")
    played.write_text(text.rstrip("\n") + f"\nXXR {rounds}\n")
    subprocess.run(
        [sys.executable, str(TRUNCATE), str(played), str(pair_round), "-o", str(problem)],
        check=True,
        capture_output=True,
    )
    return problem


def _players_in(problem: Path) -> int:
    """The number of player (001) lines of a TRF file."""
    return sum(1 for line in problem.read_text().splitlines() if line.startswith("001"))


def _same(a: str, b: str) -> bool:
    return a.split() == b.split()


def bench_size(
    problem: Path, repeat: int, reference: Path | None, timeout: float, workdir: Path
) -> tuple[list[Run], list[Run]]:
    """Pair ``problem`` ``repeat`` times with each engine, alternating; a stopped reference
    run is not repeated."""
    # Named per process: two benches sharing the cache must not read each other's output.
    ours_path = (workdir / f"arbiter-{os.getpid()}.txt").resolve()
    theirs_path = (workdir / f"reference-{os.getpid()}.txt").resolve()
    ours: list[Run] = []
    theirs: list[Run] = []
    for _ in range(repeat):
        ours.append(
            run_child([*ARBITER, "pair", "--dutch", str(problem), "-p", str(ours_path)], ours_path)
        )
        if reference is not None and not any(run.stopped for run in theirs):
            command = [str(reference), "--dutch", str(problem), "-p", str(theirs_path)]
            theirs.append(run_child(command, theirs_path, timeout))
    return ours, theirs


def bench_check(
    tournament: Path, repeat: int, reference: Path | None, timeout: float, workdir: Path
) -> tuple[list[Run], list[Run]]:
    """Check every round of the finished ``tournament`` ``repeat`` times with each engine
    (``arbiter check``, the reference's ``-c``), alternating."""
    ours_path = workdir / f"arbiter-check-{os.getpid()}.txt"
    theirs_path = workdir / f"reference-check-{os.getpid()}.txt"
    ours: list[Run] = []
    theirs: list[Run] = []
    for _ in range(repeat):
        command = [*ARBITER, "check", "--system", "dutch", str(tournament)]
        ours.append(run_child(command, ours_path, printed=True))
        if reference is not None and not any(run.stopped for run in theirs):
            command = [str(reference), "--dutch", str(tournament.resolve()), "-c"]
            theirs.append(run_child(command, theirs_path, timeout, printed=True))
    return ours, theirs


def check_row(ours: list[Run], theirs: list[Run]) -> str:
    """One line of the checker table: CPU, peaks, ratio and both verdicts (Arbiter's
    summary line; the reference prints a table headed "Checker pairings" under a round
    that differs)."""
    our_cpu = statistics.median(run.cpu for run in ours)
    ours_verdict = ours[0].output.strip().splitlines()[-1] if ours[0].output.strip() else "?"
    if not theirs:
        return f"{our_cpu:13.2f} | {'-':>15} | {'-':>6} | {ours_verdict}"
    their_cpu = statistics.median(run.cpu for run in theirs)
    stopped = any(run.stopped for run in theirs)
    theirs_verdict = (
        "stopped"
        if stopped
        else "differs"
        if any("Checker pairings" in run.output for run in theirs)
        else "no discrepancy"
    )
    ratio = f"{'< ' if stopped else ''}{our_cpu / their_cpu:.3f}"
    peaks = f"{max(r.peak_mb for r in ours):5.0f} / {max(r.peak_mb for r in theirs):5.0f}"
    return (
        f"{our_cpu:13.2f} | {their_cpu:15.2f} | {ratio:>6} | {peaks} | "
        f"{ours_verdict}; reference: {theirs_verdict} | {os.getloadavg()[0]:.1f}"
    )


def row(players: int, ours: list[Run], theirs: list[Run]) -> str:
    """One line of the table."""
    our_cpu = statistics.median(run.cpu for run in ours)
    our_peak = max(run.peak_mb for run in ours)
    load = os.getloadavg()[0]
    if not theirs:
        consistent = all(_same(a.output, ours[0].output) for a in ours)
        return (
            f"{players:>7} | {our_cpu:13.2f} | {'-':>15} | {'-':>6} | "
            f"{our_peak:5.0f} /     - | - ({'stable' if consistent else 'UNSTABLE'}) | {load:.1f}"
        )
    if any(run.stopped for run in theirs):
        stopped = max(run.cpu for run in theirs)
        their_cpu_text = f"> {stopped:.0f} (stopped)"
        ratio_text = f"< {our_cpu / stopped:.3f}"
        return (
            f"{players:>7} | {our_cpu:13.2f} | {their_cpu_text:>15} | "
            f"{ratio_text:>6} | {our_peak:5.0f} / "
            f"{max(run.peak_mb for run in theirs):5.0f} | - | {load:.1f}"
        )
    their_cpu = statistics.median(run.cpu for run in theirs)
    their_peak = max(run.peak_mb for run in theirs)
    same = all(_same(a.output, theirs[0].output) for a in ours + theirs)
    return (
        f"{players:>7} | {our_cpu:13.2f} | {their_cpu:15.2f} | "
        f"{our_cpu / their_cpu:6.3f} | {our_peak:5.0f} / {their_peak:5.0f} | "
        f"{'yes' if same else 'NO'} | {load:.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="*", default=[200, 500, 1000])
    parser.add_argument(
        "--problems", type=Path, nargs="*", default=[], help="also pair these TRF problems"
    )
    parser.add_argument("--rounds", type=int, default=9, help="rounds of the event (default 9)")
    parser.add_argument("--pair-round", type=int, help="the round paired (default rounds - 2)")
    parser.add_argument(
        "--check",
        type=Path,
        nargs="*",
        default=[],
        help="also check every round of these finished tournaments (check against -c)",
    )
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--reference", type=Path, help="reference binary to compare with")
    parser.add_argument(
        "--events", choices=["arbiter", "reference"], default="arbiter", help="who generates"
    )
    parser.add_argument(
        "--history-system", default="dutch", help="system of the generated rounds (arbiter)"
    )
    parser.add_argument("--generator", type=Path, help="binary whose -g makes the events")
    parser.add_argument("--reference-max-players", type=int, default=2000)
    parser.add_argument("--reference-timeout", type=float, default=600.0)
    parser.add_argument("--workdir", type=Path, default=Path("/tmp/arbiter-dutch-scale"))
    args = parser.parse_args()
    pair_round = args.pair_round or args.rounds - 2
    if not 2 <= pair_round <= args.rounds:
        parser.error("--pair-round must be between 2 and --rounds")
    generator = args.generator or args.reference
    if args.events == "reference" and generator is None:
        parser.error("--events reference needs --reference or --generator (its -g generator)")
    args.workdir.mkdir(parents=True, exist_ok=True)

    def event(players: int) -> Path:
        if args.events == "reference":
            assert generator is not None
            return generate_with_reference(
                generator, players, args.rounds, pair_round, args.seed, args.workdir
            )
        return generate_with_arbiter(
            args.history_system, players, args.rounds, pair_round, args.seed, args.workdir
        )

    jobs = [(players, event(players)) for players in args.players]
    jobs += [(_players_in(problem), problem) for problem in args.problems]
    history = args.history_system if args.events == "arbiter" else "reference -g"
    if args.players:
        print(f"round {pair_round} of a {args.rounds}-round event (rounds before: {history})")
    print(
        f"seed {args.seed}; CPU s = median of {args.repeat} (user + sys), peak = largest RSS; "
        f"{os.cpu_count()} CPUs"
    )
    if jobs:
        print(
            f"{'players':>7} | {'Arbiter CPU s':>13} | {'reference CPU s':>15} | "
            f"{'ratio':>6} | {'peak MB both':>13} | identical | load"
        )
    for players, problem in jobs:
        if args.problems:
            print(f"{problem.name}:")
        reference = args.reference if players <= args.reference_max_players else None
        ours, theirs = bench_size(
            problem, args.repeat, reference, args.reference_timeout, args.workdir
        )
        print(row(players, ours, theirs))
        sys.stdout.flush()
    if args.check:
        print(
            f"checking finished tournaments: {'Arbiter CPU s':>13} | {'reference CPU s':>15} | "
            f"{'ratio':>6} | {'peak MB both':>13} | verdicts | load"
        )
    for tournament in args.check:
        ours, theirs = bench_check(
            tournament, args.repeat, args.reference, args.reference_timeout, args.workdir
        )
        print(f"{tournament.name}: {check_row(ours, theirs)}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
