"""Title norms of a real event against its standings, computed on one folded state; and the
norms of a generated open at 2,500 against 10,000 players.

``.venv/bin/python -m bench.norms``: the Graz 2026 open (275 players, eight rounds of nine,
``../shared/fixtures/trf-real``), ``events.norms.tournament_norms`` beside
``events.tiebreaks.tournament_standings`` with BH/C1 BH SB (C.07 2026), best of five runs each;
the ratio is what the norms page costs against the standings page's computation.

``--scale``: instead, two generated opens (:func:`open_field`: titles, federations, a host,
eight rounds of nine, forfeits and withdrawals) of 2,500 and 10,000 players, best of
``--times`` reports each in the same run; the ratio of their times against the ratio of
players (4) says whether the report grows linearly (before #27's fix it was quadratic:
minutes at 10,000).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from datetime import date
from functools import partial
from pathlib import Path

from events.norms import tournament_norms
from events.projections.tournament import fold
from events.results import Result
from events.tiebreaks import tournament_standings
from events.types import (
    Event,
    NotPaired,
    NotPairedReason,
    PairedBoard,
    PlayerId,
    PlayerRegistered,
    PlayerWithdrawn,
    ResultRecorded,
    RoundNo,
    RoundPaired,
    TournamentCreated,
)
from trf import import_trf

FILE = "gbtami__swisspairing__international_chessopen_graz_2026_a_r09.trf"
HOST = "ESP"
FOREIGN = ["GER", "FRA", "NED", "ENG", "ITA", "USA", "IND", "CHN", "NOR", "POL", "FID", ""]
"""Other federations; ``FID`` counts as none (1.4.3) and ``""`` is one not recorded."""


def best(run: Callable[[], object], times: int) -> float:
    spans = []
    for _ in range(times):
        start = time.perf_counter()
        run()
        spans.append(time.perf_counter() - start)
    return min(spans)


def _title(rng: random.Random, rating: int, sex: str) -> str:
    """A title likely at ``rating`` (the strong end of an open is mostly titled)."""
    if rating >= 2500:
        return rng.choice(["GM", "GM", "IM"])
    if rating >= 2350:
        return rng.choice(["IM", "FM", "FM", "GM", "WGM" if sex == "f" else ""])
    if rating >= 2200:
        return rng.choice(["FM", "", "", "WIM" if sex == "f" else "CM"])
    return ""


def _result(rng: random.Random, white: int, black: int) -> Result:
    """By the rating difference, draws around the expected score; 1% forfeits."""
    if rng.random() < 0.01:
        return Result.WHITE_WINS_BY_FORFEIT
    expected = 1 / (1 + 10 ** ((black - white) / 400))
    draw = rng.random()
    if draw < expected - 0.15:
        return Result.WHITE_WINS
    return Result.DRAW if draw < expected + 0.15 else Result.BLACK_WINS


def open_field(players: int, rounds: int, *, total_rounds: int = 9, seed: int = 1) -> list[Event]:
    """A generated open hosted by ESP (2024 regulations): ``rounds`` of ``total_rounds``
    paired by score then rating, neighbours on one board (repeats allowed), the lowest
    left over given the PAB, about one player in a hundred withdrawn each round from the third.
    """
    rng = random.Random(seed)
    events: list[Event] = [
        TournamentCreated(
            tournament_id="norms",
            name="Norms",
            rounds=total_rounds,
            federation=HOST,
            start_date=date(2024, 5, 1),
        )
    ]
    ratings: dict[int, int] = {}
    for n in range(1, players + 1):
        sex = "f" if rng.random() < 0.2 else "m"
        rating = ratings[n] = rng.randint(1600, 2700)
        events.append(
            PlayerRegistered(
                player_id=PlayerId(n),
                surname=f"P{n}",
                rating=rating,
                title=_title(rng, rating, sex),
                federation=HOST if rng.random() < 0.4 else rng.choice(FOREIGN),
                sex=sex,
            )
        )
    scores = dict.fromkeys(ratings, 0.0)
    withdrawn: set[int] = set()
    for round_no in range(1, rounds + 1):
        if round_no >= 3:
            leaving = [n for n in ratings if n not in withdrawn and rng.random() < 0.01]
            withdrawn.update(leaving)
            events += [
                PlayerWithdrawn(player_id=PlayerId(n), from_round=RoundNo(round_no))
                for n in leaving
            ]
        active = sorted(
            (n for n in ratings if n not in withdrawn), key=lambda n: (-scores[n], -ratings[n])
        )
        pab = active.pop() if len(active) % 2 else None
        boards = list(zip(active[0::2], active[1::2], strict=True))
        events.append(
            RoundPaired(
                round_no=RoundNo(round_no),
                boards=tuple(PairedBoard(white=PlayerId(w), black=PlayerId(b)) for w, b in boards),
                pab=None if pab is None else PlayerId(pab),
                not_paired=tuple(
                    NotPaired(player_id=PlayerId(n), reason=NotPairedReason.WITHDRAWN)
                    for n in sorted(withdrawn)
                ),
                system="manual",
            )
        )
        if pab is not None:
            scores[pab] += 1
        for board, (white, black) in enumerate(boards, start=1):
            result = _result(rng, ratings[white], ratings[black])
            scores[white] += float(result.white.score)
            scores[black] += float(result.black.score)
            events.append(ResultRecorded(round_no=RoundNo(round_no), board=board, result=result))
    return events


def scale(rounds: int, times: int) -> None:
    """The report of a 2,500- and of a 10,000-player open, best of ``times``, in one run."""
    spans = {}
    for players in (2_500, 10_000):
        state = fold(open_field(players, rounds))
        report = tournament_norms(state)
        spans[players] = best(partial(tournament_norms, state), times)
        print(
            f"{players:>6} players, {rounds} rounds: {spans[players]:8.2f} s"
            f"  ({len(report.players)} player-norms, {len(report.achieved)} made)"
        )
    print(f"ratio 10,000 / 2,500: {spans[10_000] / spans[2_500]:.2f} (players ratio 4.00)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    shared = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "trf-real"
    parser.add_argument("--file", type=Path, default=shared / FILE)
    parser.add_argument("--times", type=int, default=5)
    parser.add_argument(
        "--scale", action="store_true", help="2,500 against 10,000 generated players"
    )
    parser.add_argument("--rounds", type=int, default=8, help="rounds played, with --scale")
    options = parser.parse_args()
    if options.scale:
        scale(options.rounds, options.times)
        return
    events, _ = import_trf(options.file.read_bytes(), tournament_id="bench")
    state = fold(events)
    standings = best(lambda: tournament_standings(state, tiebreaks="BH/C1 BH SB", rules="2026"),
                     options.times)  # fmt: skip
    norms = best(lambda: tournament_norms(state), options.times)
    print(f"{options.file.name}: {len(state.order)} players, {state.rounds_paired} rounds")
    print(f"standings (BH/C1 BH SB): {standings * 1000:.1f} ms")
    print(
        f"norms:                   {norms * 1000:.1f} ms  ({norms / standings:.1f}x the standings)"
    )


if __name__ == "__main__":
    main()
