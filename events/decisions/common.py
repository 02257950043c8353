"""What the families of decisions share: the commands' base and the checks more than one makes."""

from __future__ import annotations

import msgspec

from engine.messages import Message
from events.errors import (
    BoardNotPaired,
    InvalidCommand,
    RoundAlreadyPaired,
    TournamentIsClosed,
)
from events.projections.state import BoardState, TournamentState


class CommandStruct(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A command: immutable, keyword-only, refusing unknown fields.

    Subclasses repeat ``frozen=True`` for the type checker, as events.types._Event does.
    """


def require_open(state: TournamentState) -> None:
    settings = state.require_settings()
    if state.closed:
        raise TournamentIsClosed(settings.tournament_id)


def require_text(value: str, field: str) -> None:
    if not value.strip():
        raise InvalidCommand(Message("%(field)s must not be empty", field=field), field=field)


def paired_board(state: TournamentState, round_no: int, board_no: int) -> BoardState:
    if not 1 <= round_no <= state.rounds_paired:
        raise BoardNotPaired(round_no, board_no)
    boards = state.round(round_no).boards
    if not 1 <= board_no <= len(boards):
        raise BoardNotPaired(round_no, board_no)
    return boards[board_no - 1]


def require_unpaired_round(state: TournamentState, round_no: int, hint: str) -> None:
    settings = state.require_settings()
    if round_no < state.next_round:
        raise RoundAlreadyPaired(round_no, hint)
    if round_no > settings.rounds:
        raise InvalidCommand(rounds_in(settings.rounds), field="round_no")


def rounds_in(rounds: int) -> Message:
    """A round number beyond the tournament's last: how many it has."""
    return Message("the tournament has %(rounds)s rounds", rounds=rounds)
