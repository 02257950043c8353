"""Schemathesis against the running server, as the CI test and ``bench.contract`` run it.

The app serves on a real port in a thread; a tournament with four players and a paired
round is seeded so that generated requests also reach existing resources. ``st run`` runs
every check (``positive_data_acceptance`` replaced by ``schema_valid_is_read``, see
:mod:`tests.server.http.contract_checks`) and the stateful phase over the links the
document declares (none inferred, so the coverage counted is theirs).
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import msgspec
import requests
from aiohttp import web

from server.http.app import create_app
from tests.server.http.support import TOKEN, make_settings

CONFIG = """\
[checks.missing_required_header]
# A write without If-Match is 428 Precondition Required (RFC 6585), as documented.
expected-statuses = [400, 401, 403, 406, 415, 422, 428]

[checks.negative_data_rejection]
# 412 refuses too: a stale If-Match is answered before the decision reads the body.
expected-statuses = [400, 401, 403, 404, 405, 406, 409, 412, 415, 422, 428, 429, "5xx"]

[checks.not_a_server_error]
# 501: a pairing system no engine of this server offers (documented on pairRound).
expected-statuses = ["2xx", "3xx", "4xx", "501"]

[phases.stateful]
# Long enough for the chains the links declare (list, read, write, read what it made):
# at schemathesis' default of 6 steps CI's run followed 6 of 31 links, at 30 it follows
# 19-29 (runs vary with the server's answers, the seed being fixed).
max-steps = 30

[phases.stateful.inference]
algorithms = []
"""

_LINKS = re.compile(r"API Links:\s+(\d+) covered / (\d+) selected / (\d+) total")


@dataclass(frozen=True)
class Outcome:
    """What one ``st run`` found."""

    operations: int
    cases: int
    failures: int
    links_covered: int
    links_total: int
    seconds: float
    exit_code: int
    output: str


@contextmanager
def serving(db: Path) -> Iterator[str]:
    """The app on a free port of 127.0.0.1, in a thread with its own event loop."""
    loop = asyncio.new_event_loop()
    # The ignored_auth check follows each authorised request with a wrong token, all from
    # one address: past the lockout's limits (tests/server/http/test_security.py) those
    # would be answered 429, not the 401 the check is there to see.
    settings = msgspec.structs.replace(make_settings(db), failed_auth_limit=1_000_000)
    runner = web.AppRunner(create_app(settings))
    loop.run_until_complete(runner.setup())
    loop.run_until_complete(web.TCPSite(runner, "127.0.0.1", 0).start())
    port = runner.addresses[0][1]
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join()
        loop.run_until_complete(runner.cleanup())
        loop.close()


def seed(url: str) -> None:
    """Tournament ``open``: four players, round 1 paired."""
    auth = {"Authorization": f"Bearer {TOKEN}"}
    created = {"tournament_id": "open", "name": "Open", "rounds": 5}
    assert requests.post(f"{url}/tournaments", json=created, headers=auth, timeout=10).ok
    for surname in ("Aune", "Brandt", "Carlsen", "Dahl"):
        response = requests.post(
            f"{url}/tournaments/open/players",
            json={"surname": surname},
            headers={**auth, "If-Match": "*"},
            timeout=10,
        )
        assert response.ok
    paired = requests.post(
        f"{url}/tournaments/open/rounds", headers={**auth, "If-Match": "*"}, timeout=30
    )
    assert paired.ok


def run_schemathesis(
    url: str, work: Path, *, seed: int, max_examples: int | None = None, max_time: int | None = None
) -> Outcome:
    """``st run`` on ``url``'s own document with every check and phase."""
    work.mkdir(parents=True, exist_ok=True)
    config = work / "schemathesis.toml"
    config.write_text(CONFIG)
    command = [
        str(Path(sys.executable).with_name("st")),
        "--config-file", str(config), "--no-color",
        "run", f"{url}/openapi.json",
        "--checks", "all",
        "--exclude-checks", "positive_data_acceptance",
        "--header", f"Authorization: Bearer {TOKEN}",
        "--seed", str(seed),
        "--workers", "1",
        "--report", "json", "--report-dir", str(work),
        "--request-timeout", "30",
    ]  # fmt: skip
    if max_examples is not None:
        command += ["--max-examples", str(max_examples)]
    if max_time is not None:
        command += ["--max-time", str(max_time)]
    env = {**os.environ, "SCHEMATHESIS_HOOKS": "tests.server.http.contract_checks"}
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    (report_path,) = work.glob("json-*.json")
    report = json.loads(report_path.read_text())
    links = _LINKS.search(done.stdout)
    return Outcome(
        operations=report["operations"]["tested"],
        cases=report["test_cases"]["generated"],
        failures=report["test_cases"]["unique_failures"],
        links_covered=int(links.group(1)) if links else 0,
        links_total=int(links.group(3)) if links else 0,
        seconds=report["running_time"],
        exit_code=done.returncode,
        output=done.stdout + done.stderr,
    )
