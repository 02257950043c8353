"""The tournament as a pure fold of its events: players, TPNs, round records, floats.

``apply(state, event) -> state`` never mutates; every state is a frozen value, so any past
state can be rebuilt by folding a prefix of the stream (:func:`state_at_version`,
:func:`state_after_round`). Decisions (:mod:`events.decisions`) read the same state.

Round records follow general.md §1 and §4: one per player per paired round; a forfeit has
no colour and is not a meeting; floats are indexed by tournament round (dutch.md §2.3).
"""

from __future__ import annotations

import bisect
import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from functools import reduce, singledispatch
from typing import TypeVar

import msgspec

from engine.common import Float, game_floats, unplayed_float
from engine.model import Colour, Outcome, PointSystem, RoundKind
from events.errors import RoundIncomplete, TournamentNotFound, UnknownPlayer
from events.results import Result
from events.types import (
    BoardsSwapped,
    ByeCancelled,
    ByeKind,
    ByeRequested,
    ColoursSwapped,
    Event,
    NotPaired,
    NotPairedReason,
    PairForbidden,
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

__all__ = [
    "EMPTY",
    "TITLE_ORDER",
    "BoardState",
    "Float",
    "PlayerRound",
    "PlayerState",
    "RoundState",
    "TournamentState",
    "apply",
    "fold",
    "state_after_round",
    "state_at_version",
]

TITLE_ORDER = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
"""Second key of the initial ranking (general.md §3.2), strongest first; then untitled."""

TPN_FREEZE_ROUND = 4
"""Once this round is paired, corrections no longer renumber anyone (GHR 2.3)."""


@dataclass(frozen=True, slots=True)
class PlayerRound:
    """One player's record for one paired round.

    ``kind`` is ``None`` while the board awaits its result. ``colour`` is the colour the
    pairing assigned; :attr:`played_colour` is the one that counts (forfeits count none).
    ``score_before`` is the score the round was paired with, which decides floats.
    """

    round_no: int
    kind: RoundKind | None
    points: Fraction = Fraction(0)
    opponent: PlayerId | None = None
    colour: Colour | None = None
    board: int | None = None
    result: Result | None = None
    float: Float | None = None
    score_before: Fraction = Fraction(0)
    reason: NotPairedReason | None = None

    @property
    def played_colour(self) -> Colour | None:
        return self.colour if self.kind is RoundKind.PLAYED else None


@dataclass(frozen=True, slots=True)
class PlayerState:
    player_id: PlayerId
    surname: str
    given_name: str = ""
    fide_id: int | None = None
    rating: int = 0
    title: str = ""
    federation: str = ""
    sex: str = ""
    birth_date: date | None = None
    club: str = ""
    joins_round: int = 1
    missed_round_points: Fraction = Fraction(0)
    missed_points_total: Fraction | None = None
    """Points for all missed rounds together (Amalfi B.2), carried by round 1; ``None``:
    ``missed_round_points`` for each."""
    birth_year: int | None = None
    rating_list: str = ""
    """``YYYY-MM``: the FIDE list ``rating`` comes from; empty when entered by hand."""
    withdrawn_from: int | None = None
    rounds: tuple[PlayerRound, ...] = ()

    @property
    def name(self) -> str:
        return f"{self.surname}, {self.given_name}" if self.given_name else self.surname

    @property
    def score(self) -> Fraction:
        """Points from every round record with a result (pending boards count nothing)."""
        return sum((record.points for record in self.rounds), Fraction(0))

    @property
    def colour_history(self) -> tuple[Colour, ...]:
        """Colours of games actually played, in order: the compressed sequence (GHR 3.4)."""
        return tuple(r.colour for r in self.rounds if r.kind is RoundKind.PLAYED and r.colour)

    @property
    def float_history(self) -> tuple[Float | None, ...]:
        """One entry per tournament round, not compressed (dutch.md §2.3)."""
        return tuple(record.float for record in self.rounds)

    @property
    def opponents(self) -> frozenset[PlayerId]:
        """Opponents actually played; a forfeited pairing is not a meeting (GHR 3.5)."""
        return frozenset(
            r.opponent for r in self.rounds if r.kind is RoundKind.PLAYED and r.opponent
        )

    @property
    def unplayed_rounds(self) -> int:
        return sum(1 for r in self.rounds if r.kind is not None and r.kind is not RoundKind.PLAYED)

    def pab_eligible(self, points: PointSystem) -> bool:
        """C.04.1 Art. 4: no PAB yet and no single unplayed round scored a win's points."""
        return not any(
            r.kind is RoundKind.PAB
            or (r.kind not in (None, RoundKind.PLAYED) and r.points >= points.win)
            for r in self.rounds
        )

    def ranking_key(self) -> tuple[int, int, str, str, int]:
        """Initial-ranking order (general.md §3.2): rating, title, then name."""
        title = TITLE_ORDER.index(self.title) if self.title in TITLE_ORDER else len(TITLE_ORDER)
        return (
            -self.rating,
            title,
            self.surname.casefold(),
            self.given_name.casefold(),
            self.player_id,
        )


@dataclass(frozen=True, slots=True)
class BoardState:
    number: int
    white: PlayerId
    black: PlayerId
    result: Result | None = None


@dataclass(frozen=True, slots=True)
class RoundState:
    round_no: int
    boards: tuple[BoardState, ...]
    pab: PlayerId | None
    not_paired: tuple[NotPaired, ...]
    system: str
    engine_version: str
    pairing_numbers: tuple[PlayerId, ...]

    @property
    def missing_results(self) -> tuple[int, ...]:
        return tuple(board.number for board in self.boards if board.result is None)


@dataclass(frozen=True, slots=True)
class TournamentState:
    """Everything decisions and read models need; ``version`` is the stream version folded."""

    settings: TournamentCreated | None = None
    players: tuple[PlayerState, ...] = ()
    order: tuple[PlayerId, ...] = ()
    """Player ids in TPN order (TPN 1 first)."""
    rounds: tuple[RoundState, ...] = ()
    byes: tuple[ByeRequested, ...] = ()
    """Requested byes not cancelled, for rounds paired or not."""
    closed: bool = False
    version: int = 0
    points: PointSystem = PointSystem()
    """The regulations' point values as exact fractions (from ``settings``)."""
    forbidden: tuple[PairForbidden, ...] = ()
    """Pairs the arbiter forbade, in the order given."""
    virtual_points: tuple[VirtualPointsGiven, ...] = ()
    """Acceleration points given player by player (a later grant for a round wins)."""

    @property
    def rounds_paired(self) -> int:
        return len(self.rounds)

    @property
    def next_round(self) -> int:
        return len(self.rounds) + 1

    def require_settings(self) -> TournamentCreated:
        """The tournament's regulations.

        :raises TournamentNotFound: when the stream holds no tournament.
        """
        if self.settings is None:
            raise TournamentNotFound()
        return self.settings

    def require_results(self) -> None:
        """Check that every board of the latest round has its result.

        :raises RoundIncomplete: naming the boards still without one (then the next round
            cannot be paired, nor the tournament closed).
        """
        if self.rounds and self.rounds[-1].missing_results:
            raise RoundIncomplete(self.rounds_paired, list(self.rounds[-1].missing_results))

    def has_player(self, player_id: int) -> bool:
        return 1 <= player_id <= len(self.players)

    def player(self, player_id: int) -> PlayerState:
        """:raises UnknownPlayer: when no player has this registration number."""
        if not self.has_player(player_id):
            raise UnknownPlayer(player_id)
        return self.players[player_id - 1]

    def pairing_number(self, player_id: int) -> int:
        return self.order.index(PlayerId(player_id)) + 1

    def round(self, round_no: int) -> RoundState:
        if not 1 <= round_no <= len(self.rounds):
            raise KeyError(round_no)
        return self.rounds[round_no - 1]

    def bye_for(self, player_id: int, round_no: int) -> ByeKind | None:
        for bye in self.byes:
            if bye.player_id == player_id and bye.round_no == round_no:
                return bye.kind
        return None

    def availability(self, round_no: int) -> tuple[tuple[PlayerId, ...], tuple[NotPaired, ...]]:
        """Who is to be paired in ``round_no`` (TPN order), and who is not and why."""
        available: list[PlayerId] = []
        absent: list[NotPaired] = []
        for player_id in self.order:
            reason = self._absence(self.player(player_id), round_no)
            if reason is None:
                available.append(player_id)
            else:
                absent.append(NotPaired(player_id=player_id, reason=reason))
        return tuple(available), tuple(absent)

    def _absence(self, player: PlayerState, round_no: int) -> NotPairedReason | None:
        if player.withdrawn_from is not None and player.withdrawn_from <= round_no:
            return NotPairedReason.WITHDRAWN
        if player.joins_round > round_no:
            return NotPairedReason.LATE_ENTRY
        bye = self.bye_for(player.player_id, round_no)
        return None if bye is None else _BYE_REASON[bye]


EMPTY = TournamentState()

_T = TypeVar("_T")

_BYE_REASON = {
    ByeKind.HALF: NotPairedReason.HALF_BYE,
    ByeKind.ZERO: NotPairedReason.ZERO_BYE,
    ByeKind.FULL: NotPairedReason.FULL_BYE,
}


# -- the fold ----------------------------------------------------------------------------


def apply(state: TournamentState, event: Event) -> TournamentState:
    """The state after ``event``; pure."""
    return dataclasses.replace(_apply(event, state), version=state.version + 1)


def fold(events: Iterable[Event], state: TournamentState = EMPTY) -> TournamentState:
    """Fold events (in stream order) onto ``state``.

    >>> fold([TournamentCreated(tournament_id="t", name="Open", rounds=5)]).settings.rounds
    5
    """
    return reduce(apply, events, state)


def state_at_version(events: Sequence[Event], version: int) -> TournamentState:
    """The state after the first ``version`` events of the stream."""
    if version < 0:
        raise ValueError("a stream version is 0 or more")
    return fold(events[:version])


def state_after_round(events: Sequence[Event], round_no: int) -> TournamentState:
    """The state at the end of round ``round_no``: everything recorded before round
    ``round_no + 1`` was paired (the whole stream if it has not been).

    This is the state the next pairing was made from (GHR 4.3), so a checker or a TRF
    export "after round n" sees what the arbiter saw. A later correction of an earlier
    result is not in it; standings of the finished tournament fold the whole stream.
    """
    if round_no < 0:
        raise ValueError("a round number is 0 or more")
    cut = len(events)
    for index, event in enumerate(events):
        if isinstance(event, RoundPaired) and event.round_no == round_no + 1:
            cut = index
        elif isinstance(event, RoundUnpaired) and event.round_no == round_no + 1:
            cut = len(events)
    return fold(events[:cut])


@singledispatch
def _apply(event: Event, state: TournamentState) -> TournamentState:
    raise TypeError(f"no projection for {type(event).__name__}")


@_apply.register
def _(event: TournamentCreated, state: TournamentState) -> TournamentState:
    return dataclasses.replace(state, settings=event, points=event.points.to_engine())


@_apply.register
def _(event: PlayerRegistered, state: TournamentState) -> TournamentState:
    missed = Fraction(event.missed_round_points)
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
        missed_round_points=missed,
        missed_points_total=(
            None if event.missed_points_total is None else Fraction(event.missed_points_total)
        ),
        birth_year=event.birth_year,
        rating_list=event.rating_list,
    )
    for round_ in state.rounds:  # a late entry's missed rounds (GHR 2.4, Amalfi B.2)
        missed_round = _not_paired_record(
            state, player, round_.round_no, NotPairedReason.LATE_ENTRY
        )
        player = dataclasses.replace(player, rounds=(*player.rounds, missed_round))
    players = (*state.players, player)
    # Only the O(log n) players the search visits compute their ranking key.
    at = bisect.bisect_right(
        state.order, player.ranking_key(), key=lambda pid: players[pid - 1].ranking_key()
    )
    order = (*state.order[:at], player.player_id, *state.order[at:])
    return dataclasses.replace(state, players=players, order=order)


