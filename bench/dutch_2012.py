"""The 2012 Dutch edition's speed on its corpus, this tree against a baseline commit.

JaVaFo 1.4, the reference engine of that edition, is not among ../shared/reference-engines,
so the ratio is taken against Arbiter itself at ``--baseline``: each tree pairs every problem
of ../shared/fixtures/dutch-2012 by ``fide-2012`` in a process of its own (the requests are
read before the clock starts), the two trees taking turns ``--repeat`` times so that the
machine's load weighs on both alike. The table gives each run's CPU seconds, the medians and
their ratio (this tree / baseline).

Run: ``.venv/bin/python -m bench.dutch_2012 [--baseline REV] [--repeat N]`` from the
repository root (needs git for the baseline tree).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from bench.scale import ROOT, baseline_tree

SHARED = ROOT.parent / "shared"
BASELINE = "7da0c88"
"""The commit before issue #31's dutch-h06 fix (X per part of a heterogeneous bracket)."""

CHILD = """
import time
from dataclasses import replace
from engine import pair
from tests.engine.corpus_problems import problem_request, problems
requests = [replace(problem_request(p), rules_edition="fide-2012") for p in problems("dutch-2012")]
start = time.process_time()
for request in requests:
    pair(request, "dutch")
print(len(requests), time.process_time() - start)
"""


def corpus_seconds(tree: Path) -> tuple[int, float]:
    """Problems paired and CPU seconds spent pairing them, in a fresh process on ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree), "ARBITER_SHARED": str(SHARED)}
    out = subprocess.run(
        [sys.executable, "-c", CHILD], cwd=tree, env=env, check=True, capture_output=True
    ).stdout.split()
    return int(out[0]), float(out[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default=BASELINE, help="commit to compare with")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each tree")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        baseline = baseline_tree(Path(folder), args.baseline)
        runs: dict[str, list[float]] = {"this tree": [], args.baseline: []}
        for _ in range(args.repeat):
            for name, tree in ((args.baseline, baseline), ("this tree", ROOT)):
                count, seconds = corpus_seconds(tree)
                runs[name].append(seconds)
    print(f"dutch-2012 corpus, {count} problems, fide-2012, CPU seconds per run")
    for name, seconds in runs.items():
        each = " ".join(f"{s:6.2f}" for s in seconds)
        print(f"  {name:>10}: {each}   median {statistics.median(seconds):6.2f}")
    ratio = statistics.median(runs["this tree"]) / statistics.median(runs[args.baseline])
    print(f"  ratio this tree / {args.baseline}: {ratio:.2f}")


if __name__ == "__main__":
    main()
