"""Operating the server (issue 16): logs, health and readiness, a busy store, what the
public event log shows, idempotency keys per tournament, the token file."""

from __future__ import annotations

import json
import logging
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from server.http.app import create_app
from server.http.logs import JsonFormatter
from server.settings import read_token_file
from tests.server.http.support import Api, make_settings

OPEN = {"tournament_id": "open", "name": "Open", "rounds": 5}


async def test_a_busy_store_is_a_logged_503_with_retry_after(
    aiohttp_client: Any, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    db = tmp_path / "busy.db"
    api = Api(await aiohttp_client(create_app(make_settings(db, busy_timeout_ms=50))))
    assert (await api.post("/tournaments", OPEN))[0] == 201
    other = sqlite3.connect(db, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another process holds the write lock
    try:
        with caplog.at_level(logging.WARNING, logger="arbiter.http"):
            status, problem = await api.post("/tournaments/open/players", {"surname": "A"})
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert (status, problem["type"]) == (503, "/problems/store-busy")
    assert any("store busy" in r.getMessage() for r in caplog.records)
    async with api.client.post(
        "/tournaments/open/players",
        json={"surname": "B"},
        headers={"Authorization": "Bearer arbiter-test-token", "If-Match": "*"},
    ) as response:
        assert response.status == 201  # the lock is gone: the retry goes through
    _, players = await api.get("/tournaments/open/players")
    assert [p["surname"] for p in players["players"]] == ["B"]


async def test_a_busy_answer_carries_retry_after(aiohttp_client: Any, tmp_path: Path) -> None:
    db = tmp_path / "busy.db"
    client = await aiohttp_client(create_app(make_settings(db, busy_timeout_ms=50)))
    other = sqlite3.connect(db, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        async with client.post(
            "/tournaments", json=OPEN, headers={"Authorization": "Bearer arbiter-test-token"}
        ) as response:
            assert response.status == 503
            assert int(response.headers["Retry-After"]) >= 1
    finally:
        other.execute("ROLLBACK")
        other.close()


async def test_one_access_line_per_request(api: Api, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO, logger="arbiter.access"):
        await api.get("/tournaments/nope")
        await api.get("/health")
    lines = [r for r in caplog.records if r.name == "arbiter.access"]
    assert [(r.path, r.status) for r in lines] == [("/tournaments/nope", 404), ("/health", 200)]  # type: ignore[attr-defined]
    assert all(r.ms >= 0 for r in lines)  # type: ignore[attr-defined]
    line = json.loads(JsonFormatter().format(lines[0]))
    assert (line["logger"], line["status"], line["method"]) == ("arbiter.access", 404, "GET")


async def test_an_unexpected_error_is_logged_with_its_cause(
    api: Api, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    await api.post("/tournaments", OPEN)

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(_service(api), "load", broken)
    with caplog.at_level(logging.ERROR, logger="arbiter.http"):
        status, problem = await api.get("/tournaments/open")
    assert (status, problem["type"]) == (500, "/problems/internal-error")
    assert "disk on fire" not in json.dumps(problem)  # no cause leaves the server
    (record,) = [r for r in caplog.records if r.name == "arbiter.http"]
    assert record.exc_info is not None and "disk on fire" in str(record.exc_info[1])


def _service(api: Api) -> Any:
    from server.http import keys

    assert api.client.app is not None
    return api.client.app[keys.SERVICE]


async def test_health_readiness_and_the_problem_index(api: Api) -> None:
    assert await api.get("/health") == (200, {"status": "ok"})
    assert await api.get("/ready") == (200, {"status": "ok"})
    status, index = await api.get("/problems")
    assert status == 200
    slugs = {p["type"] for p in index["problems"]}
    assert {"/problems/store-busy", "/problems/invalid-body", "/problems/not-found"} <= slugs
    assert all(p["description"] for p in index["problems"])
    for problem in index["problems"]:
        status, described = await api.get(problem["type"])
        assert status == 200 and described == problem


async def test_the_public_event_log_keeps_private_metadata_private(api: Api) -> None:
    await api.post("/tournaments", OPEN, key="secret-retry-handle")
    _, page = await api.get("/tournaments/open/events")
    (event,) = page["events"]
    assert "idempotency_key" not in event["metadata"]
    assert "secret-retry-handle" not in json.dumps(page)
    assert event["metadata"]["source"] == "http"


async def test_idempotency_keys_are_per_tournament(api: Api) -> None:
    await api.post("/tournaments", OPEN)
    await api.post("/tournaments", {**OPEN, "tournament_id": "other"})
    first = await api.post("/tournaments/open/players", {"surname": "A"}, key="k1")
    second = await api.post("/tournaments/other/players", {"surname": "B"}, key="k1")
    assert (first[0], second[0]) == (201, 201)
    assert second[1]["replayed"] is False


def test_a_token_file_others_can_read_is_refused(tmp_path: Path) -> None:
    token = tmp_path / "token"
    token.write_text("s3cret\n")
    token.chmod(0o644)
    with pytest.raises(ValueError, match="chmod 600"):
        read_token_file(token)
    token.chmod(0o600)
    assert read_token_file(token) == "s3cret"
