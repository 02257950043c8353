"""Players named the same way at every edge (an HTTP path or body field, a CLI argument, a
desk form): a player is the id every listing shows, a FIDE id or an unambiguous part of the
name (:func:`events.decisions.find_player`; ambiguity answers with the candidates).

A name is found in the state the command is decided on (a :class:`Deferred` command), so
the player it names and the version it changes are one: a registration made in between
cannot make the name mean someone else.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import msgspec

from events.decisions import Command, find_player
from events.projections import TournamentState
from events.types import PairedBoard

__all__ = ["Deferred", "NamedRequest", "deferred"]

C = TypeVar("C", bound=Command)


@dataclass(frozen=True, slots=True)
class Deferred(Generic[C]):
    """A command completed on the state it is decided on (players named by text are found
    in the very version the command changes).

    ``request`` is what the edge received; it identifies the command for idempotency.
    """

    request: msgspec.Struct
    complete: Callable[[TournamentState], C]


_PLAYER_FIELDS = frozenset(("player_id", "other", "pab"))


class NamedRequest(msgspec.Struct, frozen=True):
    """A request as received, players still named by text: what identifies it for
    idempotency (the same key with another request is refused)."""

    command: str
    path: dict[str, Any]
    body: Any


def deferred(command: type[C], body: msgspec.Struct | None = None, **path: Any) -> Deferred[C]:
    """``command`` from the ``body`` fields and the ``path`` parameters (or an edge's other
    fields), its players found by :func:`events.decisions.find_player` in the state it is
    decided on.

    >>> from events.decisions import WithdrawPlayer
    >>> deferred(WithdrawPlayer, player_id="Polgar").request
    NamedRequest(command='WithdrawPlayer', path={'player_id': 'Polgar'}, body=None)

    :raises PlayerNotFound: (when decided) for a name nobody answers to.
    :raises AmbiguousPlayer: (when decided) for a name that fits several players.
    """
    given = {**_fields(body), **path}

    def complete(state: TournamentState) -> C:
        return command(**{name: _found(state, name, value) for name, value in given.items()})

    return Deferred(NamedRequest(command.__name__, path, body), complete)


def _fields(body: msgspec.Struct | None) -> dict[str, Any]:
    if body is None:
        return {}
    return {name: getattr(body, name) for name in body.__struct_fields__}


def _found(state: TournamentState, name: str, value: Any) -> Any:
    if name in _PLAYER_FIELDS and value is not None:
        return find_player(state, str(value))
    if name == "boards":
        return tuple(
            PairedBoard(
                white=find_player(state, str(board.white)),
                black=find_player(state, str(board.black)),
            )
            for board in value
        )
    return value
