"""The wire format: request and response bodies, query parameters, and how state renders.

Kept apart from event payloads (which change only additively, for storage reasons). Where a
command struct already is the right body (``CreateTournament``, ``RegisterPlayer``) it is
used as is; where the path carries part of a command (the player, the round, the board),
the body type is derived from the command minus those fields with :func:`_body_of`, so the
two cannot drift apart. Points go out as JSON numbers (exact decimals, never floats).
"""

from __future__ import annotations

import dataclasses
from datetime import date, datetime
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Annotated, Any, Literal, Self

import msgspec

from engine.messages import plain
from engine.model import Colour, RoundKind
from events.bounds import MAX_ROUNDS, Reason, TiebreakList, to_decimal
from events.decisions import (
    CancelWithdrawal,
    CorrectPlayerDetails,
    CorrectResult,
    CreateTournament,
    ForbidPair,
    GiveVirtualPoints,
    PairManually,
    RecordResult,
    RemoveRegistration,
    RequestBye,
    WithdrawPlayer,
)
from events.envelope import RecordedEvent
from events.projections import Float, PlayerState, RoundState, TournamentState
from events.rating_changes import PlayerChange, RatingChanges
from events.results import SPELLINGS, Result
from events.tiebreaks import completed_rounds
from events.types import ByeKind, Event, NotPairedReason, TournamentCreated

if TYPE_CHECKING:
    from server.service.history import EventEntry

__all__ = [
    "DEFAULT_PAGE",
    "MAX_PAGE",
    "BoardOut",
    "BoardSide",
    "BoardsQuery",
    "ByeBody",
    "ByeOut",
    "EventOut",
    "EventPage",
    "EventsQuery",
    "ExportQuery",
    "ForbiddenPair",
    "Health",
    "ImportQuery",
    "ImportResult",
    "Index",
    "ManualBoard",
    "ManualPairing",
    "NotPairedOut",
    "PageQuery",
    "PlayerCorrection",
    "PlayerEventsOut",
    "PlayerList",
    "PlayerOut",
    "PlayerRef",
    "PlayerRoundOut",
    "ProblemOut",
    "ProblemTypeList",
    "ProblemTypeOut",
    "RatingChangesOut",
    "ReasonQuery",
    "RegistrationRemoval",
    "ResultBody",
    "ResultCorrection",
    "RoundList",
    "RoundOut",
    "RoundQuery",
    "StandingOut",
    "StandingsOut",
    "StandingsQuery",
    "TournamentList",
    "TournamentOut",
    "TournamentSummary",
    "TrfProblemOut",
    "VirtualPoints",
    "Withdrawal",
    "WithdrawalCancellation",
    "WriteResult",
    "encode",
    "event_out",
    "player_events_out",
    "player_out",
    "rating_changes_out",
    "round_out",
    "tournament_out",
]

_encoder = msgspec.json.Encoder(decimal_format="number", enc_hook=plain)


def encode(value: Any) -> bytes:
    """JSON for any wire value (decimals as numbers)."""
    return _encoder.encode(value)


class _Wire(msgspec.Struct, kw_only=True):
    """Built once per response and encoded; not frozen, so that subclasses need not say so."""


# -- request bodies -----------------------------------------------------------------------


if TYPE_CHECKING:  # a Literal built from the spellings is a runtime value to mypy
    ResultText = str
else:
    ResultText = Annotated[
        Literal[SPELLINGS],
        msgspec.Meta(
            description="A result, white's side first: canonical (`1-0`, `0-1`, `1/2-1/2`, "
            "`0-0`, `1/2-0`, `0-1/2`, `+/-`, `-/+`, `-/-`) or as the CLI reads it (`1:0`, `=`, "
            "`½-½`, `0.5-0`, `+:-`, `+-`).",
            examples=["1-0", "1/2-1/2", "+/-"],
        ),
    ]
"""How HTTP takes a result: each spelling :func:`events.parse_result` reads, like the CLI
(without the spaces it also skips)."""


