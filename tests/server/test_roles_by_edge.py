"""The permission table (issue 29) command by command over each edge: every write route of
the API with a deputy's and a chief's API token, every desk form in their sessions, every
writing CLI command as ``arbiter --as NAME`` with their token in ``ARBITER_TOKEN``.

A write the table gives the role succeeds and stores events; one it does not is refused
(403, the desk's "Not allowed", exit code 3) and stores nothing. The API's list comes from the
routes table and the desk's from its actions, so a new route or form fails here until it
is given a request and the role the README's table gives it.

Each case runs on a copy of one scratch database built once per module: tournament
``open`` with six players and round 1 paired, ``dora`` its deputy and ``carl`` its chief,
each with an API token and an open desk session.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

import click
import pytest
from aiohttp import FormData
from click.testing import CliRunner

from events import open_store
from events.decisions import (
    CloseTournament,
    CorrectPlayerDetails,
    CreateTournament,
    PairRound,
    RecordResult,
    RegisterPlayer,
    RequestBye,
    UnpairRound,
    WithdrawPlayer,
)
from events.directory import open_directory
from events.results import Result
from server.cli import main
from server.http.app import create_app
from server.http.pages.actions import ACTIONS
from server.http.pages.session import COOKIE
from server.http.routes import ROUTES
from server.service import TournamentService, installed_engine
from server.service.access import Actor, Role
from server.service.accounts import AccountService
from tests.corpus import shared_path
from tests.server.http.support import make_settings
from tests.trf.spec_example import TEXT as TRF
from trf.rating_list import open_rating_list

PASSWORD = "correct horse battery"
ADMIN = Actor("root", administrator=True)

Setup = Callable[[TournamentService, Path], object]


def _results(service: TournamentService, db: Path) -> None:
    for board in (1, 2, 3):
        service.execute("open", RecordResult(round_no=1, board=board, result=Result.DRAW))


def _closed(service: TournamentService, db: Path) -> None:
    _results(service, db)
    service.execute("open", CloseTournament())


def _unpaired(service: TournamentService, db: Path) -> object:
    return service.execute("open", UnpairRound(round_no=1, reason="again"))


def _bye(service: TournamentService, db: Path) -> object:
    return service.execute("open", RequestBye(player_id=1, round_no=2))


def _withdrawn(service: TournamentService, db: Path) -> object:
    return service.execute("open", WithdrawPlayer(player_id=1))


def _late_entry(service: TournamentService, db: Path) -> object:
    return service.execute("open", RegisterPlayer(surname="Late"))  # player 7, never paired


def _result(service: TournamentService, db: Path) -> object:
    return service.execute("open", RecordResult(round_no=1, board=1, result=Result.DRAW))


def _listed(service: TournamentService, db: Path) -> None:
    """Before round 1, player 1 is on the loaded FIDE list with another rating there."""
    _unpaired(service, db)
    service.execute("open", CorrectPlayerDetails(player_id=1, fide_id=900000, rating=1000))
    directory = open_directory(str(db))
    try:
        rating_list = open_rating_list(
            shared_path("fixtures", "rating-list", "players_list_foa.txt")
        )
        directory.load(rating_list, month="2026-09", source="foa")
    finally:
        directory.close()


# -- the scratch database ------------------------------------------------------------------


class Credentials(NamedTuple):
    name: str
    token: str
    session: str
    csrf: str


@dataclass(frozen=True)
class Scratch:
    db: Path
    people: dict[Role, Credentials]


def _build(db: Path) -> dict[Role, Credentials]:
    store = open_store(str(db))
    try:
        service = TournamentService(store, engines=installed_engine, actor=ADMIN)
        service.create(CreateTournament(tournament_id="open", name="Open", rounds=5))
        for name in ("Aune", "Brandt", "Costa", "Dahl", "Eide", "Fossum"):
            service.execute("open", RegisterPlayer(surname=name))
        service.pair_round("open", PairRound())
        # A round-robin before its draw (the drawing of lots is a round-robin's alone).
        service.create(CreateTournament(tournament_id="league", name="League", rounds=3,
                                        system="round-robin"))  # fmt: skip
        for name in ("Aune", "Brandt", "Costa", "Dahl"):
            service.execute("league", RegisterPlayer(surname=name))
        accounts = AccountService(store)
        people = {}
        for role, name in ((Role.DEPUTY, "dora"), (Role.CHIEF, "carl")):
            account = accounts.add(ADMIN, name, password=PASSWORD)
            accounts.grant(ADMIN, "open", name, role)
            accounts.grant(ADMIN, "league", name, role)
            token = accounts.issue_token(ADMIN, name, role=role).token
            opened = accounts.open_session(accounts.actor(account))
            people[role] = Credentials(name, token, opened.session_id, opened.stored.csrf)
        return people
    finally:
        store.close()


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Scratch:
    db = tmp_path_factory.mktemp("roles") / "arbiter.db"
    return Scratch(db, _build(db))


@pytest.fixture
def scratch(template: Scratch, tmp_path: Path) -> Scratch:
    """A copy of the template's database, for one case to change."""
    for file in template.db.parent.glob(template.db.name + "*"):
        shutil.copy(file, tmp_path / file.name)
    return Scratch(tmp_path / template.db.name, template.people)


