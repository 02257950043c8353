"""Who may write: the holder of the arbiter's bearer token (RFC 6750). Reads are public."""

from __future__ import annotations

from aiohttp import web

from server.http.problems import Problem
from server.settings import token_matches

__all__ = ["require_token"]

_CHALLENGE = 'Bearer realm="arbiter"'


def require_token(request: web.Request, token_sha256: str) -> None:
    """Return quietly when the request carries the token.

    :raises Problem: 401 with a ``WWW-Authenticate`` challenge otherwise; the caller has
        not read the body or touched the store yet, so nothing is written.
    """
    scheme, _, credentials = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not credentials.strip():
        raise Problem(
            "unauthorized",
            "this operation writes; send the arbiter's token as `Authorization: Bearer <token>`",
            headers={"WWW-Authenticate": _CHALLENGE},
        )
    if not token_matches(credentials.strip(), token_sha256):
        raise Problem(
            "unauthorized",
            "the bearer token is not this server's",
            headers={"WWW-Authenticate": _CHALLENGE + ', error="invalid_token"'},
        )
