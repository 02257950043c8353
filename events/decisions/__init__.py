"""Commands and the pure decisions that turn them into events, one module per family:
:mod:`~events.decisions.tournament`, :mod:`~events.decisions.players`,
:mod:`~events.decisions.rounds` (pairing and results), :mod:`~events.decisions.import_trf`.

``decide(state, command) -> list[Event]`` does no I/O: it reads the folded
:class:`TournamentState`, refuses an invalid command with a typed
:class:`~events.errors.CommandRejected`, or returns the events to append. Pairing a round
needs an engine, passed in (any ``PairingRequest -> Pairing`` callable), so that this stays
pure and tests pair with a small fake.

>>> from events.projections import EMPTY
>>> [type(e).__name__ for e in decide(EMPTY, CreateTournament(tournament_id="open", name="Open", rounds=5))]
['TournamentCreated']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from events.bounds import check_bounds
from events.decisions import lots, players, rounds, settings, tournament
from events.decisions.common import require_open
from events.decisions.criteria import Departures, departures
from events.decisions.import_trf import ImportTournament, ImportTrf, decide_import
from events.decisions.lots import DrawLots
from events.decisions.players import (
    CancelBye,
    CancelWithdrawal,
    CorrectPlayerDetails,
    RegisterMany,
    RegisterPlayer,
    RemoveRegistration,
    RequestBye,
    WithdrawPlayer,
    find_player,
)
from events.decisions.rounds import (
    CorrectResult,
    PairingEngine,
    PairManually,
    PairRound,
    RecordResult,
    SwapBoards,
    SwapColours,
    UnpairRound,
    pairing_request,
    placement_problem,
)
from events.decisions.settings import ChangeSettings, ForbidPair, GiveVirtualPoints
from events.decisions.tournament import CloseTournament, CreateTournament, ReopenTournament
from events.projections.state import TournamentState
from events.types import Event

__all__ = [
    "CancelBye",
    "CancelWithdrawal",
    "ChangeSettings",
    "CloseTournament",
    "Command",
    "CorrectPlayerDetails",
    "CorrectResult",
    "CreateTournament",
    "Departures",
    "DrawLots",
    "ForbidPair",
    "GiveVirtualPoints",
    "ImportTournament",
    "ImportTrf",
    "PairManually",
    "PairRound",
    "PairingEngine",
    "RecordResult",
    "RegisterMany",
    "RegisterPlayer",
    "RemoveRegistration",
    "ReopenTournament",
    "RequestBye",
    "SwapBoards",
    "SwapColours",
    "UnpairRound",
    "WithdrawPlayer",
    "decide",
    "departures",
    "find_player",
    "pairing_request",
    "placement_problem",
]

Command = (
    CreateTournament
    | RegisterPlayer
    | RegisterMany
    | CorrectPlayerDetails
    | WithdrawPlayer
    | RequestBye
    | CancelBye
    | RecordResult
    | CorrectResult
    | UnpairRound
    | CloseTournament
    | PairRound
    | PairManually
    | ImportTournament
    | ReopenTournament
    | CancelWithdrawal
    | RemoveRegistration
    | SwapColours
    | SwapBoards
    | ChangeSettings
    | ForbidPair
    | GiveVirtualPoints
    | DrawLots
)

_ON_OPEN_TOURNAMENT: dict[type[Any], Callable[[TournamentState, Any], list[Event]]] = {
    RegisterPlayer: players.register,
    RegisterMany: players.register_many,
    CorrectPlayerDetails: players.correct_details,
    WithdrawPlayer: players.withdraw,
    RequestBye: players.request_bye,
    CancelBye: players.cancel_bye,
    RecordResult: rounds.record_result,
    CorrectResult: rounds.correct_result,
    UnpairRound: rounds.unpair,
    CloseTournament: tournament.close,
    CancelWithdrawal: players.cancel_withdrawal,
    RemoveRegistration: players.remove_registration,
    SwapColours: rounds.swap_colours,
    SwapBoards: rounds.swap_boards,
    ChangeSettings: settings.change_settings,
    ForbidPair: settings.forbid_pair,
    GiveVirtualPoints: settings.give_virtual_points,
    DrawLots: lots.draw_lots,
}
"""The decisions taken on an existing, open tournament (checked here, once for all)."""


def decide(
    state: TournamentState,
    command: Command,
    *,
    engine: PairingEngine | None = None,
    engine_version: str = "",
) -> list[Event]:
    """The events ``command`` produces from ``state``; ``PairRound`` pairs with ``engine``,
    recording ``engine_version`` with the pairing.

    :raises CommandRejected: (a subclass naming the problem) when the command is invalid,
        its fields out of their bounds (:mod:`events.bounds`) included; nothing is to be
        written then.
    """
    if not isinstance(command, ImportTournament):
        check_bounds(command)
    if isinstance(command, CreateTournament):
        return tournament.create(state, command)
    if isinstance(command, ImportTournament):
        return decide_import(state, command)
    if isinstance(command, ReopenTournament):
        return tournament.reopen(state, command)
    require_open(state)
    if isinstance(command, PairRound):
        if engine is None:
            raise TypeError("pairing a round needs an engine")
        return rounds.decide_pairing(state, command, engine, engine_version=engine_version)
    if isinstance(command, PairManually):
        return rounds.decide_manual_pairing(state, command, engine)
    return _ON_OPEN_TOURNAMENT[type(command)](state, command)
