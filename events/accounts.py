"""Accounts, their grants, API tokens, browser sessions and failed sign-ins, in tables beside
the event log (migration ``0006_accounts``).

Reference data, not events, like the player directory: who may write is no part of a
tournament's history (each event names its actor in its metadata), and a revoked token, a
disabled account or an ended session must count at once on every server process, which a
row in the database they share gives. The SQL runs on the event store's own connections,
so it is the same for SQLite and PostgreSQL. No secret is stored: passwords arrive hashed
(the service hashes them), tokens and session ids as SHA-256 digests. Times are Unix
seconds.

>>> from events.sqlite_store import SqliteEventStore
>>> accounts = AccountStore(SqliteEventStore(":memory:"))
>>> accounts.add("ana", email="", password_hash="<argon2>", administrator=False, now=0).name
'ana'
>>> accounts.grant(accounts.account("ana").account_id, "open", "deputy", granted_by="root", now=0)
>>> accounts.roles(accounts.account("ana").account_id)
{'open': 'deputy'}
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, NamedTuple

from events.errors import StoreError
from events.sql_store import Session, SqlEventStore
from events.store import EventStore

__all__ = ["Account", "AccountStore", "ApiToken", "Grant", "StoredSession"]


class Account(NamedTuple):
    account_id: int
    name: str
    email: str
    administrator: bool
    disabled: bool
    created_at: int


class Grant(NamedTuple):
    account: str
    tournament_id: str
    role: str
    granted_by: str
    granted_at: int


class ApiToken(NamedTuple):
    token_id: int
    account_id: int
    label: str
    tournaments: tuple[str, ...]
    """The tournaments it may act on; empty: every one its account may."""
    role: str
    """The most it may do (``administrator``, ``chief`` or ``deputy``), within the account's."""
    created_at: int
    expires_at: int
    revoked_at: int | None


class StoredSession(NamedTuple):
    session_sha256: str
    account_id: int | None
    """``None`` for a session opened with the server token."""
    server_token_sha256: str
    csrf: str
    flash: list[tuple[str, str]]
    address: str
    created_at: int
    expires_at: int


_ACCOUNT = "account_id, name, email, administrator, disabled, created_at"
_TOKEN = "token_id, account_id, label, tournaments, role, created_at, expires_at, revoked_at"
_SESSION = (
    "session_sha256, account_id, server_token_sha256, csrf, flash, address, created_at, expires_at"
)


def _account(row: Any) -> Account:
    return Account(row[0], row[1], row[2], bool(row[3]), bool(row[4]), row[5])


def _token(row: Any) -> ApiToken:
    tournaments = tuple(t for t in row[3].split("\n") if t)
    return ApiToken(row[0], row[1], row[2], tournaments, *row[4:])


def _session(row: Any) -> StoredSession:
    flash = [(kind, text) for kind, text in json.loads(row[4])]
    return StoredSession(row[0], row[1], row[2], row[3], flash, *row[5:])


