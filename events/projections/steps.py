"""The fold's step for each event type: ``step(state, event) -> state``, pure.

Each step changes what its event is about and shares the rest: registering a player or
recording a result touches that player (and the board), through
:class:`~events.projections.persistent.PersistentList`; pairing or unpairing a round
touches every player once. Which step folds which event is said in
:data:`events.projections.kinds.EVENT_KINDS`; the FIDE rules the steps apply are in
:mod:`events.projections.rules`.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from fractions import Fraction
from typing import TypeVar

import msgspec

from engine.common import unplayed_float
from engine.model import Colour, RoundKind
from events.projections import rules
from events.projections.persistent import PersistentList
from events.projections.state import (
    BoardState,
    PlayerRound,
    PlayerState,
    RoundState,
    TournamentState,
)
from events.results import Result
from events.types import (
    BoardsSwapped,
    ByeCancelled,
    ByeRequested,
    ColoursSwapped,
    NotPairedReason,
    PairForbidden,
    PairingNumbersDrawn,
    PlayerDetailsCorrected,
    PlayerId,
    PlayerRegistered,
    PlayerWithdrawn,
    RegistrationRemoved,
    ResultCorrected,
    ResultRecorded,
    RoundPaired,
    RoundUnpaired,
    SettingsChanged,
    TournamentClosed,
    TournamentCreated,
    TournamentReopened,
    VirtualPointsGiven,
    WithdrawalCancelled,
)

_T = TypeVar("_T")


def tournament_created(state: TournamentState, event: TournamentCreated) -> TournamentState:
    return dataclasses.replace(state, settings=event, points=event.points.to_engine())


def player_registered(state: TournamentState, event: PlayerRegistered) -> TournamentState:
    player = PlayerState(
        player_id=event.player_id,
        surname=event.surname,
        given_name=event.given_name,
        fide_id=event.fide_id,
        rating=event.rating,
        title=event.title,
        federation=event.federation,
        sex=event.sex,
        birth_date=event.birth_date,
        club=event.club,
        joins_round=event.joins_round,
        missed_round_points=Fraction(event.missed_round_points),
        missed_points_total=(
            None if event.missed_points_total is None else Fraction(event.missed_points_total)
        ),
        birth_year=event.birth_year,
        rating_list=event.rating_list,
        list_k_factor=event.list_k_factor,
    )
    for round_ in state.rounds:  # a late entry's missed rounds (GHR 2.4, Amalfi B.2)
        missed = _not_paired_record(state, player, round_.round_no, NotPairedReason.LATE_ENTRY)
        player = player.with_record(round_.round_no, missed)
    players = state.players.append(player)
    at = len(state.order) if state.drawn else rules.ranked_position(state.order, players, player)
    return dataclasses.replace(
        state, players=players, order=state.order.insert(at, player.player_id)
    )


def player_details_corrected(
    state: TournamentState, event: PlayerDetailsCorrected
) -> TournamentState:
    changes = {
        name: getattr(event, name)
        for name in event.__struct_fields__
        if name not in ("player_id", "reason") and getattr(event, name) is not msgspec.UNSET
    }
    player = dataclasses.replace(state.player(event.player_id), **changes)
    players = state.players.set(player.player_id - 1, player)
    if state.rounds_paired >= rules.TPN_FREEZE_ROUND or state.drawn:
        return dataclasses.replace(state, players=players, ranked=False)
    order = rules.reranked(
        state.order,
        before=state.players,
        after=players,
        moved=player.player_id,
        ranked=state.ranked,
    )
    return dataclasses.replace(state, players=players, order=order, ranked=True)


def player_withdrawn(state: TournamentState, event: PlayerWithdrawn) -> TournamentState:
    player = dataclasses.replace(state.player(event.player_id), withdrawn_from=event.from_round)
    return _with_player(state, player)


def withdrawal_cancelled(state: TournamentState, event: WithdrawalCancelled) -> TournamentState:
    return _with_player(
        state, dataclasses.replace(state.player(event.player_id), withdrawn_from=None)
    )


def registration_removed(state: TournamentState, event: RegistrationRemoved) -> TournamentState:
    """The player leaves the ranking order, which is what every list and pairing reads;
    the record stays so that ids keep their meaning."""
    order = state.order
    if event.player_id in order:
        order = order.delete(order.index(event.player_id))
    byes = tuple(bye for bye in state.byes if bye.player_id != event.player_id)
    return dataclasses.replace(state, order=order, byes=byes)


def bye_requested(state: TournamentState, event: ByeRequested) -> TournamentState:
    return dataclasses.replace(state, byes=(*state.byes, event))


def bye_cancelled(state: TournamentState, event: ByeCancelled) -> TournamentState:
    byes = tuple(
        bye
        for bye in state.byes
        if not (bye.player_id == event.player_id and bye.round_no == event.round_no)
    )
    return dataclasses.replace(state, byes=byes)


def round_paired(state: TournamentState, event: RoundPaired) -> TournamentState:
    records: dict[PlayerId, PlayerRound] = {}
    for number, board in enumerate(event.boards, 1):
        for player_id, opponent, colour in (
            (board.white, board.black, Colour.WHITE),
            (board.black, board.white, Colour.BLACK),
        ):
            records[player_id] = PlayerRound(
                round_no=event.round_no,
                kind=None,
                opponent=opponent,
                colour=colour,
                board=number,
                score_before=state.player(player_id).score,
            )
    if event.pab is not None:
        # The rule text gives the PAB receiver a downfloat whatever it is worth (dutch.md §2.3).
        records[event.pab] = PlayerRound(
            round_no=event.round_no,
            kind=RoundKind.PAB,
            points=state.points.pab,
            float=unplayed_float(RoundKind.PAB, state.points.pab, state.points),
            score_before=state.player(event.pab).score,
        )
    for entry in event.not_paired:
        records[entry.player_id] = _not_paired_record(
            state, state.player(entry.player_id), event.round_no, entry.reason
        )
    players = PersistentList(
        player.with_record(
            event.round_no,
            records.get(player.player_id)
            or PlayerRound(
                round_no=event.round_no, kind=RoundKind.NOT_PAIRED, score_before=player.score
            ),
        )
        for player in state.players
    )
    round_ = RoundState(
        round_no=event.round_no,
        boards=PersistentList(
            BoardState(number=number, white=board.white, black=board.black)
            for number, board in enumerate(event.boards, 1)
        ),
        pab=event.pab,
        not_paired=event.not_paired,
        system=event.system,
        engine_version=event.engine_version,
        pairing_numbers=event.pairing_numbers,
        paired_at=state.version + 1,
    )
    rounds = (*state.rounds, round_)
    # The numbering the round was paired with stays the TPN order (an imported round keeps
    # the file's pairing numbers; for Arbiter's own pairings it already is state.order).
    if tuple(state.order) == event.pairing_numbers or sorted(event.pairing_numbers) != sorted(
        state.order
    ):
        return dataclasses.replace(state, players=players, rounds=rounds)
    order = PersistentList(event.pairing_numbers)
    return dataclasses.replace(state, players=players, rounds=rounds, order=order, ranked=False)


def round_unpaired(state: TournamentState, event: RoundUnpaired) -> TournamentState:
    players = PersistentList(player.before_round(event.round_no) for player in state.players)
    return dataclasses.replace(state, players=players, rounds=state.rounds[: event.round_no - 1])


def result_recorded(state: TournamentState, event: ResultRecorded) -> TournamentState:
    return _with_result(state, event.round_no, event.board, event.result)


def result_corrected(state: TournamentState, event: ResultCorrected) -> TournamentState:
    return _with_result(state, event.round_no, event.board, event.result)


def tournament_closed(state: TournamentState, event: TournamentClosed) -> TournamentState:
    return dataclasses.replace(state, closed=True)


def tournament_reopened(state: TournamentState, event: TournamentReopened) -> TournamentState:
    return dataclasses.replace(state, closed=False)


def settings_changed(state: TournamentState, event: SettingsChanged) -> TournamentState:
    changes = {
        name: getattr(event, name)
        for name in event.__struct_fields__
        if name != "reason" and getattr(event, name) is not msgspec.UNSET
    }
    return dataclasses.replace(
        state, settings=msgspec.structs.replace(state.require_settings(), **changes)
    )


def pairing_numbers_drawn(state: TournamentState, event: PairingNumbersDrawn) -> TournamentState:
    return dataclasses.replace(state, order=PersistentList(event.order), ranked=False, drawn=True)


def pair_forbidden(state: TournamentState, event: PairForbidden) -> TournamentState:
    return dataclasses.replace(state, forbidden=(*state.forbidden, event))


def virtual_points_given(state: TournamentState, event: VirtualPointsGiven) -> TournamentState:
    return dataclasses.replace(state, virtual_points=(*state.virtual_points, event))


def colours_swapped(state: TournamentState, event: ColoursSwapped) -> TournamentState:
    round_ = state.round(event.round_no)
    board = round_.boards[event.board - 1]
    swapped = dataclasses.replace(board, white=board.black, black=board.white)
    players = state.players
    for player_id, colour in ((board.white, Colour.BLACK), (board.black, Colour.WHITE)):
        recoloured = functools.partial(dataclasses.replace, colour=colour)
        players = _with_record(players, player_id, event.round_no, recoloured)
    boards = round_.boards.set(event.board - 1, swapped)
    return _with_round(state, players, dataclasses.replace(round_, boards=boards))


def boards_swapped(state: TournamentState, event: BoardsSwapped) -> TournamentState:
    round_ = state.round(event.round_no)
    first, second = round_.boards[event.board - 1], round_.boards[event.other - 1]
    boards = round_.boards.set(event.board - 1, dataclasses.replace(second, number=event.board))
    boards = boards.set(event.other - 1, dataclasses.replace(first, number=event.other))
    players = state.players
    for board in (boards[event.board - 1], boards[event.other - 1]):
        for player_id in (board.white, board.black):
            moved = functools.partial(dataclasses.replace, board=board.number)
            players = _with_record(players, player_id, event.round_no, moved)
    return _with_round(state, players, dataclasses.replace(round_, boards=boards))


# -- helpers -----------------------------------------------------------------------------


def _put(items: tuple[_T, ...], index: int, item: _T) -> tuple[_T, ...]:
    """``items`` (a player's rounds, the tournament's rounds: a few) with one replaced."""
    return (*items[:index], item, *items[index + 1 :])


def _with_player(state: TournamentState, player: PlayerState) -> TournamentState:
    return dataclasses.replace(state, players=state.players.set(player.player_id - 1, player))


def _with_round(
    state: TournamentState, players: PersistentList[PlayerState], round_: RoundState
) -> TournamentState:
    """``state`` with ``players`` and one of its rounds replaced (one copy of the state)."""
    rounds = _put(state.rounds, round_.round_no - 1, round_)
    return dataclasses.replace(state, players=players, rounds=rounds)


def _with_record(
    players: PersistentList[PlayerState],
    player_id: PlayerId,
    round_no: int,
    change: Callable[[PlayerRound], PlayerRound],
) -> PersistentList[PlayerState]:
    """``players`` with one player's record of one round changed."""
    player = players[player_id - 1]
    record = change(player.rounds[round_no - 1])
    return players.set(player_id - 1, player.with_record(round_no, record))


