"""``kill -9`` under load (issue 16 item 5): writers keep registering players while the
server is killed and restarted; every acknowledged write is there exactly once afterwards,
and retrying an unanswered one under its Idempotency-Key never duplicates it.

Bounded: two kills after about a second of writing each, a few writer threads.
"""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests

from events import SqliteEventStore

pytestmark = pytest.mark.slow

TOKEN = "kill-nine-token"
WRITERS = 3
LIVES = 2
LIFE_SECONDS = 1.0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextlib.contextmanager
def _server(
    db: Path, token_file: Path, port: int, *options: str
) -> Iterator[subprocess.Popen[bytes]]:
    process = subprocess.Popen(
        [sys.executable, "-c", "from server.cli import main; main()", "serve", "--db", str(db),
         "--port", str(port), "--token-file", str(token_file), "--pairing-workers", "0",
         *options],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        for _ in range(200):  # up to 20 s to start: a guard, not a timing check
            with contextlib.suppress(requests.ConnectionError):
                if requests.get(f"http://127.0.0.1:{port}/health", timeout=1).ok:
                    break
            time.sleep(0.1)
        else:
            raise RuntimeError("the server did not start")
        yield process
    finally:
        process.kill()  # SIGKILL: no shutdown, no flush
        process.wait()


class Writers:
    """Threads that register players, each under its own key, until told to stop."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.acknowledged: set[str] = set()
        self.unanswered: set[str] = set()
        self._next = 0
        self._lock = threading.Lock()

    def _key(self) -> str:
        with self._lock:
            self._next += 1
            return f"w-{self._next}"

    def send(self, key: str) -> bool:
        """True when the server acknowledged the write (first time or as a replay)."""
        try:
            response = requests.post(
                f"{self.url}/tournaments/open/players",
                json={"surname": f"Player {key}"},
                headers={
                    "Authorization": f"Bearer {TOKEN}",
                    "If-Match": "*",
                    "Idempotency-Key": key,
                },
                timeout=5,
            )
        except requests.RequestException:
            response = None
        with self._lock:
            if response is not None and response.status_code == 201:
                self.acknowledged.add(key)
                self.unanswered.discard(key)
                return True
            self.unanswered.add(key)
            return False

    def run(self, stop: threading.Event) -> None:
        while not stop.is_set():
            self.send(self._key())


def test_no_acknowledged_write_is_lost_or_duplicated_by_kill_9(tmp_path: Path) -> None:
    db, token_file, port = tmp_path / "k.db", tmp_path / "token", _free_port()
    token_file.write_text(TOKEN)
    token_file.chmod(0o600)
    url = f"http://127.0.0.1:{port}"
    writers = Writers(url)
    for life in range(LIVES):
        stop = threading.Event()
        threads = [threading.Thread(target=writers.run, args=(stop,)) for _ in range(WRITERS)]
        with _server(db, token_file, port):
            if life == 0:
                created = {"tournament_id": "open", "name": "Open", "rounds": 9}
                headers = {"Authorization": f"Bearer {TOKEN}"}
                response = requests.post(
                    f"{url}/tournaments", json=created, headers=headers, timeout=5
                )
                assert response.status_code == 201
            for key in sorted(writers.unanswered):  # retries of what got no answer
                writers.send(key)
            for thread in threads:
                thread.start()
            time.sleep(LIFE_SECONDS)
        # killed on leaving the block, while the writers were writing
        stop.set()
        for thread in threads:
            thread.join()
    with _server(db, token_file, port, "--idle-timeout", "1"):
        for key in sorted(writers.unanswered):
            assert writers.send(key), key
        # A connection that never sends a request is closed by the server (issue 16).
        with socket.create_connection(("127.0.0.1", port)) as idle:
            idle.settimeout(30)  # a guard against a hang, far above the idle timeout
            assert idle.recv(1) == b""
    store = SqliteEventStore(db)
    keys = Counter(
        recorded.metadata.get("idempotency_key")
        for recorded in store.read_stream("tournament-open")
        if recorded.event_type == "player-registered"
    )
    store.close()
    print(f"{len(writers.acknowledged)} acknowledged writes, {sum(keys.values())} stored")
    assert len(writers.acknowledged) > 10  # there was load
    assert not writers.unanswered
    assert writers.acknowledged <= set(keys)  # nothing acknowledged was lost
    assert max(keys.values()) == 1  # nothing was written twice