def _prepare(scratch: Scratch, setup: Setup | None) -> int:
    """Run ``setup`` as the administrator; how many events are stored then."""
    store = open_store(str(scratch.db))
    try:
        if setup is not None:
            setup(TournamentService(store, engines=installed_engine, actor=ADMIN), scratch.db)
        return len(store.read_all(after=0, limit=10_000))
    finally:
        store.close()


def _stored(scratch: Scratch) -> int:
    return _prepare(scratch, None)


ROLES = [Role.DEPUTY, Role.CHIEF]


# -- the API -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Request:
    least: Role
    """The least role the README's table gives this write."""
    path: str
    json: Any = None
    data: bytes | None = None
    media: str = "application/json"
    setup: Setup | None = None


API: dict[str, Request] = {
    "createTournament": Request(Role.ADMINISTRATOR, "/tournaments",
                                {"tournament_id": "new", "name": "New", "rounds": 3}),
    "importTrf": Request(Role.ADMINISTRATOR, "/tournaments/imported/trf", data=TRF.encode(),
                         media="text/plain"),
    "closeTournament": Request(Role.CHIEF, "/tournaments/open/close", setup=_results),
    "reopenTournament": Request(Role.CHIEF, "/tournaments/open/reopen", {"reason": "appeal"},
                                setup=_closed),
    "registerPlayer": Request(Role.CHIEF, "/tournaments/open/players", {"surname": "Late"}),
    "registerMany": Request(Role.CHIEF, "/tournaments/open/player-lists",
                            {"entries": [{"surname": "Late"}]}),
    "registerManyCsv": Request(Role.CHIEF, "/tournaments/open/player-lists/csv",
                               data=b"surname\nLate\n", media="text/csv"),
    "correctPlayer": Request(Role.CHIEF, "/tournaments/open/players/1",
                             {"surname": "Auné", "reason": "typo"}),
    "withdrawPlayer": Request(Role.DEPUTY, "/tournaments/open/players/1/withdrawal", {}),
    "cancelWithdrawal": Request(Role.CHIEF, "/tournaments/open/withdrawal-cancellations",
                                {"player_id": 1, "reason": "came back"}, setup=_withdrawn),
    "requestBye": Request(Role.DEPUTY, "/tournaments/open/players/1/byes", {"round_no": 2}),
    "cancelBye": Request(Role.DEPUTY, "/tournaments/open/players/1/byes/2", setup=_bye),
    "removeRegistration": Request(Role.CHIEF, "/tournaments/open/registration-removals",
                                  {"player_id": 7, "reason": "entered twice"}, setup=_late_entry),
    "pairRound": Request(Role.CHIEF, "/tournaments/open/rounds", setup=_unpaired),
    "pairManually": Request(Role.CHIEF, "/tournaments/open/manual-pairings",
                            {"boards": [{"white": 1, "black": 4}, {"white": 5, "black": 2},
                                        {"white": 3, "black": 6}], "pab": None,
                             "reason": "by hand"}, setup=_unpaired),
    "unpairRound": Request(Role.CHIEF, "/tournaments/open/rounds/1?reason=again"),
    "recordResult": Request(Role.DEPUTY, "/tournaments/open/rounds/1/boards/1/result",
                            {"result": "1-0"}),
    "correctResult": Request(Role.CHIEF, "/tournaments/open/rounds/1/boards/1/result",
                             {"result": "1-0", "reason": "scoresheet"}, setup=_result),
    "swapColours": Request(Role.CHIEF, "/tournaments/open/colour-swaps",
                           {"round_no": 1, "board": 1, "reason": "wrong sides"}),
    "swapBoards": Request(Role.CHIEF, "/tournaments/open/board-swaps",
                          {"round_no": 1, "board": 1, "other": 2, "reason": "tables"}),
    "changeSettings": Request(Role.CHIEF, "/tournaments/open/settings",
                              {"avoid_same_club": True, "reason": "regulations"}),
    "drawLots": Request(Role.CHIEF, "/tournaments/league/draws", {"seed": 7}),
    "forbidPair": Request(Role.CHIEF, "/tournaments/open/forbidden-pairs",
                          {"player_id": 1, "other": 2, "reason": "siblings"}),
    "giveVirtualPoints": Request(Role.CHIEF, "/tournaments/open/virtual-points",
                                 {"player_id": 1, "first_round": 2, "last_round": 3,
                                  "points": 1, "reason": "acceleration"}),
    "updateRatings": Request(Role.CHIEF, "/tournaments/open/ratings-update", setup=_listed),
}  # fmt: skip
"""A request for each write operation (``Route.operation``) that the table allows from
the scratch state after ``setup``."""

