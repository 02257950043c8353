"""The OpenAPI 3.1 document, built from the routes table and the wire types.

Schemas come from ``msgspec.json.schema_components`` over every body, query and response
type the routes name; paths, parameters, security and responses come from the
:class:`~server.http.routes.Route` entries. A copy is checked in as ``server/http/openapi.json``
and a test keeps it equal to what this module builds; after changing the API run::

    python -m server.http.openapi > server/http/openapi.json
"""

from __future__ import annotations

import re
from typing import Any

import msgspec

from server.http.idempotency import HEADER as IDEMPOTENCY_KEY
from server.http.idempotency import KEY
from server.http.problems import MEDIA_TYPE as PROBLEM_MEDIA_TYPE
from server.http.routes import IF_MATCH, JSON, ROUTES, Route
from server.http.schemas import MAX_PAGE, PageQuery, ProblemOut

__all__ = ["API_VERSION", "build_openapi", "openapi_json", "statuses"]

API_VERSION = "1.0.0"
"""The API's own version: changes when the wire format does, not with each release."""

_REF = "#/components/schemas/{name}"
_PATH_PARAM = re.compile(r"\{(\w+)(?::((?:[^{}]|\{\d+(?:,\d+)?\})+))?\}")
_DIGITS = re.compile(r"\\d\{1,(\d+)\}")

_DESCRIPTION = """\
Arbiter's HTTP API: FIDE Swiss tournaments, event-sourced.

Reads are public. Writes need the arbiter's bearer token, and every write to an existing
tournament says which stream version it was based on with `If-Match: "<version>"` (the
`ETag` of a read, or the `version` of the last write); a stale one gets 412 with the
`expected` and `actual` versions, and nothing is written. `If-Match: *` applies the change
to whatever is current. Writes honour `Idempotency-Key`: a retry with the same key and
body returns the first answer (header `Idempotent-Replayed: true`) and writes nothing.
Errors are RFC 9457 problem+json; `GET /problems/{slug}` describes each `type`."""


def _path_template(path: str) -> tuple[str, list[dict[str, Any]]]:
    """aiohttp's ``{name:regex}`` as OpenAPI's ``{name}``, with a parameter for each."""
    parameters = []
    for name, pattern in _PATH_PARAM.findall(path):
        digits = _DIGITS.fullmatch(pattern)
        schema: dict[str, Any] = (
            {"type": "integer", "minimum": 0, "maximum": 10 ** int(digits.group(1)) - 1}
            if digits
            else {"type": "string", "pattern": f"^{pattern}$"}
            if pattern
            else {"type": "string"}
        )
        parameters.append({"name": name, "in": "path", "required": True, "schema": schema})
    return _PATH_PARAM.sub(r"{\1}", path), parameters


def _query_parameters(query: Any) -> list[dict[str, Any]]:
    (ref,), components = msgspec.json.schema_components([query], ref_template=_REF)
    schema = components[ref["$ref"].rsplit("/", 1)[1]]
    required = set(schema.get("required", ()))
    return [
        {"name": name, "in": "query", "required": name in required, "schema": property_schema}
        for name, property_schema in schema["properties"].items()
    ]


def _header(name: str, description: str, *, required: bool, pattern: str = "") -> dict[str, Any]:
    schema = {"type": "string", "pattern": f"^(?:{pattern})$"} if pattern else {"type": "string"}
    return {
        "name": name,
        "in": "header",
        "required": required,
        "description": description,
        "schema": schema,
    }


_ANSWERS = {
    304: "Not modified: `If-None-Match` names the current version (the ETag).",
    400: "A query parameter or header this operation cannot read, or a body that is not JSON.",
    401: "No bearer token, or a wrong one.",
    403: "The token's account may not do this (`forbidden`: the role it needs, and its role).",
    404: "No tournament, player, round, board or bye at this path.",
    409: "The change conflicts with the tournament as it stands, or a request with this "
    "Idempotency-Key is still running.",
    412: "`If-Match` names a version the tournament has left: `expected` and `actual`.",
    413: "The body is over the server's size limit.",
    415: "The body's Content-Type is not one this operation reads.",
    422: "The body does not match the schema (`invalid-body`, each field by JSON pointer), or "
    "the decision refuses a value for the tournament as it stands (`invalid-command`, "
    "`idempotency-key-reused`, `invalid-trf` ...).",
    428: "No `If-Match`: a write must say which stream version it was based on.",
    429: "Too many wrong tokens, or event streams, from this address: wait `Retry-After`.",
    500: "The server failed; the problem is logged.",
    501: "No pairing engine on this server offers the tournament's system.",
    503: "The event store is out of reach or busy, or the server holds its maximum of "
    "streams: retry after `Retry-After`.",
}