@_apply.register
def _(event: PlayerDetailsCorrected, state: TournamentState) -> TournamentState:
    changes = {
        name: getattr(event, name)
        for name in event.__struct_fields__
        if name not in ("player_id", "reason") and getattr(event, name) is not msgspec.UNSET
    }
    players = _replace_player(state, dataclasses.replace(state.player(event.player_id), **changes))
    order = state.order
    if state.rounds_paired < TPN_FREEZE_ROUND:
        order = tuple(sorted(order, key=lambda pid: players[pid - 1].ranking_key()))
    return dataclasses.replace(state, players=players, order=order)


@_apply.register
def _(event: PlayerWithdrawn, state: TournamentState) -> TournamentState:
    player = dataclasses.replace(state.player(event.player_id), withdrawn_from=event.from_round)
    return dataclasses.replace(state, players=_replace_player(state, player))


@_apply.register
def _(event: ByeRequested, state: TournamentState) -> TournamentState:
    return dataclasses.replace(state, byes=(*state.byes, event))


@_apply.register
def _(event: ByeCancelled, state: TournamentState) -> TournamentState:
    byes = tuple(
        bye
        for bye in state.byes
        if not (bye.player_id == event.player_id and bye.round_no == event.round_no)
    )
    return dataclasses.replace(state, byes=byes)


