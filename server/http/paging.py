"""Pages of the reads whose answers grow with the field (standings, players, a round's
boards, rating changes).

A whole answer is rendered once per stream version as a :class:`Listing` (its rows encoded
one by one) and kept beside the cached state; a page is cut from it per request, so a page
costs what its rows cost, not what the field does. The answer says how many rows there are
(``total``) and where the next page is (``next``, and a ``Link: <...>; rel="next"`` header):
a client that wants everything follows ``next`` until it is null, or asks for
``limit=10000`` (:data:`~server.http.schemas.MAX_PAGE`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import msgspec
from yarl import URL

from server.http.problems import Problem
from server.http.schemas import PageQuery, encode

__all__ = ["Listing", "listing", "page"]


class Listing(NamedTuple):
    """A whole answer as every page of it is cut: the answer, and its rows encoded."""

    head: Any
    """The answer (a wire struct), whose ``field`` the page replaces."""
    field: str
    rows: list[msgspec.Raw]


def listing(answer: Any, field: str) -> Listing:
    """``answer`` with each row of its ``field`` (a list) encoded once, for every page."""
    rows: Sequence[Any] = getattr(answer, field)
    return Listing(answer, field, [msgspec.Raw(encode(row)) for row in rows])


def page(whole: Listing, query: PageQuery, url: URL) -> tuple[bytes, list[tuple[str, str]]]:
    """The rows ``query`` asks for, with ``total`` and ``next`` (the request's own ``url``
    with the next offset), and the ``Link`` header naming the next page.

    :raises Problem: (404, naming ``offset``) for an offset past the last row, e.g. one from
        a page of a field that has since shrunk: like a round past the last paired, a page
        that is not there (the parameter itself is well formed).
    """
    total = len(whole.rows)
    if query.offset and query.offset >= total:
        detail = f"past the last row: the answer has {total}"
        raise Problem(
            "not-found",
            f"offset: {query.offset} is {detail}",
            errors=[{"parameter": "offset", "detail": detail}],
        )
    end = query.offset + query.limit
    following = str(url.update_query(offset=end)) if end < total else None
    answer = msgspec.structs.replace(
        whole.head, total=total, next=following, **{whole.field: whole.rows[query.offset : end]}
    )
    headers = [("Link", f'<{following}>; rel="next"')] if following else []
    return encode(answer), headers
