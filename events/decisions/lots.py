"""The drawing of lots for a round-robin's pairing numbers (C.05 Annex 1; restricted by the
Varma tables, Annex 2), decided before round 1 is paired.

The chance comes in with the command (its ``seed``; the desk and the CLI draw one when none
is given), so the decision stays pure and anyone can repeat a draw from the log.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from engine import InvalidRequest, systems
from engine.messages import Message
from engine.round_robin import Entrant, drawn_numbers, varma_numbers
from events.bounds import PlayerNumber
from events.decisions.common import CommandStruct
from events.errors import InvalidCommand, RoundAlreadyPaired
from events.projections.state import TournamentState
from events.types import DrawMethod, Event, PairingNumbersDrawn, PlayerId

__all__ = ["DrawLots", "draw_lots"]

Seed = Annotated[int, msgspec.Meta(ge=0, le=2**53 - 1, description="The draw's seed.")]


class DrawLots(CommandStruct, frozen=True):
    """Draw a round-robin's pairing numbers: by lots or the Varma tables from ``seed``, or
    in the arbiter's ``order`` (the players by number, number 1 first)."""

    method: DrawMethod = DrawMethod.LOTS
    seed: Seed | None = None
    order: tuple[PlayerNumber, ...] = ()


def draw_lots(state: TournamentState, command: DrawLots) -> list[Event]:
    """:raises InvalidCommand: not a round-robin, fewer than 3 players, no seed for a draw by
    lots, an order that is not every player once, or a Varma draw outside 9 to 24 players.
    :raises RoundAlreadyPaired: once round 1 is paired the numbers stand."""
    settings = state.require_settings()
    if not systems.is_round_robin(settings.system):
        raise InvalidCommand(
            Message("pairing numbers are drawn by lots in a round-robin; this is a %(system)s "
                    "tournament, numbered by its initial ranking", system=settings.system),
            field="method",
        )  # fmt: skip
    if state.rounds_paired:
        raise RoundAlreadyPaired(1, "the pairing numbers are drawn before round 1")
    field = tuple(state.order)
    if len(field) < 3:
        raise InvalidCommand(
            Message("a round-robin needs 3 or more players, not %(players)s", players=len(field))
        )
    if command.method is DrawMethod.ARBITER:
        if sorted(command.order) != sorted(field):
            raise InvalidCommand(
                Message("the order must name every registered player once: %(players)s",
                        players=sorted(field)),
                field="order",
            )  # fmt: skip
        return [
            PairingNumbersDrawn(order=tuple(map(PlayerId, command.order)), method=command.method)
        ]
    if command.seed is None:
        raise InvalidCommand(Message("a draw by lots needs its seed"), field="seed")
    if command.order:
        raise InvalidCommand(
            Message("an order is given only with the method 'arbiter'"), field="order"
        )
    numbers = _numbers(state, field, command.method, command.seed)
    order = tuple(sorted(field, key=numbers.__getitem__))
    return [PairingNumbersDrawn(order=order, method=command.method, seed=command.seed)]


def _numbers(
    state: TournamentState, field: tuple[PlayerId, ...], method: DrawMethod, seed: int
) -> dict[int, int]:
    if method is DrawMethod.LOTS:
        return drawn_numbers(field, seed)
    entrants = [
        Entrant(pid, state.player(pid).federation, state.player(pid).name.casefold())
        for pid in field
    ]
    try:
        return varma_numbers(entrants, seed)
    except InvalidRequest as error:
        raise InvalidCommand(error.args[0], field="method") from None
