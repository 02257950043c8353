"""A throwaway PostgreSQL cluster for the tests: initdb in a temporary folder, a unix socket
there (no TCP), stopped at the end of the session.

One cluster per pytest-xdist worker (each worker runs its own session), so workers never
share one. PostgreSQL refuses to run as root: as root the cluster belongs to the
``postgres`` user. Without the binaries the tests that need it skip with a reason, unless
``ARBITER_REQUIRE_POSTGRES=1`` (CI), which makes them fail instead.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

BIN_DIRS = ("/usr/lib/postgresql/15/bin", *sorted(Path("/usr/lib/postgresql").glob("*/bin")))


def binaries() -> Path | None:
    """The folder holding ``initdb`` and ``pg_ctl``, if PostgreSQL is installed."""
    for folder in BIN_DIRS:
        if (Path(folder) / "initdb").exists():
            return Path(folder)
    found = shutil.which("initdb")
    return Path(found).parent if found else None


def required() -> bool:
    return os.environ.get("ARBITER_REQUIRE_POSTGRES") == "1"


class Cluster:
    """A running cluster; :meth:`database` makes a fresh, empty database for one test."""

    def __init__(self, folder: Path, bin_dir: Path) -> None:
        self.folder = folder
        self.bin_dir = bin_dir
        self.socket_dir = folder / "socket"
        self._names = itertools.count(1)

    def _run(self, *command: str) -> None:
        prefix = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        subprocess.run([*prefix, *command], check=True, capture_output=True, timeout=120)

    def start(self) -> None:
        data = self.folder / "data"
        self._run(str(self.bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres")
        self.resume()

    def resume(self) -> None:
        """Start the (initialised) cluster, waiting until it accepts connections."""
        self._run(
            str(self.bin_dir / "pg_ctl"), "-D", str(self.folder / "data"), "-w",
            "-l", str(self.folder / "log"),
            "-o", f"-k {self.socket_dir} -c listen_addresses='' -c fsync=off -p 5432",
            "start",
        )  # fmt: skip

    def halt(self) -> None:
        """Stop the server as an administrator would (``pg_ctl stop -m fast``: sessions are
        ended, the data stays), for tests of an outage; :meth:`resume` brings it back."""
        self._run(str(self.bin_dir / "pg_ctl"), "-D", str(self.folder / "data"), "-w", "-m",
                  "fast", "stop")  # fmt: skip

    def stop(self) -> None:
        with contextlib.suppress(subprocess.SubprocessError):
            self._run(str(self.bin_dir / "pg_ctl"), "-D", str(self.folder / "data"), "-m",
                      "immediate", "stop")  # fmt: skip

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@/{database}?host={self.socket_dir}&port=5432"

    def database(self) -> str:
        """A new empty database's URL."""
        import psycopg

        name = f"test_{next(self._names)}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}".encode())
        return self.url(name)


@contextlib.contextmanager
def running_cluster() -> Iterator[Cluster]:
    bin_dir = binaries()
    if bin_dir is None:
        reason = "PostgreSQL is not installed (initdb not found)"
        if required():
            pytest.fail(f"{reason}, and ARBITER_REQUIRE_POSTGRES=1")
        pytest.skip(reason)
    folder = Path(tempfile.mkdtemp(prefix="arbiter-pg-"))
    (folder / "socket").mkdir()
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
        shutil.chown(folder / "socket", "postgres")
    cluster = Cluster(folder, bin_dir)
    try:
        cluster.start()
        yield cluster
    finally:
        cluster.stop()
        shutil.rmtree(folder, ignore_errors=True)
