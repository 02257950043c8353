"""The served OpenAPI document against the server, by schemathesis (issues 16 and 35).

``st run`` generates requests from the document (examples, values at and past every bound,
random ones, and sequences along the declared links) and runs every check on each answer:
no server error, a status, content type, headers and body the document lists, schema-
violating requests refused, and requests the document allows never refused by a schema
problem (:mod:`tests.server.http.contract_checks`). Bounded (25 examples per operation, 30
steps a sequence, a fixed seed) to stay a CI test; ``python -m bench.contract`` runs the
long one.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import requests

from tests.server.http.contract import run_schemathesis, seed, serving

pytestmark = pytest.mark.slow


def test_the_server_keeps_its_documented_contract(tmp_path: Path) -> None:
    with serving(tmp_path / "arbiter.db") as url:
        seed(url)
        outcome = run_schemathesis(url, tmp_path / "schemathesis", seed=1, max_examples=25)
    assert (outcome.exit_code, outcome.failures) == (0, 0), outcome.output[-6000:]
    assert outcome.operations >= 43  # every route (more as routes are added)
    # Sequences follow more than half the declared links (the stateful phase's coverage).
    assert outcome.links_total >= 30, outcome.output[-3000:]
    assert outcome.links_covered > outcome.links_total / 2, outcome.output[-3000:]


def test_the_document_served_is_the_one_checked(tmp_path: Path) -> None:
    with serving(tmp_path / "arbiter.db") as url:
        served = requests.get(f"{url}/openapi.json", timeout=10)
    assert served.json() == json.loads(Path("server/http/openapi.json").read_text())