@_apply.register
def _(event: RoundPaired, state: TournamentState) -> TournamentState:
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
    players = tuple(
        dataclasses.replace(
            player,
            rounds=(
                *player.rounds,
                records.get(player.player_id)
                or PlayerRound(
                    round_no=event.round_no, kind=RoundKind.NOT_PAIRED, score_before=player.score
                ),
            ),
        )
        for player in state.players
    )
    round_ = RoundState(
        round_no=event.round_no,
        boards=tuple(
            BoardState(number=number, white=board.white, black=board.black)
            for number, board in enumerate(event.boards, 1)
        ),
        pab=event.pab,
        not_paired=event.not_paired,
        system=event.system,
        engine_version=event.engine_version,
        pairing_numbers=event.pairing_numbers,
    )
    # The numbering the round was paired with stays the TPN order (an imported round keeps
    # the file's pairing numbers; for Arbiter's own pairings it already is state.order).
    order = (
        event.pairing_numbers
        if sorted(event.pairing_numbers) == sorted(state.order)
        else state.order
    )
    return dataclasses.replace(state, players=players, rounds=(*state.rounds, round_), order=order)


@_apply.register
def _(event: RoundUnpaired, state: TournamentState) -> TournamentState:
    players = tuple(
        dataclasses.replace(player, rounds=player.rounds[: event.round_no - 1])
        for player in state.players
    )
    return dataclasses.replace(state, players=players, rounds=state.rounds[: event.round_no - 1])


