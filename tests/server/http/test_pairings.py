"""``POST /pairings``: a TRF file's next round, paired and answered, nothing stored: the
reference engine's boards, the text format, the options of ``arbiter pair``, TRF errors by
line and column, the token and its rate."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from server.cli import main
from server.http.app import create_app
from tests.corpus import shared_path
from tests.engine.trf_lines import player_line
from tests.server.http.support import TOKEN, Api, Client, make_settings
from tests.server.http.test_accounts import PASSWORD
from tests.server.http.test_accounts_api import add, issue

AUTH = {"Authorization": f"Bearer {TOKEN}", "Content-Type": "text/plain"}
PROBLEM = ("fixtures", "dutch", "problems", "dutch-t26-p0050-r05of13.trf")
ROUND_ONE = "\n".join(
    ("012 Test", "XXR 3", "XXC white1", *(player_line(n, "0.0") for n in (1, 2, 3, 4, 5)))
)


async def post(
    client: Client, data: bytes, params: dict[str, str] | None = None, **headers: str
) -> tuple[int, Any, Any]:
    async with client.post(
        "/pairings", data=data, params=params or {}, headers={**AUTH, **headers}
    ) as response:
        return response.status, await response.json(content_type=None), response.headers


async def test_pairs_the_next_round_as_the_reference_engine_does(client: Client) -> None:
    problem = shared_path(*PROBLEM)
    status, body, _ = await post(client, problem.read_bytes())
    assert status == 200, body
    expected = problem.with_name(problem.stem + ".pairing.txt").read_text()
    assert body["text"] == expected
    lines = expected.split("\n")[1:-1]
    boards = [f"{b['white']} {b['black']}" for b in body["boards"]]
    assert boards + ([f"{body['bye']} 0"] if body["bye"] else []) == lines
    assert [b["board"] for b in body["boards"]] == list(range(1, len(boards) + 1))
    assert (body["round"], body["system"], body["rules_edition"]) == (5, "dutch", "fide-2026")
    assert body["explanation"] is None
    async with client.get("/tournaments") as listing:  # nothing was stored
        assert (await listing.json())["tournaments"] == []


async def test_takes_the_options_of_arbiter_pair(client: Client) -> None:
    """Round 1 of five: the PAB to the last, S1 = {1, 2} against S2 = {3, 4} (as
    ``arbiter pair`` gives, tests/engine/test_pair_cli.py); --explain's account."""
    data = ROUND_ONE.encode()
    status, body, _ = await post(client, data, {"system": "dutch", "explain": "true"})
    assert status == 200, body
    assert body["text"] == "3\n1 3\n4 2\n5 0\n"
    assert any(line.startswith("Bracket 0") for line in body["explanation"])
    status, body, _ = await post(client, data, {"system": "lim", "maxi": "true"})
    assert (status, body["system"]) == (200, "lim-maxi"), body
    status, body, _ = await post(client, data, {"system": "dutch", "rules": "2017"})
    assert (status, body["rules_edition"]) == (200, "fide-2017"), body
    status, body, _ = await post(client, data, {"system": "dutch", "maxi": "true"})
    assert (status, body["type"].rsplit("/", 1)[1]) == (422, "invalid-request"), body
    status, body, _ = await post(client, data, {"system": "swiss-cheese"})
    assert (status, body["errors"][0]["parameter"]) == (400, "system"), body


async def test_a_trf_error_names_its_line_and_column(client: Client) -> None:
    data = (ROUND_ONE + "\n001    6 m    Player 6    1500 FRA 1 2000/01/01 x.x   6\n").encode()
    status, body, _ = await post(client, data)
    assert status == 422 and body["type"].endswith("/invalid-trf"), body
    assert {(e["line"], e["severity"]) for e in body["errors"]} >= {(9, "error")}
    assert all(e["column"] >= 0 for e in body["errors"])


async def test_needs_the_token_and_is_rate_limited_per_token(
    tmp_path: Path, aiohttp_client: Any
) -> None:
    settings = make_settings(tmp_path / "a.db", pairings_per_second=0.01, pairings_burst=2)
    client: Client = await aiohttp_client(create_app(settings))
    data = ROUND_ONE.encode()
    status, body, _ = await post(client, data, Authorization="")
    assert (status, body["type"].rsplit("/", 1)[1]) == (401, "unauthorized")
    assert [(await post(client, data))[0] for _ in range(2)] == [200, 200]
    status, body, headers = await post(client, data)
    assert (status, body["type"].rsplit("/", 1)[1]) == (429, "rate-limited"), body
    assert int(headers["Retry-After"]) >= 1


