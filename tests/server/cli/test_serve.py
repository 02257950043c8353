"""``arbiter serve``: the token is generated once and printed once (only its digest is
kept), ``--token-file`` supplies one instead, ``--demo`` serves the demo tournament, and
``--workers`` processes end with the process that started them."""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import signal
import socket
import stat
import subprocess
import sys
import time
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


def _children(pids: set[int]) -> set[int]:
    """The processes whose parent is in ``pids``, read from /proc."""
    found = set()
    for status in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError):
            # "pid (name) state ppid ...": the name may hold spaces, the rest does not
            fields = status.read_text().rpartition(")")[2].split()
            if int(fields[1]) in pids:
                found.add(int(status.parent.name))
    return found


def _running(pid: int) -> bool:
    """Whether ``pid`` is a process that has not exited (a zombie has: it awaits its reaper)."""
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the process tree from /proc")
def test_workers_stop_when_their_parent_is_killed(tmp_path: Path, postgres_url: str) -> None:
    secret = tmp_path / "token"
    secret.write_text("workers-token")
    secret.chmod(0o600)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    parent = subprocess.Popen(
        [sys.executable, "-c", "from server.cli import main; main()", "serve", "--db",
         postgres_url, "--port", str(port), "--token-file", str(secret), "--workers", "2"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    tree: set[int] = set()
    stopped = False
    try:
        deadline = time.monotonic() + 60  # a guard for a slow start, not a timing check
        workers: set[int] = set()
        while len(workers) < 2 or not _answers(port):
            assert time.monotonic() < deadline, "the workers did not start"
            workers = {pid for pid in _children({parent.pid}) if _listens(pid, port)}
            time.sleep(0.2)
        tree = _children({parent.pid}) | _children(workers)  # the workers, what they started
        parent.kill()
        parent.wait()
        deadline = time.monotonic() + 30
        while any(_running(pid) for pid in tree) or _answers(port):
            assert time.monotonic() < deadline, [pid for pid in tree if _running(pid)]
            time.sleep(0.2)
        stopped = True
    finally:
        parent.kill()
        parent.wait()
        for pid in tree if not stopped else ():  # what a failure left behind
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)


def _answers(port: int) -> bool:
    with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1):
        return True
    return False


def _listens(pid: int, port: int) -> bool:
    """Whether process ``pid`` holds a socket listening on ``port`` (Linux /proc/net/tcp)."""
    inodes = set()
    for fd in (Path("/proc") / str(pid) / "fd").glob("*"):
        with contextlib.suppress(OSError):
            target = str(fd.readlink())
            if target.startswith("socket:["):
                inodes.add(target[8:-1])
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if fields[1].endswith(f":{port:04X}") and fields[3] == "0A" and fields[9] in inodes:
            return True
    return False