class AccountStore:
    """The account tables of ``store``'s database (a SQLite file or PostgreSQL)."""

    def __init__(self, store: EventStore) -> None:
        """:raises StoreError: for a store that keeps no accounts (the in-memory one)."""
        if not isinstance(store, SqlEventStore):
            raise StoreError("accounts are kept in a SQLite or PostgreSQL database only")
        self._store = store

    def _one(self, sql: str, parameters: Iterable[Any] = ()) -> Any:
        with self._store._session() as session:
            return session.execute(sql, tuple(parameters)).fetchone()

    def _all(self, sql: str, parameters: Iterable[Any] = ()) -> list[Any]:
        with self._store._session() as session:
            return session.execute(sql, tuple(parameters)).fetchall()

    def _write(self, sql: str, parameters: Iterable[Any] = ()) -> int:
        """Run one statement (its own transaction); returns the rows it changed."""
        with self._store._session() as session:
            return _changed(session, sql, tuple(parameters))

    # -- accounts ---------------------------------------------------------------------------

    def add(
        self, name: str, *, email: str, password_hash: str, administrator: bool, now: int
    ) -> Account:
        """:raises StoreError: when the name is taken (check :meth:`account` first)."""
        row = self._one(
            "INSERT INTO accounts (name, email, password_hash, administrator, disabled, "
            f"created_at) VALUES (?, ?, ?, ?, 0, ?) RETURNING {_ACCOUNT}",
            (name, email, password_hash, int(administrator), now),
        )
        return _account(row)

    def account(self, name: str) -> Account | None:
        row = self._one(f"SELECT {_ACCOUNT} FROM accounts WHERE name = ?", (name,))
        return _account(row) if row else None

    def account_by_id(self, account_id: int) -> Account | None:
        row = self._one(f"SELECT {_ACCOUNT} FROM accounts WHERE account_id = ?", (account_id,))
        return _account(row) if row else None

    def accounts(self) -> list[Account]:
        return [_account(r) for r in self._all(f"SELECT {_ACCOUNT} FROM accounts ORDER BY name")]

    def first_administrator(self) -> Account | None:
        """The administrator added first: the server token acts as this account."""
        row = self._one(
            f"SELECT {_ACCOUNT} FROM accounts WHERE administrator = 1 AND disabled = 0 "
            "ORDER BY account_id LIMIT 1"
        )
        return _account(row) if row else None

    def password_hash(self, account_id: int) -> str:
        row = self._one("SELECT password_hash FROM accounts WHERE account_id = ?", (account_id,))
        return str(row[0]) if row else ""

    def set_password_hash(self, account_id: int, password_hash: str) -> None:
        self._write(
            "UPDATE accounts SET password_hash = ? WHERE account_id = ?",
            (password_hash, account_id),
        )

    def set_disabled(self, account_id: int, disabled: bool) -> None:
        """Disable (or enable) an account; disabling ends its sessions. Its tokens and
        sessions are refused from the next request on every process anyway: each check
        reads the account's row."""
        self._write(
            "UPDATE accounts SET disabled = ? WHERE account_id = ?", (int(disabled), account_id)
        )
        if disabled:
            self.end_sessions(account_id)

    def end_sessions(self, account_id: int) -> int:
        """End every session of the account (disabled, or its password set anew)."""
        return self._write("DELETE FROM sessions WHERE account_id = ?", (account_id,))

    # -- grants -----------------------------------------------------------------------------

    def grant(
        self, account_id: int, tournament_id: str, role: str, *, granted_by: str, now: int
    ) -> None:
        """Give the account ``role`` in the tournament, in place of any role it held there."""
        self._write(
            "INSERT INTO grants (account_id, tournament_id, role, granted_by, granted_at) "
            "VALUES (?, ?, ?, ?, ?) ON CONFLICT (account_id, tournament_id) DO UPDATE SET "
            "role = excluded.role, granted_by = excluded.granted_by, "
            "granted_at = excluded.granted_at",
            (account_id, tournament_id, role, granted_by, now),
        )

    def revoke_grant(self, account_id: int, tournament_id: str) -> bool:
        return bool(
            self._write(
                "DELETE FROM grants WHERE account_id = ? AND tournament_id = ?",
                (account_id, tournament_id),
            )
        )

    def roles(self, account_id: int) -> dict[str, str]:
        """The account's role in each tournament where it has one."""
        rows = self._all(
            "SELECT tournament_id, role FROM grants WHERE account_id = ?", (account_id,)
        )
        return dict(rows)

    def grants(self, tournament_id: str | None = None) -> list[Grant]:
        """Every grant, or one tournament's, by tournament then account name."""
        where, parameters = (
            ("WHERE g.tournament_id = ?", (tournament_id,)) if tournament_id else ("", ())
        )
        rows = self._all(
            "SELECT a.name, g.tournament_id, g.role, g.granted_by, g.granted_at FROM grants g "
            f"JOIN accounts a ON a.account_id = g.account_id {where} "
            "ORDER BY g.tournament_id, a.name",
            parameters,
        )
        return [Grant(*row) for row in rows]

    # -- API tokens -------------------------------------------------------------------------

    def add_token(
        self,
        account_id: int,
        token_sha256: str,
        *,
        label: str,
        tournaments: tuple[str, ...],
        role: str,
        now: int,
        expires_at: int,
    ) -> ApiToken:
        row = self._one(
            "INSERT INTO api_tokens (account_id, token_sha256, label, tournaments, role, "
            f"created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING {_TOKEN}",
            (account_id, token_sha256, label, "\n".join(tournaments), role, now, expires_at),
        )
        return _token(row)

    def token(self, token_sha256: str) -> ApiToken | None:
        row = self._one(f"SELECT {_TOKEN} FROM api_tokens WHERE token_sha256 = ?", (token_sha256,))
        return _token(row) if row else None

    def tokens(self, account_id: int) -> list[ApiToken]:
        rows = self._all(
            f"SELECT {_TOKEN} FROM api_tokens WHERE account_id = ? ORDER BY token_id",
            (account_id,),
        )
        return [_token(r) for r in rows]

    def token_by_id(self, token_id: int) -> ApiToken | None:
        row = self._one(f"SELECT {_TOKEN} FROM api_tokens WHERE token_id = ?", (token_id,))
        return _token(row) if row else None

    def revoke_token(self, token_id: int, *, now: int) -> None:
        self._write(
            "UPDATE api_tokens SET revoked_at = ? WHERE token_id = ? AND revoked_at IS NULL",
            (now, token_id),
        )

    # -- sessions ---------------------------------------------------------------------------

    def open_session(self, session: StoredSession) -> None:
        self._write(
            f"INSERT INTO sessions ({_SESSION}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (*session[:4], json.dumps(session.flash), *session[5:]),
        )

    def session(self, session_sha256: str, *, now: int) -> StoredSession | None:
        """The session, while it lasts and its account (if any) is enabled."""
        row = self._one(
            f"SELECT {', '.join('s.' + c for c in _SESSION.split(', '))} FROM sessions s "
            "LEFT JOIN accounts a ON a.account_id = s.account_id "
            "WHERE s.session_sha256 = ? AND s.expires_at > ? "
            "AND (s.account_id IS NULL OR a.disabled = 0)",
            (session_sha256, now),
        )
        return _session(row) if row else None

    def sessions(self, account_id: int | None, *, now: int) -> list[StoredSession]:
        """The open sessions of an account (``None``: those opened with the server token)."""
        rows = self._all(
            f"SELECT {_SESSION} FROM sessions WHERE account_id IS NOT DISTINCT FROM ? "
            "AND expires_at > ? ORDER BY created_at",
            (account_id, now),
        )
        return [_session(r) for r in rows]

    def set_flash(self, session_sha256: str, flash: list[tuple[str, str]]) -> None:
        self._write(
            "UPDATE sessions SET flash = ? WHERE session_sha256 = ?",
            (json.dumps(flash), session_sha256),
        )

    def end_session(self, session_sha256: str) -> bool:
        return bool(self._write("DELETE FROM sessions WHERE session_sha256 = ?", (session_sha256,)))

    def end_expired(self, *, now: int) -> None:
        self._write("DELETE FROM sessions WHERE expires_at <= ?", (now,))

    # -- one-time sign-in links -------------------------------------------------------------

    def add_link(
        self, account_id: int, link_sha256: str, *, created_by: str, now: int, expires_at: int
    ) -> None:
        """Keep a new link's digest; any earlier unused link of the account stops working."""
        with self._store._session() as session:
            session.execute(
                "UPDATE sign_in_links SET used_at = ? WHERE account_id = ? AND used_at IS NULL",
                (now, account_id),
            )
            session.execute(
                "INSERT INTO sign_in_links (link_sha256, account_id, created_by, created_at, "
                "expires_at) VALUES (?, ?, ?, ?, ?)",
                (link_sha256, account_id, created_by, now, expires_at),
            )

    def link_account(self, link_sha256: str, *, now: int) -> int | None:
        """The account an unused, unexpired link is for (without using it)."""
        row = self._one(
            "SELECT account_id FROM sign_in_links WHERE link_sha256 = ? AND used_at IS NULL "
            "AND expires_at > ?",
            (link_sha256, now),
        )
        return int(row[0]) if row else None

    def use_link(self, link_sha256: str, *, now: int) -> int | None:
        """Mark the link used and return its account, if it was unused and unexpired: one
        statement, so of two processes redeeming it at once only one gets the account."""
        row = self._one(
            "UPDATE sign_in_links SET used_at = ? WHERE link_sha256 = ? AND used_at IS NULL "
            "AND expires_at > ? RETURNING account_id",
            (now, link_sha256, now),
        )
        return int(row[0]) if row else None

    # -- failed authentications -------------------------------------------------------------

    def failures(self, counted: str, *, since: float) -> tuple[int, float | None]:
        """How many failures count against ``counted`` since then, and the oldest's time."""
        count, oldest = self._one(
            "SELECT COUNT(*), MIN(at) FROM auth_failures WHERE counted = ? AND at > ?",
            (counted, since),
        )
        return int(count), oldest

    def add_failure(self, counted: Iterable[str], *, at: float, forget_before: float) -> None:
        """Count one failure against each of ``counted``; forget those past the window."""
        with self._store._session() as session:
            session.execute("DELETE FROM auth_failures WHERE at <= ?", (forget_before,))
            for key in counted:
                session.execute("INSERT INTO auth_failures (counted, at) VALUES (?, ?)", (key, at))


def _changed(session: Session, sql: str, parameters: tuple[Any, ...]) -> int:
    cursor: Any = session.execute(sql, parameters)
    return int(cursor.rowcount)