async def test_an_api_token_pairs_until_it_is_revoked(api: Api) -> None:
    """The server's own token is checked without the store (``auth.check_token``); an
    account's API token is still looked up on every request, so a revoked one is refused
    at once, as every write refuses it (test_accounts_api)."""
    await add(api, "dora", password=PASSWORD)
    token = await issue(api, "dora")
    bearer = f"Bearer {token}"
    status, body, _ = await post(api.client, ROUND_ONE.encode(), Authorization=bearer)
    assert (status, body["text"]) == (200, "3\n1 3\n4 2\n5 0\n")  # as test_takes_the_options...
    _, tokens = await api.get("/accounts/dora/tokens", headers={"Authorization": bearer})
    token_id = tokens["tokens"][0]["token_id"]
    status, _ = await api.write("DELETE", f"/accounts/dora/tokens/{token_id}")
    assert status == 200
    status, body, _ = await post(api.client, ROUND_ONE.encode(), Authorization=bearer)
    assert (status, body["type"].rsplit("/", 1)[1]) == (401, "unauthorized"), body


async def test_the_engine_runs_in_the_pairing_pool(tmp_path: Path, aiohttp_client: Any) -> None:
    """With a worker process (as ``arbiter serve`` runs), the same boards."""
    settings = make_settings(tmp_path / "a.db", pairing_workers=1)
    client: Client = await aiohttp_client(create_app(settings))
    problem = shared_path(*PROBLEM)
    status, body, _ = await post(client, problem.read_bytes())
    assert (status, body["text"]) == (
        200,
        problem.with_name(problem.stem + ".pairing.txt").read_text(),
    )


@pytest.mark.slow
async def test_concurrent_requests_each_get_their_own_round(
    tmp_path: Path, aiohttp_client: Any
) -> None:
    """Twelve rounds of three corpus tournaments (7, 50 and 55 players) at once through two
    warm workers: each answer is that file's, as the reference engine paired it (the
    corpus's ``.pairing.txt``) and as ``arbiter pair --batch`` pairs it."""
    problems = [
        shared_path("fixtures", "dutch", "problems", f"dutch-{name}.trf")
        for name in (
            *(f"t01-p0007-r{n:02}of05" for n in (2, 3, 4, 5)),
            *(f"t26-p0050-r{n:02}of13" for n in (3, 5, 8, 12)),
            *(f"t27-p0055-r{n:02}of09" for n in (2, 4, 6, 9)),
        )
    ]
    out = tmp_path / "cli"
    for problem in problems:
        (tmp_path / problem.name).write_bytes(problem.read_bytes())
    batch = ["pair", "--dutch", "--batch", str(tmp_path), "--out-dir", str(out)]
    ran = CliRunner().invoke(main, batch)
    assert ran.exit_code == 0, ran.output
    settings = make_settings(tmp_path / "a.db", pairing_workers=2)
    client: Client = await aiohttp_client(create_app(settings))
    answers = await asyncio.gather(
        *(post(client, problem.read_bytes()) for problem in problems for _ in range(2))
    )
    for (status, body, _), problem in zip(answers, [p for p in problems for _ in range(2)]):
        assert status == 200, (problem.name, body)
        assert body["text"] == problem.with_suffix(".pairing.txt").read_text(), problem.name
        assert body["text"] == (out / problem.with_suffix(".pairing.txt").name).read_text()


@pytest.mark.slow
async def test_a_pairing_past_the_time_limit_is_stopped_and_the_next_one_answered(
    tmp_path: Path, aiohttp_client: Any
) -> None:
    """A 1,000-player round takes the Dutch engine over a second of CPU (bench/README.md,
    "Dutch by size"), twenty times this server's limit: its worker is killed, the answer
    says why, and the worker that replaces it pairs the next file."""
    settings = make_settings(tmp_path / "a.db", pairing_workers=1, pairing_time_limit=0.05)
    client: Client = await aiohttp_client(create_app(settings))
    large = shared_path("fixtures", "dutch", "problems", "dutch-t41-p1000-r09of09.trf")
    status, body, _ = await post(client, large.read_bytes())
    assert (status, body["type"].rsplit("/", 1)[1]) == (503, "pairing-timed-out"), body
    assert "--pairing-time-limit" in body["detail"] and "0.05 s" in body["detail"]
    status, body, _ = await post(client, ROUND_ONE.encode())
    assert (status, body["text"]) == (200, "3\n1 3\n4 2\n5 0\n")  # as test_takes_the_options...
