"""One write path (issue 26): the same action taken at the HTTP API, at the arbiter's desk
(a browser form) and on the command line writes the same events, with the same players
found by the same names; only the metadata says which edge it came through."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import msgspec
from click.testing import CliRunner

from events import open_store
from events.decisions import CreateTournament, PairRound, RegisterPlayer
from server.cli import main
from server.http.app import create_app
from server.service import TournamentService
from tests.server.http.support import Api, make_settings
from tests.server.http.test_pages import post_form, sign_in

SURNAMES = ("Aune", "Berg", "Costa", "Dahl")

Step = tuple[str, list[str], Callable[[Api], Awaitable[Any]], tuple[str, ...]]
"""(what, the CLI's arguments, the API call, the desk's action and form fields)"""


def _set_up(db: Path) -> int:
    """The same tournament in each database: four players, round 1 paired."""
    store = open_store(db)
    try:
        service = TournamentService(store)
        service.create(CreateTournament(tournament_id="open", name="Open", rounds=3))
        for number, surname in enumerate(SURNAMES):
            service.execute("open", RegisterPlayer(surname=surname, rating=2400 - 50 * number))
        return service.pair_round("open", PairRound()).state.version
    finally:
        store.close()


def _written(db: Path, after: int) -> list[tuple[str, Any, dict[str, Any]]]:
    """Each event after version ``after``: its type, its payload, and its metadata less
    what differs per request (the request id, the CLI's user)."""
    store = open_store(db)
    try:
        recorded = TournamentService(store).history("open", after_version=after)
    finally:
        store.close()
    return [
        (
            r.event_type,
            msgspec.to_builtins(r.event),
            {k: v for k, v in r.metadata.items() if k not in {"request_id", "actor"}},
        )
        for r in recorded
    ]


def _form(fields: list[str]) -> dict[str, str]:
    return dict(field.split("=", 1) for field in fields)


STEPS: list[Step] = [
    ("a result", ["record-result", "open", "1", "1", "1-0"],
     lambda api: api.post("/tournaments/open/rounds/1/boards/1/result", {"result": "1-0"}),
     ("result", "round=1", "board=1", "result=1-0")),
    ("a correction", ["correct-result", "open", "1", "1", "1/2-1/2", "--reason", "sheet"],
     lambda api: api.write("PUT", "/tournaments/open/rounds/1/boards/1/result",
                              {"result": "1/2-1/2", "reason": "sheet"}),
     ("result", "round=1", "board=1", "result=1/2-1/2", "reason=sheet", "correct=1")),
    ("a player withdrawn by name", ["withdraw", "open", "berg", "--from-round", "3"],
     lambda api: api.post("/tournaments/open/players/berg/withdrawal", {"from_round": 3}),
     ("withdraw", "player=berg", "from_round=3", "confirm=yes")),
    ("the second result", ["record-result", "open", "1", "2", "0-1"],
     lambda api: api.post("/tournaments/open/rounds/1/boards/2/result", {"result": "0-1"}),
     ("result", "round=1", "board=2", "result=0-1")),
    ("the next round paired", ["pair-round", "open"],
     lambda api: api.post("/tournaments/open/rounds", {}),
     ("pair", "confirm=yes")),
]  # fmt: skip


async def test_the_api_the_desk_and_the_cli_write_the_same_events(
    aiohttp_client: Any, tmp_path: Path
) -> None:
    databases = {edge: tmp_path / f"{edge}.db" for edge in ("api", "desk", "cli")}
    versions = {edge: _set_up(db) for edge, db in databases.items()}
    assert len(set(versions.values())) == 1
    api = Api(await aiohttp_client(create_app(make_settings(databases["api"]))))
    desk = Api(await aiohttp_client(create_app(make_settings(databases["desk"]))))
    csrf = await sign_in(desk.client)
    await api.get("/tournaments/open")  # the version to send in If-Match

    for what, arguments, call, form in STEPS:
        status, body = await call(api)
        assert status in (200, 201), (what, body)
        action, *fields = form
        page = await post_form(desk.client, action, csrf=csrf, **_form(fields))
        assert 'class="flash error"' not in page, what
        ran = CliRunner().invoke(main, ["--db", str(databases["cli"]), *arguments])
        assert ran.exit_code == 0, (what, ran.output)

    written = {edge: _written(db, versions[edge]) for edge, db in databases.items()}
    payloads = {edge: [(kind, payload) for kind, payload, _ in events]
                for edge, events in written.items()}  # fmt: skip
    assert payloads["api"] == payloads["desk"] == payloads["cli"]
    assert [kind for kind, _ in payloads["api"]] == [
        "result-recorded", "result-corrected", "player-withdrawn", "result-recorded",
        "round-paired",
    ]  # fmt: skip
    assert payloads["api"][2][1]["player_id"] == 2  # "berg" found by name at every edge
    assert {str(meta) for *_, meta in written["api"]} == {str({"source": "http"})}
    assert {str(meta) for *_, meta in written["desk"]} == {str({"source": "http", "via": "desk"})}
    assert {str(meta) for *_, meta in written["cli"]} == {str({"source": "cli"})}
