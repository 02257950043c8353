"""The arbiter's browser session: a cookie earned with the server token, and CSRF checks.

Signing in with the token (the one the API takes as a bearer token) opens a session: a
random id in an ``HttpOnly``, ``SameSite=Strict`` cookie, so scripts cannot read it and
other sites cannot send it; ``Secure`` too when the request came over TLS, or the server
was told it sits behind a TLS proxy (``serve --behind-tls-proxy``). Each session has its
own CSRF token, which every form carries and every POST must return; a POST whose
``Origin`` is another site is refused too. A session is bound to the token it was opened
with: ``arbiter token --rotate`` ends every session at once. Sessions live in this
process's memory: a restart signs everyone out, which is the safe direction.
"""

from __future__ import annotations

import hmac
import secrets
import time
from dataclasses import dataclass, field

from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError
from multidict import MultiDictProxy

from server.http import keys

__all__ = [
    "COOKIE",
    "SESSIONS",
    "Session",
    "Sessions",
    "check_csrf",
    "check_origin",
    "current",
    "posted_form",
    "secure_cookie",
]

COOKIE = "arbiter_session"
LIFETIME_SECONDS = 12 * 3600
"""A playing day; then the arbiter signs in again."""


@dataclass(slots=True)
class Session:
    csrf: str
    expires: float
    token_sha256: str
    """The digest of the token it was opened with; once the token is rotated, it is over."""
    flash: list[tuple[str, str]] = field(default_factory=list)
    """Messages (kind, text) shown once on the next page: what a form did or why not."""


class Sessions:
    def __init__(self) -> None:
        self._open: dict[str, Session] = {}

    def open(self, token_sha256: str) -> tuple[str, Session]:
        self._expire()
        session_id = secrets.token_urlsafe(32)
        session = Session(
            secrets.token_urlsafe(32), time.monotonic() + LIFETIME_SECONDS, token_sha256
        )
        self._open[session_id] = session
        return session_id, session

    def get(self, session_id: str | None) -> Session | None:
        session = self._open.get(session_id or "")
        if session is None or session.expires < time.monotonic():
            return None
        return session

    def close(self, session_id: str | None) -> None:
        self._open.pop(session_id or "", None)

    def _expire(self) -> None:
        now = time.monotonic()
        for session_id in [k for k, s in self._open.items() if s.expires < now]:
            del self._open[session_id]


SESSIONS = web.AppKey("page_sessions", Sessions)


def current(request: web.Request) -> Session | None:
    """The signed-in arbiter's session, if the request carries a live one opened with the
    token in force now."""
    session = request.app[SESSIONS].get(request.cookies.get(COOKIE))
    token_now = request.app[keys.SETTINGS].current_token_sha256()
    if session is None or not hmac.compare_digest(session.token_sha256, token_now):
        return None
    return session


def secure_cookie(request: web.Request) -> bool:
    """Whether the session cookie is ``Secure``: over TLS, here or at the proxy in front."""
    return request.secure or request.app[keys.SETTINGS].behind_tls_proxy


async def posted_form(
    request: web.Request,
) -> MultiDictProxy[str | bytes | bytearray | web.FileField]:
    """The posted form's fields.

    :raises web.HTTPBadRequest: saying why, when the body is not a form that can be read
        (a broken multipart body, an unknown charset, bytes that are not its text).
    """
    try:
        return await request.post()
    except (ValueError, LookupError, HttpProcessingError) as error:
        raise web.HTTPBadRequest(
            text=f"the form could not be read ({error}); send it as "
            "application/x-www-form-urlencoded or multipart/form-data"
        ) from None


def check_origin(request: web.Request) -> None:
    """Refuse a form posted from another site (browsers send ``Origin`` with POSTs).

    :raises web.HTTPForbidden: when ``Origin`` names another host.
    """
    origin = request.headers.get("Origin")
    if origin is not None and origin.split("://", 1)[-1] != request.host:
        raise web.HTTPForbidden(text="this form was posted from another site")


def check_csrf(session: Session, sent: object) -> None:
    """:raises web.HTTPForbidden: when the form's token is not the session's."""
    if not isinstance(sent, str) or not hmac.compare_digest(sent, session.csrf):
        raise web.HTTPForbidden(text="the form is stale or forged: reload the page")
