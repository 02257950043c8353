"""A round's decisions: pairing it, unpairing it, and recording and correcting its results.

Pairing is state -> engine request -> engine -> ``RoundPaired``. The engine is a parameter
(any ``PairingRequest -> Pairing`` callable), so this module stays pure and tests pair with a
small fake. The decision checks the engine's answer against
the round's facts before it becomes an event: every player to be paired is placed exactly
once (so there is a PAB exactly when their number is odd), nobody else is, the PAB goes to
an eligible player, and no two players meet twice (C.04.1 Arts 2-4).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import msgspec

from engine import InvalidRequest, Pairing, PairingRequest, systems
from engine import NoValidPairing as EngineNoValidPairing
from engine.messages import Message
from engine.model import PairingNumber, PlayerEntry, RoundRecord
from engine.round_robin import rounds_for
from events.bounds import Board, Reason, RequiredReason, RoundNumber, SystemName
from events.decisions.common import CommandStruct, paired_board, require_text
from events.decisions.criteria import departures
from events.decisions.settings import accelerations, forbidden_pairs, wished_apart
from events.errors import (
    AllRoundsPaired,
    InvalidCommand,
    NoResultToCorrect,
    NotEnoughPlayers,
    NoValidPairing,
    PairingRejected,
    ResultAlreadyRecorded,
    ResultUnchanged,
    RoundHasResults,
    TournamentIsClosed,
)
from events.projections.state import TournamentState
from events.results import Result
from events.types import (
    BoardsSwapped,
    ColoursSwapped,
    Event,
    NotPaired,
    NotPairedReason,
    PairedBoard,
    PlayerId,
    ResultCorrected,
    ResultRecorded,
    RoundNo,
    RoundPaired,
    RoundUnpaired,
    TournamentCreated,
)

__all__ = [
    "CorrectResult",
    "PairManually",
    "PairRound",
    "PairingEngine",
    "RecordResult",
    "SwapBoards",
    "SwapColours",
    "UnpairRound",
    "correct_result",
    "decide_manual_pairing",
    "decide_pairing",
    "pairing_request",
    "placement_problem",
    "record_result",
    "swap_boards",
    "swap_colours",
    "unpair",
]

PairingEngine = Callable[[PairingRequest], Pairing]
"""A pairing system: pure, deterministic, ``PairingRequest -> Pairing``."""

MANUAL = "manual"


class PairRound(CommandStruct, frozen=True):
    """Pair the next round with ``system`` (default: the tournament's own system)."""

    system: SystemName | None = None


class PairManually(CommandStruct, frozen=True):
    """Publish a pairing made by the arbiter, board by board (GHR 4.4 cases).

    It is compared with the engine's pairing of the round (when an engine is at hand) and
    every FIDE criterion it breaks is recorded with it; one that breaks an absolute
    criterion (C1-C3) is refused unless ``force`` is set with a ``reason``.
    """

    boards: tuple[PairedBoard, ...]
    pab: PlayerId | None = None
    system: SystemName = MANUAL
    reason: Reason = ""
    force: bool = False


class RecordResult(CommandStruct, frozen=True):
    round_no: RoundNumber
    board: Board
    result: Result


class CorrectResult(CommandStruct, frozen=True):
    round_no: RoundNumber
    board: Board
    result: Result
    reason: Reason = ""


class UnpairRound(CommandStruct, frozen=True):
    """Withdraw the latest round's pairing; once results are in, a reason is required (the
    results leave the standings with the round; the log keeps them)."""

    round_no: RoundNumber
    reason: Reason = ""


class SwapColours(CommandStruct, frozen=True):
    """Exchange White and Black on a board of a published round before its result."""

    round_no: RoundNumber
    board: Board
    reason: RequiredReason


class SwapBoards(CommandStruct, frozen=True):
    """Exchange the places of two boards of a published round before their results."""

    round_no: RoundNumber
    board: Board
    other: Board
    reason: RequiredReason


def pairing_request(state: TournamentState, *, wishes: bool = True) -> PairingRequest:
    """The engine's view of the next round: players in TPN order with their histories.

    Opponents are given by their current TPN; only played games carry a colour. A late
    entrant's missed rounds lead his history as ``NOT_PAIRED`` records holding what his
    registration awarded them (Amalfi B.2: a draw's points on the first, nothing on the
    others): the shape the Amalfi engine recognises as a late entry and scores a draw's
    points in total, so its score and the state's agree and nothing is counted twice.
    """
    settings = state.require_settings()
    round_no = state.next_round
    available, _ = state.availability(round_no)
    virtual = accelerations(state)
    entries = []
    for number, player_id in enumerate(state.order, 1):
        player = state.player(player_id)
        history = tuple(
            RoundRecord(
                kind=record.kind,
                points=record.points,
                opponent=(
                    PairingNumber(state.pairing_number(record.opponent))
                    if record.opponent is not None
                    else None
                ),
                colour=record.played_colour,
            )
            for record in player.rounds
            if record.kind is not None
        )
        entries.append(
            PlayerEntry(
                number=PairingNumber(number),
                rating=player.rating,
                history=history,
                available=player_id in available,
                acceleration={
                    r: points
                    for r, points in virtual.get(player_id, {}).items()
                    if r <= round_no and points
                },
                name=player.name,
            )
        )
    apart = forbidden_pairs(state, round_no)
    if wishes:
        apart |= wished_apart(state, available)
    return PairingRequest(
        round_no=round_no,
        total_rounds=settings.rounds,
        players=tuple(entries),
        points=settings.points.to_engine(),
        initial_colour=settings.initial_colour,
        rules_edition=settings.rules_edition,
        forbidden_pairs=frozenset(
            frozenset(PairingNumber(state.pairing_number(p)) for p in pair) for pair in apart
        ),
    )


def decide_pairing(
    state: TournamentState, command: PairRound, engine: PairingEngine, *, engine_version: str = ""
) -> list[Event]:
    """Pair the next round with ``engine``.

    :raises CommandRejected: the round cannot be paired now (missing results, all rounds
        paired, fewer than two players) or the engine found no valid pairing.
    :raises PairingRejected: the engine's answer breaks the round's facts.
    """
    settings = _require_pairable(state)
    round_no = state.next_round
    system = command.system or settings.system
    if systems.is_round_robin(system):
        _require_table_rounds(state, system)
    try:
        try:
            pairing = engine(pairing_request(state))
        except EngineNoValidPairing:
            if pairing_request(state, wishes=False) == pairing_request(state):
                raise
            pairing = engine(pairing_request(state, wishes=False))  # a wish yields
    except EngineNoValidPairing as error:
        raise NoValidPairing(round_no, str(error)) from error
    except InvalidRequest as error:
        raise PairingRejected(round_no, f"the engine refused the request: {error}") from error
    by_number = {PairingNumber(number): pid for number, pid in enumerate(state.order, 1)}
    try:
        boards = tuple(
            PairedBoard(white=by_number[board.white], black=by_number[board.black])
            for board in pairing.boards
        )
        pab = by_number[pairing.bye] if pairing.bye is not None else None
    except KeyError as error:
        raise PairingRejected(round_no, f"no player has pairing number {error.args[0]}") from None
    if systems.is_round_robin(system):
        return _table_round(state, boards, pab, systems.cycles(system), system, engine_version)
    problem = _pairing_problem(state, boards, pab)
    if problem:
        raise PairingRejected(round_no, problem)
    return [_round_paired(state, boards, pab, system, engine_version)]


def _table_round(
    state: TournamentState,
    boards: tuple[PairedBoard, ...],
    sits_out: PlayerId | None,
    cycles: int,
    system: str,
    engine_version: str,
) -> list[Event]:
    """A round-robin's round as its table gives it (C.05 Annex 1): every registered player
    on a board, but the one the table's extra number leaves out (a round without a game
    and without points); a game with a player not there (withdrawn, excused, not yet
    entered) is not played and scores as a forfeit, "-" for the absent player and "+" for
    the other (C.05 withdrawals in a round-robin; docs/rulings.md, "Round-robin: games
    not played")."""
    round_no = state.next_round
    placed = [player for board in boards for player in (board.white, board.black)]
    if sits_out is not None:
        placed.append(sits_out)
    if sorted(placed) != sorted(state.order):
        raise PairingRejected(round_no, "the table must place every registered player once")
    for board in boards:
        met = sum(
            1
            for record in state.player(board.white).rounds
            if record.opponent == board.black and record.kind is not None
        )
        if met >= cycles:
            raise PairingRejected(
                round_no, f"players {board.white} and {board.black} have already met {met} time(s)"
            )
    available, absent = state.availability(round_no)
    on_boards = set(placed) - {sits_out}
    not_paired = tuple(entry for entry in absent if entry.player_id not in on_boards)
    if sits_out is not None and sits_out in available:
        not_paired += (NotPaired(player_id=sits_out, reason=NotPairedReason.ZERO_BYE),)
    paired = msgspec.structs.replace(
        _round_paired(state, boards, None, system, engine_version), not_paired=not_paired
    )
    forfeits: list[Event] = []
    for number, board in enumerate(boards, 1):
        there = (board.white in available, board.black in available)
        if there != (True, True):
            forfeits.append(
                ResultRecorded(round_no=RoundNo(round_no), board=number, result=_FORFEITS[there])
            )
    return [paired, *forfeits]


_FORFEITS = {
    (True, False): Result.WHITE_WINS_BY_FORFEIT,
    (False, True): Result.BLACK_WINS_BY_FORFEIT,
    (False, False): Result.DOUBLE_FORFEIT,
}


def decide_manual_pairing(
    state: TournamentState, command: PairManually, engine: PairingEngine | None = None
) -> list[Event]:
    """Publish a pairing given board by board: every player to be paired placed once, and
    each FIDE criterion it breaks listed (compared with ``engine``'s pairing when given).

    :raises InvalidCommand: naming what is wrong with the pairing, or the absolute
        criteria it breaks when not forced with a reason.
    """
    _require_pairable(state)
    problem = placement_problem(state, command.boards, command.pab)
    if problem:
        raise InvalidCommand(problem, field="boards")
    proposal = _engine_proposal(state, engine) if engine is not None else None
    broken = departures(state, command.boards, command.pab, proposal)
    if broken.absolute and not (command.force and command.reason.strip()):
        raise InvalidCommand(
            Message("the pairing breaks absolute criteria: %(criteria)s; force it with a reason",
                    criteria=broken.absolute)
            if not command.force
            else Message("the pairing breaks absolute criteria: %(criteria)s; a reason is "
                         "required", criteria=broken.absolute),
            field="boards",
            departures=list(broken.all),
        )  # fmt: skip
    published = _round_paired(state, command.boards, command.pab, command.system, "")
    return [
        msgspec.structs.replace(
            published,
            reason=command.reason,
            engine_boards=tuple(proposal[0]) if proposal else (),
            engine_pab=proposal[1] if proposal else None,
            departures=broken.all,
        )
    ]


def _engine_proposal(
    state: TournamentState, engine: PairingEngine
) -> tuple[tuple[PairedBoard, ...], PlayerId | None] | None:
    """The engine's pairing of the next round, or None when it finds none."""
    try:
        proposed = decide_pairing(state, PairRound(), engine)
    except (NoValidPairing, PairingRejected):
        return None
    event = proposed[0]
    assert isinstance(event, RoundPaired)
    return event.boards, event.pab


def _require_table_rounds(state: TournamentState, system: str) -> None:
    """A round-robin plays the rounds its Berger table has for the field (C.05 Annex 1).

    :raises InvalidCommand: naming that number, which the arbiter sets before round 1.
    """
    players, rounds = len(state.order), state.require_settings().rounds
    expected = rounds_for(players, systems.cycles(system))
    if players >= 3 and rounds != expected:
        raise InvalidCommand(
            Message("%(players)s players play %(expected)s rounds by the Berger table, not "
                    "%(rounds)s: change the tournament's rounds before round 1",
                    players=players, expected=expected, rounds=rounds),
            field="rounds",
        )  # fmt: skip


def _require_pairable(state: TournamentState) -> TournamentCreated:
    settings = state.require_settings()
    if state.closed:
        raise TournamentIsClosed(settings.tournament_id)
    if state.rounds_paired >= settings.rounds:
        raise AllRoundsPaired(settings.rounds)
    state.require_results()
    available, _ = state.availability(state.next_round)
    if len(available) < 2:
        raise NotEnoughPlayers(state.next_round, len(available))
    return settings


def _pairing_problem(
    state: TournamentState, boards: Sequence[PairedBoard], pab: PlayerId | None
) -> str | None:
    """What is wrong with an engine's pairing of the next round, or ``None``."""
    problem = placement_problem(state, boards, pab)
    if problem:
        return problem
    if pab is not None and not state.player(pab).pab_eligible(state.points):
        return f"player {pab} may not receive the pairing-allocated bye again (C.04.1 Art. 4)"
    for board in boards:
        if board.black in state.player(board.white).opponents:
            return f"players {board.white} and {board.black} have already played each other"
    return None


def placement_problem(
    state: TournamentState, boards: Sequence[PairedBoard], pab: PlayerId | None
) -> Message | None:
    """Who is placed twice, placed but not to be paired, or left out; ``None``: nobody."""
    available, _ = state.availability(state.next_round)
    placed = [player for board in boards for player in (board.white, board.black)]
    if pab is not None:
        placed.append(pab)
    twice = sorted({player for player in placed if placed.count(player) > 1})
    if twice:
        return Message("player(s) %(players)s placed more than once", players=_ids(twice))
    extra = sorted(set(placed) - set(available))
    if extra:
        return Message("player(s) %(players)s are not to be paired this round", players=_ids(extra))
    missing = sorted(set(available) - set(placed))
    if missing:
        return Message(
            "player(s) %(players)s are neither paired nor given the bye", players=_ids(missing)
        )
    if len(placed) % 2 == 0 and pab is not None:
        return Message("an even number of players to pair leaves no pairing-allocated bye")
    return None


def _ids(players: Sequence[int]) -> str:
    return ", ".join(str(player) for player in players)


def _round_paired(
    state: TournamentState,
    boards: tuple[PairedBoard, ...],
    pab: PlayerId | None,
    system: str,
    engine_version: str,
) -> RoundPaired:
    _, not_paired = state.availability(state.next_round)
    return RoundPaired(
        round_no=RoundNo(state.next_round),
        boards=boards,
        pab=pab,
        not_paired=not_paired,
        system=system,
        engine_version=engine_version,
        pairing_numbers=tuple(state.order),
    )


def record_result(state: TournamentState, command: RecordResult) -> list[Event]:
    board = paired_board(state, command.round_no, command.board)
    if board.result is not None:
        raise ResultAlreadyRecorded(command.round_no, command.board, board.result.value)
    return [
        ResultRecorded(
            round_no=RoundNo(command.round_no), board=command.board, result=command.result
        )
    ]


def correct_result(state: TournamentState, command: CorrectResult) -> list[Event]:
    board = paired_board(state, command.round_no, command.board)
    if board.result is None:
        raise NoResultToCorrect(command.round_no, command.board)
    if board.result is command.result:
        raise ResultUnchanged(command.round_no, command.board, command.result.value)
    return [
        ResultCorrected(
            round_no=RoundNo(command.round_no),
            board=command.board,
            result=command.result,
            previous=board.result,
            reason=command.reason,
        )
    ]


def unpair(state: TournamentState, command: UnpairRound) -> list[Event]:
    if command.round_no != state.rounds_paired or command.round_no < 1:
        raise InvalidCommand(
            Message("only the latest paired round (%(round)s) can be unpaired",
                    round=state.rounds_paired),
            field="round_no",
        )  # fmt: skip
    round_ = state.round(command.round_no)
    if any(board.result is not None for board in round_.boards) and not command.reason.strip():
        raise RoundHasResults(command.round_no)
    return [RoundUnpaired(round_no=RoundNo(command.round_no), reason=command.reason)]


def swap_colours(state: TournamentState, command: SwapColours) -> list[Event]:
    board = _board_without_result(state, command.round_no, command.board)
    require_text(command.reason, "reason")
    return [ColoursSwapped(round_no=RoundNo(command.round_no), board=board, reason=command.reason)]


def swap_boards(state: TournamentState, command: SwapBoards) -> list[Event]:
    first = _board_without_result(state, command.round_no, command.board)
    second = _board_without_result(state, command.round_no, command.other)
    if first == second:
        raise InvalidCommand(Message("a board cannot swap places with itself"), field="other")
    require_text(command.reason, "reason")
    return [
        BoardsSwapped(
            round_no=RoundNo(command.round_no), board=first, other=second, reason=command.reason
        )
    ]


def _board_without_result(state: TournamentState, round_no: int, board_no: int) -> int:
    board = paired_board(state, round_no, board_no)
    if board.result is not None:
        raise ResultAlreadyRecorded(round_no, board_no, board.result.value)
    return board.number
