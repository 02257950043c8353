"""Who may write: the holder of the arbiter's bearer token (RFC 6750). Reads are public.

The token is compared first, in constant time, and the right one is always accepted: the
arbiter is never locked out by someone else's guessing from the same address (a hall's
shared Wi-Fi). Wrong tokens, from the API and the desk's sign-in alike, are counted per
client address and for all addresses together (:class:`FailedAuth`); past either limit in
the window a wrong token is answered 429, so guessing cannot run at the speed of the
network, from one address or many, and the log is not flooded with failures.
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
    """Wrong tokens per client address, and from all addresses, in a sliding window (event
    loop only). The counts are this process's: ``serve --workers N`` allows N times as many."""

    def __init__(
        self, limit: int = 10, window_seconds: float = 60.0, overall_limit: int = 100
    ) -> None:
        self.limit = limit
        self.overall_limit = overall_limit
        self.window = window_seconds
        self._failures: dict[str, collections.deque[float]] = {}
        self._overall: collections.deque[float] = collections.deque()

    def _expire(self, failures: collections.deque[float]) -> collections.deque[float]:
        while failures and failures[0] <= time.monotonic() - self.window:
            failures.popleft()
        return failures

    def failed(self, client: str) -> None:
        """Count a wrong token from ``client``.

        :raises Problem: 429 with Retry-After, without counting it, when ``client`` or all
            clients together already reached their limit in the window.
        """
        mine = self._expire(self._failures.get(client, collections.deque()))
        overall = self._expire(self._overall)
        for failures, limit, source in (
            (mine, self.limit, "this address"),
            (overall, self.overall_limit, "all addresses"),
        ):
            if len(failures) >= limit:
                wait = max(1, math.ceil(failures[0] + self.window - time.monotonic()))
                raise Problem(
                    "too-many-failed-authentications",
                    f"{len(failures)} wrong tokens from {source} in {self.window:g} s; "
                    f"retry in {wait} s (the right token is accepted meanwhile)",
                    headers={"Retry-After": str(wait)},
                )
        now = time.monotonic()
        mine.append(now)
        overall.append(now)
        self._failures[client] = mine
        if len(self._failures) > self.overall_limit:
            # Forget addresses with no failure left in the window: at most overall_limit
            # addresses have one, however many addresses have guessed.
            for stale in [c for c, f in self._failures.items() if not self._expire(f)]:
                del self._failures[stale]


def require_token(request: web.Request, token_sha256: str, failures: FailedAuth) -> None:
    """Return quietly when the request carries the token.

    :raises Problem: 401 with a ``WWW-Authenticate`` challenge otherwise (429 for a wrong
        token once its address, or everyone, has failed too often); the caller has not
        read the body or touched the store yet, so nothing is written.
    """
    scheme, _, credentials = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not credentials.strip():
        raise Problem(
            "unauthorized",
            "this operation writes; send the arbiter's token as `Authorization: Bearer <token>`",
            headers={"WWW-Authenticate": _CHALLENGE},
        )
    if not token_matches(credentials.strip(), token_sha256):
        failures.failed(request.remote or "unknown")
        raise Problem(
            "unauthorized",
            "the bearer token is not this server's",
            headers={"WWW-Authenticate": _CHALLENGE + ', error="invalid_token"'},
        )
