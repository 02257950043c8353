"""Fixtures for the HTTP API: a fresh app per test on its own SQLite file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from server.http.app import create_app
from server.settings import Settings
from tests.server.http.support import Api, Client, make_settings


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return make_settings(tmp_path / "arbiter.db")


@pytest.fixture
async def client(aiohttp_client: Any, settings: Settings) -> Client:
    client: Client = await aiohttp_client(create_app(settings))
    return client


@pytest.fixture
def api(client: Client) -> Api:
    return Api(client)