@_apply.register
def _(event: ResultRecorded, state: TournamentState) -> TournamentState:
    return _with_result(state, event.round_no, event.board, event.result)


@_apply.register
def _(event: ResultCorrected, state: TournamentState) -> TournamentState:
    return _with_result(state, event.round_no, event.board, event.result)


@_apply.register
def _(event: TournamentClosed, state: TournamentState) -> TournamentState:
    return dataclasses.replace(state, closed=True)


@_apply.register
def _(event: TournamentReopened, state: TournamentState) -> TournamentState:
    return dataclasses.replace(state, closed=False)


@_apply.register
def _(event: SettingsChanged, state: TournamentState) -> TournamentState:
    changes = {
        name: getattr(event, name)
        for name in event.__struct_fields__
        if name != "reason" and getattr(event, name) is not msgspec.UNSET
    }
    return dataclasses.replace(
        state, settings=msgspec.structs.replace(state.require_settings(), **changes)
    )


@_apply.register
def _(event: PairForbidden, state: TournamentState) -> TournamentState:
    return dataclasses.replace(state, forbidden=(*state.forbidden, event))


@_apply.register
def _(event: VirtualPointsGiven, state: TournamentState) -> TournamentState:
    return dataclasses.replace(state, virtual_points=(*state.virtual_points, event))


