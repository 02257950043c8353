"""Structured logs: one JSON object per line, through the standard :mod:`logging` package.

Every request leaves one ``arbiter.access`` line with its method, path, the status the
client got and duration (:func:`access_middleware`; a static file's status, 200, 304 or
404, is settled only as it is sent, so its line is written then, by :func:`log_file_sent`);
every 5xx leaves an ``arbiter.http`` line with its cause (:mod:`server.http.problems`).
``arbiter serve`` calls :func:`configure_logging`; a host that embeds the app configures
logging its own way and gets the same records.
"""

from __future__ import annotations

import logging
import sys
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any

import msgspec
from aiohttp import web

__all__ = ["JsonFormatter", "access_middleware", "configure_logging", "log_file_sent"]

access_log = logging.getLogger("arbiter.access")

_FILE_STARTED = web.RequestKey("access_file_started", float)
"""When a request answered by a file not sent yet started: its line waits for the sending."""

_STANDARD = frozenset(vars(logging.makeLogRecord({}))) | {"message", "asctime"}
_ENCODER = msgspec.json.Encoder(enc_hook=str)
"""A line's values as JSON; one it cannot encode (a path object, an error) as its text."""


class JsonFormatter(logging.Formatter):
    """A record as one JSON line: time, level, logger, message, the ``extra`` fields, and
    the traceback of an exception when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        line.update({k: v for k, v in vars(record).items() if k not in _STANDARD})
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return _ENCODER.encode(line).decode()


def configure_logging(level: int = logging.INFO) -> None:
    """JSON lines on stderr for the ``arbiter`` loggers (aiohttp's own access log is off:
    ours has the same facts and the request's duration)."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger("arbiter")
    root.handlers[:] = [handler]
    root.setLevel(level)
    root.propagate = False


@web.middleware
async def access_middleware(
    request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
) -> web.StreamResponse:
    """Log one line per request, after it was answered (the problem middleware runs
    inside this one, so errors are already responses here, and redirects are raised)."""
    started = time.perf_counter()
    status = 500
    try:
        response = await handler(request)
        if isinstance(response, web.FileResponse) and not response.prepared:
            request[_FILE_STARTED] = started
        status = response.status
        return response
    except web.HTTPException as answer:
        status = answer.status
        raise
    finally:
        if _FILE_STARTED not in request:
            _log_access(request, status, started)


async def log_file_sent(request: web.Request, response: web.StreamResponse) -> None:
    """``on_response_prepare``: the access line of a file, with the status it is sent with."""
    if _FILE_STARTED in request:
        _log_access(request, response.status, request[_FILE_STARTED])


def _log_access(request: web.Request, status: int, started: float) -> None:
    if not access_log.isEnabledFor(logging.INFO):  # no one reads it: build no line
        return
    access_log.info(
        "%s %s %s",
        request.method,
        request.path,
        status,
        extra={
            "method": request.method,
            "path": request.path,
            "status": status,
            "ms": round((time.perf_counter() - started) * 1000, 1),
            "remote": request.remote,
        },
    )