def statuses(route: Route) -> list[int]:
    """Every status ``route`` may answer besides its success: what its kind implies (a
    path with parameters can be not found, a write or a token route needs the token and
    may be rate limited, a write may conflict, a versioned write needs ``If-Match``, a body can be too large or of another type, the
    tournament's routes read the store) and what the route adds (``also_statuses``)."""
    found = {500, *route.also_statuses}
    if "{" in route.path:
        found.add(404)
    if route.query is not None:
        found.add(400)
    if route.path.startswith(("/tournaments", "/players")):
        found.add(503)
    if route.write or route.token:
        found.update((401, 429))
    if route.write:
        found.update((400, 409, 422))
    if route.versioned:
        found.update((412, 428))
    if route.body is not None:
        found.update((413, 415, 422))
        if route.body is not bytes:
            found.add(400)
    if route.streams:
        found.update((429, 503))
    return sorted(found)


def _answer(status: int) -> dict[str, Any]:
    if status == 304:
        etag = {"description": "The current stream version.", "schema": {"type": "string"}}
        return {"description": _ANSWERS[304], "headers": {"ETag": etag}}
    return {
        "description": _ANSWERS[status],
        "content": {PROBLEM_MEDIA_TYPE: {"schema": {"$ref": _REF.format(name="ProblemOut")}}},
    }


_ID = {"tournament_id": "$response.body#/tournament_id"}
_SAME = {"tournament_id": "$request.path.tournament_id"}
_VERSION = {"header.If-Match": "$response.header.ETag"}
_FIRST = {"tournament_id": "$response.body#/tournaments/0/tournament_id"}
_NEW_PLAYER = _ID | {"player": "$response.body#/events/0/event/player_id"}
_LISTED_PLAYER = _SAME | {"player": "$response.body#/players/0/player_id"}
_THIS_PLAYER = _SAME | {"player": "$request.path.player"}
_NEW_ROUND = _ID | {"round_no": "$response.body#/events/0/event/round_no"}
_LISTED_ROUND = _SAME | {"round_no": "$response.body#/rounds/0/round_no"}
_THIS_ROUND = _SAME | {"round_no": "$request.path.round_no"}
_FIRST_BOARD = _THIS_ROUND | {"board": "$response.body#/boards/0/board"}
_THIS_BOARD = _THIS_ROUND | {"board": "$request.path.board"}

LINKS: dict[str, dict[str, dict[str, Any]]] = {
    "listTournaments": dict.fromkeys(
        (
            "getTournament",
            "listPlayers",
            "listRounds",
            "getStandings",
            "exportTrf",
            "listEvents",
            "getStandingsPrintout",
        ),
        _FIRST,
    ),
    "createTournament": {
        "getTournament": _ID,
        "registerPlayer": _ID | _VERSION,
        "changeSettings": _ID | _VERSION,
    },
    "getTournament": dict.fromkeys(
        ("registerPlayer", "registerMany", "changeSettings", "pairRound", "closeTournament"),
        _SAME | _VERSION,
    ),
    "listPlayers": {"getPlayer": _LISTED_PLAYER},
    "getPlayer": dict.fromkeys(
        ("correctPlayer", "withdrawPlayer", "requestBye"), _THIS_PLAYER | _VERSION
    ),
    "registerPlayer": {"getPlayer": _NEW_PLAYER, "requestBye": _NEW_PLAYER | _VERSION},
    "requestBye": {
        "cancelBye": _THIS_PLAYER
        | _VERSION
        | {"round_no": "$response.body#/events/0/event/round_no"}
    },
    "listRounds": dict.fromkeys(("getRound", "getPairingList", "getResultList"), _LISTED_ROUND),
    "pairRound": {"getRound": _NEW_ROUND, "unpairRound": _NEW_ROUND | _VERSION},
    "getRound": {
        "recordResult": _FIRST_BOARD | _VERSION,
        "correctResult": _FIRST_BOARD | _VERSION,
        "unpairRound": _THIS_ROUND | _VERSION,
    },
    "recordResult": {"correctResult": _THIS_BOARD | _VERSION},
}
"""The stateful links: what a read lists or a write created fed to the operations that read
or change it next, with the version it answered (``ETag``) as ``If-Match``."""


def _links(operation: str) -> dict[str, Any]:
    return {
        target: {"operationId": target, "parameters": parameters}
        for target, parameters in LINKS.get(operation, {}).items()
    }


