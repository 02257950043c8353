"""Accounts, roles, API tokens and sessions: who an actor is, and the rules for changing who
may do what. Every edge comes here, as it goes to the command runner for writes.

Passwords are hashed with argon2id (argon2-cffi, its default parameters, rehashed on
sign-in when they change) and never kept, logged or returned; tokens and session ids are
256 random bits of which only the SHA-256 is stored (they carry enough entropy that a slow
hash adds nothing). Every check reads the tables, so a revoked token, a disabled account or
an ended session is refused at once by every server process on the database.

>>> from events.decisions import CreateTournament
>>> from events.sqlite_store import SqliteEventStore
>>> from server.service import TournamentService
>>> store = SqliteEventStore(":memory:")
>>> _ = TournamentService(store).create(CreateTournament(tournament_id="open", name="O", rounds=5))
>>> accounts = AccountService(store)
>>> root = Actor.local()
>>> _ = accounts.add(root, "ana", password="correct horse battery")
>>> accounts.grant(root, "open", "ana", Role.DEPUTY)
>>> accounts.sign_in("ana", "correct horse battery").role("open").label
'deputy'
>>> accounts.sign_in("ana", "wrong") is None
True
"""

from __future__ import annotations

import functools
import hashlib
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass

import argon2

from engine.messages import Message
from events import EventStore
from events.accounts import Account, AccountStore, ApiToken, Grant, StoredSession
from events.errors import ArbiterError, InvalidCommand, TournamentNotFound
from server.service.access import Actor, Forbidden, Role
from server.service.queries import stream_id

__all__ = [
    "AccountNotFound",
    "AccountService",
    "IssuedLink",
    "IssuedToken",
    "LinkUnusable",
    "OpenedSession",
    "hash_secret",
]

SESSION_SECONDS = 12 * 3600
"""A playing day; then the arbiter signs in again."""
MIN_PASSWORD = 12
"""ASVS 2.1.1: at least 12 characters (no other composition rule, 2.1.9)."""
MAX_PASSWORD = 128
LINK_SECONDS = 24 * 3600
"""How long a one-time sign-in link works: a day to read the message it came in (ASVS
2.3.1: an initial secret expires after a short time)."""
NO_PASSWORD = "!"
"""The stored hash of an account with no password yet: no password verifies against it."""

_HASHER = argon2.PasswordHasher()


@functools.cache
def _unknown() -> str:
    """A hash verified against when the account does not exist, so the answer takes as
    long either way. Made at the first such sign-in, not on import: a hash is a fifth of a
    second of CPU (more on a busy machine) that every start of the server would wait for;
    only that first unknown name's answer is one hash slower, once per process."""
    return _HASHER.hash(secrets.token_urlsafe(16))


class AccountNotFound(ArbiterError):
    """No account has that name."""

    status = 404
    exit_code = 3


class LinkUnusable(ArbiterError):
    """The sign-in link was used already, has expired, or was never issued; ask an
    administrator for a new one."""

    status = 410
    exit_code = 3


