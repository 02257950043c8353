"""Requests per bearer token: a token bucket each, for operations that cost the server CPU
and store nothing (``POST /pairings``), so that one client pairing in a loop cannot take
every pairing worker from the others.

A token is known by its SHA-256 (the raw token is never kept). The buckets are this
process's, on the event loop: ``serve --workers N`` allows N times the rate.
"""

from __future__ import annotations

import hashlib
import math
import time

from aiohttp import web

from server.http.problems import Problem

__all__ = ["TokenRates"]


class TokenRates:
    """``per_second`` requests per token on average, ``burst`` at once after a pause."""

    def __init__(self, per_second: float, burst: int) -> None:
        self.per_second = per_second
        self.burst = burst
        self._buckets: dict[str, tuple[float, float]] = {}
        """Token digest -> (requests left, when that was counted)."""

    def take(self, request: web.Request) -> None:
        """Count one request of the request's bearer token (checked before this is called).

        :raises Problem: 429 with Retry-After when the token has no request left.
        """
        _, _, credentials = request.headers.get("Authorization", "").partition(" ")
        token = hashlib.sha256(credentials.strip().encode()).hexdigest()
        now = time.monotonic()
        left, then = self._buckets.get(token, (float(self.burst), now))
        left = min(float(self.burst), left + (now - then) * self.per_second)
        if left < 1:
            wait = max(1, math.ceil((1 - left) / self.per_second))
            raise Problem(
                "rate-limited",
                f"this token may make {self.per_second:g} of these requests a second "
                f"(bursts of {self.burst}); retry in {wait} s",
                headers={"Retry-After": str(wait)},
            )
        self._buckets[token] = (left - 1, now)
