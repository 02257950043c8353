"""Accounts, roles, sessions and API tokens in the browser (issue 29): the administrator's
pages, a tournament's roles page for its chief, and the one-time sign-in link's page.

Every page and form calls :class:`~server.service.accounts.AccountService`, which says who
may do what, as the CLI and the API do. Forms post with the session's CSRF token and
redirect back (post/redirect/get) with what happened as a message; a secret made for
someone (a sign-in link, an API token) is shown once, on the page the form answers with,
and never stored in the session's messages.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar
from urllib.parse import quote

from aiohttp import web

from events.errors import ArbiterError
from server.http import keys
from server.http.auth import off_loop
from server.http.pages import i18n, refusals
from server.http.pages.render import html, page
from server.http.pages.session import (
    Session,
    check_csrf,
    check_origin,
    posted_form,
    save_flash,
    signed_in,
    to_session,
)
from server.service.access import Role
from server.service.accounts import AccountService, OpenedSession

__all__ = ["PAGES"]

T = TypeVar("T")
_ROLES = {"deputy": Role.DEPUTY, "chief": Role.CHIEF}
_TOKEN_ROLES = {**_ROLES, "administrator": Role.ADMINISTRATOR}
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def _account_path(name: str) -> str:
    return f"/admin/accounts/{quote(name, safe='')}"


def _gettext(request: web.Request) -> Callable[[str], str]:
    return i18n.translations(i18n.choose(request)).gettext


async def _call(request: web.Request, use: Callable[[AccountService], T]) -> T:
    """Run an account use case off the event loop."""
    accounts = request.app[keys.ACCOUNTS]
    return await off_loop(request, lambda: use(accounts))


async def _shown(
    request: web.Request, session: Session, template: str, use: Callable[[AccountService], Any]
) -> web.StreamResponse:
    """A page of what ``use`` reads, or a refusal page (403 for a role that may not see it)."""
    try:
        found = await _call(request, use)
    except ArbiterError as error:
        status = error.status if error.status in (403, 404) else 400
        return html(request, "admin_refused.html", {"message": refusals.refusal(error, _gettext(request)),
                    "fragment": False, "signed_in": True, "csrf": session.csrf}, status=status)  # fmt: skip
    flash = session.flash
    if flash:
        await save_flash(request, session, [])
    return page(request, template, signed_in=True, csrf=session.csrf, me=session.actor,
                flash=flash, **found)  # fmt: skip


async def _form(request: web.Request) -> tuple[Session, dict[str, str]]:
    """The signed-in session and its posted form, checked for origin and CSRF."""
    check_origin(request)
    session = await signed_in(request)
    posted = await posted_form(request)
    check_csrf(request, session, posted.get("csrf"))
    return session, {key: str(value) for key, value in posted.items()}


async def _attempt(
    request: web.Request, session: Session, back: str, use: Callable[[AccountService], T]
) -> T:
    """Run a form's use case.

    :raises web.HTTPSeeOther: back to ``back``, saying why not, when it is refused.
    """
    try:
        return await _call(request, use)
    except ArbiterError as error:
        refused = ("error", refusals.refusal(error, _gettext(request)))
        await save_flash(request, session, [*session.flash, refused])
        raise web.HTTPSeeOther(back) from None


async def _done(
    request: web.Request, session: Session, back: str, use: Callable[[AccountService], str]
) -> web.StreamResponse:
    """Run a form's use case; go back to ``back`` saying what it did (in the page's
    language: ``use`` words it) or why not."""
    said = await _attempt(request, session, back, use)
    await save_flash(request, session, [*session.flash, ("ok", said)])
    raise web.HTTPSeeOther(back)


# -- accounts --------------------------------------------------------------------------------


async def accounts_page(request: web.Request) -> web.StreamResponse:
    """Every account (administrators); anyone else signed in is sent to their own."""
    session = await signed_in(request)
    if not session.actor.administers and session.actor.account_id is not None:
        raise web.HTTPSeeOther(_account_path(session.actor.name))

    def read(accounts: AccountService) -> dict[str, Any]:
        listed = accounts.accounts(session.actor)
        return {"accounts": listed, "roles": {a.account_id: accounts.store.roles(a.account_id)
                                              for a in listed}}  # fmt: skip

    return await _shown(request, session, "admin.html", read)


async def add_account(request: web.Request) -> web.StreamResponse:
    """Add an account without a password and show its one-time sign-in link, once."""
    session, form = await _form(request)
    name = form.get("name", "")

    def add(accounts: AccountService) -> dict[str, Any]:
        accounts.add(session.actor, name, password=None, email=form.get("email", ""),
                     administrator=form.get("administrator") == "1")  # fmt: skip
        return {"link": accounts.sign_in_link(session.actor, name)}

    return await _secret_or_back(request, session, "/admin", add)


async def new_link(request: web.Request) -> web.StreamResponse:
    """A new one-time sign-in link for an account (a forgotten password)."""
    session, _ = await _form(request)
    name = request.match_info["name"]
    return await _secret_or_back(
        request, session, "/admin",
        lambda accounts: {"link": accounts.sign_in_link(session.actor, name)},
    )  # fmt: skip


async def _secret_or_back(
    request: web.Request, session: Session, back: str, use: Callable[[AccountService], Any]
) -> web.StreamResponse:
    """The page showing a secret once; a refusal goes back to ``back`` as a message."""
    made = await _attempt(request, session, back, use)
    answer = page(request, "admin_secret.html", signed_in=True, csrf=session.csrf, back=back,
                  base=f"{request.scheme}://{request.host}", **made)  # fmt: skip
    answer.headers["Cache-Control"] = "no-store"
    return answer


async def switch_account(request: web.Request) -> web.StreamResponse:
    """Disable an account (its sessions end at once) or enable it again."""
    session, form = await _form(request)
    name, disable = request.match_info["name"], form.get("disabled") == "1"
    gettext = _gettext(request)

    def switch(accounts: AccountService) -> str:
        accounts.set_disabled(session.actor, name, disabled=disable)
        if disable:
            return gettext("Disabled %(name)s; its sessions are ended.") % {"name": name}
        return gettext("Enabled %(name)s.") % {"name": name}

    return await _done(request, session, "/admin", switch)


# -- one account: its sessions and tokens ----------------------------------------------------


async def account_page(request: web.Request) -> web.StreamResponse:
    """An account's open sessions and API tokens: its owner's, or any for an administrator."""
    session = await signed_in(request)
    name = request.match_info["name"]

    def read(accounts: AccountService) -> dict[str, Any]:
        account = accounts.account(name)
        return {"account": account, "sessions": accounts.sessions(session.actor, name),
                "tokens": accounts.tokens(session.actor, name),
                "current": session.session_sha256,
                "roles": sorted(accounts.store.roles(account.account_id).items())}  # fmt: skip

    return await _shown(request, session, "admin_account.html", read)


async def end_session(request: web.Request) -> web.StreamResponse:
    session, form = await _form(request)
    name = request.match_info["name"]
    gettext = _gettext(request)

    def end(accounts: AccountService) -> str:
        if accounts.end_session(session.actor, form.get("session", "")):
            return gettext("The session is ended.")
        return gettext("That session had ended already.")

    return await _done(request, session, _account_path(name), end)


async def issue_token(request: web.Request) -> web.StreamResponse:
    """Issue an API token and show it once."""
    session, form = await _form(request)
    name = request.match_info["name"]
    tournaments = [t for t in form.get("tournaments", "").replace(",", " ").split() if t]
    days = form.get("days", "30")

    def issue(accounts: AccountService) -> dict[str, Any]:
        issued = accounts.issue_token(
            session.actor, name, tournaments=tournaments, label=form.get("label", ""),
            role=_TOKEN_ROLES.get(form.get("role", ""), Role.DEPUTY),
            days=int(days) if days.isdigit() and len(days) < 5 else 0,
        )  # fmt: skip
        return {"token": issued}

    return await _secret_or_back(request, session, _account_path(name), issue)


async def revoke_token(request: web.Request) -> web.StreamResponse:
    session, form = await _form(request)
    name = request.match_info["name"]
    token = form.get("token", "")
    gettext = _gettext(request)

    def revoke(accounts: AccountService) -> str:
        accounts.revoke_token(
            session.actor, int(token) if token.isdigit() and len(token) < 19 else 0
        )
        return gettext("The token is revoked.")

    return await _done(request, session, _account_path(name), revoke)


# -- a tournament's roles ------------------------------------------------------------------


async def grants_page(request: web.Request) -> web.StreamResponse:
    """Who is chief and deputy arbiter of the tournament (its chief or an administrator)."""
    session = await signed_in(request)
    tid = request.match_info["tournament_id"]
    return await _shown(
        request, session, "admin_grants.html",
        lambda accounts: {"tid": tid, "grants": accounts.grants(session.actor, tid),
                          "may_grant_chief": session.actor.role(tid) >= Role.ADMINISTRATOR},
    )  # fmt: skip


async def change_grant(request: web.Request) -> web.StreamResponse:
    """Grant a role in the tournament, or take one away."""
    session, form = await _form(request)
    tid = request.match_info["tournament_id"]
    name = form.get("name", "").strip()
    gettext = _gettext(request)

    def change(accounts: AccountService) -> str:
        if form.get("revoke") == "1":
            accounts.revoke(session.actor, tid, name)
            return gettext("%(name)s has no role in this tournament now.") % {"name": name}
        role = _ROLES.get(form.get("role", ""), Role.DEPUTY)
        accounts.grant(session.actor, tid, name, role)
        if role == Role.CHIEF:
            return gettext("%(name)s is chief arbiter now.") % {"name": name}
        return gettext("%(name)s is deputy arbiter now.") % {"name": name}

    return await _done(request, session, f"/t/{quote(tid, safe='')}/roles", change)


# -- the one-time sign-in link -------------------------------------------------------------


async def welcome_form(request: web.Request) -> web.StreamResponse:
    """The link's page: the account's name and a form to set its password."""
    secret = request.match_info["secret"]
    account = await _call(request, lambda accounts: accounts.link_account(secret))
    answer = html(request, "welcome.html", {"account": account, "fragment": False,
                                            "problem": ""}, status=200 if account else 410)  # fmt: skip
    answer.headers["Cache-Control"] = "no-store"
    # The link is a secret: the page's Referrer-Policy (same-origin) keeps it from other
    # sites; "no-referrer" would make browsers post the form with "Origin: null".
    return answer


async def welcome(request: web.Request) -> web.StreamResponse:
    """Set the password (twice, the same), use the link up, and sign in."""
    check_origin(request)
    secret = request.match_info["secret"]
    form = await posted_form(request)
    password, again = str(form.get("password", "")), str(form.get("again", ""))
    gettext = _gettext(request)
    accounts = request.app[keys.ACCOUNTS]

    def redeem() -> tuple[str, OpenedSession]:
        actor = accounts.redeem_link(secret, password)
        return actor.name, accounts.open_session(actor, address=request.remote or "")

    try:
        if password != again:
            raise _Mismatch
        name, opened = await off_loop(request, redeem)
    except (ArbiterError, _Mismatch) as error:
        account = await _call(request, lambda a: a.link_account(secret))
        problem = (gettext("The two passwords differ.") if isinstance(error, _Mismatch)
                   else refusals.refusal(error, gettext))  # fmt: skip
        return html(request, "welcome.html", {"account": account, "fragment": False,
                    "problem": problem}, status=400 if account else 410)  # fmt: skip
    raise to_session(request, _account_path(name), opened.session_id)


class _Mismatch(Exception):
    """The password and its repetition differ."""


PAGES: tuple[tuple[str, str, Handler], ...] = (
    ("GET", "/admin", accounts_page),
    ("POST", "/admin/accounts", add_account),
    ("GET", "/admin/accounts/{name}", account_page),
    ("POST", "/admin/accounts/{name}/link", new_link),
    ("POST", "/admin/accounts/{name}/disabled", switch_account),
    ("POST", "/admin/accounts/{name}/sessions/end", end_session),
    ("POST", "/admin/accounts/{name}/tokens", issue_token),
    ("POST", "/admin/accounts/{name}/tokens/revoke", revoke_token),
    ("GET", "/t/{tournament_id}/roles", grants_page),
    ("POST", "/t/{tournament_id}/roles", change_grant),
    ("GET", "/welcome/{secret}", welcome_form),
    ("POST", "/welcome/{secret}", welcome),
)
"""Method, path and handler of each page and form here."""
