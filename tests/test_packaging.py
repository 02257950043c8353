"""Packaging (issue 26): PostgreSQL's driver is the ``postgres`` extra, so everything on a
SQLite file must work without it; the dev tools are pinned."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

WITHOUT_PSYCOPG = textwrap.dedent(
    """
    import asyncio, sys
    # As if the extra were not installed: importing either now raises ImportError.
    sys.modules.update(dict.fromkeys(["psycopg", "psycopg_pool"]))

    from aiohttp.test_utils import TestClient, TestServer
    from click.testing import CliRunner

    from server.cli import main
    from server.http.app import create_app
    from tests.server.http.support import TOKEN, make_settings

    db, copy = sys.argv[1:]
    for args in (
        ["create-tournament", "Open", "--rounds", "3"],
        ["register", "open", "Aune, Ingrid", "--rating", "2412"],
        ["register", "open", "Brandt, Jonas", "--rating", "2385"],
        ["pair-round", "open"],
        ["record-result", "open", "1", "1", "1-0"],
        ["standings", "open"],
        ["db", "copy", db, copy],
    ):
        result = CliRunner().invoke(main, ["--db", db, *args])
        assert result.exit_code == 0, (args, result.output, result.stderr)

    async def serve():
        async with TestClient(TestServer(create_app(make_settings(db)))) as client:
            answer = await client.post(
                "/tournaments/open/players", json={"surname": "Costa"},
                headers={"Authorization": f"Bearer {TOKEN}", "If-Match": "*"},
            )
            assert answer.status == 201, await answer.text()
            answer = await client.get("/tournaments/open")
            assert answer.status == 200 and (await answer.json())["players"] == 3

    asyncio.run(serve())
    for args in (["db", "migrate"], ["ratings", "update", "open"]):
        result = CliRunner().invoke(main, ["--db", "postgresql://arbiter@/arbiter", *args])
        assert result.exit_code == 5, (args, result.stderr)
        assert "pip install 'arbiter[postgres]'" in result.stderr, result.stderr
    print("served")
    """
)


@pytest.mark.slow
def test_the_sqlite_path_never_imports_psycopg(tmp_path: Path) -> None:
    """The command line and the server on a SQLite file, with psycopg unimportable; a
    postgresql:// URL then says which extra to install."""
    finished = subprocess.run(
        [sys.executable, "-c", WITHOUT_PSYCOPG, str(tmp_path / "a.db"), str(tmp_path / "b.db")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert finished.returncode == 0, finished.stderr
    assert finished.stdout.splitlines()[-1] == "served"


def test_the_postgres_driver_is_an_extra_and_the_dev_tools_are_pinned() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = project["optional-dependencies"]
    assert not [d for d in project["dependencies"] if d.startswith("psycopg")]
    assert {d.split(">=")[0] for d in extras["postgres"]} == {"psycopg[binary]", "psycopg-pool"}
    assert "arbiter[postgres]" in extras["test"]  # the README's test command installs it
    pinned = {d.split("==")[0] for d in extras["test"] if "==" in d}
    assert pinned >= {"ruff", "mypy"}
