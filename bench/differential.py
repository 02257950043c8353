"""Differential runs against the reference engines: random tournaments paired by both.

    .venv/bin/python bench/differential.py --system dutch --count 200
    .venv/bin/python bench/differential.py --system burstein-2017 --count 50 --max-players 400 --jobs 2

Half of the tournaments come from the reference's own generator (``-g``; Arbiter's checker
then re-pairs every round and must find each one as recorded, colours included), half
from ``arbiter generate`` (the reference's checker ``-c`` must find each round as Arbiter
paired it). Sizes are log-uniform between ``--min-players`` and ``--max-players``; every
other setting (draws, forfeits, byes, absences, withdrawals, late entries, point system,
initial colour, acceleration, forbidden pairs, TRF16 or TRF-2026) varies with the case.
The cases depend only on ``--seed``, so a reported case can be rerun alone with
``--case N``. ``tests/engine/test_differential.py`` runs the same cases at CI size.
"""

from __future__ import annotations

import argparse
import math
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.generator import GeneratorSettings, UnpairableRound, generate
from engine.model import Colour, PointSystem
from trf import read_trf, write_trf
from trf.checker import check_document
from trf.export import Profile
from trf.generated import generated_document

ROOT = Path(__file__).resolve().parents[1]
BINARIES = ROOT.parent / "shared" / "reference-engines"
RETRIES, SEED_STEP = 5, 100_000


@dataclass(frozen=True, slots=True)
class Reference:
    """A reference binary and the flag that selects the system it implements."""

    system: str
    edition: str
    binary: str
    flag: str
    formats: tuple[Profile, ...]
    """TRF profiles it reads completely (v5.0.1 ignores TRF-2026's 250 acceleration records)."""

    @property
    def path(self) -> Path:
        return BINARIES / self.binary


REFERENCES = {
    "dutch": Reference("dutch", "fide-2026", "bbpPairings-master", "--dutch", ("trf16", "trf26")),
    "dutch-2017": Reference("dutch", "fide-2017", "bbpPairings-v5.0.1", "--dutch", ("trf16",)),
    "burstein-2017": Reference(
        "burstein", "fide-2017", "bbpPairings-v5.0.1", "--burstein", ("trf16",)
    ),
}
"""The systems with an endorsed reference binary in ../shared/reference-engines (v5.0.1 is
the endorsed engine of the pre-2026 Dutch and Burstein rules)."""