WRITES = {route.operation: route for route in ROUTES if route.write}


def test_every_write_route_has_a_request() -> None:
    assert sorted(API) == sorted(WRITES), "give each write route a request in API"


@pytest.mark.parametrize("role", ROLES, ids=lambda role: role.label)
@pytest.mark.parametrize("operation", sorted(WRITES))
async def test_each_write_route_answers_by_role(
    aiohttp_client: Any, scratch: Scratch, operation: str, role: Role
) -> None:
    route, request = WRITES[operation], API[operation]
    before = _prepare(scratch, request.setup)
    client = await aiohttp_client(create_app(make_settings(scratch.db)))
    headers = {"Authorization": f"Bearer {scratch.people[role].token}", "If-Match": "*"}
    if request.data is not None:
        headers["Content-Type"] = request.media
    async with client.request(
        route.method, request.path, json=request.json, data=request.data, headers=headers
    ) as response:
        status, body = response.status, await response.json(content_type=None)
    await client.close()
    if role >= request.least:
        assert status < 300, body
        assert _stored(scratch) > before
    else:
        assert (status, body["type"]) == (403, "/problems/forbidden"), body
        assert f"{scratch.people[role].name} may not" in body["detail"]
        assert _stored(scratch) == before


# -- the desk ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Form:
    least: Role
    fields: dict[str, str]
    setup: Setup | None = None
    files: dict[str, bytes] = field(default_factory=dict)
    tournament: str = "open"


