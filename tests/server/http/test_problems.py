"""The error contract: every error source answers RFC 9457 problem+json with a stable type,
a human detail and, for invalid input, a JSON pointer (or parameter) per bad field."""

from __future__ import annotations

from typing import Any

import pytest

from server.http.app import create_app
from server.settings import Settings
from tests.server.http.support import TOKEN, Api, Client, make_settings
from tests.server.http.test_players import open_with_players

AUTH = {"Authorization": f"Bearer {TOKEN}"}


async def problem(response: Any) -> dict[str, Any]:
    """Check the shape every problem shares (RFC 9457 §3.1) and return the body."""
    assert response.content_type == "application/problem+json"
    body: dict[str, Any] = await response.json(content_type=None)
    assert {"type", "title", "status", "detail", "instance"} <= set(body)
    assert body["status"] == response.status
    assert body["type"].startswith("/problems/")
    assert isinstance(body["detail"], str) and body["detail"]
    assert "Traceback" not in await response.text()
    return body


async def test_unknown_route(client: Client) -> None:
    async with client.get("/no/such/thing") as response:
        body = await problem(response)
    assert (response.status, body["type"], body["instance"]) == (
        404,
        "/problems/not-found",
        "/no/such/thing",
    )


async def test_unknown_method_lists_the_allowed_ones(client: Client) -> None:
    async with client.delete("/tournaments", headers=AUTH) as response:
        body = await problem(response)
        assert response.status == 405
        assert set(response.headers["Allow"].split(",")) == {"GET", "HEAD", "POST"}
    assert body["type"] == "/problems/method-not-allowed"


async def test_malformed_json(client: Client) -> None:
    async with client.post(
        "/tournaments", data=b'{"name": ', headers={**AUTH, "Content-Type": "application/json"}
    ) as response:
        body = await problem(response)
    assert (response.status, body["type"]) == (400, "/problems/malformed-json")


@pytest.mark.parametrize(
    ("payload", "pointer"),
    [
        ({"tournament_id": "t", "name": "T", "rounds": "seven"}, "/rounds"),
        ({"tournament_id": "t", "rounds": 7}, "/name"),
        ({"tournament_id": "t", "name": "T", "rounds": 7, "colour": "w"}, "/colour"),
        (
            {"tournament_id": "t", "name": "T", "rounds": 7, "points": {"win": "lots"}},
            "/points/win",
        ),
    ],
    ids=["wrong-type", "missing", "unknown", "nested"],
)
async def test_invalid_body_points_at_the_field(
    client: Client, payload: dict[str, Any], pointer: str
) -> None:
    async with client.post("/tournaments", json=payload, headers=AUTH) as response:
        body = await problem(response)
    assert (response.status, body["type"]) == (422, "/problems/invalid-body")
    assert [error["pointer"] for error in body["errors"]] == [pointer]


async def test_a_decision_refusing_a_field_points_at_it(api: Api) -> None:
    """InvalidCommand names its field; the problem turns it into a pointer."""
    status, body = await api.post(
        "/tournaments",
        {
            "tournament_id": "t",
            "name": "T",
            "rounds": 7,
            "start_date": "2026-05-02",
            "end_date": "2026-05-01",
        },
    )
    assert (status, body["type"]) == (422, "/problems/invalid-command")
    assert body["errors"][0]["pointer"] == "/end_date"


async def test_a_refused_command_carries_its_data(api: Api) -> None:
    await api.post("/tournaments", {"tournament_id": "t", "name": "T", "rounds": 7})
    status, body = await api.post("/tournaments", {"tournament_id": "t", "name": "T", "rounds": 7})
    assert (status, body["type"], body["tournament_id"]) == (
        409,
        "/problems/tournament-exists",
        "t",
    )


async def test_invalid_query_names_the_parameter(client: Client) -> None:
    async with client.get("/tournaments/t/events?limit=0") as response:
        body = await problem(response)
    assert (response.status, body["type"]) == (400, "/problems/invalid-query")
    assert body["errors"][0]["parameter"] == "limit"


async def test_wrong_media_type(client: Client) -> None:
    async with client.post(
        "/tournaments",
        data="name=T",
        headers={**AUTH, "Content-Type": "application/x-www-form-urlencoded"},
    ) as response:
        body = await problem(response)
    assert (response.status, body["type"]) == (415, "/problems/unsupported-media-type")


async def test_body_over_the_limit(aiohttp_client: Any, tmp_path: Any) -> None:
    client = await aiohttp_client(create_app(make_settings(tmp_path / "a.db", max_body_bytes=1000)))
    payload = {"tournament_id": "t", "name": "x" * 2000, "rounds": 7}
    async with client.post("/tournaments", json=payload, headers=AUTH) as response:
        body = await problem(response)
    assert (response.status, body["type"]) == (413, "/problems/payload-too-large")
    async with client.get("/tournaments") as response:
        assert (await response.json())["tournaments"] == []


async def test_unexpected_failure_is_a_bare_500(aiohttp_client: Any, settings: Settings) -> None:
    """Whatever breaks inside (here: the engine) is logged; the client sees no internals."""

    def broken_engine(system: str) -> Any:
        raise ZeroDivisionError("secret internals")

    client = await aiohttp_client(create_app(settings, engines=broken_engine))
    api = Api(client)
    await open_with_players(api)
    async with client.post(
        "/tournaments/open/rounds", headers={**AUTH, "If-Match": "*"}
    ) as response:
        body = await problem(response)
        text = await response.text()
    assert (response.status, body["type"]) == (500, "/problems/internal-error")
    assert "secret" not in text and "ZeroDivisionError" not in text


async def test_every_problem_type_is_described(client: Client, api: Api) -> None:
    async with client.get("/problems/precondition-failed") as response:
        assert response.status == 200
        described = await response.json()
    assert described["status"] == 412 and described["type"] == "/problems/precondition-failed"
    async with client.get("/problems/round-has-results") as response:
        assert (await response.json())["status"] == 409
    async with client.get("/problems/no-such-problem") as response:
        await problem(response)
