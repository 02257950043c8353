"""The account tables on both databases (issue 29): what one connection changes, another
(another server process) sees at its next look-up."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from events import EventStore, open_store
from server.service.access import Actor, Forbidden, Role
from server.service.accounts import AccountService

PASSWORD = "correct horse battery"


@pytest.fixture(params=["sqlite", "postgres"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "postgres":
        url: str = request.getfixturevalue("postgres_url")
        return url
    return str(tmp_path / "arbiter.db")


@pytest.fixture
def stores(db: str) -> Iterator[tuple[EventStore, EventStore]]:
    """Two stores on one database: two server processes."""
    first, second = open_store(db), open_store(db)
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