DESK: dict[str, Form] = {
    "result": Form(Role.DEPUTY, {"round": "1", "board": "1", "result": "1-0"}),
    "pair": Form(Role.CHIEF, {"confirm": "yes"}, _unpaired),
    "unpair": Form(Role.CHIEF, {"round": "1", "reason": "again", "confirm": "yes"}),
    "bye": Form(Role.DEPUTY, {"player": "1", "round": "2", "kind": "half"}),
    "cancel-bye": Form(Role.DEPUTY, {"player": "1", "round": "2"}, _bye),
    "withdraw": Form(Role.DEPUTY, {"player": "1", "confirm": "yes"}),
    "cancel-withdrawal": Form(Role.CHIEF, {"player": "1", "reason": "came back"}, _withdrawn),
    "close": Form(Role.CHIEF, {"confirm": "yes"}, _results),
    "reopen": Form(Role.CHIEF, {"reason": "appeal"}, _closed),
    "register": Form(Role.CHIEF, {"surname": "Late"}),
    "register-csv": Form(Role.CHIEF, {}, files={"players": b"surname\nLate\n"}),
    "correct-player": Form(Role.CHIEF, {"player": "1", "surname": "Auné", "reason": "typo"}),
    "forbid-pair": Form(Role.CHIEF, {"player_id": "1", "other": "2", "reason": "siblings"}),
    "draw-lots": Form(Role.CHIEF, {"method": "lots"}, tournament="league"),
    "rounds": Form(Role.CHIEF, {"rounds": "4", "reason": "two cycles wanted"}, tournament="league"),
    "norm-settings": Form(Role.CHIEF, {"federation": "NOR", "norm_event": "zonal"}),
}
"""A form for each desk action that the table allows from the scratch state after
``setup``."""


def test_every_desk_action_has_a_form() -> None:
    assert sorted(DESK) == sorted(ACTIONS), "give each desk action a form in DESK"


@pytest.mark.parametrize("role", ROLES, ids=lambda role: role.label)
@pytest.mark.parametrize("action", sorted(ACTIONS))
async def test_each_desk_form_answers_by_role(
    aiohttp_client: Any, scratch: Scratch, action: str, role: Role
) -> None:
    form, person = DESK[action], scratch.people[role]
    before = _prepare(scratch, form.setup)
    client = await aiohttp_client(create_app(make_settings(scratch.db)))
    data = FormData({**form.fields, "csrf": person.csrf})
    for name, content in form.files.items():
        data.add_field(name, content, filename=f"{name}.csv", content_type="text/csv")
    cookie = {"Cookie": f"{COOKIE}={person.session}"}
    async with client.post(
        f"/t/{form.tournament}/desk/{action}", data=data, headers=cookie, allow_redirects=False
    ) as response:
        assert response.status == 303, await response.text()
        back = response.headers["Location"]
    async with client.get(back, headers=cookie) as response:
        page = await response.text()
    await client.close()
    refused = "Not allowed: this needs"  # the desk words a refusal by its slug (refusals.py)
    if role >= form.least:
        assert refused not in page
        assert _stored(scratch) > before
    else:
        assert refused in page
        assert _stored(scratch) == before


# -- the command line ----------------------------------------------------------------------


@dataclass(frozen=True)
class Command:
    least: Role
    args: tuple[str, ...]
    setup: Setup | None = None