def _operation(route: Route, refs: dict[Any, dict[str, str]]) -> dict[str, Any]:
    _, parameters = _path_template(route.path)
    if route.query is not None:
        parameters += _query_parameters(route.query)
    if route.versioned:
        parameters.append(
            _header(
                "If-Match",
                'The stream version the change is based on, e.g. "12" (the ETag of a read), or '
                "*; without it the answer is 428.",
                required=True,
                pattern=IF_MATCH,
            )
        )
    if route.write:
        parameters.append(
            _header(
                IDEMPOTENCY_KEY,
                "Makes a retry return the first answer: 1-255 printable ASCII characters "
                "without spaces or quotes, optionally quoted.",
                required=False,
                pattern=KEY,
            )
        )
    if route.streams:
        parameters.append(
            _header(
                "Last-Event-ID",
                "With Accept: text/event-stream, resume after this event position.",
                required=False,
            )
        )
    content: dict[str, Any] = {}
    if route.response is not None:
        content[route.response_media] = {"schema": refs[route.response]}
    else:
        kind = "object" if route.response_media == JSON else "string"
        content[route.response_media] = {"schema": {"type": kind}}
    for media in route.also_media:
        content[media] = {"schema": {"type": "string"}}
    if route.streams:
        content["text/event-stream"] = {
            "schema": {"type": "string", "description": "id: position, event: type, data: EventOut"}
        }
    headers: dict[str, str] = {}
    if route.write:
        headers["ETag"] = "The stream version after the write."
        if route.status == 201:
            headers["Location"] = "What the write created."
    if 304 in route.also_statuses:
        headers["ETag"] = "The stream version read: send it back as If-Match or If-None-Match."
    if route.warns:
        headers["Warning"] = route.warns
    if isinstance(route.query, type) and issubclass(route.query, PageQuery):
        headers["Link"] = (
            '`<path?query>; rel="next"`: the next page (the body\'s `next`), absent on the '
            f"last; follow it until it is absent, or ask for `limit={MAX_PAGE}`, to read every row."
        )
    success: dict[str, Any] = {"description": route.summary, "content": content}
    if headers:
        success["headers"] = {
            name: {"description": text, "schema": {"type": "string"}}
            for name, text in headers.items()
        }
    links = _links(route.operation)
    if links:
        success["links"] = links
    operation: dict[str, Any] = {
        "operationId": route.operation,
        "summary": route.summary,
        "tags": [route.tag],
        "parameters": parameters,
        "responses": {
            str(route.status): success,
            **{str(status): _answer(status) for status in statuses(route)},
        },
    }
    if route.body is not None:
        body_schema = {"type": "string"} if route.body is bytes else refs[route.body]
        operation["requestBody"] = {
            "required": not route.body_optional,
            "content": {route.body_media: {"schema": body_schema}},
        }
    if route.write or route.token:
        operation["security"] = [{"bearer": []}]
    return operation


def _decimals_as_numbers(schema: Any) -> Any:
    """msgspec documents a ``Decimal`` as a string; the server sends (and reads) numbers."""
    if isinstance(schema, list):
        return [_decimals_as_numbers(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    if schema.get("format") == "decimal":
        rest = {k: v for k, v in schema.items() if k not in ("type", "format")}
        return {"type": "number", **rest}
    return {key: _decimals_as_numbers(value) for key, value in schema.items()}


def build_openapi() -> dict[str, Any]:
    """The document for the routes as they are now."""
    types = [ProblemOut]
    for route in ROUTES:
        for wire_type in (route.body, route.response):
            if wire_type is not None and wire_type is not bytes and wire_type not in types:
                types.append(wire_type)
    schemas, components = msgspec.json.schema_components(types, ref_template=_REF)
    components = _decimals_as_numbers(components)
    refs = dict(zip(types, schemas))
    paths: dict[str, dict[str, Any]] = {}
    for route in ROUTES:
        template, _ = _path_template(route.path)
        paths.setdefault(template, {})[route.method.lower()] = _operation(route, refs)
    return {
        "openapi": "3.1.0",
        "info": {"title": "Arbiter", "version": API_VERSION, "description": _DESCRIPTION},
        "paths": paths,
        "components": {
            "schemas": components,
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
        },
    }


def openapi_json() -> bytes:
    """The document as the checked-in file holds it: sorted keys, two-space indent."""
    return (
        msgspec.json.format(msgspec.json.encode(build_openapi(), order="sorted"), indent=2) + b"\n"
    )


if __name__ == "__main__":
    import sys

    sys.stdout.buffer.write(openapi_json())
