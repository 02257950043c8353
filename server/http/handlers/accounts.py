"""Accounts, API tokens, sessions and a tournament's roles over the API (issue 29): what
``arbiter user``, ``arbiter grant`` and the ``/admin`` pages do, for programs.

The accounts service decides who may (an administrator, an account for its own tokens and
sessions, a tournament's chief for its deputies); these handlers read the body, call it off
the event loop and render. A token is shown once, in the answer that issued it; a session
is named by the SHA-256 its row keeps, never by its cookie.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal, TypeVar

import msgspec
from aiohttp import web

from events.accounts import Account, ApiToken, Grant, StoredSession
from server.http import keys
from server.http.auth import off_loop
from server.http.handlers.call import Call, respond
from server.http.problems import Problem
from server.service.access import Role
from server.service.accounts import AccountService

__all__ = [
    "AccountChange",
    "AccountList",
    "AccountOut",
    "AddedAccount",
    "GrantList",
    "IssuedTokenOut",
    "NewAccount",
    "RoleBody",
    "SessionList",
    "TokenList",
    "TokenOut",
    "TokenRequest",
]

T = TypeVar("T")

Name = Annotated[str, msgspec.Meta(min_length=1, max_length=100)]
TournamentName = Annotated[str, msgspec.Meta(min_length=1, max_length=100)]


class _Wire(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    pass


class AccountOut(_Wire, frozen=True):
    account_id: int
    name: str
    email: str
    administrator: bool
    disabled: bool
    created_at: int
    """Seconds since the epoch."""


class AccountList(_Wire, frozen=True):
    accounts: list[AccountOut]


class NewAccount(_Wire, frozen=True):
    """An account; without ``password`` the answer carries a one-time sign-in link where
    its owner sets one."""

    name: Name
    email: Annotated[str, msgspec.Meta(max_length=200)] = ""
    administrator: bool = False
    password: Annotated[str, msgspec.Meta(max_length=128)] | None = None


class AddedAccount(_Wire, frozen=True):
    account: AccountOut
    sign_in_link: str | None = None
    """``/welcome/…``, valid for a day and used once (shown only here)."""


class AccountChange(_Wire, frozen=True):
    """Disable an account (its sessions end and its tokens stop at once) or enable it."""

    disabled: bool


class TokenOut(_Wire, frozen=True):
    token_id: int
    label: str
    tournaments: list[str]
    """Empty: every tournament the account may act on."""
    role: str
    created_at: int
    expires_at: int
    revoked_at: int | None


class TokenList(_Wire, frozen=True):
    tokens: list[TokenOut]


class TokenRequest(_Wire, frozen=True):
    tournaments: Annotated[list[TournamentName], msgspec.Meta(max_length=100)] = []
    role: Literal["deputy", "chief", "administrator"] = "deputy"
    days: Annotated[int, msgspec.Meta(ge=1, le=366)] = 30
    label: Annotated[str, msgspec.Meta(max_length=100)] = ""


class IssuedTokenOut(_Wire, frozen=True):
    token: str
    """The bearer token: shown only here, only its SHA-256 is kept."""
    stored: TokenOut


class SessionOut(_Wire, frozen=True):
    session: str
    """The SHA-256 the session's row keeps (not the cookie)."""
    address: str
    created_at: int
    expires_at: int


class SessionList(_Wire, frozen=True):
    sessions: list[SessionOut]


class GrantOut(_Wire, frozen=True):
    account: str
    role: str
    granted_by: str
    granted_at: int


class GrantList(_Wire, frozen=True):
    tournament_id: str
    roles: list[GrantOut]


class RoleBody(_Wire, frozen=True):
    role: Literal["deputy", "chief"]


def _account(account: Account) -> AccountOut:
    return AccountOut(
        account_id=account.account_id, name=account.name, email=account.email,
        administrator=account.administrator, disabled=account.disabled,
        created_at=account.created_at,
    )  # fmt: skip


def _token(token: ApiToken) -> TokenOut:
    return TokenOut(
        token_id=token.token_id, label=token.label, tournaments=list(token.tournaments),
        role=token.role, created_at=token.created_at, expires_at=token.expires_at,
        revoked_at=token.revoked_at,
    )  # fmt: skip


def _session(session: StoredSession) -> SessionOut:
    return SessionOut(
        session=session.session_sha256, address=session.address,
        created_at=session.created_at, expires_at=session.expires_at,
    )  # fmt: skip


def _grants(tournament_id: str, grants: list[Grant]) -> GrantList:
    roles = [GrantOut(account=g.account, role=g.role, granted_by=g.granted_by,
                      granted_at=g.granted_at) for g in grants]  # fmt: skip
    return GrantList(tournament_id=tournament_id, roles=roles)