def hash_secret(secret: str) -> str:
    """The digest a token or session id is stored and looked up by."""
    return hashlib.sha256(secret.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class IssuedToken:
    token: str
    """Shown once, to the account that asked for it."""
    stored: ApiToken


@dataclass(frozen=True, slots=True)
class IssuedLink:
    secret: str
    """The link's last path segment (``/welcome/<secret>``), shown once."""
    account: Account
    expires_at: int

    @property
    def path(self) -> str:
        return f"/welcome/{self.secret}"


@dataclass(frozen=True, slots=True)
class OpenedSession:
    session_id: str
    """The cookie's value (only its digest is stored)."""
    stored: StoredSession


class AccountService:
    """Account use cases over the account tables of an event store's database."""

    def __init__(self, store: EventStore) -> None:
        """:raises StoreError: for a store that keeps no accounts (the in-memory one)."""
        self.store = AccountStore(store)
        self._events = store

    # -- accounts ---------------------------------------------------------------------------

    def add(
        self,
        by: Actor,
        name: str,
        *,
        password: str | None,
        email: str = "",
        administrator: bool = False,
    ) -> Account:
        """Add an account (administrators only); with no password (``None``) it signs in
        only after its owner sets one through a :meth:`sign_in_link`.

        :raises InvalidCommand: for a taken or empty name, or a password too short or long.
        """
        _require_administrator(by, Message("add accounts"))
        name = name.strip()
        if not name or len(name) > 64 or not name.isprintable() or name.startswith("cli:"):
            raise InvalidCommand(
                Message("name: 1 to 64 printable characters, not starting with 'cli:'"),
                field="name",
            )
        if self.store.account(name) is not None:
            raise InvalidCommand(
                Message("name: an account named %(name)s exists", name=repr(name)), field="name"
            )
        return self.store.add(
            name, email=email.strip(),
            password_hash=NO_PASSWORD if password is None else _hash_password(password),
            administrator=administrator, now=_now(),
        )  # fmt: skip

    def account(self, name: str) -> Account:
        """:raises AccountNotFound: when no account has the name."""
        found = self.store.account(name)
        if found is None:
            raise AccountNotFound(f"no account named {name!r}", field="name")
        return found

    def accounts(self, by: Actor) -> list[Account]:
        """Every account, by name (administrators only)."""
        _require_administrator(by, Message("list the accounts"))
        return self.store.accounts()

    def set_disabled(self, by: Actor, name: str, *, disabled: bool) -> Account:
        """Disable an account (its sessions end, its tokens stop) or enable it again."""
        _require_administrator(by, Message("disable or enable accounts"))
        account = self.account(name)
        self.store.set_disabled(account.account_id, disabled)
        return account._replace(disabled=disabled)

    def grant(self, by: Actor, tournament_id: str, name: str, role: Role) -> None:
        """Make the account chief or deputy arbiter of the tournament: an administrator
        grants either, the tournament's chief grants deputies.

        :raises Forbidden: for anyone else, or a chief granting chief.
        """
        if role not in (Role.CHIEF, Role.DEPUTY):
            raise InvalidCommand(Message("role: chief or deputy"), field="role")
        by.require(tournament_id, Role.ADMINISTRATOR if role == Role.CHIEF else Role.CHIEF)
        if not self._events.current_version(stream_id(tournament_id)):
            raise TournamentNotFound(tournament_id)
        account = self.account(name)
        self.store.grant(
            account.account_id, tournament_id, role.label, granted_by=by.name, now=_now()
        )

    def revoke(self, by: Actor, tournament_id: str, name: str) -> bool:
        """Take the account's role in the tournament away (the same rule as :meth:`grant`
        for the role it held)."""
        account = self.account(name)
        held = Role.named(self.store.roles(account.account_id).get(tournament_id, "deputy"))
        by.require(tournament_id, Role.ADMINISTRATOR if held == Role.CHIEF else Role.CHIEF)
        return self.store.revoke_grant(account.account_id, tournament_id)

    def grants(self, by: Actor, tournament_id: str) -> list[Grant]:
        """Who holds a role in the tournament (its chief, or an administrator, may see)."""
        by.require(tournament_id, Role.CHIEF)
        return self.store.grants(tournament_id)

    # -- one-time sign-in links -------------------------------------------------------------

    def sign_in_link(self, by: Actor, name: str) -> IssuedLink:
        """A link with which the account's owner sets a password and signs in, once, within
        :data:`LINK_SECONDS` (administrators only); earlier unused links stop working."""
        _require_administrator(by, Message("issue sign-in links"))
        account = self.account(name)
        secret = secrets.token_urlsafe(32)
        now = _now()
        expires_at = now + LINK_SECONDS
        self.store.add_link(
            account.account_id, hash_secret(secret), created_by=by.name, now=now,
            expires_at=expires_at,
        )  # fmt: skip
        return IssuedLink(secret, account, expires_at)

    def link_account(self, secret: str) -> Account | None:
        """The enabled account an unused link is for, ``None`` when it cannot be used."""
        account_id = self.store.link_account(hash_secret(secret), now=_now())
        account = None if account_id is None else self.store.account_by_id(account_id)
        return None if account is None or account.disabled else account

    def redeem_link(self, secret: str, password: str) -> Actor:
        """Set the account's password through the link, which is then used up; the
        account's other sessions end (ASVS 3.3.3).

        :raises InvalidCommand: for a password too short or long (the link still works).
        :raises LinkUnusable: for a link used, expired, unknown, or of a disabled account.
        """
        password_hash = _hash_password(password)
        account_id = self.store.use_link(hash_secret(secret), now=_now())
        account = None if account_id is None else self.store.account_by_id(account_id)
        if account is None or account.disabled:
            raise LinkUnusable("the sign-in link was used already or has expired")
        self.store.set_password_hash(account.account_id, password_hash)
        self.store.end_sessions(account.account_id)
        return self.actor(account)

    # -- actors -----------------------------------------------------------------------------

    def actor(self, account: Account) -> Actor:
        """The account as an actor, with its roles as stored now."""
        roles = {t: Role.named(r) for t, r in self.store.roles(account.account_id).items()}
        return Actor(account.name, account.account_id, account.administrator, roles)

    def server_token_actor(self) -> Actor:
        """Who the server's own token acts as: the first administrator (or, before any
        account exists, an administrator named for the token)."""
        first = self.store.first_administrator()
        if first is None:
            return Actor("server-token", administrator=True)
        return self.actor(first)

    def sign_in(self, name: str, password: str) -> Actor | None:
        """The account's actor when the password is its own and it is enabled, else
        ``None`` (the same time is spent either way)."""
        account = self.store.account(name)
        stored = self.store.password_hash(account.account_id) if account else _unknown()
        try:
            _HASHER.verify(stored, password)
        except (argon2.exceptions.VerificationError, argon2.exceptions.InvalidHashError):
            return None
        if account is None or account.disabled:
            return None
        if _HASHER.check_needs_rehash(stored):
            self.store.set_password_hash(account.account_id, _HASHER.hash(password))
        return self.actor(account)

    # -- API tokens -------------------------------------------------------------------------

    def issue_token(
        self,
        by: Actor,
        name: str,
        *,
        tournaments: Sequence[str] = (),
        role: Role = Role.DEPUTY,
        days: int = 30,
        label: str = "",
    ) -> IssuedToken:
        """A token for a program, acting as account ``name`` within ``tournaments`` (none:
        all the account's) and ``role``, for ``days``. An account issues its own; an
        administrator issues anyone's."""
        account = self.account(name)
        if by.account_id != account.account_id:
            _require_administrator(by, Message("issue tokens for another account"))
        if not 1 <= days <= 366:
            raise InvalidCommand(Message("days: from 1 to 366"), field="days")
        if role == Role.PUBLIC:
            raise InvalidCommand(Message("role: deputy, chief or administrator"), field="role")
        token = "arb_" + secrets.token_urlsafe(32)
        now = _now()
        stored = self.store.add_token(
            account.account_id, hash_secret(token), label=label,
            tournaments=tuple(tournaments), role=role.label, now=now,
            expires_at=now + days * 86400,
        )  # fmt: skip
        return IssuedToken(token, stored)

    def tokens(self, by: Actor, name: str) -> list[ApiToken]:
        account = self.account(name)
        if by.account_id != account.account_id:
            _require_administrator(by, Message("list another account's tokens"))
        return self.store.tokens(account.account_id)

    def revoke_token(self, by: Actor, token_id: int) -> None:
        """Revoke a token (its account or an administrator): refused from the next request."""
        found = self.store.token_by_id(token_id)
        if found is None:
            raise InvalidCommand(
                Message("token: no token %(token)s", token=token_id), field="token"
            )
        if by.account_id != found.account_id:
            _require_administrator(by, Message("revoke another account's tokens"))
        self.store.revoke_token(token_id, now=_now())

    def token_actor(self, token: str) -> Actor | None:
        """The actor an API token acts as, ``None`` when it is unknown, revoked, expired or
        its account disabled."""
        found = self.store.token(hash_secret(token))
        if found is None or found.revoked_at is not None or found.expires_at <= _now():
            return None
        account = self.store.account_by_id(found.account_id)
        if account is None or account.disabled:
            return None
        actor = self.actor(account)
        return Actor(
            actor.name, actor.account_id, actor.administrator, actor.roles,
            tournaments=frozenset(found.tournaments) or None, ceiling=Role.named(found.role),
        )  # fmt: skip

    # -- sessions ---------------------------------------------------------------------------

    def open_session(
        self, actor: Actor, *, server_token_sha256: str = "", address: str = ""
    ) -> OpenedSession:
        """A browser session for ``actor`` (an account's, or the server token's when
        ``server_token_sha256`` names it)."""
        session_id = secrets.token_urlsafe(32)
        now = _now()
        self.store.end_expired(now=now)
        stored = StoredSession(
            hash_secret(session_id), actor.account_id, server_token_sha256,
            secrets.token_urlsafe(32), [], address[:100], now, now + SESSION_SECONDS,
        )  # fmt: skip
        self.store.open_session(stored)
        return OpenedSession(session_id, stored)

    def session(self, session_id: str) -> StoredSession | None:
        """The open session the cookie's value names."""
        return self.store.session(hash_secret(session_id), now=_now())

    def session_actor(self, session: StoredSession) -> Actor | None:
        """Who the session acts as (``None`` once its account is gone)."""
        if session.account_id is None:
            return self.server_token_actor()
        account = self.store.account_by_id(session.account_id)
        return None if account is None or account.disabled else self.actor(account)

    def sessions(self, by: Actor, name: str | None = None) -> list[StoredSession]:
        """An account's open sessions (its own, or anyone's for an administrator)."""
        account_id = by.account_id if name is None else self.account(name).account_id
        if account_id != by.account_id:
            _require_administrator(by, Message("list another account's sessions"))
        return self.store.sessions(account_id, now=_now())

    def end_session(self, by: Actor, session_sha256: str) -> bool:
        """End a session by its stored digest (its owner, or an administrator)."""
        found = self.store.session(session_sha256, now=_now())
        if found is None:
            return False
        if found.account_id != by.account_id:
            _require_administrator(by, Message("end another account's sessions"))
        return self.store.end_session(session_sha256)


def _require_administrator(by: Actor, doing: Message) -> None:
    if not by.administers:
        raise Forbidden(
            Message("only an administrator may %(doing)s; %(name)s is not one", doing=doing,
                    name=by.name)
        )  # fmt: skip


def _hash_password(password: str) -> str:
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise InvalidCommand(
            Message("password: from %(least)s to %(most)s characters", least=MIN_PASSWORD,
                    most=MAX_PASSWORD),
            field="password",
        )  # fmt: skip
    return _HASHER.hash(password)


def _now() -> int:
    return int(time.time())
