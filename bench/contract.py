"""The contract, long: schemathesis against the server for a time budget (issue 35).

    .venv/bin/python -m bench.contract [--seconds 600] [--seed 1]

The same run as CI's slow test (``tests/server/http/contract.py``: every check, every
phase, the declared links), bounded by time instead of examples, so fuzzing and stateful
sequences repeat until it is spent. Prints the operations, cases, failures and the links
the stateful phase followed; any failure is printed whole and the exit code is 1.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from tests.server.http.contract import run_schemathesis, seed, serving


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as work, serving(Path(work) / "arbiter.db") as url:
        seed(url)
        outcome = run_schemathesis(
            url, Path(work) / "schemathesis", seed=options.seed, max_time=options.seconds
        )
    if outcome.failures:
        print(outcome.output)
    print(
        f"{outcome.seconds:.0f} s, {outcome.operations} operations, {outcome.cases:,} cases, "
        f"{outcome.failures} failures; links followed {outcome.links_covered} of "
        f"{outcome.links_total}"
    )
    return 1 if outcome.failures or outcome.exit_code else 0


if __name__ == "__main__":
    sys.exit(main())
