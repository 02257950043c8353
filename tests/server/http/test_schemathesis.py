"""The served OpenAPI document against the server, by schemathesis (issue 16 item 5).

Schemathesis generates requests from the document (valid ones, and with every bound the
document states, values at and past it) and checks each answer: never a server error, and
a body, status and content type the document allows. The run is bounded (a few examples
per operation), so it stays a CI test; a tournament with players and a paired round is
seeded first, so that generated requests also reach existing resources.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
import schemathesis
from aiohttp import web
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from server.http.app import create_app
from server.http.openapi import openapi_json
from tests.server.http.support import TOKEN, make_settings

pytestmark = pytest.mark.slow

AUTH = {"Authorization": f"Bearer {TOKEN}"}
CHECKS = [
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
    content_type_conformance,
]


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app on a real port, in a thread with its own event loop."""
    db = tmp_path_factory.mktemp("schemathesis") / "arbiter.db"
    loop = asyncio.new_event_loop()
    runner = web.AppRunner(create_app(make_settings(db)))
    loop.run_until_complete(runner.setup())
    site = web.TCPSite(runner, "127.0.0.1", 0)
    loop.run_until_complete(site.start())
    port = runner.addresses[0][1]
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{port}"
    _seed(url)
    yield url
    loop.call_soon_threadsafe(loop.stop)
    thread.join()
    loop.run_until_complete(runner.cleanup())
    loop.close()


def _seed(url: str) -> None:
    headers = {**AUTH, "If-Match": "*"}
    created = {"tournament_id": "open", "name": "Open", "rounds": 5}
    assert requests.post(f"{url}/tournaments", json=created, headers=AUTH, timeout=10).ok
    for surname in ("Aune", "Brandt", "Carlsen", "Dahl"):
        response = requests.post(
            f"{url}/tournaments/open/players",
            json={"surname": surname},
            headers=headers,
            timeout=10,
        )
        assert response.ok
    assert requests.post(f"{url}/tournaments/open/rounds", headers=headers, timeout=30).ok


schema = schemathesis.openapi.from_dict(json.loads(openapi_json()))
schema.config.phases.update(phases=["examples", "fuzzing"])


@schema.parametrize()
@settings(
    max_examples=4,
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
def test_the_server_keeps_its_documented_contract(case: Any, base_url: str) -> None:
    headers = AUTH if case.operation.method.upper() != "GET" else {}
    if case.operation.path.endswith("/events"):
        headers = {**headers, "Accept": "application/json"}  # the stream never ends
    case.call_and_validate(base_url=base_url, headers=headers, checks=CHECKS, timeout=30)


def test_the_document_served_is_the_one_checked(base_url: str) -> None:
    served = requests.get(f"{base_url}/openapi.json", timeout=10)
    assert served.json() == json.loads(Path("server/http/openapi.json").read_text())
