"""Import a TRF document as the event stream that would have led to it.

The stream is made by Arbiter's own decisions (:func:`events.decisions.decide`), fed with the
commands an arbiter would have given: create the tournament, register the players in
pairing-number order, then for each round the withdrawals, the requested byes, the
pairing as the file records it, and the results. Every command is checked as if typed at
the CLI, so an import writes only what Arbiter could have recorded itself.

What the file says and the events cannot hold (forbidden pairs, acceleration, a TRF16 team
list, …) is reported as a warning, never dropped silently; what would change a score (``299``
abnormal points) or is not an individual event refuses the import.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import date, datetime
from decimal import Decimal

import msgspec

from engine import systems
from engine.model import Colour, PairingNumber, RoundKind
from engine.round_robin import table_order
from engine.systems import DEFAULT_SYSTEM
from events.decisions import (
    Command,
    CreateTournament,
    DrawLots,
    RecordResult,
    RegisterPlayer,
    RequestBye,
    WithdrawPlayer,
    decide,
)
from events.errors import CommandRejected
from events.names import parse_name
from events.projections import EMPTY, TournamentState, fold
from events.results import Result
from events.tiebreaks import Edition, TiebreakError, format_sequence, parse_settings
from events.types import (
    ByeKind,
    DrawMethod,
    Event,
    PairedBoard,
    PlayerId,
    PlayerRegistered,
    PointValues,
    RoundNo,
    RoundPaired,
)
from trf.checker import identify_system
from trf.codes import entry_kind, normalise_title
from trf.errors import TrfError
from trf.model import (
    TIEBREAK_EDITION,
    AbnormalPoints,
    AcceleratedRounds,
    ByeRecord,
    ForbiddenPairs,
    OpaqueRecord,
    Player,
    Record,
    TrfDocument,
    TrfProblem,
    XxaAcceleration,
    XxzAbsent,
)
from trf.scoring import ScoreCodes, entry_points, point_system
from trf.validate import ABSENT, announced_round, check_trf, joins_round, validate, withdrawn_from

__all__ = ["import_events", "import_trf"]

IMPORTED_SYSTEM = "manual"
"""``RoundPaired.system`` of an imported round: paired outside Arbiter (as ``PairManually``)."""

_BYE_KIND: dict[RoundKind | None, ByeKind] = {
    RoundKind.HALF_BYE: ByeKind.HALF,
    RoundKind.FULL_BYE: ByeKind.FULL,
}
_BYE_LETTER = {"H": ByeKind.HALF, "F": ByeKind.FULL, "Z": ByeKind.ZERO}
_GAME_RESULT = {
    ("1", "0"): Result.WHITE_WINS,
    ("0", "1"): Result.BLACK_WINS,
    ("=", "="): Result.DRAW,
    ("0", "0"): Result.BOTH_LOSE,
    ("=", "0"): Result.WHITE_DRAWS_BLACK_LOSES,
    ("0", "="): Result.WHITE_LOSES_BLACK_DRAWS,
    ("+", "-"): Result.WHITE_WINS_BY_FORFEIT,
    ("-", "+"): Result.BLACK_WINS_BY_FORFEIT,
    ("-", "-"): Result.DOUBLE_FORFEIT,
}
_UNDER_ONE_MOVE = {"W": "1", "D": "=", "L": "0"}
_DATE_FORMATS = (
    "%Y/%m/%d",
    "%Y-%m-%d",
    "%Y.%m.%d",
    "%d/%m/%Y",
    "%d.%m.%Y",
    "%d. %m. %Y",
    "%B %d, %Y",
    "%b %d, %Y",
)
_FEDERATION = re.compile(r"[A-Z]{3}")
_YEAR_ONLY = re.compile(r"([0-9]{4})(?:/00/00)?")
_TEAM_CODES = ("013", "300", "310", "320", "330", "801", "802")


def import_events(
    doc: TrfDocument, *, tournament_id: str, tiebreak_rules: Edition | None = None
) -> tuple[list[Event], list[TrfProblem]]:
    """The events that would have led to ``doc``, and warnings about what they leave out.

    The file's tie-break list (``212``, else ``202``) becomes the tournament's only when
    its C.07 edition is known: ``tiebreak_rules`` when given, else the edition the file states
    in a ``### C.07`` comment (as Arbiter's TRF-2026 export writes it); never guessed from a
    date. Without either the list is reported as not taken.

    :raises TrfError: when the file is inconsistent (any validation error) or holds
        something Arbiter would have refused (a tie-break list ``tiebreak_rules`` does not
        define, among others); nothing is to be written then.
    """
    errors = [problem for problem in validate(doc) if problem.severity == "error"]
    if errors:
        raise TrfError(errors)
    return _Importer(doc, tournament_id, tiebreak_rules).run()


def import_trf(
    data: str | bytes, *, tournament_id: str, tiebreak_rules: Edition | None = None
) -> tuple[list[Event], list[TrfProblem]]:
    """Read, check and import a file: the events, and every warning of the three steps
    (``tiebreak_rules`` as for :func:`import_events`).

    :raises TrfError: listing every problem when any is an error (reading, validation, or
        something Arbiter would refuse); nothing is to be written then.
    """
    doc, problems = check_trf(data)
    if any(problem.severity == "error" for problem in problems):
        raise TrfError(problems)
    events, warnings = import_events(
        doc, tournament_id=tournament_id, tiebreak_rules=tiebreak_rules
    )
    return events, [*problems, *warnings]


class _Importer:
    def __init__(
        self, doc: TrfDocument, tournament_id: str, tiebreak_rules: Edition | None
    ) -> None:
        self.doc = doc
        self.tournament_id = tournament_id
        self.tiebreak_rules = tiebreak_rules
        self.line = {id(record): index + 1 for index, record in enumerate(doc.records)}
        self.players = sorted(doc.players, key=lambda p: p.pairing_no)
        self.system = point_system(doc)
        self.state: TournamentState = EMPTY
        self.events: list[Event] = []
        self.warnings: list[TrfProblem] = []
        self.birth_years: dict[PlayerId, int | None] = {}
        announced = announced_round(doc)
        self.paired = doc.rounds_in_file - (1 if announced else 0)
        self.total = doc.total_rounds or max(doc.rounds_in_file, 1)

    def run(self) -> tuple[list[Event], list[TrfProblem]]:
        self.check_supported()
        self.do(self.create(), None)
        joins, withdrawn = self.late_entries_and_withdrawals()
        for player in self.players:
            self.do(self.register(player, joins.get(player.pairing_no, 1)), player)
        if systems.is_round_robin(self.state.require_settings().system):
            # A round-robin's numbers are the drawn ones the file keeps (C.05 Annex 1).
            numbers = tuple(p.pairing_no for p in self.players)
            self.do(DrawLots(method=DrawMethod.ARBITER, order=numbers), None)
        for round_no in range(1, self.paired + 1):
            self.withdraw(round_no, withdrawn)
            self.request_byes(round_no, joins, withdrawn)
            self.pair(round_no)
        if self.paired < self.total:
            for round_no in range(self.paired + 1, self.total + 1):
                self.withdraw(round_no, withdrawn)
            if self.paired < self.doc.rounds_in_file:  # the column of the round to be paired
                self.request_byes(self.paired + 1, joins, withdrawn, announced=True)
            self.announced_absences()
        self.warn_unsupported()
        return self.events, self.warnings

    # -- the commands ------------------------------------------------------------------

    def do(self, command: Command, record: Record | None) -> None:
        try:
            events = decide(self.state, command)
        except CommandRejected as rejected:
            line = self.line[id(record)] if record is not None else 0
            raise TrfError(
                [TrfProblem(line=line, message=f"cannot import: {rejected}")]
            ) from rejected
        self.emit(events)

    def emit(self, events: Iterable[Event]) -> None:
        for decided in events:
            event = decided
            if isinstance(event, PlayerRegistered) and self.birth_years.get(event.player_id):
                # RegisterPlayer takes full dates only; the year is the registration's fact too.
                event = msgspec.structs.replace(event, birth_year=self.birth_years[event.player_id])
            self.events.append(event)
            self.state = fold([event], self.state)

    def create(self) -> CreateTournament:
        header = self.doc.header
        federation = header("032") or ""
        if federation and not _FEDERATION.fullmatch(federation):
            self.warn(
                self.header_record("032"),
                f"federation {federation!r} is not a FIDE code; not imported",
            )
            federation = ""
        tiebreaks, tiebreak_rules = self.tiebreaks()
        return CreateTournament(
            tournament_id=self.tournament_id,
            name=(header("012") or "").strip() or self.tournament_id,
            rounds=self.total,
            system=self.pairing_system(),
            points=self.point_values(),
            initial_colour=self.initial_colour(),
            place=header("022") or "",
            federation=federation,
            start_date=self.header_date("042"),
            end_date=self.header_date("052"),
            round_dates=self.round_dates(),
            chief_arbiter=header("102") or "",
            time_control=header("122") or "",
            full_point_byes=any(
                entry_kind(e) is RoundKind.FULL_BYE for p in self.players for e in p.rounds
            )
            or any(bye.kind == "F" for bye in self.doc.records_of(ByeRecord)),
            tiebreaks=tiebreaks,
            tiebreak_rules=tiebreak_rules,
        )

    def register(self, player: Player, joins_round: int) -> RegisterPlayer:
        surname, given_name = parse_name(player.name)
        title = normalise_title(player.title) if player.title else ""
        if title is None:
            self.warn(player, f"title {player.title!r} is not a FIDE title; not imported", 11)
            title = ""
        birth_date, self.birth_years[PlayerId(player.pairing_no)] = self.birth(player)
        return RegisterPlayer(
            surname=surname,
            given_name=given_name,
            fide_id=player.fide_id,
            rating=player.rating or 0,
            title=title,
            federation=player.federation,
            sex={"m": "m", "w": "f", "f": "f"}.get(player.sex.lower(), ""),
            birth_date=birth_date,
            joins_round=joins_round,
        )

    def request_byes(
        self,
        round_no: int,
        joins: dict[int, int],
        withdrawn: dict[int, int],
        *,
        announced: bool = False,
    ) -> None:
        """The byes of a round: requested (H, F) or an absence (Z, ``-``; in a paired round
        also nothing at all, while in the column of the round to be paired blank means
        "to be paired")."""
        for player in self.players:
            number = player.pairing_no
            if round_no < joins.get(number, 1) or round_no >= withdrawn.get(number, self.total + 1):
                continue
            kind = entry_kind(player.entry(round_no))
            if announced and kind is RoundKind.NOT_PAIRED:
                continue
            bye = _BYE_KIND.get(kind, ByeKind.ZERO if kind in ABSENT else None)
            if bye is not None:
                self.do(RequestBye(player_id=number, round_no=round_no, kind=bye), player)

    def withdraw(self, round_no: int, withdrawn: dict[int, int]) -> None:
        for player in self.players:
            if withdrawn.get(player.pairing_no) == round_no:
                self.do(WithdrawPlayer(player_id=player.pairing_no, from_round=round_no), player)

    def announced_absences(self) -> None:
        """``XXZ`` announces absences for the round to be paired (trf.md §6.1), ``240`` byes
        for it and for any later round (§5.2); a player withdrawn or not yet entered then
        needs none."""
        announced: list[tuple[Record, int, int, ByeKind]] = []
        for line in self.doc.records_of(XxzAbsent):
            announced += [(line, self.paired + 1, number, ByeKind.ZERO) for number in line.ids]
        for bye in self.doc.records_of(ByeRecord):
            kind = _BYE_LETTER.get(bye.kind)
            if self.paired < bye.round_no <= self.total and kind is not None:
                announced += [(bye, bye.round_no, number, kind) for number in bye.ids]
        for record, round_no, number, kind in announced:
            if number in self.state.availability(round_no)[0]:
                self.do(RequestBye(player_id=number, round_no=round_no, kind=kind), record)

    def pair(self, round_no: int) -> None:
        """The round as the file records it, then its results (board order: C.04.2 Art. 3.6)."""
        scores = self.scores_before(round_no)
        boards: list[tuple[Player, Player]] = []
        pab: PlayerId | None = None
        by_number = {p.pairing_no: p for p in self.players}
        for player in self.players:
            entry = player.entry(round_no)
            kind = entry_kind(entry)
            if kind is RoundKind.PAB:
                pab = PlayerId(player.pairing_no)
            elif entry.opponent is not None and player.pairing_no < entry.opponent:
                boards.append(self.colours(player, by_number[entry.opponent], round_no))
        boards.sort(
            key=lambda b: (
                -max(scores[b[0].pairing_no], scores[b[1].pairing_no]),
                -(scores[b[0].pairing_no] + scores[b[1].pairing_no]),
                min(b[0].pairing_no, b[1].pairing_no),
            )
        )
        system = self.state.require_settings().system
        available, not_paired = self.state.availability(round_no)
        placed = {p.pairing_no for board in boards for p in board} | ({pab} if pab else set())
        if systems.is_round_robin(system):
            # The table's board order, and its games with a player not there (forfeits,
            # docs/rulings.md "Round-robin: games not played") on their boards.
            table = table_order(len(self.players), round_no, systems.cycles(system))
            boards.sort(key=lambda b: table.get(frozenset((b[0].pairing_no, b[1].pairing_no)), 0))
            not_paired = tuple(entry for entry in not_paired if entry.player_id not in placed)
            placed &= set(available)
        if placed != set(available):
            missing = sorted(set(available) - placed)
            record = by_number[PairingNumber(missing[0])] if missing else None
            raise TrfError(
                [
                    TrfProblem(
                        line=self.line[id(record)] if record else 0,
                        message=f"round {round_no}: players {missing} have no entry",
                    )
                ]
            )
        self.emit(
            [
                RoundPaired(
                    round_no=RoundNo(round_no),
                    boards=tuple(
                        PairedBoard(white=PlayerId(w.pairing_no), black=PlayerId(b.pairing_no))
                        for w, b in boards
                    ),
                    pab=pab,
                    not_paired=not_paired,
                    system=IMPORTED_SYSTEM,
                    pairing_numbers=tuple(PlayerId(p.pairing_no) for p in self.players),
                )
            ]
        )
        for board_no, (white, black) in enumerate(boards, start=1):
            result = self.result(white, black, round_no)
            if result is not None:
                self.do(RecordResult(round_no=round_no, board=board_no, result=result), white)

    def colours(self, one: Player, other: Player, round_no: int) -> tuple[Player, Player]:
        """(white, black); a forfeit written without colours puts the lower number on white."""
        if one.entry(round_no).colour == "b" or other.entry(round_no).colour == "w":
            return other, one
        return one, other

    def result(self, white: Player, black: Player, round_no: int) -> Result | None:
        codes = (white.entry(round_no).result, black.entry(round_no).result)
        if codes == ("", ""):
            if round_no < self.paired:
                raise TrfError(
                    [
                        self.problem(
                            white, f"round {round_no}: no result, but later rounds are paired"
                        )
                    ]
                )
            return None
        if set(codes) & set(_UNDER_ONE_MOVE):
            self.warn(
                white, f"round {round_no}: a game of less than one move is imported as played"
            )
            codes = (
                _UNDER_ONE_MOVE.get(codes[0], codes[0]),
                _UNDER_ONE_MOVE.get(codes[1], codes[1]),
            )
        if codes not in _GAME_RESULT:
            raise TrfError(
                [
                    self.problem(
                        white, f"round {round_no}: result {codes[0]}/{codes[1]} cannot be recorded"
                    )
                ]
            )
        return _GAME_RESULT[codes]

    # -- reading the file ----------------------------------------------------------------

    def check_supported(self) -> None:
        team_lines = [r for r in self.doc.records_of(OpaqueRecord) if r.code in _TEAM_CODES]
        if any(r.code != "013" for r in team_lines) or "TEAM" in (self.doc.header("192") or ""):
            raise TrfError([TrfProblem(line=0, message="team events cannot be imported")])
        for record in team_lines:  # a TRF16 team list in an individual event (JaVaFo sample)
            self.warn(record, "team lines are not imported")
        if self.doc.records_of(AbnormalPoints):
            line = self.line[id(self.doc.records_of(AbnormalPoints)[0])]
            raise TrfError(
                [
                    TrfProblem(
                        line=line, message="abnormal points (299) cannot be recorded by Arbiter"
                    )
                ]
            )
        numbers = [p.pairing_no for p in self.players]
        if numbers != list(range(1, len(numbers) + 1)):
            raise TrfError(
                [TrfProblem(line=0, message="pairing numbers must run from 1 without gaps")]
            )
        if not numbers:
            raise TrfError([TrfProblem(line=0, message="the file has no players")])

    def late_entries_and_withdrawals(self) -> tuple[dict[int, int], dict[int, int]]:
        """Who entered late and who withdrew, from which round (:func:`joins_round`,
        :func:`withdrawn_from`: as the file states them, else absences that open a line are
        a late entry and, in a finished event, absences that close it a withdrawal).

        A player absent from every paired round joins at the first later round the file
        does not mark absent (column of the round to be paired, ``XXZ``, ``240 Z``).
        """
        joins: dict[int, int] = {}
        withdrawn: dict[int, int] = {}
        finished = self.paired >= self.total
        round_robin = systems.is_round_robin(self.state.require_settings().system)
        for player in self.players:
            number = player.pairing_no
            try:
                first = joins_round(self.doc, player, self.paired)
                last = withdrawn_from(
                    self.doc, player, self.paired, self.total, round_robin=round_robin
                )
            except ValueError as error:
                raise TrfError([self.problem(None, str(error))]) from None
            if last is not None:
                withdrawn[number] = last
            if first is None and not finished:
                end = last or self.total + 1
                later = (r for r in range(self.paired + 1, end) if not self.absent(player, r))
                first = next(later, self.paired + 1)
            if first is not None and first > 1:
                joins[number] = first
        return joins, withdrawn

    def absent(self, player: Player, round_no: int) -> bool:
        """Whether the file says ``player`` is out of ``round_no``: a ``Z`` or nothing in a
        paired round; a ``Z`` in the column of the round to be paired, an ``XXZ`` line for
        it or a ``240 Z`` record for a round not paired yet."""
        if round_no <= self.paired:
            return entry_kind(player.entry(round_no)) in ABSENT
        if round_no == self.paired + 1 and (
            entry_kind(player.entry(round_no)) is RoundKind.ZERO_BYE
            or any(player.pairing_no in line.ids for line in self.doc.records_of(XxzAbsent))
        ):
            return True
        return any(
            bye.kind == "Z" and bye.round_no == round_no and player.pairing_no in bye.ids
            for bye in self.doc.records_of(ByeRecord)
        )

    def scores_before(self, round_no: int) -> dict[PairingNumber, Decimal]:
        return {
            p.pairing_no: sum(
                (entry_points(p.entry(r), self.system) for r in range(1, round_no)), Decimal(0)
            )
            for p in self.players
        }

    def tiebreaks(self) -> tuple[str, str]:
        """The tournament's tie-break list and C.07 edition: the file's list (TEC syntax, as
        :func:`~events.tiebreaks.format_sequence` writes it) under the edition the import
        names, else the one the file's ``### C.07`` comment states; never guessed."""
        line = self.doc.tiebreak_list
        if line is None:
            return "", ""
        stated = self.stated_edition()
        edition = self.tiebreak_rules or stated
        if stated is not None and self.tiebreak_rules not in (None, stated):
            self.warn(
                line,
                f"the file says its tie-breaks follow C.07 {stated.value}; taken under "
                f"{self.tiebreak_rules.value}, as the import asks",
                5,
            )
        if edition is None:
            self.warn(
                line,
                f"tie-breaks {line.value.strip()!r} not taken: the file does not say which C.07 "
                "edition (2024 or 2026) they follow; give the edition with the import to take them",
                5,
            )
            return "", ""
        try:
            declared = parse_settings(line.value, edition.value)
        except TiebreakError as error:
            raise TrfError(
                [self.problem(line, f"cannot import the tie-breaks: {error}", 5)]
            ) from None
        assert declared is not None  # the line holds a list (TrfDocument.tiebreak_list)
        return format_sequence(declared[0]), edition.value

    def stated_edition(self) -> Edition | None:
        """The edition of the file's ``### C.07`` comment, if it names one Arbiter knows."""
        comment = self.doc.tiebreak_edition
        if comment is None:
            return None
        match = TIEBREAK_EDITION.match(comment.text)
        assert match is not None
        try:
            return Edition(match.group(1))
        except ValueError:
            self.warn(comment, f"C.07 edition {match.group(1)!r} is not 2024 or 2026", 8)
            return None

    def pairing_system(self) -> str:
        """The system the header lines name (:func:`trf.checker.identify_system`), else
        the default one."""
        return identify_system(self.doc)[0] or DEFAULT_SYSTEM

    def point_values(self) -> PointValues:
        s: ScoreCodes = self.system
        if (s.WW, s.WD, s.WL) != (s.BW, s.BD, s.BL):
            raise TrfError(
                [TrfProblem(line=0, message="points that depend on the colour cannot be imported")]
            )
        return PointValues.from_engine(s.engine_points())

    def initial_colour(self) -> Colour:
        """``152``/``XXC`` if given, else the colour of round 1's top paired player."""
        if self.doc.initial_colour is not None:
            return Colour(self.doc.initial_colour)
        for player in self.players:
            colour = player.entry(1).colour
            if entry_kind(player.entry(1)) is RoundKind.PLAYED and colour in ("w", "b"):
                return Colour(colour)
        return Colour.WHITE

    def header_date(self, code: str) -> date | None:
        text = (self.doc.header(code) or "").strip()
        for pattern in _DATE_FORMATS:
            try:
                return datetime.strptime(text, pattern).date()
            except ValueError:
                continue
        if text:
            self.warn(self.header_record(code), f"date {text!r} not understood; not imported")
        return None

    def round_dates(self) -> tuple[date, ...]:
        """``132``: one ``YY/MM/DD`` per round, taken in order as tokens, since one writer
        shifts them a column (trf.md §3); a date not understood drops them all, warned."""
        tokens = (self.doc.header("132") or "").split()
        dates = []
        for token in tokens[: self.total]:
            for pattern in ("%y/%m/%d", "%Y/%m/%d", "%Y-%m-%d"):
                try:
                    dates.append(datetime.strptime(token, pattern).date())
                    break
                except ValueError:
                    continue
            else:
                self.warn(self.header_record("132"), f"round date {token!r} not understood; "
                          "round dates not imported")  # fmt: skip
                return ()
        if dates != sorted(dates):
            self.warn(self.header_record("132"), "round dates out of order; not imported")
            return ()
        return tuple(dates)

    def birth(self, player: Player) -> tuple[date | None, int | None]:
        """(full date, year when only the year is known); ``0000/00/00`` means unknown."""
        text = player.birth_date.replace(".", "/")
        if not text.strip("0/"):
            return None, None
        try:
            return datetime.strptime(text, "%Y/%m/%d").date(), None
        except ValueError:
            pass
        match = _YEAR_ONLY.fullmatch(text)
        if match and int(match.group(1)) > 0:
            return None, int(match.group(1))
        self.warn(player, f"birth date {player.birth_date!r} not understood; not imported", 70)
        return None, None

    def warn_unsupported(self) -> None:
        for record in self.doc.records:
            if isinstance(record, (ForbiddenPairs, XxaAcceleration, AcceleratedRounds)):
                self.warn(record, "forbidden pairs and acceleration are not imported")

    def header_record(self, code: str) -> Record | None:
        return next(
            (r for r in reversed(self.doc.records) if getattr(r, "code", None) == code), None
        )

    def problem(self, record: Record | None, message: str, column: int = 0) -> TrfProblem:
        line = self.line[id(record)] if record is not None else 0
        return TrfProblem(line=line, column=column, message=message)

    def warn(self, record: Record | None, message: str, column: int = 0) -> None:
        self.warnings.append(
            msgspec.structs.replace(self.problem(record, message, column), severity="warning")
        )
