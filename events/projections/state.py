"""The folded tournament: frozen values and the questions decisions and read models ask.

Round records follow general.md §1 and §4: one per player per paired round; a forfeit has
no colour and is not a meeting; floats are indexed by tournament round (dutch.md §2.3).
The field (players, TPN order, a round's boards) is held in :class:`PersistentList`, so a
fold step that changes one player or one board copies a path, not the field
(:mod:`events.projections.tournament`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date
from fractions import Fraction

from engine.common import Float
from engine.model import Colour, PointSystem, RoundKind
from events.errors import RoundIncomplete, TournamentNotFound, UnknownPlayer
from events.projections.persistent import PersistentList
from events.projections.rules import ranking_key
from events.results import Result
from events.types import (
    ByeKind,
    ByeRequested,
    NotPaired,
    NotPairedReason,
    PairForbidden,
    PlayerId,
    TournamentCreated,
    VirtualPointsGiven,
)

__all__ = [
    "EMPTY",
    "BoardState",
    "PlayerRound",
    "PlayerState",
    "RoundState",
    "TournamentState",
]


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
    k_factor: int | None = None
    """The arbiter's K for the rating change (:mod:`events.rating_changes`); None: read."""
    list_k_factor: int | None = None
    """The K the FIDE list of ``rating_list`` gives (B.02 7.1.2); None: no list's K."""
    withdrawn_from: int | None = None
    rounds: tuple[PlayerRound, ...] = ()
    score: Fraction = Fraction(0)
    """Points from every round record with a result (pending boards count nothing): the sum
    of ``rounds``' points, kept by the fold as it changes one record (:meth:`with_record`), so
    pairing a round reads each player's score instead of summing every earlier round."""

    @property
    def name(self) -> str:
        return f"{self.surname}, {self.given_name}" if self.given_name else self.surname

    def with_record(self, round_no: int, record: PlayerRound) -> PlayerState:
        """This player with ``record`` as round ``round_no``'s (replaced, or the next one)."""
        index = round_no - 1
        if index == len(self.rounds):
            return replace(self, rounds=(*self.rounds, record), score=self.score + record.points)
        old = self.rounds[index]
        rounds = (*self.rounds[:index], record, *self.rounds[index + 1 :])
        return replace(self, rounds=rounds, score=self.score - old.points + record.points)

    def before_round(self, round_no: int) -> PlayerState:
        """This player as before round ``round_no`` was paired (its records and later ones gone)."""
        rounds = self.rounds[: round_no - 1]
        return replace(
            self, rounds=rounds, score=sum((record.points for record in rounds), Fraction(0))
        )

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
        """Initial-ranking order (general.md §3.2): :func:`rules.ranking_key`."""
        return ranking_key(self)


@dataclass(frozen=True, slots=True)
class BoardState:
    number: int
    white: PlayerId
    black: PlayerId
    result: Result | None = None


@dataclass(frozen=True, slots=True)
class RoundState:
    round_no: int
    boards: PersistentList[BoardState]
    pab: PlayerId | None
    not_paired: tuple[NotPaired, ...]
    system: str
    engine_version: str
    pairing_numbers: tuple[PlayerId, ...]
    paired_at: int = 0
    """The stream version of the ``RoundPaired`` that paired it: the state "after the round
    before" is the one just below it (:meth:`StateCache.state_after_round
    <events.projections.cache.StateCache.state_after_round>`)."""

    @property
    def missing_results(self) -> tuple[int, ...]:
        return tuple(board.number for board in self.boards if board.result is None)


@dataclass(frozen=True, slots=True)
class TournamentState:
    """Everything decisions and read models need; ``version`` is the stream version folded."""

    settings: TournamentCreated | None = None
    players: PersistentList[PlayerState] = PersistentList()
    """Every player registered, by id (player ``n`` at ``n - 1``), removed ones too."""
    order: PersistentList[PlayerId] = PersistentList()
    """Player ids in TPN order (TPN 1 first)."""
    ranked: bool = True
    """``order`` is the initial ranking (sorted by :func:`rules.ranking_key`), so a correction
    moves one player in it instead of sorting the field (:func:`rules.reranked`)."""
    drawn: bool = False
    """The pairing numbers were drawn by lots (a round-robin): no correction renumbers, and a
    player registered after the draw takes the next number."""
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

_BYE_REASON = {
    ByeKind.HALF: NotPairedReason.HALF_BYE,
    ByeKind.ZERO: NotPairedReason.ZERO_BYE,
    ByeKind.FULL: NotPairedReason.FULL_BYE,
}