def _not_paired_record(
    state: TournamentState, player: PlayerState, round_no: int, reason: NotPairedReason
) -> PlayerRound:
    value = rules.not_paired_points(state.points, player, round_no, reason)
    kind = rules.NOT_PAIRED_KIND[reason]
    return PlayerRound(
        round_no=round_no,
        kind=kind,
        points=value,
        float=rules.unplayed_round_float(state.settings, state.points, kind, value),
        score_before=player.score,
        reason=reason,
    )


def _with_result(
    state: TournamentState, round_no: int, board_no: int, result: Result
) -> TournamentState:
    round_ = state.round(round_no)
    board = round_.boards[board_no - 1]
    white, black = state.player(board.white), state.player(board.black)
    floats = rules.result_floats(
        state.settings,
        state.points,
        result,
        white.rounds[round_no - 1].score_before,
        black.rounds[round_no - 1].score_before,
    )
    players = state.players
    for player, outcome, float_ in zip((white, black), (result.white, result.black), floats):
        decided_record = functools.partial(
            dataclasses.replace,
            kind=RoundKind.PLAYED if result.played else rules.forfeit_kind(outcome),
            points=rules.outcome_points(state.points, outcome),
            result=result,
            float=float_,
        )
        players = _with_record(players, player.player_id, round_no, decided_record)
    boards = round_.boards.set(board_no - 1, dataclasses.replace(board, result=result))
    return _with_round(state, players, dataclasses.replace(round_, boards=boards))
