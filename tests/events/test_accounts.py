"""The account tables on both databases (issue 29): what one connection changes, another
(another server process) sees at its next look-up."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from events import EventStore, open_store
from events.decisions import CreateTournament
from events.errors import InvalidCommand, TournamentNotFound
from server.service import TournamentService
from server.service.access import Actor, Forbidden, Role
from server.service.accounts import AccountService, LinkUnusable

PASSWORD = "correct horse battery"


@pytest.fixture(params=["sqlite", "postgres"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "postgres":
        url: str = request.getfixturevalue("postgres_url")
        return url
    return str(tmp_path / "arbiter.db")


@pytest.fixture
def stores(db: str) -> Iterator[tuple[EventStore, EventStore]]:
    """Two stores on one database: two server processes; tournament ``open`` exists."""
    first, second = open_store(db), open_store(db)
    TournamentService(first).create(CreateTournament(tournament_id="open", name="O", rounds=5))
    yield first, second
    first.close()
    second.close()


def test_what_one_process_changes_the_other_sees(stores: tuple[EventStore, EventStore]) -> None:
    one, two = AccountService(stores[0]), AccountService(stores[1])
    root = Actor.local()
    one.add(root, "ana", password=PASSWORD)
    one.grant(root, "open", "ana", Role.DEPUTY)
    one.grant(root, "open", "ana", Role.CHIEF)  # a grant replaces the role held
    assert two.store.roles(two.account("ana").account_id) == {"open": "chief"}
    issued = one.issue_token(root, "ana", tournaments=["open"], role=Role.DEPUTY)
    actor = two.token_actor(issued.token)
    assert actor is not None and actor.role("open") == Role.DEPUTY
    assert actor.role("other") == Role.PUBLIC
    one.revoke_token(root, issued.stored.token_id)
    assert two.token_actor(issued.token) is None
    signed_in = two.sign_in("ana", PASSWORD)
    assert signed_in is not None
    opened = two.open_session(signed_in, address="10.0.0.1")
    assert one.session(opened.session_id) is not None
    assert [s.address for s in one.sessions(root, "ana")] == ["10.0.0.1"]
    one.set_disabled(root, "ana", disabled=True)
    assert two.session(opened.session_id) is None
    assert two.sign_in("ana", PASSWORD) is None
    one.store.add_failure(["account:ana", "all"], at=100.0, forget_before=0.0)
    assert two.store.failures("account:ana", since=50.0) == (1, 100.0)


def test_a_chief_grants_deputies_only(stores: tuple[EventStore, EventStore]) -> None:
    accounts = AccountService(stores[0])
    root = Actor.local()
    accounts.add(root, "carl", password=PASSWORD)
    accounts.add(root, "dora", password=PASSWORD)
    accounts.grant(root, "open", "carl", Role.CHIEF)
    chief = accounts.sign_in("carl", PASSWORD)
    assert chief is not None
    accounts.grant(chief, "open", "dora", Role.DEPUTY)
    with pytest.raises(Forbidden):
        accounts.grant(chief, "open", "dora", Role.CHIEF)
    with pytest.raises(Forbidden):
        accounts.grant(chief, "other", "dora", Role.DEPUTY)
    with pytest.raises(Forbidden):
        accounts.add(chief, "eve", password=PASSWORD)
    assert [(g.account, g.role) for g in accounts.grants(chief, "open")] == [
        ("carl", "chief"),
        ("dora", "deputy"),
    ]
    deputy = accounts.sign_in("dora", PASSWORD)
    assert deputy is not None
    with pytest.raises(Forbidden):
        accounts.grants(deputy, "open")


def test_a_grant_names_a_tournament_that_exists(stores: tuple[EventStore, EventStore]) -> None:
    accounts = AccountService(stores[0])
    root = Actor.local()
    accounts.add(root, "dora", password=PASSWORD)
    with pytest.raises(TournamentNotFound):
        accounts.grant(root, "opne", "dora", Role.DEPUTY)
    assert accounts.store.grants() == []


def test_a_sign_in_link_sets_the_password_once(stores: tuple[EventStore, EventStore]) -> None:
    one, two = AccountService(stores[0]), AccountService(stores[1])
    root = Actor.local()
    one.add(root, "ana", password=None)
    assert one.sign_in("ana", "") is None  # no password signs in before the link is used
    link = one.sign_in_link(root, "ana")
    assert link.path == f"/welcome/{link.secret}" and len(link.secret) >= 40
    assert two.link_account(link.secret) == one.account("ana")
    with pytest.raises(InvalidCommand):  # too short: the link still works afterwards
        two.redeem_link(link.secret, "short")
    actor = two.redeem_link(link.secret, PASSWORD)
    assert actor.name == "ana"
    assert one.sign_in("ana", PASSWORD) is not None
    with pytest.raises(LinkUnusable):  # once only, on any process
        one.redeem_link(link.secret, "another long password")
    assert one.link_account(link.secret) is None
    # A new link ends the sessions opened before it is used and replaces an unused one.
    session = one.open_session(actor)
    first, second = one.sign_in_link(root, "ana"), one.sign_in_link(root, "ana")
    with pytest.raises(LinkUnusable):
        one.redeem_link(first.secret, "another long password")
    one.redeem_link(second.secret, "another long password")
    assert one.session(session.session_id) is None
    # Only an administrator issues links; a disabled account's link is refused.
    with pytest.raises(Forbidden):
        one.sign_in_link(actor, "ana")
    third = one.sign_in_link(root, "ana")
    one.set_disabled(root, "ana", disabled=True)
    assert one.link_account(third.secret) is None
    with pytest.raises(LinkUnusable):
        one.redeem_link(third.secret, "yet another long password")