@_apply.register
def _(event: WithdrawalCancelled, state: TournamentState) -> TournamentState:
    player = dataclasses.replace(state.player(event.player_id), withdrawn_from=None)
    return dataclasses.replace(state, players=_replace_player(state, player))


@_apply.register
def _(event: RegistrationRemoved, state: TournamentState) -> TournamentState:
    """The player leaves the ranking order, which is what every list and pairing reads;
    the record stays so that ids keep their meaning."""
    order = tuple(pid for pid in state.order if pid != event.player_id)
    byes = tuple(bye for bye in state.byes if bye.player_id != event.player_id)
    return dataclasses.replace(state, order=order, byes=byes)


@_apply.register
def _(event: ColoursSwapped, state: TournamentState) -> TournamentState:
    round_ = state.round(event.round_no)
    board = round_.boards[event.board - 1]
    swapped = dataclasses.replace(board, white=board.black, black=board.white)
    players = state.players
    for player_id, colour in ((board.white, Colour.BLACK), (board.black, Colour.WHITE)):
        player = players[player_id - 1]
        record = dataclasses.replace(player.rounds[event.round_no - 1], colour=colour)
        players = _put(
            players,
            player_id - 1,
            dataclasses.replace(player, rounds=_put(player.rounds, event.round_no - 1, record)),
        )
    round_ = dataclasses.replace(round_, boards=_put(round_.boards, event.board - 1, swapped))
    return dataclasses.replace(
        state, players=players, rounds=_put(state.rounds, event.round_no - 1, round_)
    )


@_apply.register
def _(event: BoardsSwapped, state: TournamentState) -> TournamentState:
    round_ = state.round(event.round_no)
    first, second = round_.boards[event.board - 1], round_.boards[event.other - 1]
    boards = _put(round_.boards, event.board - 1, dataclasses.replace(second, number=event.board))
    boards = _put(boards, event.other - 1, dataclasses.replace(first, number=event.other))
    players = state.players
    for board in boards:
        for player_id in (board.white, board.black):
            player = players[player_id - 1]
            record = player.rounds[event.round_no - 1]
            if record.board != board.number:
                record = dataclasses.replace(record, board=board.number)
                rounds = _put(player.rounds, event.round_no - 1, record)
                players = _put(players, player_id - 1, dataclasses.replace(player, rounds=rounds))
    round_ = dataclasses.replace(round_, boards=boards)
    return dataclasses.replace(
        state, players=players, rounds=_put(state.rounds, event.round_no - 1, round_)
    )


# -- helpers -----------------------------------------------------------------------------

_NOT_PAIRED_KIND = {
    NotPairedReason.HALF_BYE: RoundKind.HALF_BYE,
    NotPairedReason.ZERO_BYE: RoundKind.ZERO_BYE,
    NotPairedReason.FULL_BYE: RoundKind.FULL_BYE,
    NotPairedReason.WITHDRAWN: RoundKind.NOT_PAIRED,
    NotPairedReason.LATE_ENTRY: RoundKind.NOT_PAIRED,
}


def _put(items: tuple[_T, ...], index: int, item: _T) -> tuple[_T, ...]:
    """``items`` with ``items[index]`` replaced: one copy of the references, at C speed."""
    copied = list(items)
    copied[index] = item
    return tuple(copied)


def _replace_player(state: TournamentState, player: PlayerState) -> tuple[PlayerState, ...]:
    return _put(state.players, player.player_id - 1, player)


