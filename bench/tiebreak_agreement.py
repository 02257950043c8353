"""Agreement of Arbiter's tie-breaks with FIDE's reference tool, per code, and the time taken.

Run: ``.venv/bin/python -m bench.tiebreak_agreement`` (reads ../shared/fixtures/tiebreaks).
"""

from __future__ import annotations

import time
from collections import Counter

from tests.corpus import SHARED
from tests.tiebreaks.reference import compare


def main() -> None:
    folder = SHARED / "fixtures" / "tiebreaks"
    matched: Counter[str] = Counter()
    total: Counter[str] = Counter()
    files = sorted(folder.glob("*.tiebreaks.*.json"))
    started = time.perf_counter()
    for path in files:
        for comparison in compare(path):
            key = f"{comparison.code} ({path.name.split('.')[-2]})"
            total[key] += 1
            matched[key] += comparison.agrees
    elapsed = time.perf_counter() - started
    for key in sorted(total):
        print(f"{key:<22} {matched[key]:>6} / {total[key]}")
    print(f"{'all':<22} {sum(matched.values()):>6} / {sum(total.values())} "
          f"values, {len(files)} files, {elapsed:.2f} s")  # fmt: skip


if __name__ == "__main__":
    main()
