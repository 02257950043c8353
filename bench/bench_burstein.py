"""Burstein benchmark: pairing time per round at 200, 500, 1000 and 2000 players, and the
pre-2026 corpus agreement including the problems too large for the test suite.

    .venv/bin/python bench/bench_burstein.py            # everything
    .venv/bin/python bench/bench_burstein.py --sizes 200 500 --editions 2017
    .venv/bin/python bench/bench_burstein.py --corpus-only

Each size plays one seeded tournament of nine rounds: ratings drawn uniformly from
1000-2800, results drawn from the rating difference (about a quarter of the games drawn,
one player in fifty absent for a round), every round paired by Arbiter itself. The line
gives the mean and the worst time of a round. Under the 2026 rules rounds 1-4 are Dutch
seeding rounds: they are left out of the line unless ``--dutch-seeding`` is given. The
reference engine (bbpPairings v5.0.1, C++) needs about 0.02 s, 0.16 s and 1.3 s per round
at 250, 500 and 1000 players (its pre-2026 reading).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.burstein import pair as pair_burstein
from engine.burstein.system import seeding_rounds
from engine.model import (
    Board,
    Colour,
    PairingNumber,
    PairingRequest,
    PlayerEntry,
    RoundKind,
    RoundRecord,
)

SHARED = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "burstein" / "problems"
ROUNDS = 9


def simulate(players: int, edition: str, seed: int, *, dutch_seeding: bool) -> list[float]:
    """Play a whole tournament, pairing every round with Arbiter; the seconds per round
    paired by the Burstein procedure itself.

    Under the 2026 rules the seeding rounds are Dutch rounds (Art. 1.6); they are timed
    only with ``dutch_seeding`` (that is the Dutch engine's benchmark), otherwise the
    pre-2026 engine plays them so that the later rounds start from a realistic history.
    """
    rng = random.Random(seed)
    ratings = sorted((rng.randint(1000, 2800) for _ in range(players)), reverse=True)
    histories: list[list[RoundRecord]] = [[] for _ in range(players)]
    times = []
    for round_no in range(1, ROUNDS + 1):
        absent = {i for i in range(players) if rng.random() < 0.02} if round_no > 1 else set()
        entries = tuple(
            PlayerEntry(
                PairingNumber(i + 1),
                rating=ratings[i],
                history=tuple(histories[i]),
                available=i not in absent,
            )
            for i in range(players)
        )
        request = PairingRequest(round_no, ROUNDS, entries, rules_edition=edition)
        seeding = edition == "fide-2026" and round_no <= seeding_rounds(ROUNDS)
        if seeding and not dutch_seeding:
            request = replace(request, rules_edition="fide-2017")
        start = time.perf_counter()
        pairing = pair_burstein(request)
        if not seeding or dutch_seeding:
            times.append(time.perf_counter() - start)
        _play(pairing.boards, pairing.bye, absent, ratings, histories, rng)
    return times


def _play(
    boards: tuple[Board, ...],
    bye: PairingNumber | None,
    absent: set[int],
    ratings: list[int],
    histories: list[list[RoundRecord]],
    rng: random.Random,
) -> None:
    """Record a result for every board, the PAB and the absences."""
    done = set()
    for board in boards:
        w, b = board.white - 1, board.black - 1
        expected = 1 / (1 + 10 ** ((ratings[b] - ratings[w]) / 400))
        roll = rng.random()
        if roll < 0.25:
            white_points = Fraction(1, 2)
        else:
            white_points = Fraction(1) if rng.random() < expected else Fraction(0)
        histories[w].append(RoundRecord(RoundKind.PLAYED, white_points, board.black, Colour.WHITE))
        histories[b].append(
            RoundRecord(RoundKind.PLAYED, 1 - white_points, board.white, Colour.BLACK)
        )
        done.update((w, b))
    if bye is not None:
        histories[bye - 1].append(RoundRecord(RoundKind.PAB, Fraction(1)))
        done.add(bye - 1)
    for i in absent:
        histories[i].append(RoundRecord(RoundKind.ZERO_BYE, Fraction(0)))
        done.add(i)
    assert len(done) == len(histories)


def corpus() -> None:
    """The pre-2026 corpus in process: agreement (pairs, colours, board order) and time."""
    from trf import read_trf_file
    from trf.engine_request import next_round_request

    files = sorted(SHARED.glob("*.trf"))
    if not files:
        print(f"corpus: not found at {SHARED}")
        return
    exact = boards_in_order = 0
    worst: list[tuple[float, str]] = []
    for path in files:
        document, _ = read_trf_file(path)
        request = replace(next_round_request(document), rules_edition="fide-2017")
        start = time.perf_counter()
        pairing = pair_burstein(request)
        worst.append((time.perf_counter() - start, path.stem))
        got = [(b.white, b.black) for b in pairing.boards]
        got += [(pairing.bye, 0)] if pairing.bye is not None else []
        numbers = [int(t) for t in path.with_name(path.stem + ".pairing.txt").read_text().split()]
        expected = list(zip(numbers[1::2], numbers[2::2], strict=True))
        exact += sorted(got) == sorted(expected)
        boards_in_order += got == expected
    worst.sort(reverse=True)
    print(
        f"corpus (--rules 2017): {exact}/{len(files)} exact incl. colours, "
        f"{boards_in_order}/{len(files)} also in board order; "
        f"slowest {worst[0][1]} {worst[0][0]:.2f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[200, 500, 1000, 2000])
    parser.add_argument("--editions", nargs="*", default=["2017", "2026"])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--corpus-only", action="store_true")
    parser.add_argument(
        "--dutch-seeding", action="store_true", help="2026: also time the Dutch seeding rounds"
    )
    args = parser.parse_args()
    corpus()
    if args.corpus_only:
        return
    for edition in args.editions:
        for size in args.sizes:
            times = simulate(size, f"fide-{edition}", args.seed, dutch_seeding=args.dutch_seeding)
            first = 1 if edition == "2017" or args.dutch_seeding else seeding_rounds(ROUNDS) + 1
            print(
                f"burstein --rules {edition}: {size:5d} players, rounds {first}-{ROUNDS}: "
                f"mean {statistics.mean(times):.3f} s, worst {max(times):.3f} s "
                f"(round {times.index(max(times)) + first})",
                flush=True,
            )


if __name__ == "__main__":
    main()
