"""The OpenAPI document: served at /openapi.json, built from the routes table, and equal
to the checked-in copy (regenerate with ``python -m server.http.openapi > server/http/openapi.json``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from server.http.openapi import _path_template, build_openapi, openapi_json
from server.http.routes import ROUTES
from tests.server.http.support import Client

CHECKED_IN = Path(__file__).resolve().parents[3] / "server" / "http" / "openapi.json"


def test_the_checked_in_copy_is_current() -> None:
    assert CHECKED_IN.read_bytes() == openapi_json(), (
        "server/http/openapi.json is stale: run python -m server.http.openapi > server/http/openapi.json"
    )


async def test_the_served_document_is_the_built_one(client: Client) -> None:
    async with client.get("/openapi.json") as response:
        assert response.status == 200
        served = await response.json()
    assert served == json.loads(openapi_json())
    assert served["openapi"] == "3.1.0"


def test_every_route_is_documented_once_with_its_security() -> None:
    paths = build_openapi()["paths"]
    documented = {(method.upper(), path) for path, ops in paths.items() for method in ops}
    expected = {(r.method, _path_template(r.path)[0]) for r in ROUTES}
    assert documented == expected
    operations = [op for ops in paths.values() for op in ops.values()]
    assert len({op["operationId"] for op in operations}) == len(operations)
    for route in ROUTES:
        path = _path_template(route.path)[0]
        operation = paths[path][route.method.lower()]
        headers = {p["name"] for p in operation["parameters"] if p["in"] == "header"}
        assert ("security" in operation) == (route.write or route.token), route.operation
        assert ("If-Match" in headers) == route.versioned, route.operation


def _refs(node: Any) -> set[str]:
    if isinstance(node, dict):
        found = {node["$ref"]} if "$ref" in node else set()
        return found.union(*(_refs(value) for value in node.values()))
    if isinstance(node, list):
        return set().union(*(_refs(value) for value in node))
    return set()


def test_every_reference_resolves() -> None:
    document = build_openapi()
    for ref in _refs(document):
        node: Any = document
        for part in ref.removeprefix("#/").split("/"):
            node = node[part]
        assert isinstance(node, dict), ref


def test_request_bodies_are_the_decoded_types() -> None:
    """The schema documents exactly the fields a body may have: the path's fields are not
    in the body (they come from the URL)."""
    schemas = build_openapi()["components"]["schemas"]
    assert set(schemas["ResultBody"]["properties"]) == {"result"}
    assert "player_id" not in schemas["PlayerCorrection"]["properties"]
    assert schemas["ResultBody"]["required"] == ["result"]
