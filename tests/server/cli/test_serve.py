"""``arbiter serve``: the token is generated once and printed once (only its digest is
kept), ``--token-file`` supplies one instead, and ``--demo`` serves the demo tournament."""

from __future__ import annotations

import hashlib
import re
import stat
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from click.testing import CliRunner

from server.cli import main
from server.http import keys
from tests.server.http.support import Api

TOKEN_LINE = re.compile(r"Write token \(shown once; keep it\): (\S+)")


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Captures what ``serve`` would run instead of listening on a port."""
    calls: list[dict[str, Any]] = []

    def run_app(app: web.Application, **options: Any) -> None:
        calls.append({"app": app, **options})

    monkeypatch.setattr(web, "run_app", run_app)
    return calls


def serve(db: Path, *args: str) -> str:
    result = CliRunner().invoke(main, ["serve", "--db", str(db), *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_the_token_is_printed_at_first_start_only(
    tmp_path: Path, served: list[dict[str, Any]]
) -> None:
    db = tmp_path / "arbiter.db"
    first = serve(db, "--port", "8099", "--host", "0.0.0.0")
    token = TOKEN_LINE.search(first)
    assert token is not None
    digest_file = tmp_path / "arbiter.db.token-sha256"
    assert digest_file.read_text().strip() == hashlib.sha256(token.group(1).encode()).hexdigest()
    assert stat.S_IMODE(digest_file.stat().st_mode) == 0o600
    assert token.group(1) not in digest_file.read_text()

    second = serve(db)
    assert "Write token" not in second and token.group(1) not in second
    assert (
        served[0]["app"][keys.SETTINGS].token_sha256 == served[1]["app"][keys.SETTINGS].token_sha256
    )
    assert (served[0]["host"], served[0]["port"]) == ("0.0.0.0", 8099)
    assert "http://0.0.0.0:8099/" in first


def test_a_token_file_replaces_the_generated_token(
    tmp_path: Path, served: list[dict[str, Any]]
) -> None:
    secret = tmp_path / "token"
    secret.write_text("from-the-deployment\n")
    secret.chmod(0o644)
    refused = CliRunner().invoke(
        main, ["serve", "--db", str(tmp_path / "a.db"), "--token-file", str(secret)]
    )
    assert refused.exit_code == 3 and "chmod 600" in refused.output and not served
    secret.chmod(0o600)
    output = serve(tmp_path / "arbiter.db", "--token-file", str(secret))
    assert "Write token" not in output
    assert not (tmp_path / "arbiter.db.token-sha256").exists()
    settings = served[0]["app"][keys.SETTINGS]
    assert settings.token_sha256 == hashlib.sha256(b"from-the-deployment").hexdigest()


async def test_demo_is_served(
    tmp_path: Path, served: list[dict[str, Any]], aiohttp_client: Any
) -> None:
    output = serve(tmp_path / "arbiter.db", "--demo")
    assert "/tournaments/demo/standings" in output
    api = Api(await aiohttp_client(served[0]["app"]))
    status, tournament = await api.get("/tournaments/demo")
    assert status == 200 and tournament["players"] == 7
    status, round_ = await api.get("/tournaments/demo/rounds/1")
    assert status == 200 and len(round_["boards"]) == 3 and round_["pab"] is not None
