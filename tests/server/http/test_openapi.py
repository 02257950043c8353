"""The OpenAPI document: served at /openapi.json, built from the routes table, and equal
to the checked-in copy (regenerate with ``python -m server.http.openapi > server/http/openapi.json``)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import make_mocked_request

from server.http.idempotency import parse_key
from server.http.openapi import LINKS, _path_template, build_openapi, openapi_json
from server.http.problems import Problem
from server.http.routes import ROUTES, _if_match
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


def _header_schema(name: str) -> dict[str, Any]:
    operation = build_openapi()["paths"]["/tournaments/{tournament_id}/players"]["post"]
    (header,) = (p for p in operation["parameters"] if p["name"] == name)
    return header["schema"]


HEADER_VALUES = ["*", '"12"', "12", "", '""', "W/\"12\"", '"1', "1" * 19, "١٢", "a b", "k-1",
                 '"k-1"', '"', "x" * 255, "x" * 256, "é"]  # fmt: skip


def _reads_if_match(value: str) -> object:
    return _if_match(make_mocked_request("POST", "/", headers={"If-Match": value}))


@pytest.mark.parametrize("value", HEADER_VALUES)
@pytest.mark.parametrize(
    ("header", "read"), [("If-Match", _reads_if_match), ("Idempotency-Key", parse_key)]
)
def test_a_header_pattern_is_the_one_the_server_reads(
    header: str, read: Callable[[str], object], value: str
) -> None:
    """What the document's pattern admits is what the server reads, and no more (#35)."""
    try:
        read(value)
        accepted = True
    except Problem:
        accepted = False
    assert accepted == bool(re.search(_header_schema(header)["pattern"], value)), value


def test_every_operation_lists_its_statuses_and_media_types() -> None:
    """No ``default`` answer: each status an operation may give is listed (issue 35)."""
    paths = build_openapi()["paths"]
    create = paths["/tournaments/{tournament_id}/players"]["post"]["responses"]
    assert "default" not in create
    assert {"201", "401", "404", "409", "412", "413", "415", "422", "428", "429", "503"} <= set(
        create
    )
    assert set(paths["/health"]["get"]["responses"]) == {"200", "500"}
    file_pairing = paths["/pairings"]["post"]  # the token, though nothing is written
    assert {"401", "429"} <= set(file_pairing["responses"]) and file_pairing["security"]
    printout = paths["/tournaments/{tournament_id}/rounds/{round_no}/pairings"]["get"]
    assert set(printout["responses"]["200"]["content"]) == {"text/html", "text/plain", "text/csv"}
    pairing = paths["/tournaments/{tournament_id}/rounds"]["post"]["responses"]
    assert "501" in pairing and "link" not in pairing["201"]
    assert pairing["201"]["links"]["getRound"]["parameters"]["round_no"].startswith("$response")


def test_links_name_operations_that_exist() -> None:
    operations = {r.operation for r in ROUTES}
    for source, targets in LINKS.items():
        assert source in operations
        assert set(targets) <= operations, source