async def _use(call: Call[Any, Any], use: Callable[[AccountService], T]) -> T:
    """Run an account use case off the event loop."""
    accounts = call.request.app[keys.ACCOUNTS]
    return await off_loop(call.request, lambda: use(accounts))


def _name(call: Call[Any, Any]) -> str:
    return call.request.match_info["name"]


# -- accounts ------------------------------------------------------------------------------


async def list_accounts(call: Call[None, None]) -> web.Response:
    accounts = await _use(call, lambda service: service.accounts(call.actor))
    return respond(AccountList(accounts=[_account(account) for account in accounts]))


async def add_account(call: Call[NewAccount, None]) -> web.Response:
    body = call.body

    def add(service: AccountService) -> AddedAccount:
        account = service.add(
            call.actor, body.name, password=body.password, email=body.email,
            administrator=body.administrator,
        )  # fmt: skip
        if body.password is not None:
            return AddedAccount(account=_account(account))
        link = service.sign_in_link(call.actor, account.name)
        return AddedAccount(account=_account(account), sign_in_link=f"/welcome/{link.secret}")

    added = await _use(call, add)
    return respond(added, status=201, location=f"/accounts/{added.account.name}")


async def change_account(call: Call[AccountChange, None]) -> web.Response:
    changed = await _use(
        call, lambda service: service.set_disabled(
            call.actor, _name(call), disabled=call.body.disabled)
    )  # fmt: skip
    return respond(_account(changed))


# -- API tokens ----------------------------------------------------------------------------


async def list_tokens(call: Call[None, None]) -> web.Response:
    tokens = await _use(call, lambda service: service.tokens(call.actor, _name(call)))
    return respond(TokenList(tokens=[_token(token) for token in tokens]))


async def issue_token(call: Call[TokenRequest, None]) -> web.Response:
    body = call.body
    issued = await _use(
        call, lambda service: service.issue_token(
            call.actor, _name(call), tournaments=body.tournaments, role=Role.named(body.role),
            days=body.days, label=body.label,
        ),
    )  # fmt: skip
    return respond(IssuedTokenOut(token=issued.token, stored=_token(issued.stored)), status=201)


async def revoke_token(call: Call[None, None]) -> web.Response:
    """Revoke one of the account's tokens: refused from the next request on every server."""
    token_id = call.number("token_id")

    def revoke(service: AccountService) -> ApiToken:
        listed = {token.token_id: token for token in service.tokens(call.actor, _name(call))}
        if token_id not in listed:
            raise Problem("not-found", f"token: {_name(call)} has no token {token_id}")
        service.revoke_token(call.actor, token_id)
        return next(t for t in service.tokens(call.actor, _name(call)) if t.token_id == token_id)

    return respond(_token(await _use(call, revoke)))


# -- sessions ------------------------------------------------------------------------------


async def list_sessions(call: Call[None, None]) -> web.Response:
    sessions = await _use(call, lambda service: service.sessions(call.actor, _name(call)))
    return respond(SessionList(sessions=[_session(session) for session in sessions]))


async def end_session(call: Call[None, None]) -> web.Response:
    """End one of the account's open sessions; the account's sessions still open."""
    digest = call.request.match_info["session"]

    def end(service: AccountService) -> list[StoredSession]:
        open_ = service.sessions(call.actor, _name(call))
        if not any(session.session_sha256 == digest for session in open_):
            raise Problem("not-found", f"session: {_name(call)} has no open session {digest}")
        service.end_session(call.actor, digest)
        return service.sessions(call.actor, _name(call))

    return respond(SessionList(sessions=[_session(session) for session in await _use(call, end)]))


# -- a tournament's roles ------------------------------------------------------------------


async def list_roles(call: Call[None, None]) -> web.Response:
    tournament_id = call.tournament_id
    grants = await _use(call, lambda service: service.grants(call.actor, tournament_id))
    return respond(_grants(tournament_id, grants))


async def grant_role(call: Call[RoleBody, None]) -> web.Response:
    """Make the account the tournament's chief (an administrator) or deputy (its chief too)."""
    tournament_id, role = call.tournament_id, Role.named(call.body.role)

    def grant(service: AccountService) -> list[Grant]:
        service.grant(call.actor, tournament_id, _name(call), role)
        return service.grants(call.actor, tournament_id)

    return respond(_grants(tournament_id, await _use(call, grant)))


async def revoke_role(call: Call[None, None]) -> web.Response:
    tournament_id = call.tournament_id

    def revoke(service: AccountService) -> list[Grant]:
        if not service.revoke(call.actor, tournament_id, _name(call)):
            raise Problem("not-found", f"role: {_name(call)} holds no role in {tournament_id}")
        return service.grants(call.actor, tournament_id)

    return respond(_grants(tournament_id, await _use(call, revoke)))