@dataclass(frozen=True, slots=True)
class Case:
    """One random tournament: who generates it and with which settings."""

    number: int
    source: str
    """``reference`` (its ``-g``) or ``arbiter`` (``arbiter generate``)."""
    seed: int
    players: int
    rounds: int
    profile: Profile
    settings: dict[str, float | int | bool | str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Outcome:
    case: Case
    rounds: int
    differing: tuple[int, ...] = ()
    detail: str = ""
    seconds: float = 0.0
    unpairable: int = 0
    """The round both engines found no legal pairing for (arbiter-generated cases)."""

    @property
    def agrees(self) -> bool:
        return not self.differing and not self.detail


def cases(reference: Reference, count: int, low: int, high: int, seed: int = 2026) -> list[Case]:
    """``count`` cases, alternating the two generators, the same for the same arguments."""
    dice = random.Random(seed)
    found = []
    for number in range(count):
        players = round(math.exp(math.log(low) + dice.random() * (math.log(high) - math.log(low))))
        rounds = 3 + int(dice.random() * (min(11, max(3, players // 2 + 1)) - 2))
        source = "reference" if number % 2 == 0 else "arbiter"
        profile = reference.formats[int(dice.random() * len(reference.formats))]
        if source == "reference":
            settings = _reference_settings(dice)
        else:
            settings = _arbiter_settings(dice, players)
        found.append(Case(number, source, 1000 + number, players, rounds, profile, settings))
    return found


def _pick(dice: random.Random, *choices: float) -> float:
    return choices[int(dice.random() * len(choices))]


def _reference_settings(dice: random.Random) -> dict[str, float | int | bool | str]:
    """bbpPairings ``-g`` keys; rates are one in N (1000: effectively none)."""
    low = int(_pick(dice, 1000, 1400, 1800))
    three = dice.random() < 0.15
    return {
        "DrawPercentage": int(_pick(dice, 0, 10, 20, 30, 40, 50, 60)),
        "ForfeitRate": int(_pick(dice, 8, 12, 20, 40, 1000)),
        "RetiredRate": int(_pick(dice, 5, 8, 15, 30, 1000)),
        "HalfPointByeRate": int(_pick(dice, 5, 8, 15, 30, 1000)),
        "LowestRating": low,
        "HighestRating": low + int(_pick(dice, 400, 800, 1200)),
        "PointsForWin": 3 if three else 1,
        "PointsForDraw": 1 if three else 0.5,
    }


def _arbiter_settings(dice: random.Random, players: int) -> dict[str, float | int | bool | str]:
    return {
        "draw_share": _pick(dice, 0.0, 0.2, 0.35, 0.6),
        "forfeit_rate": _pick(dice, 0.0, 0.02, 0.05, 0.1),
        "half_bye_rate": _pick(dice, 0.0, 0.05, 0.15),
        "zero_bye_rate": _pick(dice, 0.0, 0.05, 0.15),
        "withdraw_rate": _pick(dice, 0.0, 0.03, 0.1),
        "late_entry_rate": _pick(dice, 0.0, 0.05, 0.1),
        "forbidden_pairs": int(_pick(dice, 0, 0, 1, 3)) if players >= 8 else 0,
        "accelerate": dice.random() < 0.25,
        "random_colour": dice.random() < 0.5,
        "three_points": dice.random() < 0.15,
    }


def run_case(reference: Reference, case: Case) -> Outcome:
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="arbiter-diff-") as folder:
        path = Path(folder) / f"case{case.number}.trf"
        if case.source == "reference":
            outcome = _reference_generated(reference, case, path)
        else:
            outcome = _arbiter_generated(reference, case, path)
    return replace(outcome, seconds=time.monotonic() - started)


def _reference_generated(reference: Reference, case: Case, path: Path) -> Outcome:
    """The reference's tournament, re-paired by Arbiter. When its generator meets a round
    without a legal pairing it writes nothing; the case then moves on to the next seeds."""
    config = path.with_suffix(".cfg")
    keys = {"PlayersNumber": case.players, "RoundsNumber": case.rounds, **case.settings}
    config.write_text("".join(f"{k}={v}\n" for k, v in keys.items()))
    for seed in range(case.seed, case.seed + RETRIES * SEED_STEP, SEED_STEP):
        done = subprocess.run(
            [str(reference.path), reference.flag, "-g", str(config), "-o", str(path),
             "-s", str(seed)],
            capture_output=True, text=True, check=False,
        )  # fmt: skip
        if done.returncode != 1:
            break
    if done.returncode != 0:
        error = done.stderr.strip()
        return Outcome(case, 0, detail=f"reference -g exit {done.returncode}: {error}")
    document = read_trf(path.read_bytes())[0]
    report = check_document(document, reference.system, reference.edition)
    differing = tuple(check.round_no for check in report.rounds if not check.ok)
    detail = "; ".join(check.line() for check in report.rounds if not check.ok)
    return Outcome(case, len(report.rounds), differing, detail)


def arbiter_settings(reference: Reference, case: Case) -> GeneratorSettings:
    """The generator settings of an ``arbiter``-sourced case."""
    s = case.settings
    points = PointSystem()
    if s["three_points"]:
        points = PointSystem(win=Fraction(3), draw=Fraction(1), forfeit_win=Fraction(3),
                             pab=Fraction(3), full_bye=Fraction(3), half_bye=Fraction(1))  # fmt: skip
    return GeneratorSettings(
        players=case.players, rounds=case.rounds, system=reference.system,
        rules_edition=reference.edition, draw_share=float(s["draw_share"]),
        forfeit_rate=float(s["forfeit_rate"]), half_bye_rate=float(s["half_bye_rate"]),
        zero_bye_rate=float(s["zero_bye_rate"]), withdraw_rate=float(s["withdraw_rate"]),
        late_entry_rate=float(s["late_entry_rate"]), forbidden_pairs=int(s["forbidden_pairs"]),
        accelerate=bool(s["accelerate"]), points=points,
        initial_colour=None if s["random_colour"] else Colour.WHITE,
    )  # fmt: skip


def _arbiter_generated(reference: Reference, case: Case, path: Path) -> Outcome:
    try:
        tournament = generate(arbiter_settings(reference, case), case.seed)
    except UnpairableRound as error:
        return _unpairable(reference, case, path, error)
    path.write_text(write_trf(generated_document(tournament, case.profile)), newline="")
    done = subprocess.run(
        [str(reference.path), reference.flag, str(path), "-c"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    if done.returncode != 0:
        return Outcome(
            case, 0, detail=f"reference -c exit {done.returncode}: {done.stderr.strip()}"
        )
    checked, differing = reference_check(done.stdout)
    if checked != case.rounds:
        return Outcome(
            case, checked, differing, f"reference checked {checked} of {case.rounds} rounds"
        )
    return Outcome(case, checked, differing, "")


def _unpairable(reference: Reference, case: Case, path: Path, error: UnpairableRound) -> Outcome:
    """Arbiter found no legal pairing for a round: the reference must find none either
    (exit code 1) for the rounds played before it and the byes announced for it."""
    path.write_text(write_trf(generated_document(error.partial, case.profile)), newline="")
    done = subprocess.run(
        [str(reference.path), reference.flag, str(path), "-p", str(path.with_suffix(".out"))],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    if done.returncode != 1:
        return Outcome(case, 0, detail=f"{error}, but the reference exits {done.returncode}")
    played = min(len(player.slots) for player in error.partial.players)
    return Outcome(case, played, unpairable=played + 1)


def reference_check(output: str) -> tuple[int, tuple[int, ...]]:
    """(rounds checked, rounds that differ) from bbpPairings' ``-c`` output: a ``NAME: Round
    #k`` line per round, followed by a ``Checker pairings`` table when the round differs."""
    rounds = 0
    differing: list[int] = []
    for line in output.splitlines():
        if ": Round #" in line:
            rounds = int(line.rsplit("#", 1)[1])
        elif "Checker pairings" in line:
            differing.append(rounds)
    return rounds, tuple(differing)


def run(reference: Reference, chosen: list[Case], jobs: int) -> Iterator[Outcome]:
    if jobs <= 1:
        for case in chosen:
            yield run_case(reference, case)
        return
    with ProcessPoolExecutor(jobs) as pool:
        yield from pool.map(run_case, [reference] * len(chosen), chosen)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--system", choices=sorted(REFERENCES), default="dutch")
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--min-players", type=int, default=5)
    parser.add_argument("--max-players", type=int, default=150)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--case", type=int, default=None, help="run only this case number")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    reference = REFERENCES[args.system]
    if not reference.path.exists():
        print(f"reference binary not found: {reference.path}", file=sys.stderr)
        return 2
    chosen = cases(reference, args.count, args.min_players, args.max_players, args.seed)
    if args.case is not None:
        chosen = [chosen[args.case]]
    totals = {"reference": [0, 0, 0, 0, 0], "arbiter": [0, 0, 0, 0, 0]}
    failures = []
    for done, outcome in enumerate(run(reference, chosen, args.jobs), start=1):
        total = totals[outcome.case.source]
        total[0] += 1
        total[1] += outcome.agrees
        total[2] += outcome.rounds
        total[3] += outcome.rounds - len(outcome.differing)
        total[4] += bool(outcome.unpairable)
        if not outcome.agrees:
            failures.append(outcome)
        print(f"\r{done}/{len(chosen)} tournaments", end="", file=sys.stderr)
    print(file=sys.stderr)
    print(f"{args.system} ({reference.binary} {reference.flag}), seed {args.seed}, "
          f"{args.min_players}-{args.max_players} players")  # fmt: skip
    for source, (tournaments, agreeing, rounds, rounds_ok, unpairable) in totals.items():
        print(
            f"  generated by {source:9}: {agreeing}/{tournaments} tournaments agree, "
            f"{rounds_ok}/{rounds} rounds; both find no pairing for a round in {unpairable}"
        )
    for outcome in failures:
        case = outcome.case
        print(f"  case {case.number} ({case.source}, seed {case.seed}, {case.players} players, "
              f"{case.rounds} rounds, {case.profile}): rounds {list(outcome.differing)} "
              f"{outcome.detail}")  # fmt: skip
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
