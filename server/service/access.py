"""Who may do what: the one permission table, checked by the command runner for every write
of every edge (the API, the desk, the CLI).

A write is judged by the events it would append, not by the edge or the command that asked
for it: a deputy's "result" form that turns out to correct a finished round is a correction,
the chief's. The table (README, "Accounts and roles"):

=================================================  ==========
events                                             least role
=================================================  ==========
a result, a bye asked or cancelled, a withdrawal   deputy
everything else in a tournament (pairing, manual   chief
changes, corrections, settings, close, reopen)
a new tournament (created or imported)             administrator
=================================================  ==========

>>> from events.types import ResultRecorded, RoundPaired
>>> deputy = Actor("ana", account_id=2, roles={"open": Role.DEPUTY})
>>> deputy.authorize("open", [ResultRecorded(round_no=1, board=1, result="1-0")])
>>> deputy.authorize("open", [RoundPaired(round_no=2, boards=(), system="dutch")])
Traceback (most recent call last):
...
server.service.access.Forbidden: ana may not write round-paired events in open (chief or above; ana is deputy)
"""

from __future__ import annotations

import enum
import getpass
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import msgspec

from engine.messages import Message
from events.errors import ArbiterError
from events.types import (
    ByeCancelled,
    ByeRequested,
    Event,
    PlayerWithdrawn,
    ResultRecorded,
    TournamentCreated,
)

__all__ = ["PUBLIC", "Actor", "Forbidden", "Role", "least_role"]


class Role(enum.IntEnum):
    """What an actor is in a tournament; each role may do what the ones below it may."""

    PUBLIC = 0
    DEPUTY = 1
    CHIEF = 2
    ADMINISTRATOR = 3

    @property
    def label(self) -> str:
        return self.name.lower()

    @classmethod
    def named(cls, label: str) -> Role:
        """:raises ValueError: for a name that is no role."""
        try:
            return cls[label.upper()]
        except KeyError:
            raise ValueError(
                f"no role {label!r}; use one of {', '.join(r.label for r in cls)}"
            ) from None


class Forbidden(ArbiterError):
    """The actor's role in the tournament does not allow this write (or the account is
    not signed in); nothing was written."""

    status = 403
    exit_code = 3


_DEPUTY_EVENTS = (ResultRecorded, ByeRequested, ByeCancelled, PlayerWithdrawn)


def least_role(kind: type[msgspec.Struct]) -> Role:
    """The least role that may write events of type ``kind`` (the table above, which the
    README's renders event by event).

    >>> least_role(ResultRecorded).label
    'deputy'
    """
    if issubclass(kind, TournamentCreated):
        return Role.ADMINISTRATOR
    if issubclass(kind, _DEPUTY_EVENTS):
        return Role.DEPUTY
    return Role.CHIEF


@dataclass(frozen=True, slots=True)
class Actor:
    """Who is acting, and their role in each tournament.

    ``administrator`` holds every role everywhere. ``tournaments`` and ``ceiling`` narrow
    an API token: only those tournaments (``None``: every one), nothing above that role.
    """

    name: str
    account_id: int | None = None
    administrator: bool = False
    roles: Mapping[str, Role] = field(default_factory=dict)
    tournaments: frozenset[str] | None = None
    ceiling: Role = Role.ADMINISTRATOR

    @classmethod
    def local(cls) -> Actor:
        """The person at this machine's command line, with no account given: an
        administrator (whoever can open the database file can write it anyway), named by
        the operating-system user."""
        try:
            user = getpass.getuser()
        except (KeyError, OSError):  # no user name in this environment
            user = "unknown"
        return cls(f"cli:{user}", administrator=True)

    @property
    def administers(self) -> bool:
        """May manage accounts: an administrator, not through a narrowed token."""
        return (
            self.administrator and self.ceiling == Role.ADMINISTRATOR and self.tournaments is None
        )

    def role(self, tournament_id: str) -> Role:
        if self.tournaments is not None and tournament_id not in self.tournaments:
            return Role.PUBLIC
        held = Role.ADMINISTRATOR if self.administrator else self.roles.get(tournament_id)
        return min(held or Role.PUBLIC, self.ceiling)

    def authorize(self, tournament_id: str, events: Iterable[Event]) -> None:
        """:raises Forbidden: when any of ``events`` needs more than the actor's role."""
        held = self.role(tournament_id)
        for event in events:
            needed = least_role(type(event))
            if held < needed:
                raise Forbidden(
                    Message("%(name)s may not write %(kind)s events in %(tournament)s "
                            "(%(needed)s or above; %(name)s is %(role)s)", name=self.name,
                            kind=event.__struct_config__.tag, tournament=tournament_id,
                            needed=needed.label, role=held.label),
                    needed=needed.label,
                    role=held.label,
                )  # fmt: skip

    def require(self, tournament_id: str, needed: Role) -> None:
        """:raises Forbidden: when the actor's role in the tournament is below ``needed``."""
        held = self.role(tournament_id)
        if held < needed:
            raise Forbidden(
                Message("%(name)s may not do this in %(tournament)s (%(needed)s or above; "
                        "%(name)s is %(role)s)", name=self.name, tournament=tournament_id,
                        needed=needed.label, role=held.label),
                needed=needed.label,
                role=held.label,
            )  # fmt: skip

    @property
    def metadata(self) -> dict[str, Any]:
        """What every event this actor writes says about who wrote it."""
        stamp: dict[str, Any] = {"actor": self.name}
        if self.account_id is not None:
            stamp["actor_id"] = self.account_id
        return stamp


PUBLIC = Actor("public")
"""Nobody signed in: reads only."""
