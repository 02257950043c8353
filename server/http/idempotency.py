"""``Idempotency-Key`` at the HTTP edge (draft-ietf-httpapi-idempotency-key-header).

The store already makes a key's second use a replay: the same key with the same request
returns the first append and writes nothing; with a different request it is refused
(:class:`~events.IdempotencyKeyReused`, 422). What only the edge can see is a retry that
arrives while the first attempt is still running; :class:`InFlight` answers that one
with 409 instead of letting both race to the store.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator

from server.http.problems import Problem

__all__ = ["HEADER", "KEY", "InFlight", "parse_key"]

HEADER = "Idempotency-Key"

KEY = r'"?([!#-~]{1,255})"?'
"""The draft makes the key an sf-string; we take its printable-ASCII content (no space,
no quote), quoted or not. The OpenAPI document states the same pattern."""
_KEY = re.compile(KEY)


def parse_key(value: str | None) -> str | None:
    """The key a request carries, or ``None``.

    :raises Problem: (400) when the header is present but not a usable key.
    """
    if value is None:
        return None
    match = _KEY.fullmatch(value.strip())
    if match is None:
        raise Problem(
            "invalid-header",
            f"{HEADER} must be 1-255 printable ASCII characters without spaces",
            header=HEADER,
        )
    return match.group(1)


class InFlight:
    """Keys whose first request has not answered yet (one process, one event loop)."""

    def __init__(self) -> None:
        self._keys: set[str] = set()

    @contextlib.contextmanager
    def hold(self, key: str | None) -> Iterator[None]:
        """Hold ``key`` for one request.

        :raises Problem: (409) when a request with the same key is still running.
        """
        if key is None:
            yield
            return
        if key in self._keys:
            raise Problem(
                "request-in-progress",
                f"a request with {HEADER} {key!r} is still being processed; retry later",
                key=key,
            )
        self._keys.add(key)
        try:
            yield
        finally:
            self._keys.discard(key)