def _not_paired_record(
    state: TournamentState, player: PlayerState, round_no: int, reason: NotPairedReason
) -> PlayerRound:
    points = state.points
    value = {
        NotPairedReason.HALF_BYE: points.half_bye,
        NotPairedReason.ZERO_BYE: points.zero_bye,
        NotPairedReason.FULL_BYE: points.full_bye,
        NotPairedReason.WITHDRAWN: Fraction(0),
        NotPairedReason.LATE_ENTRY: _missed_round_points(player, round_no),
    }[reason]
    return PlayerRound(
        round_no=round_no,
        kind=_NOT_PAIRED_KIND[reason],
        points=value,
        float=_unplayed_float(state, _NOT_PAIRED_KIND[reason], value),
        score_before=player.score,
        reason=reason,
    )


def _missed_round_points(player: PlayerState, round_no: int) -> Fraction:
    """What one round missed before a late entry scores: the registration's value per round,
    or, when it awarded the missed rounds a total, all of it in round 1 (always the first
    missed round) and nothing in the others, so the total holds however many were missed."""
    if player.missed_points_total is None:
        return player.missed_round_points
    return player.missed_points_total if round_no == 1 else Fraction(0)


def _unplayed_float(state: TournamentState, kind: RoundKind, value: Fraction) -> Float | None:
    """A round scored without playing: the engine's rule (:func:`engine.unplayed_float`,
    dutch.md §2.3 case 2); under the 2017 rules every unplayed round was a downfloat."""
    if state.settings is not None and state.settings.rules_edition == "fide-2017":
        return Float.DOWN
    return unplayed_float(kind, value, state.points)


def _forfeit_kind(outcome: Outcome) -> RoundKind:
    return RoundKind.FORFEIT_WIN if outcome is Outcome.FORFEIT_WIN else RoundKind.FORFEIT_LOSS


def _outcome_points(points: PointSystem, outcome: Outcome) -> Fraction:
    return {
        Outcome.WIN: points.win,
        Outcome.DRAW: points.draw,
        Outcome.LOSS: points.loss,
        Outcome.FORFEIT_WIN: points.forfeit_win,
        Outcome.FORFEIT_LOSS: points.forfeit_loss,
    }[outcome]


def _with_result(
    state: TournamentState, round_no: int, board_no: int, result: Result
) -> TournamentState:
    round_ = state.round(round_no)
    board = round_.boards[board_no - 1]
    decided = dataclasses.replace(
        round_, boards=_put(round_.boards, board_no - 1, dataclasses.replace(board, result=result))
    )
    white, black = state.player(board.white), state.player(board.black)
    floats = _result_floats(
        state,
        result,
        white.rounds[round_no - 1].score_before,
        black.rounds[round_no - 1].score_before,
    )
    players = state.players
    for player, outcome, float_ in zip((white, black), (result.white, result.black), floats):
        kind = RoundKind.PLAYED if result.played else _forfeit_kind(outcome)
        record = dataclasses.replace(
            player.rounds[round_no - 1],
            kind=kind,
            points=_outcome_points(state.points, outcome),
            result=result,
            float=float_,
        )
        updated = dataclasses.replace(player, rounds=_put(player.rounds, round_no - 1, record))
        players = _put(players, player.player_id - 1, updated)
    return dataclasses.replace(
        state, players=players, rounds=_put(state.rounds, round_no - 1, decided)
    )


def _result_floats(
    state: TournamentState, result: Result, white_before: Fraction, black_before: Fraction
) -> tuple[Float | None, Float | None]:
    """Floats a result gives (dutch.md §2.3): a played game between different scores floats
    the higher one down and the lower one up; a forfeit is an unplayed round for each side."""
    if not result.played:
        return (
            _unplayed_float(
                state, _forfeit_kind(result.white), _outcome_points(state.points, result.white)
            ),
            _unplayed_float(
                state, _forfeit_kind(result.black), _outcome_points(state.points, result.black)
            ),
        )
    return game_floats(white_before, black_before)
