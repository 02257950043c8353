"""Test helpers for the HTTP API: settings for a throwaway server, and a client that
writes with the bearer token and the stream version it last saw."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from aiohttp import web
from aiohttp.test_utils import TestClient

from server.settings import Settings, hash_token

TOKEN = "arbiter-test-token"

Client = TestClient[web.Request, web.Application]


def make_settings(path: Path | str, **overrides: Any) -> Settings:
    options: dict[str, Any] = {
        "db": str(path),
        "token_sha256": hash_token(TOKEN),
        "pairing_workers": 0,  # pair in a thread: no process start-up in unit tests
        "sse_poll_seconds": 0.2,
    }
    options.update(overrides)
    return Settings(**options)


class Api:
    """A client that sends the token, ``If-Match`` with the version it last saw (per
    tournament), and JSON; returns the response with its decoded body."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.versions: dict[str, int] = {}

    @staticmethod
    def tournament_of(path: str) -> str | None:
        parts = path.strip("/").split("/")
        return parts[1] if len(parts) > 1 and parts[0] == "tournaments" else None

    async def get(self, path: str, **kwargs: Any) -> tuple[int, Any]:
        async with self.client.get(path, **kwargs) as response:
            body = await response.json(content_type=None)
            tournament = self.tournament_of(path)
            if tournament and "ETag" in response.headers:
                self.versions[tournament] = int(response.headers["ETag"].strip('"'))
            return response.status, body

    async def write(
        self,
        method: str,
        path: str,
        json: Any = None,
        *,
        headers: dict[str, str] | None = None,
        version: int | str | None = None,
        key: str | None = None,
        data: bytes | None = None,
    ) -> tuple[int, Any]:
        """``data``: a raw body (send its ``Content-Type`` in ``headers``) instead of JSON."""
        sent = {"Authorization": f"Bearer {TOKEN}"}
        tournament = self.tournament_of(path)
        if version is None and tournament in self.versions:
            version = self.versions[tournament]
        if version is not None:
            sent["If-Match"] = version if version == "*" else f'"{version}"'
        if key is not None:
            sent["Idempotency-Key"] = key
        sent.update(headers or {})
        async with self.client.request(
            method, path, json=json, data=data, headers=sent
        ) as response:
            body = await response.json(content_type=None)
            if response.status < 300 and isinstance(body, dict) and "version" in body:
                self.versions[body["tournament_id"]] = body["version"]
            return response.status, body

    async def post(self, path: str, json: Any = None, **kwargs: Any) -> tuple[int, Any]:
        return await self.write("POST", path, json, **kwargs)


class SseReader:
    """Reads Server-Sent Events messages off a streaming response (the WHATWG parsing
    rules, for what the server sends: ``id``, ``event``, ``data``, ``retry`` and comments)."""

    def __init__(self, response: Any) -> None:
        self.response = response
        self.retry: int | None = None

    async def next(self) -> dict[str, str]:
        """The next message that carries data (pings and retry-only blocks are skipped)."""
        fields: dict[str, str] = {}
        data: list[str] = []
        while True:
            raw = await self.response.content.readline()
            if not raw:
                raise EOFError("the stream ended")
            line = raw.decode("utf-8").rstrip("\r\n")
            if not line:
                if data:
                    return {**fields, "data": "\n".join(data)}
                fields = {}
                continue
            if line.startswith(":"):
                continue
            name, _, value = line.partition(":")
            value = value.removeprefix(" ")
            if name == "data":
                data.append(value)
            elif name == "retry":
                self.retry = int(value)
            else:
                fields[name] = value
