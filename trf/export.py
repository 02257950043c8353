"""Export a tournament, as of a round, as the TRF document rating servers and engines read.

Give it the state at the end of round N (:func:`events.projections.state_after_round`).
Both profiles write the TRF16 header from the tournament's data, one ``001`` line per player
in pairing-number order with the rounds paired so far, and the engine lines ``XXR`` and
``XXC`` (``trf16`` also ``XXP`` and ``XXA`` for forbidden pairs and acceleration). Byes already decided for the next round are written in that round's column
(``0000 - H``/``F``/``Z``, their points included, JaVaFo's convention that bbpPairings also
reads). ``trf26`` adds the TRF-2026 tags ``142``/``152``/``162`` and ``240`` records, and the
declared tie-breaks as ``202``/``212`` with their C.07 edition in a ``### C.07 …`` comment
(TRF-2026 has no record for the edition).
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from fractions import Fraction
from typing import Literal

from engine import systems
from engine.model import Colour, PairingNumber, RoundKind
from events.bounds import to_decimal
from events.decisions import pairing_request
from events.names import name_str
from events.projections import (
    PlayerRound,
    PlayerState,
    TournamentState,
    fold,
)
from events.tiebreaks import (
    counted_crosstable,
    format_sequence,
    parse_sequence,
    rank,
    with_points,
)
from events.types import NotPairedReason, PlayerId, PointValues
from trf.codes import result_code
from trf.errors import TrfError
from trf.mapping import import_events
from trf.model import (
    AcceleratedRounds,
    ByeRecord,
    Comment,
    EngineOptions,
    ForbiddenPairs,
    Header,
    InitialColour,
    Player,
    PointsLine,
    Record,
    RoundEntry,
    RoundNo,
    TotalRounds,
    TrfDocument,
    XxaAcceleration,
)

__all__ = ["Profile", "bb_lines", "export_document", "export_warnings", "point_grid", "xxs_line"]

Profile = Literal["trf16", "trf26"]

NAME_COLUMNS = 33
"""A name has columns 15-47 (trf.md §4.1); a longer one is cut there, FIDE id identifies."""

_ANNOUNCED = {NotPairedReason.HALF_BYE: "H", NotPairedReason.FULL_BYE: "F"}
"""Next-round letters; every other reason not to be paired (absence, withdrawal, late entry) is Z."""


def export_document(state: TournamentState, *, profile: Profile = "trf16") -> TrfDocument:
    """The TRF document of ``state``: the rounds it has paired, and the next round's byes.

    >>> from events.projections import fold
    >>> from events.types import TournamentCreated
    >>> doc = export_document(fold([TournamentCreated(tournament_id="t", name="Open", rounds=5)]))
    >>> doc.header("012"), doc.total_rounds, doc.initial_colour
    ('Open', 5, 'w')
    """
    settings = state.settings
    if settings is None:
        raise ValueError("the state holds no tournament")
    records: list[Record] = list(_header(state))
    if profile == "trf26":
        records += [
            TotalRounds(code="142", rounds=settings.rounds),
            InitialColour(colour=_colour(settings.initial_colour).upper()),
        ]
        if settings.points != PointValues():
            records.append(point_grid(settings.points))
        if settings.tiebreaks:
            records += _tiebreak_records(settings.tiebreaks, settings.tiebreak_rules)
    next_round = state.next_round if state.next_round <= settings.rounds else None
    announced = _announced(state, next_round)
    # By points alone: a TRF16 file carries no tie-break list, so its import could not rank
    # by one, and the re-export must give the same rank column. The points are the
    # standings' (a round-robin's results annulled by a withdrawal count nothing).
    ranked = rank(counted_crosstable(state)).rows
    ranks = {row.player.player_id: place for place, row in enumerate(ranked, start=1)}
    for player_id in state.order:
        records.append(
            _player(state, state.player(player_id), ranks[player_id], announced.get(player_id))
        )
    if profile == "trf26":
        records += _round_lists(state)
    if profile == "trf26" and next_round is not None:
        for round_no in range(next_round, settings.rounds + 1):
            records += _bye_records(state, _announced(state, round_no), round_no)
        records += _engine_records(state, next_round)
    if profile == "trf16" and next_round is not None:
        records += _javafo_records(state)
    first = "white1" if settings.initial_colour is Colour.WHITE else "black1"
    records += [TotalRounds(code="XXR", rounds=settings.rounds), EngineOptions(words=(first,))]
    if settings.points != PointValues():
        records += [xxs_line(settings.points), *bb_lines(settings.points)]
    return TrfDocument(records=tuple(records))


def _tiebreak_records(tiebreaks: str, edition: str) -> list[Record]:
    """The edition comment, ``202`` (the tie-breaks) and ``212`` (the standings: PTS first)."""
    sequence = with_points(parse_sequence(tiebreaks))
    return [
        Comment(text=f"### C.07 {edition} (edition of the tie-break regulations of 202/212)"),
        Header(code="202", value=format_sequence(sequence[1:])),
        Header(code="212", value=format_sequence(sequence)),
    ]


def _round_lists(state: TournamentState) -> list[Comment]:
    """Who withdrew and who entered late, from which round, stated so that an import need
    not guess it from the absences (see :data:`trf.model.ROUND_LISTS`)."""
    lists: dict[str, dict[int, list[int]]] = {"late entries": {}, "withdrawn": {}}
    for player in state.players:
        number = state.pairing_number(player.player_id)
        if player.joins_round > 1:
            lists["late entries"].setdefault(player.joins_round, []).append(number)
        if player.withdrawn_from is not None:
            lists["withdrawn"].setdefault(player.withdrawn_from, []).append(number)
    comments = []
    for label, rounds in lists.items():
        groups = "; ".join(
            f"{round_no}: {' '.join(map(str, sorted(numbers)))}"
            for round_no, numbers in sorted(rounds.items())
        )
        comments.append(Comment(text=f"### {label} (from round: players): {groups or 'none'}"))
    return comments


def export_warnings(state: TournamentState, *, profile: Profile = "trf16") -> list[str]:
    """What the file of :func:`export_document` cannot carry: what an import of it would
    read differently (found by importing it), and what no import reads.

    TRF16 has no record for withdrawals, late entries or the rounds after the next, so a
    withdrawal, a late entry that also took a bye, or a bye requested for a later round may
    read back otherwise (trf.md §4.3); TRF-2026 states them (``240`` records and the
    :data:`~trf.model.ROUND_LISTS` comments).
    """
    settings = state.require_settings()
    doc = export_document(state, profile=profile)
    try:
        back = fold(import_events(doc, tournament_id=settings.tournament_id)[0])
    except TrfError as error:
        return [f"the file does not import: {error}"]
    ahead = range(state.next_round, settings.rounds + 1)
    sent, read = _not_paired(state, ahead), _not_paired(back, ahead)
    warnings = []
    for label, differs in (
        ("withdrawals", lambda p, q: p.withdrawn_from != q.withdrawn_from),
        ("late entries", lambda p, q: p.joins_round != q.joins_round),
        (
            "byes and absences of the rounds to come",
            lambda p, q: any(sent[r].get(p.player_id) != read[r].get(q.player_id) for r in ahead),
        ),
    ):
        numbers = [
            n
            for n, player_id in enumerate(state.order, 1)
            if differs(state.player(player_id), back.player(back.order[n - 1]))
        ]
        if numbers:
            warnings.append(
                f"{profile} cannot state the {label} of players {_numbers(numbers)}: "
                "an import reads them otherwise"
                + ("; export trf26 to keep them" if profile == "trf16" else "")
            )
    if profile == "trf16" and settings.tiebreaks:
        warnings.append("trf16 has no tie-break records: export trf26 to keep them (202/212)")
    if state.forbidden:
        warnings.append("forbidden pairs (260 in trf26) are not read back by an import")
    if state.virtual_points or settings.acceleration:
        warnings.append("acceleration (250 in trf26) is not read back by an import")
    return warnings


def _not_paired(
    state: TournamentState, rounds: range
) -> dict[int, dict[PlayerId, NotPairedReason]]:
    """Who is not paired in each of ``rounds``, and why (each round's availability once, not
    once per player)."""
    return {
        round_no: {entry.player_id: entry.reason for entry in state.availability(round_no)[1]}
        for round_no in rounds
    }


def _numbers(numbers: list[int]) -> str:
    return ", ".join(map(str, numbers))


def _engine_records(state: TournamentState, round_no: int) -> list[Record]:
    """What the engine gets besides the histories, as ``arbiter pair`` reads it back: the
    forbidden pairs (the arbiter's and the club/federation wishes) in force for the next
    round as ``260`` records, and every player's acceleration points as ``250`` records,
    one per run of rounds with the same value."""
    request = pairing_request(state)
    records: list[Record] = [
        ForbiddenPairs(
            code="260",
            ids=tuple(sorted(PairingNumber(n) for n in pair)),
            first_round=RoundNo(round_no),
            last_round=RoundNo(round_no),
        )
        for pair in sorted(request.forbidden_pairs, key=sorted)
    ]
    for entry in request.players:
        runs: list[tuple[int, int, Fraction]] = []
        for r, value in sorted(entry.acceleration.items()):
            if runs and runs[-1][1] == r - 1 and runs[-1][2] == value:
                runs[-1] = (runs[-1][0], r, value)
            else:
                runs.append((r, r, value))
        records += [
            AcceleratedRounds(
                first_round=RoundNo(first),
                last_round=RoundNo(last),
                first_id=PairingNumber(entry.number),
                last_id=PairingNumber(entry.number),
                game_points=Decimal(value.numerator) / Decimal(value.denominator),
            )
            for first, last, value in runs
        ]
    return records


def _javafo_records(state: TournamentState) -> list[Record]:
    """The TRF16 spelling of what :func:`_engine_records` writes for TRF-2026, as JaVaFo and
    bbpPairings read it: one ``XXP`` line per forbidden pair in force for the next round
    (``XXP`` has no round range) and one ``XXA`` line per accelerated player with the
    points of every round up to the next (0.0 where none)."""
    request = pairing_request(state)
    records: list[Record] = [
        ForbiddenPairs(code="XXP", ids=tuple(sorted(PairingNumber(n) for n in pair)))
        for pair in sorted(request.forbidden_pairs, key=sorted)
    ]
    for entry in request.players:
        if entry.acceleration:
            points = [
                entry.acceleration.get(r, Fraction(0)) for r in range(1, request.round_no + 1)
            ]
            records.append(
                XxaAcceleration(
                    pairing_no=PairingNumber(entry.number),
                    points=tuple(Decimal(p.numerator) / Decimal(p.denominator) for p in points),
                )
            )
    return records


def _colour(colour: Colour) -> str:
    return "w" if colour is Colour.WHITE else "b"


def _header(state: TournamentState) -> list[Header]:
    settings = state.settings
    assert settings is not None
    values = [
        ("012", settings.name),
        ("022", settings.place),
        ("032", settings.federation),
        ("042", settings.start_date.strftime("%Y/%m/%d") if settings.start_date else ""),
        ("052", settings.end_date.strftime("%Y/%m/%d") if settings.end_date else ""),
        ("062", str(len(state.players))),
        ("072", str(sum(1 for p in state.players if p.rating))),
        (
            "092",
            systems.tournament_type(settings.system),
        ),
        ("102", settings.chief_arbiter),
        ("122", settings.time_control),
        ("132", _round_dates(settings.round_dates)),
    ]
    return [Header(code=code, value=value) for code, value in values if value]


def _round_dates(dates: tuple[date, ...]) -> str:
    """``132``: ``YY/MM/DD`` on the round grid, round 1 at column 92 (trf.md §3)."""
    if not dates:
        return ""
    return " " * 87 + "  ".join(d.strftime("%y/%m/%d") for d in dates)


def _announced(state: TournamentState, round_no: int | None) -> dict[int, str]:
    """Result letters for the players not to be paired in the next round."""
    if round_no is None:
        return {}
    _, not_paired = state.availability(round_no)
    return {entry.player_id: _ANNOUNCED.get(entry.reason, "Z") for entry in not_paired}


def _player(
    state: TournamentState, player: PlayerState, rank: int, announced: str | None
) -> Player:
    rounds = tuple(_entry(state, record) for record in player.rounds)
    score = player.score
    if announced is not None:
        rounds += (RoundEntry(colour="-", result=announced),)
        points = state.points
        score += {"H": points.half_bye, "F": points.full_bye}.get(announced, Fraction(0))
    return Player(
        pairing_no=PairingNumber(state.pairing_number(player.player_id)),
        sex={"m": "m", "f": "w"}.get(player.sex, ""),
        title=player.title,
        name=name_str(player.surname, player.given_name)[:NAME_COLUMNS],
        rating=player.rating or None,
        federation=player.federation,
        fide_id=player.fide_id,
        birth_date=_birth_date(player),
        points=to_decimal(score),
        rank=rank,
        rounds=rounds,
    )


def _birth_date(player: PlayerState) -> str:
    if player.birth_date is not None:
        return player.birth_date.strftime("%Y/%m/%d")
    return f"{player.birth_year:04d}/00/00" if player.birth_year else ""


def _entry(state: TournamentState, record: PlayerRound) -> RoundEntry:
    if record.opponent is not None and record.colour is not None:
        opponent = PairingNumber(state.pairing_number(record.opponent))
        colour = _colour(record.colour)
        if record.result is None:
            return RoundEntry(opponent=opponent, colour=colour)  # result pending
        outcome = record.result.white if record.colour is Colour.WHITE else record.result.black
        return RoundEntry(opponent=opponent, colour=colour, result=result_code(outcome))
    assert record.kind is not None
    if record.kind is RoundKind.NOT_PAIRED and record.points:
        # A late entry's missed round worth points (GHR 2.4, Amalfi B.2): the bye letter of
        # that value, so the rounds add up to the points column (trf.md §4.3: H for ½).
        letter = {state.points.half_bye: "H", state.points.full_bye: "F"}.get(record.points, "Z")
        return RoundEntry(colour="-", result=letter)
    return RoundEntry(colour="-", result=result_code(record.kind))


def _bye_records(
    state: TournamentState, announced: dict[int, str], round_no: int
) -> list[ByeRecord]:
    records = []
    for kind in ("F", "H", "Z"):
        ids = tuple(
            sorted(
                PairingNumber(state.pairing_number(pid))
                for pid, letter in announced.items()
                if letter == kind
            )
        )
        if ids:
            records.append(ByeRecord(kind=kind, round_no=round_no, ids=ids))
    return records


def point_grid(points: PointValues) -> PointsLine:
    """``162``: win, draw, loss, PAB; the absence value ``A`` only when it is not 0, since
    bbpPairings refuses a ``162`` line with ``A`` (§6.3) and reads ``BBZ``/``BBF`` instead."""
    values = [("W", points.win), ("D", points.draw), ("L", points.loss), ("P", points.pab)]
    if points.zero_bye:
        values.insert(3, ("A", points.zero_bye))
    return PointsLine(code="162", values=tuple(values))


def bb_lines(points: PointValues) -> list[PointsLine]:
    """bbpPairings' ``BBW`` … ``BBU``: it ignores ``XXS`` (§6.2, §6.3)."""
    values = {"W": points.win, "D": points.draw, "L": points.loss, "Z": points.zero_bye,
              "F": points.forfeit_loss, "U": points.pab}  # fmt: skip
    return [PointsLine(code=f"BB{code}", values=((code, value),)) for code, value in values.items()]


def xxs_line(points: PointValues) -> PointsLine:
    """JaVaFo's ``XXS`` with every code, so engines need not infer anything (§6.1)."""
    values = [
        ("WW", points.win), ("BW", points.win), ("WD", points.draw), ("BD", points.draw),
        ("WL", points.loss), ("BL", points.loss), ("ZPB", points.zero_bye), ("HPB", points.half_bye),
        ("FPB", points.full_bye), ("PAB", points.pab), ("FW", points.forfeit_win), ("FL", points.forfeit_loss),
    ]  # fmt: skip
    return PointsLine(code="XXS", values=tuple(values))
