"""The permission table (issue 29), command by command, through the one command runner every
edge uses: what a deputy, a chief, an administrator and the public may write, and that a
refused command stores nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from events import MemoryEventStore
from events.decisions import (
    CancelBye,
    ChangeSettings,
    CloseTournament,
    CorrectResult,
    CreateTournament,
    PairRound,
    RecordResult,
    RegisterPlayer,
    ReopenTournament,
    RequestBye,
    SwapColours,
    UnpairRound,
    WithdrawPlayer,
)
from events.results import Result
from events.types import ByeKind
from server.service import TournamentService
from server.service.access import PUBLIC, Actor, Forbidden, Role
from tests.server.test_service import fake_engines

DEPUTY = Actor("dora", account_id=2, roles={"open": Role.DEPUTY})
CHIEF = Actor("carl", account_id=3, roles={"open": Role.CHIEF})
ADMIN = Actor("root", account_id=1, administrator=True)

Command = Callable[[TournamentService], Any]


def _results(service: TournamentService) -> None:
    for board in (1, 2):
        service.execute("open", RecordResult(round_no=1, board=board, result=Result.WHITE_WINS))


def _closed(service: TournamentService) -> None:
    _results(service)
    service.execute("open", CloseTournament())


COMMANDS: dict[str, tuple[Role, Callable[[TournamentService], None] | None, Command]] = {
    # name: (least role, what to set up as an administrator first, the command)
    "record result": (Role.DEPUTY, None, lambda s: s.execute(
        "open", RecordResult(round_no=1, board=1, result=Result.DRAW))),
    "request bye": (Role.DEPUTY, None, lambda s: s.execute(
        "open", RequestBye(player_id=1, round_no=2, kind=ByeKind.HALF))),
    "cancel bye": (Role.DEPUTY, lambda s: s.execute(
        "open", RequestBye(player_id=1, round_no=2)) and None,
        lambda s: s.execute("open", CancelBye(player_id=1, round_no=2))),
    "withdraw": (Role.DEPUTY, None, lambda s: s.execute("open", WithdrawPlayer(player_id=3))),
    "register": (Role.CHIEF, None, lambda s: s.execute("open", RegisterPlayer(surname="Late"))),
    "pair": (Role.CHIEF, lambda s: s.execute("open", UnpairRound(round_no=1, reason="x"))
             and None, lambda s: s.pair_round("open", PairRound())),
    "correct result": (Role.CHIEF, lambda s: s.execute(
        "open", RecordResult(round_no=1, board=1, result=Result.DRAW)) and None,
        lambda s: s.execute("open", CorrectResult(
            round_no=1, board=1, result=Result.WHITE_WINS, reason="scoresheet"))),
    "unpair": (Role.CHIEF, None, lambda s: s.execute("open", UnpairRound(round_no=1, reason="x"))),
    "swap colours": (Role.CHIEF, None, lambda s: s.execute(
        "open", SwapColours(round_no=1, board=1, reason="wrong sides"))),
    "settings": (Role.CHIEF, None, lambda s: s.execute(
        "open", ChangeSettings(reason="x", avoid_same_club=True))),
    "close": (Role.CHIEF, _results, lambda s: s.execute("open", CloseTournament())),
    "reopen": (Role.CHIEF, _closed, lambda s: s.execute("open", ReopenTournament(reason="x"))),
    "create": (Role.ADMINISTRATOR, None, lambda s: s.create(
        CreateTournament(tournament_id="new", name="New", rounds=5))),
}  # fmt: skip

ACTORS = {Role.PUBLIC: PUBLIC, Role.DEPUTY: DEPUTY, Role.CHIEF: CHIEF, Role.ADMINISTRATOR: ADMIN}


@pytest.fixture
def service() -> TournamentService:
    service = TournamentService(MemoryEventStore(), engines=fake_engines, actor=ADMIN)
    service.create(CreateTournament(tournament_id="open", name="Open", rounds=3))
    for name in ("A", "B", "C", "D"):
        service.execute("open", RegisterPlayer(surname=name))
    service.pair_round("open", PairRound())
    return service


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("role", list(ACTORS))
def test_each_command_needs_its_least_role(
    service: TournamentService, command: str, role: Role
) -> None:
    least, setup, run = COMMANDS[command]
    if setup is not None:
        setup(service)
    before = service.store.read_all(after=0, limit=1000)
    if role >= least:
        result = run(service.acting(ACTORS[role]))
        assert result.append.recorded[0].metadata["actor"] == ACTORS[role].name
        return
    with pytest.raises(Forbidden):
        run(service.acting(ACTORS[role]))
    assert service.store.read_all(after=0, limit=1000) == before  # nothing stored


def test_a_deputy_of_one_tournament_writes_nothing_to_another(
    service: TournamentService,
) -> None:
    service.create(CreateTournament(tournament_id="other", name="Other", rounds=3))
    service.execute("other", RegisterPlayer(surname="Z"))
    version = service.version("other")
    with pytest.raises(Forbidden, match="dora may not"):
        service.acting(DEPUTY).execute("other", WithdrawPlayer(player_id=1))
    assert service.version("other") == version


def test_a_token_narrowed_to_deputy_cannot_do_what_its_chief_account_may(
    service: TournamentService,
) -> None:
    narrowed = Actor("carl", account_id=3, roles={"open": Role.CHIEF}, ceiling=Role.DEPUTY)
    with pytest.raises(Forbidden):
        service.acting(narrowed).execute("open", UnpairRound(round_no=1, reason="x"))
    elsewhere = Actor("root", account_id=1, administrator=True, tournaments=frozenset({"x"}))
    with pytest.raises(Forbidden):
        service.acting(elsewhere).execute("open", RegisterPlayer(surname="Y"))
    assert not elsewhere.administers


def test_the_actor_is_the_services_to_stamp(service: TournamentService) -> None:
    result = service.acting(DEPUTY).execute(
        "open", RecordResult(round_no=1, board=1, result=Result.DRAW),
        metadata={"actor": "someone else", "actor_id": 99},
    )  # fmt: skip
    assert result.append.recorded[0].metadata == {"actor": "dora", "actor_id": 2}
