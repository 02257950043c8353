"""Title norms of a real event against its standings, computed on one folded state.

``.venv/bin/python -m bench.norms``: the Graz 2026 open (275 players, eight rounds of nine,
``../shared/fixtures/trf-real``), ``events.norms.tournament_norms`` beside
``events.tiebreaks.tournament_standings`` with BH/C1 BH SB (C.07 2026), best of five runs each;
the ratio is what the norms page costs against the standings page's computation.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path

from events.norms import tournament_norms
from events.projections.tournament import fold
from events.tiebreaks import tournament_standings
from trf import import_trf

FILE = "gbtami__swisspairing__international_chessopen_graz_2026_a_r09.trf"


def best(run: Callable[[], object], times: int) -> float:
    spans = []
    for _ in range(times):
        start = time.perf_counter()
        run()
        spans.append(time.perf_counter() - start)
    return min(spans)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    shared = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "trf-real"
    parser.add_argument("--file", type=Path, default=shared / FILE)
    parser.add_argument("--times", type=int, default=5)
    options = parser.parse_args()
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
