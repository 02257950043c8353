"""How one HTTP server is configured: a frozen value built by ``arbiter serve`` or a test.

No globals: :func:`server.http.app.create_app` takes a :class:`Settings` and everything it
starts reads from there. The bearer token is never kept, only its SHA-256 digest, so a
settings value (or the file it came from) can be shown without giving writes away.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import stat
from pathlib import Path

import msgspec

from events.projections import DEFAULT_MAX_BYTES

__all__ = ["Settings", "hash_token", "new_token", "read_token_file", "token_matches"]

MIB = 1024 * 1024
CACHE_MB = DEFAULT_MAX_BYTES // MIB
STREAMS_PER_ADDRESS = 256
"""Live streams one address may hold by default: a hall's phones behind one NAT."""


class Settings(msgspec.Struct, frozen=True, kw_only=True):
    """Everything ``create_app`` needs.

    ``pairing_workers`` is the size of the process pool that runs pairing engines; 0 pairs
    in a thread of this process instead (tests: no process start-up, same code path
    otherwise). ``sse_poll_seconds`` bounds how late a live stream notices events written
    by another process on the same database (this process's writes wake it at once).
    """

    token_sha256: str
    db: str = "arbiter.db"
    max_body_bytes: int = 4 * MIB
    pairing_workers: int = 2
    pairing_time_limit: float = 120.0
    """Seconds one pairing may take before it is stopped and refused (503)."""
    pairings_per_second: float = 20.0
    pairings_burst: int = 100
    """``POST /pairings`` per bearer token: on average, and at once after a pause."""
    sse_poll_seconds: float = 2.0
    sse_ping_seconds: float = 15.0
    sse_retry_ms: int = 2000
    sse_max_streams: int = 2048
    sse_max_per_client: int = STREAMS_PER_ADDRESS
    """Open streams from one address: a venue's phones share one (its Wi-Fi's NAT)."""
    sse_backlog: int = 1000
    """Events a stream may fall behind before it is closed (the client then reconnects)."""
    sse_max_seconds: float = 3600.0
    """A stream ends after this long; the client reconnects and resumes where it was."""
    cache_mb: int = CACHE_MB
    """What the folded tournaments this process keeps may take; the least recently used
    are dropped past it, and start again from their snapshots."""
    failed_auth_limit: int = 10
    """Wrong tokens or passwords one address (or account) may send in a minute before it is
    answered 429; all addresses together get ten times as many."""
    busy_timeout_ms: int = 5000
    """How long a write waits for another process's write lock before answering 503."""
    store_timeout: float = 1.5
    """Seconds a request waits for a PostgreSQL connection before answering 503 (the
    database is away): every request answers within a couple of seconds during an outage."""
    token_digest_file: str = ""
    """Where ``arbiter token --rotate`` writes a new digest; when set, each write is checked
    against the file's current digest, so a rotation takes effect without a restart."""
    behind_tls_proxy: bool = False
    """Browsers reach this server over TLS through a proxy in front of it: the session cookie
    is marked ``Secure`` (it is anyway for a request that came over TLS itself)."""

    def current_token_sha256(self) -> str:
        """The digest writes and the desk's sign-in are checked against now, read afresh
        each time, so a rotation by another process counts from the next check
        (``token_sha256`` without a file, or while the file cannot be read)."""
        if not self.token_digest_file:
            return self.token_sha256
        try:
            return Path(self.token_digest_file).read_text(encoding="ascii").strip() or (
                self.token_sha256
            )
        except OSError:
            return self.token_sha256


def new_token() -> str:
    """A fresh bearer token: 256 random bits, URL-safe."""
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    """The digest kept in settings and on disk instead of the token.

    >>> token_matches("s3cret", hash_token(" s3cret ")), token_matches("guess", hash_token("s3cret"))
    (True, False)
    """
    return hashlib.sha256(token.strip().encode()).hexdigest()


def token_matches(candidate: str, token_sha256: str) -> bool:
    """Compare in constant time, so response timing tells nothing about the token."""
    return hmac.compare_digest(hash_token(candidate), token_sha256)


def read_token_file(path: Path) -> str:
    """The token written in ``path`` (surrounding whitespace ignored).

    :raises ValueError: when the file is empty, or other users may read it (a secret any
        local account can read is no secret; ``chmod 600`` it).
    """
    mode = path.stat().st_mode
    if os.name == "posix" and mode & 0o077:
        raise ValueError(
            f"{path} can be read by other users (mode {stat.S_IMODE(mode):o}); "
            f"make it private first: chmod 600 {path}"
        )
    token = path.read_text(encoding="utf-8").strip()
    if not token:
        raise ValueError(f"{path} holds no token")
    return token