def _body_of(
    command: type[msgspec.Struct],
    name: str,
    path_fields: tuple[str, ...],
    doc: str,
    overrides: dict[str, Any] | None = None,
) -> Any:
    """``command`` without the fields the path already gives, for use as a request body;
    ``overrides`` gives some fields another wire type."""
    fields: list[Any] = []
    for info in msgspec.structs.fields(command):
        if info.name in path_fields:
            continue
        wire = (overrides or {}).get(info.name, info.type)
        if info.required:
            fields.append((info.name, wire))
        elif info.default_factory is not msgspec.NODEFAULT:
            fields.append((info.name, wire, msgspec.field(default_factory=info.default_factory)))
        else:
            fields.append((info.name, wire, info.default))
    return msgspec.defstruct(
        name,
        fields,
        kw_only=True,
        frozen=True,
        forbid_unknown_fields=True,
        module=__name__,
        namespace={"__doc__": doc},
    )


PlayerRef = (
    Annotated[int, msgspec.Meta(ge=1, le=2**53)]
    | Annotated[str, msgspec.Meta(min_length=1, max_length=100)]
)
"""A player as commands take one: the id every listing shows, a FIDE id, or an unambiguous
part of the name (ambiguity is refused, listing the candidates)."""


class ManualBoard(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One board of a pairing made by hand."""

    white: PlayerRef
    black: PlayerRef


WithdrawalCancellation = _body_of(
    CancelWithdrawal,
    "WithdrawalCancellation",
    (),
    "The player plays on from the next round to be paired.",
    {"player_id": PlayerRef},
)
RegistrationRemoval = _body_of(
    RemoveRegistration,
    "RegistrationRemoval",
    (),
    "Take back a registration entered in error, before the player was ever paired.",
    {"player_id": PlayerRef},
)
ForbiddenPair = _body_of(
    ForbidPair,
    "ForbiddenPair",
    (),
    "Forbid two players to meet from `from_round` (default: the next round) on.",
    {"player_id": PlayerRef, "other": PlayerRef},
)
VirtualPoints = _body_of(
    GiveVirtualPoints,
    "VirtualPoints",
    (),
    "Acceleration points for a player in rounds `first_round` to `last_round`.",
    {"player_id": PlayerRef},
)
ManualPairing = _body_of(
    PairManually,
    "ManualPairing",
    (),
    "The next round board by board (white first) and the player given the "
    "pairing-allocated bye; a pairing that breaks an absolute criterion (C1-C3) is refused "
    "unless `force` is set with a `reason`.",
    {"boards": tuple[ManualBoard, ...], "pab": PlayerRef | None},
)
PlayerCorrection = _body_of(
    CorrectPlayerDetails,
    "PlayerCorrection",
    ("player_id",),
    "Corrected identity or ranking data; only the fields given change.",
)
Withdrawal = _body_of(
    WithdrawPlayer,
    "Withdrawal",
    ("player_id",),
    "Withdraw the player from `from_round` on (default: the next round to pair).",
)
ByeBody = _body_of(
    RequestBye,
    "ByeBody",
    ("player_id",),
    "A bye the player asked for, in a round not yet paired (GHR 3.3).",
)
ResultBody = _body_of(
    RecordResult,
    "ResultBody",
    ("round_no", "board"),
    "A board's result, white's side first.",
    {"result": ResultText},
)
ResultCorrection = _body_of(
    CorrectResult,
    "ResultCorrection",
    ("round_no", "board"),
    "The result that replaces the recorded one; the old one stays in the log.",
    {"result": ResultText},
)


# -- query parameters ---------------------------------------------------------------------

Position = Annotated[int, msgspec.Meta(ge=0, le=2**63 - 1)]
"""A global event position: what the stores' 64-bit integers hold."""
AsOfRound = Annotated[int, msgspec.Meta(ge=0, le=MAX_ROUNDS)]


DEFAULT_PAGE = 500
"""Rows in a page when ``limit`` is not given: the standings or players of an open of a few
hundred players (most events) come whole, and a 10,000-player field's first page costs about
what a 100-player event's whole answer does (``bench/read_targets.py``)."""
MAX_PAGE = 10_000
"""The largest ``limit``: TRF numbers players with four digits, so any field a file can hold
comes in one page when a client asks for it."""

PageLimit = Annotated[
    int,
    msgspec.Meta(
        ge=1,
        le=MAX_PAGE,
        description=f"Rows in this page, at most {MAX_PAGE}; the answer's `next` (and its "
        '`Link: <...>; rel="next"` header) asks for the rows after them.',
    ),
]
PageOffset = Annotated[
    int,
    msgspec.Meta(
        ge=0,
        le=99_999,
        description="Rows before this page (0: the first page); past the last row: 404.",
    ),
]


class PageQuery(_Wire):
    """A page of a read whose answer grows with the field."""

    limit: PageLimit = DEFAULT_PAGE
    offset: PageOffset = 0

    def whole(self) -> Self:
        """The same read without its page: what every page of it is cut from."""
        return msgspec.structs.replace(self, limit=DEFAULT_PAGE, offset=0)


class BoardsQuery(PageQuery):
    """A page of a round's boards: two players each, so a round of the same field as a
    default page of players comes whole."""

    limit: PageLimit = DEFAULT_PAGE // 2


class StandingsQuery(PageQuery):
    round: AsOfRound | None = None
    """Standings as of the end of this round (default: everything recorded)."""
    tiebreaks: TiebreakList | None = None
    """A C.07 list to rank by instead of the declared one, e.g. ``BH/C1 BH SB DE``."""
    tiebreak_rules: Literal["2024", "2026"] | None = None


class RoundQuery(PageQuery):
    round: AsOfRound | None = None
    """As of the end of this round (default: everything recorded)."""


class EventsQuery(_Wire):
    after: Position = 0
    """Only events with a global position above this one."""
    limit: Annotated[int, msgspec.Meta(ge=1, le=1000)] = 100
    manual: bool = False
    """Only the arbiter's manual interventions (corrections, hand pairings, settings)."""


class ReasonQuery(_Wire):
    reason: Reason = ""


class PrintoutQuery(_Wire):
    format: Literal["text", "csv", "html"] = "html"
    """html: one self-contained page that prints on A4."""
    by: Literal["board", "name"] = "board"
    """Pairing lists: in board order, or alphabetical (who plays where)."""
    lang: str | None = None
    """The sheet's language (``en``, ``es``), chosen as the pages choose theirs: this, else
    the ``lang`` cookie, else the best of ``Accept-Language``; any other is English."""


class StandingsPrintoutQuery(PrintoutQuery):
    round: AsOfRound | None = None
    """The standings (or crosstable) as of the end of this round (default: everything
    recorded)."""


class ImportQuery(_Wire):
    tiebreak_rules: Literal["2024", "2026"] | None = None
    """Take the file's tie-break list (212, else 202) under this C.07 edition, whatever the
    file says; by default the edition its ``### C.07`` comment states (Arbiter's TRF-2026
    export writes one), and without either the list is reported in ``warnings``, not taken."""


class ExportQuery(_Wire):
    round: AsOfRound | None = None
    """Export as of the end of this round (default: everything recorded)."""
    format: Literal["trf16", "trf26"] = "trf16"
    """TRF16 (with the XXR/XXC extensions) or TRF-2026 records as well."""


# -- responses ----------------------------------------------------------------------------


class Index(_Wire):
    name: str
    version: str
    links: dict[str, str]


class Health(_Wire):
    status: Literal["ok"] = "ok"


class ProblemOut(msgspec.Struct, frozen=True, kw_only=True):
    """RFC 9457 problem details; other members (``errors``, ``expected``…) may follow."""

    type: str
    title: str
    status: int
    detail: str
    instance: str
    errors: list[dict[str, Any]] | msgspec.UnsetType = msgspec.UNSET


class ProblemTypeOut(_Wire):
    type: str
    title: str
    status: int
    description: str


class ProblemTypeList(_Wire):
    problems: list[ProblemTypeOut]


class TournamentSummary(_Wire):
    tournament_id: str
    name: str
    rounds: int
    system: str
    version: int


class TournamentList(_Wire):
    tournaments: list[TournamentSummary]


class TournamentOut(_Wire):
    """A tournament now: its regulations (as created) and where it stands."""

    tournament_id: str
    version: int
    rounds_paired: int
    closed: bool
    players: int
    regulations: CreateTournament


class ByeOut(_Wire):
    round_no: int
    kind: ByeKind


class PlayerRoundOut(_Wire):
    """One round of a player's record; ``kind`` is null while the board awaits its result."""

    round_no: int
    kind: RoundKind | None
    points: Decimal
    opponent: int | None = None
    colour: Colour | None = None
    board: int | None = None
    result: Result | None = None
    float: Float | None = None
    reason: NotPairedReason | None = None


class PlayerOut(_Wire):
    player_id: int
    pairing_number: int
    name: str
    surname: str
    given_name: str
    fide_id: int | None
    rating: int
    title: str
    federation: str
    sex: str
    birth_date: date | None
    club: str
    joins_round: int
    withdrawn_from: int | None
    score: Decimal
    byes: list[ByeOut]
    rounds: list[PlayerRoundOut]
    k_factor: int | None = None
    """The K the arbiter set for the rating change; null: read from the rating and age."""
    rating_change: Decimal | None = None
    """The rating change over the complete rounds (see ``/rating-changes``); null when
    unrated or before any rated game is complete."""


class _Page(_Wire):
    """An answer that may be one page of many (see :class:`PageQuery`)."""

    total: Annotated[
        int, msgspec.Meta(description="Rows in the whole answer, whichever page this is.")
    ]
    next: Annotated[
        str | None,
        msgspec.Meta(
            description="The next page's path and query (also the `Link` header's "
            '`rel="next"`); null on the last page.'
        ),
    ]


class PlayerList(_Page):
    players: list[PlayerOut]
    """In pairing-number order."""


class BoardSide(_Wire):
    player_id: int
    pairing_number: int
    name: str
    rating: int
    score_before: Decimal
    """The score the round was paired with."""


class BoardOut(_Wire):
    board: int
    white: BoardSide
    black: BoardSide
    result: Result | None


class NotPairedOut(_Wire):
    player_id: int
    name: str
    reason: NotPairedReason


class RoundOut(_Page):
    round_no: int
    system: str
    engine_version: str
    complete: bool
    """Every board has its result."""
    boards: list[BoardOut]
    pab: BoardSide | None
    """The player given the pairing-allocated bye."""
    not_paired: list[NotPairedOut]


class RoundList(_Wire):
    rounds: list[RoundOut]


class StandingOut(_Wire):
    rank: int
    player_id: int
    pairing_number: int
    name: str
    rating: int
    score: Decimal
    withdrawn: bool
    tiebreaks: dict[str, Decimal | int | None]
    """Each tie-break's value, keyed by its label in ``StandingsOut.tiebreaks``."""
    rating_change: Decimal | None = None
    """The rating change over the standings' rounds; null when unrated or before any rated
    game is complete (no round complete yet: null, not 0)."""


class StandingsOut(_Page):
    tournament_id: str
    after_round: int
    """The standings include results up to the end of this round."""
    tiebreaks: list[str]
    edition: str | None
    """The C.07 edition the tie-breaks follow; null when ranked by score only."""
    warnings: list[str]
    rows: list[StandingOut]


class RatedGameOut(_Wire):
    round_no: int
    opponent_id: int
    opponent_rating: int
    difference: int | None
    """The rating difference counted (after the 400-point rule); null for an unrated player."""
    expected: Decimal | None
    score: Decimal
    change: Decimal | None


class UnratedRoundOut(_Wire):
    round_no: int
    reason: Literal["forfeit", "bye", "unrated-opponent", "unrated", "difference"]


class InitialRatingOut(_Wire):
    rating: int | None
    games: int
    average: int
    percent: int
    published: bool
    """Whether this event alone gives a published rating (enough games, the floor reached)."""


class PlayerRatingOut(_Wire):
    player_id: int
    pairing_number: int
    name: str
    rating: int
    k: int | None
    score: Decimal
    expected: Decimal | None
    change: Decimal | None
    """The sum of the games' changes; null when unrated or without a rated game."""
    new_rating: int | None
    """The rating plus the change rounded to a whole number, 0.5 away from zero (B.02
    8.3.4); null without a change."""
    initial: InitialRatingOut | None
    games: list[RatedGameOut]
    unrated_rounds: list[UnratedRoundOut]


class RatingChangesOut(_Page):
    tournament_id: str
    after_round: int
    system: str
    """The edition applied, e.g. ``fide-2024``: chosen by the tournament's end date."""
    title: str
    source: str
    players: list[PlayerRatingOut]
    """In pairing-number order."""


class PlayerEventOut(_Wire):
    tournament_id: str
    tournament: str
    start_date: date | None
    end_date: date | None
    player_id: int
    """The player's registration in that tournament."""
    name: str
    fide_id: int | None
    rating: int
    score: Decimal
    games: int
    """Games played over the board in the complete rounds."""
    rounds: int
    performance: int | None
    rating_change: Decimal | None
    new_rating: int | None


class PlayerEventsOut(_Wire):
    events: list[PlayerEventOut]
    """The latest first (by end date, else start date)."""


def player_events_out(entries: list[EventEntry]) -> PlayerEventsOut:
    """A player's events across the server."""
    return PlayerEventsOut(
        events=[
            PlayerEventOut(**{**dataclasses.asdict(e), "score": to_decimal(e.score)})
            for e in entries
        ]
    )


class NormsQuery(PageQuery):
    round: AsOfRound | None = None
    """Norms after this round (default: the last complete one)."""


class NormCertificateQuery(_Wire):
    norm: Literal["GM", "IM", "WGM", "WIM"] | None = None
    """The norm (default: the strongest the player made)."""
    round: AsOfRound | None = None
    lang: str | None = None
    """The sheet's language, chosen as the pages choose theirs (see ``PrintoutQuery``)."""


class NormCheckOut(_Wire):
    rule: str
    """``games``, ``federations``, ``own-federation``, ``one-federation``,
    ``title-holders``, ``level-titles``, ``average``, ``score`` or ``performance``."""
    article: str
    """The B.01 article as the edition judging the tournament numbers it (``regulations``:
    ``1.43e`` in 2017 is ``1.43d`` in 2022 and ``1.4.3d`` in 2024)."""
    met: bool
    found: str
    """What the games give (``exempt`` under an exemption of 1.4.3a-d, ``unknown`` for
    federations not recorded)."""
    needed: str


class NextGameOut(_Wire):
    """A result of the last round that makes the norm, against whom."""

    score: Decimal
    min_rating: int
    titles: list[str] | None
    """Titles the opponent must hold; null: any."""
    not_from: list[str]


class PlayerNormOut(_Wire):
    player_id: int
    name: str
    norm: Literal["GM", "IM", "WGM", "WIM"]
    achieved_after: int | None
    """The round after which the games made the norm; null when not made."""
    games: int
    counts_as: int
    score: Decimal
    average: int | None
    performance: int | None
    rounds_left: int
    reachable: bool
    dropped: list[int]
    """Rounds of won games left out (1.4.1f)."""
    checks: list[NormCheckOut]
    next_game: list[NextGameOut]


class NormsOut(_Page):
    tournament_id: str
    after_round: int
    regulations: str
    """The edition of B.01 by the tournament's start date: ``2017``, ``2022`` or ``2024``."""
    host_federation: str
    exempt: bool
    """The field exempts the tournament from the foreigner requirement (1.4.3d; 1.43e in
    2017)."""
    event_exemption: str
    """The article of B.01 1.4.3a-c the kind of event falls under (``1.4.3a`` a national
    championship's final stage, ``1.4.3b`` a national team championship, for the host
    federation's players only, ``1.4.3c`` a zonal), as the edition numbers it (``1.43a`` in
    2017); empty: none."""
    players: list[PlayerNormOut]


class EventOut(_Wire):
    """One event of the log with its envelope; ``position`` is the SSE id."""

    position: int
    version: int
    event_id: str
    type: str
    schema_version: int
    recorded_at: datetime
    metadata: dict[str, Any]
    event: Event


class EventPage(_Wire):
    events: list[EventOut]
    next_after: int
    """Pass as ``after`` to read on; equal to the request's ``after`` when nothing followed."""


class WriteResult(_Wire):
    """What a write appended; ``version`` is the stream version after it (the new ETag)."""

    tournament_id: str
    version: int
    replayed: bool
    """True when an Idempotency-Key retry returned the first answer and wrote nothing."""
    events: list[EventOut]


class TrfProblemOut(_Wire):
    """A problem of a TRF file, located by 1-based line and column (0: unknown)."""

    line: int
    column: int
    severity: Literal["error", "warning"]
    detail: str


class ImportResult(WriteResult):
    """An import's events, and what the file holds that the events cannot (``warnings``;
    when there are any, the response also carries ``Warning: 299 - "N warnings: …"``)."""

    warnings: list[TrfProblemOut]


# -- rendering state ----------------------------------------------------------------------


PUBLIC_METADATA = frozenset({"source", "via", "request_id", "sha256"})
"""What of an event's metadata anyone may read: not the client's Idempotency-Key (a
replay handle), nor anything else a writer stamped for the audit."""


def event_out(recorded: RecordedEvent) -> EventOut:
    return EventOut(
        position=recorded.global_position,
        version=recorded.stream_version,
        event_id=recorded.event_id,
        type=recorded.event_type,
        schema_version=recorded.schema_version,
        recorded_at=recorded.recorded_at,
        metadata={k: v for k, v in recorded.metadata.items() if k in PUBLIC_METADATA},
        event=recorded.event,
    )


def tournament_out(state: TournamentState) -> TournamentOut:
    settings = state.settings
    assert settings is not None
    return TournamentOut(
        tournament_id=settings.tournament_id,
        version=state.version,
        rounds_paired=state.rounds_paired,
        closed=state.closed,
        players=len(state.players),
        regulations=regulations(settings),
    )


def regulations(settings: TournamentCreated) -> CreateTournament:
    """The command that would create this tournament again."""
    fields = msgspec.structs.asdict(settings)
    return CreateTournament(**{name: fields[name] for name in CreateTournament.__struct_fields__})


def player_out(
    state: TournamentState, player: PlayerState, score: Fraction, change: PlayerChange
) -> PlayerOut:
    """``score``: the player's points as the standings count them (see
    :func:`server.printouts.counted_scores`); ``change``: their rating change."""
    return PlayerOut(
        k_factor=player.k_factor,
        rating_change=change.change,
        player_id=player.player_id,
        pairing_number=state.pairing_number(player.player_id),
        name=player.name,
        surname=player.surname,
        given_name=player.given_name,
        fide_id=player.fide_id,
        rating=player.rating,
        title=player.title,
        federation=player.federation,
        sex=player.sex,
        birth_date=player.birth_date,
        club=player.club,
        joins_round=player.joins_round,
        withdrawn_from=player.withdrawn_from,
        score=to_decimal(score),
        byes=[
            ByeOut(round_no=bye.round_no, kind=bye.kind)
            for bye in state.byes
            if bye.player_id == player.player_id
        ],
        rounds=[
            PlayerRoundOut(
                round_no=record.round_no,
                kind=record.kind,
                points=to_decimal(record.points),
                opponent=record.opponent,
                colour=record.colour,
                board=record.board,
                result=record.result,
                float=record.float,
                reason=record.reason,
            )
            for record in player.rounds
        ],
    )


def rating_changes_out(state: TournamentState, changes: RatingChanges) -> RatingChangesOut:
    """Every player's rating change, game by game, with the edition applied."""
    players = []
    for change in changes.players:
        player_id = state.order[change.pairing_number - 1]
        games = [
            RatedGameOut(
                round_no=game.round_no,
                opponent_id=state.order[game.opponent - 1],
                opponent_rating=game.opponent_rating,
                difference=game.difference,
                expected=game.expected,
                score=game.score,
                change=game.change,
            )
            for game in change.games
        ]
        initial = change.initial
        players.append(
            PlayerRatingOut(
                player_id=player_id,
                pairing_number=change.pairing_number,
                name=state.player(player_id).name,
                rating=change.rating or 0,
                k=change.k,
                score=change.score,
                expected=change.expected,
                change=change.change,
                new_rating=change.new_rating,
                initial=None
                if initial is None
                else InitialRatingOut(
                    rating=initial.rating,
                    games=initial.games,
                    average=initial.average,
                    percent=initial.percent,
                    published=initial.published,
                ),
                games=games,
                unrated_rounds=[
                    UnratedRoundOut(round_no=r, reason=why) for r, why in change.excluded
                ],
            )
        )
    system = changes.system
    return RatingChangesOut(
        tournament_id=state.require_settings().tournament_id,
        after_round=completed_rounds(state),
        system=system.name,
        title=system.title,
        source=system.source,
        players=players,
        total=len(players),
        next=None,
    )


def _side(state: TournamentState, player_id: int, round_no: int) -> BoardSide:
    player = state.player(player_id)
    return BoardSide(
        player_id=player_id,
        pairing_number=state.pairing_number(player_id),
        name=player.name,
        rating=player.rating,
        score_before=to_decimal(player.rounds[round_no - 1].score_before),
    )


def round_out(state: TournamentState, round_: RoundState) -> RoundOut:
    number = round_.round_no
    return RoundOut(
        round_no=number,
        system=round_.system,
        engine_version=round_.engine_version,
        complete=not round_.missing_results,
        boards=[
            BoardOut(
                board=board.number,
                white=_side(state, board.white, number),
                black=_side(state, board.black, number),
                result=board.result,
            )
            for board in round_.boards
        ],
        pab=_side(state, round_.pab, number) if round_.pab is not None else None,
        not_paired=[
            NotPairedOut(
                player_id=entry.player_id,
                name=state.player(entry.player_id).name,
                reason=entry.reason,
            )
            for entry in round_.not_paired
        ],
        total=len(round_.boards),
        next=None,
    )
