"""The check that stands in for schemathesis' ``positive_data_acceptance`` (issue 35).

That check fails any 4xx other than 401/403/404/409/429 to a request the document allows.
Arbiter also answers 422 (``invalid-command``, ``invalid-trf``...) and 400
(``invalid-tiebreaks``) for values no schema can judge: a surname of spaces, a TRF file
without players, a result on a tournament that is closed. What a schema can state it does
state, so the sharper rule is: a request the document allows is never refused by the
edge's own reading of it, i.e. with one of :data:`SCHEMA_PROBLEMS`.
The hook :func:`unique_idempotency_keys` keeps generated keys from meaning "a retry".
Loaded by schemathesis through ``SCHEMATHESIS_HOOKS=tests.server.http.contract_checks``.
"""

from __future__ import annotations

import itertools
from typing import Any
from urllib.parse import urlencode

import schemathesis

from server.http.idempotency import HEADER as IDEMPOTENCY_KEY
from server.http.idempotency import parse_key
from server.http.problems import Problem

SCHEMA_PROBLEMS = frozenset(
    "/problems/" + slug
    for slug in (
        "invalid-body",
        "invalid-query",
        "invalid-header",
        "malformed-json",
        "unsupported-media-type",
        "precondition-required",
    )
)
"""The problems of the edge's checks, each one a rule the document states."""


@schemathesis.check
def schema_valid_is_read(ctx: Any, response: Any, case: Any) -> bool | None:
    """A request the document allows is read: never refused with a schema problem."""
    if case.meta is None or not case.meta.generation.mode.is_positive:
        return None
    if response.status_code not in (400, 415, 422, 428):
        return None
    try:
        kind = response.json().get("type")
    except ValueError:
        kind = None
    if kind in SCHEMA_PROBLEMS:
        raise AssertionError(
            f"a request the document allows was refused as {kind}: {response.text[:300]}"
        )
    return None


REQUEST_LINE = 4_000
"""Generated queries longer than this are left out: aiohttp's parser refuses a request line
past 8,190 bytes itself, as ``text/plain``, before any of Arbiter's code reads it (so no
document of ours can describe that answer); a URL of half that is far from any real one."""


@schemathesis.hook
def filter_query(ctx: Any, query: dict[str, Any] | None) -> bool:
    """Keep a generated query only if its request line stays within :data:`REQUEST_LINE`."""
    return query is None or len(urlencode(query, doseq=True)) <= REQUEST_LINE


_SENT = itertools.count(1)


@schemathesis.hook
def map_headers(ctx: Any, headers: dict[str, str] | None) -> dict[str, str] | None:
    """:func:`unique_idempotency_keys` on the headers generated for each case."""
    unique_idempotency_keys(headers)
    return headers


def unique_idempotency_keys(headers: dict[str, str] | None) -> None:
    """Make a valid ``Idempotency-Key`` in ``headers`` one no other request has sent.

    Generated keys repeat (``0``, ``A``...), and the server rightly answers a key's second
    use with the first answer (a retry): a round paired, unpaired, then "paired" again with
    the same key reports round 1 paired while it is not, which schemathesis reads as a
    resource created and not found. Replays are tested in test_concurrency.py; here each key
    is a first use. Invalid keys stay as they are, to be refused."""
    if headers is None or IDEMPOTENCY_KEY not in headers:
        return
    try:
        key = parse_key(headers[IDEMPOTENCY_KEY])
    except Problem:
        return
    if key is not None:
        headers[IDEMPOTENCY_KEY] = f"{key[:240]}.{next(_SENT)}"