CLI: dict[str, Command] = {
    "create-tournament": Command(Role.ADMINISTRATOR, ("New", "--id", "new", "--rounds", "3")),
    "import": Command(Role.ADMINISTRATOR, ("{trf}", "--id", "imported")),
    "close-tournament": Command(Role.CHIEF, ("open",), _results),
    "reopen-tournament": Command(Role.CHIEF, ("open", "--reason", "appeal"), _closed),
    "register": Command(Role.CHIEF, ("open", "Late, Lena")),
    "register-many": Command(Role.CHIEF, ("open", "{csv}")),
    "correct-player": Command(Role.CHIEF, ("open", "1", "--rating", "1500", "--reason", "typo")),
    "remove-player": Command(Role.CHIEF, ("open", "7", "--reason", "twice"), _late_entry),
    "withdraw": Command(Role.DEPUTY, ("open", "1")),
    "cancel-withdrawal": Command(Role.CHIEF, ("open", "1", "--reason", "back"), _withdrawn),
    "request-bye": Command(Role.DEPUTY, ("open", "1", "2")),
    "cancel-bye": Command(Role.DEPUTY, ("open", "1", "2"), _bye),
    "pair-round": Command(Role.CHIEF, ("open",), _unpaired),
    "pair-manually": Command(Role.CHIEF, ("open", "--board", "1", "4", "--board", "5", "2",
                                          "--board", "3", "6", "--reason", "by hand"),
                             _unpaired),
    "unpair-round": Command(Role.CHIEF, ("open", "1", "--reason", "again")),
    "record-result": Command(Role.DEPUTY, ("open", "1", "1", "1-0")),
    "correct-result": Command(Role.CHIEF, ("open", "1", "1", "1-0", "--reason", "sheet"),
                              _result),
    "swap-colours": Command(Role.CHIEF, ("open", "1", "1", "--reason", "wrong sides")),
    "swap-boards": Command(Role.CHIEF, ("open", "1", "1", "2", "--reason", "tables")),
    "settings": Command(Role.CHIEF, ("open", "--avoid-same-club", "--reason", "rules")),
    "forbid-pair": Command(Role.CHIEF, ("open", "1", "2", "--reason", "siblings")),
    "draw-lots": Command(Role.CHIEF, ("league", "--seed", "7")),
    "virtual-points": Command(Role.CHIEF, ("open", "1", "1", "--rounds", "2-3")),
    "ratings update": Command(Role.CHIEF, ("open",), _listed),
}  # fmt: skip
"""Each CLI command that writes a tournament's events, allowed from the scratch state after
``setup`` (``{trf}`` and ``{csv}``: files written for the case)."""

NOT_TOURNAMENT_WRITES = {
    # reads
    "card", "check", "crosstable", "export", "log", "norms", "pair", "pairings", "ratings changes",
    "ratings search", "results",
    "show", "standings", "tournaments", "trf check",
    # the server, its database and the FIDE list: the machine's administrator's, by its files
    "db copy", "db migrate", "demo", "generate", "ratings load", "serve", "token",
    # accounts and grants: the accounts service checks them (tests/server/cli/test_accounts.py)
    "grant", "user add", "user disable", "user enable", "user link", "user list",
    "user token issue", "user token list", "user token revoke",
}  # fmt: skip


def _leaf_commands(group: click.Group, prefix: str = "") -> Iterator[str]:
    context = click.Context(group)
    for name in group.list_commands(context):
        command = group.get_command(context, name)
        if isinstance(command, click.Group):
            yield from _leaf_commands(command, f"{prefix}{name} ")
        else:
            yield prefix + name


def test_every_cli_command_is_a_write_with_a_case_or_no_tournament_write() -> None:
    assert sorted(_leaf_commands(main)) == sorted([*CLI, *NOT_TOURNAMENT_WRITES])


@pytest.mark.parametrize("role", ROLES, ids=lambda role: role.label)
@pytest.mark.parametrize("name", sorted(CLI))
def test_each_cli_command_answers_by_role(scratch: Scratch, name: str, role: Role) -> None:
    command, person = CLI[name], scratch.people[role]
    before = _prepare(scratch, command.setup)
    files = {"trf": scratch.db.parent / "import.trf", "csv": scratch.db.parent / "players.csv"}
    files["trf"].write_text(TRF, encoding="utf-8")
    files["csv"].write_text("surname\nLate\n", encoding="utf-8")
    args = [arg.format(**files) for arg in command.args]
    result = CliRunner().invoke(
        main, ["--db", str(scratch.db), "--as", person.name, *name.split(), *args],
        env={"ARBITER_TOKEN": person.token},
    )  # fmt: skip
    if role >= command.least:
        assert result.exit_code == 0, (result.output, result.stderr)
        assert _stored(scratch) > before
    else:
        assert result.exit_code == 3, (result.output, result.stderr)
        assert f"{person.name} may not" in result.stderr
        assert _stored(scratch) == before
