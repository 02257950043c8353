"""Every ``web.AppKey`` of the application, in one place (typed access to shared state)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from aiohttp import web

from server.http.auth import FailedAuth
from server.http.idempotency import InFlight
from server.http.pairing import PairingPool
from server.http.rates import TokenRates
from server.http.reads import SharedReads
from server.http.sse import Channels, EventFeed, OpenStreams, StreamLimits
from server.service import TournamentService
from server.service.accounts import AccountService
from server.settings import Settings

__all__ = [
    "ACCOUNTS",
    "CHANNELS",
    "FAILED_AUTH",
    "FEED",
    "IN_FLIGHT",
    "OPENAPI",
    "PAIRERS",
    "PAIRING",
    "PAIRING_RATES",
    "READERS",
    "SERVICE",
    "SETTINGS",
    "SHARED_READS",
    "STREAMS",
    "STREAM_LIMITS",
    "WRITER",
]

SETTINGS = web.AppKey("settings", Settings)
SERVICE = web.AppKey("service", TournamentService)
"""Acting as nobody (reads only): each write acts as its request's actor (``acting``)."""
ACCOUNTS = web.AppKey("accounts", AccountService)
WRITER = web.AppKey("writer", ThreadPoolExecutor)
"""One thread for commands, so they reach the store one at a time, in arrival order (a
pairing appends from its pairer thread; the store's lock and expected version guard it)."""
READERS = web.AppKey("readers", ThreadPoolExecutor)
"""Threads for reads and folds."""
PAIRERS = web.AppKey("pairers", ThreadPoolExecutor)
"""Threads that run pairing commands, each waiting for its engine in the pairing pool;
apart from the readers, so that rounds being paired never hold up a read."""
PAIRING = web.AppKey("pairing", PairingPool)
"""Where engines run: warm worker processes, bounded in number and time, so a long pairing
never holds the event loop or every worker."""
PAIRING_RATES = web.AppKey("pairing_rates", TokenRates)
"""``POST /pairings`` per bearer token."""
FEED = web.AppKey("feed", EventFeed)
CHANNELS = web.AppKey("channels", Channels)
"""One live reader per tournament, fanning each event out to its open streams."""
STREAMS = web.AppKey("streams", OpenStreams)
STREAM_LIMITS = web.AppKey("stream_limits", StreamLimits)
FAILED_AUTH = web.AppKey("failed_auth", FailedAuth)
SHARED_READS = web.AppKey("shared_reads", SharedReads)
IN_FLIGHT = web.AppKey("in_flight", InFlight)
OPENAPI = web.AppKey("openapi", bytes)
