"""Who is writing: a bearer token (RFC 6750) resolved to an :class:`~server.service.access.Actor`.
Reads are public; what each actor may write is the service's to say (403 otherwise).

Two kinds of token are taken: the server's own (``arbiter token --rotate``), which acts as
the first administrator, and the API tokens accounts issue (``arbiter user token issue``),
looked up by digest in the store on every request, so that a revoked or expired token, or
one of a disabled account, is refused at once by every server process.

A right token is always accepted: the arbiter is never locked out by someone else's
guessing from the same address (a hall's shared Wi-Fi). Wrong tokens and wrong passwords
are counted in the store (:class:`FailedAuth`), per client address, per account named and
for all together, so every process on a PostgreSQL database counts the same guesses; past
a limit in the window a wrong one is answered 429, and a password is not even checked.
"""

from __future__ import annotations

import asyncio
import functools
import math
import time
from collections.abc import Callable
from typing import TypeVar

from aiohttp import web

from events.accounts import AccountStore
from server.http import keys
from server.http.problems import Problem
from server.service.access import Actor
from server.settings import token_matches

__all__ = ["FailedAuth", "authenticate", "check_token", "off_loop"]

_CHALLENGE = 'Bearer realm="arbiter"'
T = TypeVar("T")


class FailedAuth:
    """Failed authentications in a sliding window, counted in the store's
    ``auth_failures`` table (blocking: call it off the event loop)."""

    def __init__(
        self,
        accounts: AccountStore,
        limit: int = 10,
        window_seconds: float = 60.0,
        overall_limit: int = 100,
    ) -> None:
        self.accounts = accounts
        self.limit = limit
        self.overall_limit = overall_limit
        self.window = window_seconds

    def _counted(self, client: str, account: str | None) -> list[tuple[str, int, str]]:
        counted = [(f"address:{client}", self.limit, "this address"),
                   ("all", self.overall_limit, "all addresses")]  # fmt: skip
        if account is not None:
            counted.append((f"account:{account}", self.limit, f"account {account!r}"))
        return counted

    def check(self, client: str, account: str | None = None) -> None:
        """:raises Problem: 429 with Retry-After when ``client``, ``account`` or everyone
        already reached their limit in the window."""
        now = time.time()
        for key, limit, source in self._counted(client, account):
            count, oldest = self.accounts.failures(key, since=now - self.window)
            if count >= limit:
                wait = max(1, math.ceil((oldest or now) + self.window - now))
                raise Problem(
                    "too-many-failed-authentications",
                    f"{count} failed sign-ins or wrong tokens from {source} in "
                    f"{self.window:g} s; retry in {wait} s",
                    headers={"Retry-After": str(wait)},
                )

    def failed(self, client: str, account: str | None = None) -> None:
        """Count a failure from ``client`` (against ``account`` too, when one was named).

        :raises Problem: 429 as :meth:`check`, without counting it, past a limit.
        """
        self.check(client, account)
        now = time.time()
        self.accounts.add_failure(
            [key for key, _, _ in self._counted(client, account)],
            at=now,
            forget_before=now - self.window,
        )


async def off_loop(request: web.Request, function: Callable[[], T]) -> T:
    """Run a blocking look-up (the store) on the reader threads."""
    return await asyncio.get_running_loop().run_in_executor(request.app[keys.READERS], function)


async def authenticate(request: web.Request) -> Actor:
    """The actor the request's bearer token acts as.

    :raises Problem: 401 with a ``WWW-Authenticate`` challenge without a token, or with one
        that is wrong, revoked or expired (429 once its address, or everyone, has failed
        too often); the caller has not read the body or touched the events yet.
    """
    token = _bearer(request)
    if _is_server_token(request, token):
        return await off_loop(request, request.app[keys.ACCOUNTS].server_token_actor)
    return await off_loop(request, functools.partial(_api_token_actor, request, token))


async def check_token(request: web.Request) -> None:
    """That the request's bearer token is good, for an operation that acts as no one
    (``POST /pairings``): the server's own token needs no look-up in the store, so it is
    checked here, with no hand-over to a thread; an API token is looked up as
    :func:`authenticate` does, so that a revoked one is refused at once.

    :raises Problem: as :func:`authenticate`.
    """
    token = _bearer(request)
    if not _is_server_token(request, token):
        await off_loop(request, functools.partial(_api_token_actor, request, token))


def _bearer(request: web.Request) -> str:
    """The request's bearer token.

    :raises Problem: 401 with a challenge when there is none.
    """
    scheme, _, credentials = request.headers.get("Authorization", "").partition(" ")
    token = credentials.strip()
    if scheme.lower() != "bearer" or not token:
        raise Problem(
            "unauthorized",
            "this operation writes; send a token as `Authorization: Bearer <token>`",
            headers={"WWW-Authenticate": _CHALLENGE},
        )
    return token


def _is_server_token(request: web.Request, token: str) -> bool:
    return token_matches(token, request.app[keys.SETTINGS].current_token_sha256())


def _api_token_actor(request: web.Request, token: str) -> Actor:
    """The actor of the API token ``token`` (blocking: the store).

    :raises Problem: 401 when there is no such token, or it was revoked or has expired;
        the failure is counted (429 past the limit).
    """
    app = request.app
    actor = app[keys.ACCOUNTS].token_actor(token)
    if actor is None:
        app[keys.FAILED_AUTH].failed(request.remote or "unknown")
        raise Problem(
            "unauthorized",
            "the bearer token is not this server's, or it was revoked or has expired",
            headers={"WWW-Authenticate": _CHALLENGE + ', error="invalid_token"'},
        )
    return actor
