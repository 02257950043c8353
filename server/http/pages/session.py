"""The arbiter's browser session: a cookie earned with an account's name and password or
with the server token, and CSRF checks.

Signing in opens a session: a random id in an ``HttpOnly``, ``SameSite=Strict`` cookie, so
scripts cannot read it and other sites cannot send it; ``Secure`` too when the request came
over TLS, or the server was told it sits behind a TLS proxy (``serve --behind-tls-proxy``).
Each session has its own CSRF token, which every form carries and every POST must return;
a POST whose ``Origin`` is another site is refused too. Sessions are rows in the store
(only the id's digest), so one survives a restart and is the same on every ``--workers``
process; it ends when it expires, when its owner or an administrator ends it, when its
account is disabled, and (for one opened with the server token) when the token is rotated.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass

from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError
from multidict import MultiDictProxy

from server.http import keys
from server.http.auth import off_loop
from server.http.pages import i18n
from server.service.access import Actor
from server.service.accounts import SESSION_SECONDS

__all__ = [
    "COOKIE",
    "LIFETIME_SECONDS",
    "Session",
    "check_csrf",
    "check_origin",
    "current",
    "posted_form",
    "save_flash",
    "secure_cookie",
    "signed_in",
    "to_session",
]

COOKIE = "arbiter_session"
LIFETIME_SECONDS = SESSION_SECONDS


@dataclass(slots=True)
class Session:
    session_sha256: str
    csrf: str
    actor: Actor
    flash: list[tuple[str, str]]
    """Messages (kind, text) shown once on the next page: what a form did or why not."""


async def current(request: web.Request) -> Session | None:
    """The signed-in session the request's cookie names, if it is still open (and, for one
    opened with the server token, that token is still the one in force)."""
    session_id = request.cookies.get(COOKIE)
    if not session_id:
        return None
    accounts = request.app[keys.ACCOUNTS]
    token_now = request.app[keys.SETTINGS].current_token_sha256()

    def look_up() -> Session | None:
        stored = accounts.session(session_id)
        if stored is None:
            return None
        if stored.account_id is None and not hmac.compare_digest(
            stored.server_token_sha256, token_now
        ):
            return None
        actor = accounts.session_actor(stored)
        if actor is None:
            return None
        return Session(stored.session_sha256, stored.csrf, actor, stored.flash)

    return await off_loop(request, look_up)


async def save_flash(request: web.Request, session: Session, flash: list[tuple[str, str]]) -> None:
    """Keep ``flash`` as the messages the session's next page shows."""
    accounts = request.app[keys.ACCOUNTS]
    session.flash = flash
    await off_loop(request, lambda: accounts.store.set_flash(session.session_sha256, flash))


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
        raise web.HTTPForbidden(text=_said(request, "this form was posted from another site"))


def check_csrf(request: web.Request, session: Session, sent: object) -> None:
    """:raises web.HTTPForbidden: when the form's token is not the session's."""
    if not isinstance(sent, str) or not hmac.compare_digest(sent, session.csrf):
        raise web.HTTPForbidden(text=_said(request, "the form is stale or forged: reload the page"))


def _said(request: web.Request, message: str) -> str:
    """A refused form's reason in the reader's language (the catalogue holds it)."""
    return i18n.translations(i18n.choose(request)).gettext(message)


async def signed_in(request: web.Request) -> Session:
    """:raises web.HTTPSeeOther: to the sign-in page when there is no session."""
    session = await current(request)
    if session is None:
        raise web.HTTPSeeOther(f"/signin?next={request.path}")
    return session


def to_session(request: web.Request, target: str, session_id: str) -> web.HTTPSeeOther:
    """The redirect to ``target`` that hands the browser its new session's cookie."""
    redirect = web.HTTPSeeOther(target)
    redirect.set_cookie(
        COOKIE, session_id, httponly=True, samesite="Strict", path="/",
        max_age=LIFETIME_SECONDS, secure=secure_cookie(request),
    )  # fmt: skip
    return redirect
