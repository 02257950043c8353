"""Who may write: the holder of the arbiter's bearer token (RFC 6750). Reads are public.

Wrong tokens are counted per client address (:class:`FailedAuth`); past the limit in the
window, the address is answered 429 without the token being looked at, so guessing
cannot run at the speed of the network, and the log is not flooded with failures.
"""

from __future__ import annotations

import collections
import math
import time

from aiohttp import web

from server.http.problems import Problem
from server.settings import token_matches

__all__ = ["FailedAuth", "require_token"]

_CHALLENGE = 'Bearer realm="arbiter"'


class FailedAuth:
    """Failed token checks per client address in a sliding window (event loop only)."""

    def __init__(self, limit: int = 10, window_seconds: float = 60.0) -> None:
        self.limit = limit
        self.window = window_seconds
        self._failures: dict[str, collections.deque[float]] = {}

    def _recent(self, client: str) -> collections.deque[float]:
        failures = self._failures.setdefault(client, collections.deque())
        while failures and failures[0] <= time.monotonic() - self.window:
            failures.popleft()
        if not failures:
            del self._failures[client]
        return failures

    def check(self, client: str) -> None:
        """:raises Problem: 429 with Retry-After while ``client`` is over the limit."""
        failures = self._recent(client)
        if len(failures) >= self.limit:
            wait = max(1, math.ceil(failures[0] + self.window - time.monotonic()))
            raise Problem(
                "too-many-failed-authentications",
                f"{len(failures)} wrong tokens from this address in {self.window:g} s; "
                f"retry in {wait} s",
                headers={"Retry-After": str(wait)},
            )

    def record(self, client: str) -> None:
        self._failures.setdefault(client, collections.deque()).append(time.monotonic())


def require_token(request: web.Request, token_sha256: str, failures: FailedAuth) -> None:
    """Return quietly when the request carries the token.

    :raises Problem: 401 with a ``WWW-Authenticate`` challenge otherwise (429 once the
        address has failed too often); the caller has not read the body or touched the
        store yet, so nothing is written.
    """
    client = request.remote or "unknown"
    failures.check(client)
    scheme, _, credentials = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not credentials.strip():
        raise Problem(
            "unauthorized",
            "this operation writes; send the arbiter's token as `Authorization: Bearer <token>`",
            headers={"WWW-Authenticate": _CHALLENGE},
        )
    if not token_matches(credentials.strip(), token_sha256):
        failures.record(client)
        raise Problem(
            "unauthorized",
            "the bearer token is not this server's",
            headers={"WWW-Authenticate": _CHALLENGE + ', error="invalid_token"'},
        )
