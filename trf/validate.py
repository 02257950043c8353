"""Consistency checks across a document's lines (trf.md §4.3, §6.3, §8): reported, never fixed.

The reader checks each line on its own; this module checks what lines say about each other:
opponents that do not point back, a player paired twice in a round, colours and results
that cannot belong to one game, Points that are not the sum of the results, a round count
smaller than the rounds present, ranks out of order, and ids that name nobody.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from decimal import Decimal
from functools import cached_property

from engine.model import PairingNumber, RoundKind
from trf.codes import (
    COLOURS,
    GAME_RESULTS,
    PLAYED_RESULTS,
    RESULT_CODES,
    STRUCTURED_CODES,
    entry_kind,
    pending,
)
from trf.model import (
    AbnormalPoints,
    ByeRecord,
    EngineOptions,
    ForbiddenPairs,
    InitialColour,
    OpaqueRecord,
    Player,
    PointsLine,
    Record,
    RoundEntry,
    TotalRounds,
    TrfDocument,
    TrfProblem,
    Unrecognised,
    XxaAcceleration,
    XxzAbsent,
)
from trf.reader import read_trf
from trf.scoring import ScoredRounds, entry_points, point_system, score_targets, scored_rounds

__all__ = ["ABSENT", "announced_round", "check_trf", "joins_round", "validate", "withdrawn_from"]


def check_trf(data: str | bytes) -> tuple[TrfDocument, list[TrfProblem]]:
    """Read a file and validate it: every problem of both passes, in line order.

    >>> doc, problems = check_trf("001    1      A\\n001    1      B\\n")
    >>> [str(p) for p in problems]
    ['line 2, column 5: error: pairing number 1 is also used on line 1']
    """
    doc, problems = read_trf(data)
    # A line the reader already faulted gets no second error for the same cause.
    faulted = {p.line for p in problems if p.severity == "error"}
    found = problems + [
        p for p in validate(doc) if p.severity == "warning" or p.line not in faulted
    ]
    return doc, sorted(found, key=lambda p: (p.line, p.column))


def validate(doc: TrfDocument) -> list[TrfProblem]:
    """Every cross-line problem of ``doc``; line numbers are record positions + 1."""
    return _Validator(doc).run()


def announced_round(doc: TrfDocument) -> int | None:
    """The round column holding only byes announced before pairing, if the file has one.

    Files prepared for an engine write ``0000 - H``/``Z``/``F`` in the column of the round
    to be paired (trf.md §6.1); that column has no opponent and no pairing-allocated bye.
    """
    derived = doc.derived
    if "announced_round" not in derived:
        last = doc.rounds_in_file
        announced = all(entry_kind(player.entry(last)) in _ANNOUNCED for player in doc.players)
        derived["announced_round"] = last if last and announced else None
    found: int | None = derived["announced_round"]
    return found


_ANNOUNCED = {RoundKind.NOT_PAIRED, RoundKind.HALF_BYE, RoundKind.FULL_BYE, RoundKind.ZERO_BYE}
"""What a column of byes announced before pairing holds (:func:`announced_round`)."""


ABSENT = (RoundKind.ZERO_BYE, RoundKind.NOT_PAIRED)
"""A round block of a paired round in which the player was out: ``Z``, ``-`` or nothing."""


def joins_round(doc: TrfDocument, player: Player, paired: int) -> int | None:
    """The round a player entered in, as the file tells it from its ``paired`` rounds.

    The round a ``late entries`` comment states (:data:`~trf.model.ROUND_LISTS`; everybody it
    does not name entered in round 1); without one, the first paired round with anything but
    an absence, since absences that open a line are the rounds a late entry missed
    (trf.md §4.3, docs/rulings.md). None when neither tells (absent from every paired round).

    :raises ValueError: when the comment cannot be read.
    """
    stated = doc.round_list("late entries")
    if stated is not None:
        return stated.get(player.pairing_no, 1)
    present = (r for r in range(1, paired + 1) if entry_kind(player.entry(r)) not in ABSENT)
    return next(present, None)


def withdrawn_from(
    doc: TrfDocument, player: Player, paired: int, total: int, *, round_robin: bool = False
) -> int | None:
    """The round a player withdrew from: the one a ``withdrawn`` comment states; without
    one, in a finished event (``paired`` rounds of ``total``), the first of the absences that
    close the line; otherwise None, since an engine pairs such a player again (trf.md §6.1).
    In a ``round_robin`` a player who is not there keeps his board and loses it by forfeit
    (C.05), so the forfeits lost that close the line close it too.

    :raises ValueError: when the comment cannot be read.
    """
    stated = doc.round_list("withdrawn")
    if stated is not None:
        return stated.get(player.pairing_no)
    if not paired or paired < total:
        return None
    gone = (*ABSENT, RoundKind.FORFEIT_LOSS) if round_robin else ABSENT
    present = [r for r in range(1, paired + 1) if entry_kind(player.entry(r)) not in gone]
    if present[-1:] == [paired]:
        return None
    return present[-1] + 1 if present else 1


_ZERO = Decimal(0)


def _block_column(round_no: int, offset: int) -> int:
    """Column of a round block's field: offset 0 = opponent, 5 = colour, 7 = result."""
    return 92 + 10 * (round_no - 1) + offset


class _Validator:
    def __init__(self, doc: TrfDocument) -> None:
        self.doc = doc
        self.problems: list[TrfProblem] = []
        self.players: dict[PairingNumber, Player] = {}
        self.rounds_of: dict[PairingNumber, tuple[RoundEntry, ...]] = {}
        """Each player's blocks, to find the opponent's block of a round."""
        self.scored: dict[PairingNumber, ScoredRounds] = {}
        """Each player's blocks classified and scored once (:func:`scored_rounds`)."""
        self.pabs: dict[int, list[Player]] = defaultdict(list)
        self.team_file = any(r.code in ("013", "310") for r in doc.records_of(OpaqueRecord))

    @cached_property
    def line_of(self) -> dict[int, int]:
        """id(record) -> line; worked out for the first problem, as most files have none."""
        return {id(record): index for index, record in enumerate(self.doc.records, start=1)}

    def error(self, record: Record, column: int, message: str) -> None:
        self.problems.append(
            TrfProblem(line=self.line_of[id(record)], column=column, message=message)
        )

    def warn(self, record: Record, column: int, message: str) -> None:
        line = self.line_of[id(record)]
        self.problems.append(
            TrfProblem(line=line, column=column, message=message, severity="warning")
        )

    def run(self) -> list[TrfProblem]:
        for record in self.doc.records_of(Unrecognised):
            if record.text[:3] in STRUCTURED_CODES:
                self.error(record, 1, f"this {record.text[:3]} line could not be read")
        self.collect_players()
        for player in self.players.values():
            self.check_rounds(player)
        self.check_paired_once()
        self.check_points()
        self.check_ranks()
        self.check_round_count()
        self.check_colour_lines()
        self.check_point_lines()
        self.check_ids()
        return sorted(self.problems, key=lambda p: (p.line, p.column))

    def collect_players(self) -> None:
        for player in self.doc.players:
            if player.pairing_no in self.players:
                first = self.line_of[id(self.players[player.pairing_no])]
                self.error(
                    player, 5, f"pairing number {player.pairing_no} is also used on line {first}"
                )
                continue
            self.players[player.pairing_no] = player
            self.rounds_of[player.pairing_no] = player.rounds
            self.scored[player.pairing_no] = scored_rounds(self.doc, player, len(player.rounds))

    def check_rounds(self, player: Player) -> None:
        """Each block on its own and against its opponent's; collects the PABs for
        :meth:`check_paired_once` on the way."""
        number = player.pairing_no
        kinds = self.scored[number].kinds
        for round_no, (entry, kind) in enumerate(zip(player.rounds, kinds), start=1):
            if kind is None:
                if not pending(entry):
                    self.explain_invalid(player, round_no, entry)
                    continue
                self.warn(
                    player,
                    _block_column(round_no, 7),
                    f"round {round_no}: pairing without a result",
                )
            opponent = entry.opponent
            if opponent is None:
                if kind is RoundKind.PAB and entry.result == "U":
                    self.pabs[round_no].append(player)  # ``+`` may be a full-point bye: not counted
                continue
            theirs = self.rounds_of.get(opponent, ())
            if len(theirs) < round_no or theirs[round_no - 1].opponent != number:
                self.explain_opponent(player, round_no, entry)
            elif opponent == number:
                self.error(
                    player,
                    _block_column(round_no, 0),
                    f"round {round_no}: player {number} is paired with itself",
                )
            elif number < opponent:  # each game once, from its lower number
                other = theirs[round_no - 1]
                same_colour = entry.colour != "-" and entry.colour == other.colour
                if same_colour or (entry.result, other.result) not in GAME_RESULTS:
                    self.explain_game(player, round_no, entry, other)

    def explain_invalid(self, player: Player, round_no: int, entry: RoundEntry) -> None:
        where = f"round {round_no}"
        if entry.colour not in COLOURS:
            self.error(
                player,
                _block_column(round_no, 5),
                f"{where}: colour {entry.colour!r} is not w, b or -",
            )
        elif entry.result not in RESULT_CODES | {""}:
            self.error(
                player,
                _block_column(round_no, 7),
                f"{where}: result code {entry.result!r} is unknown",
            )
        elif entry.opponent is None and entry.colour != "-":
            self.error(
                player,
                _block_column(round_no, 5),
                f"{where}: colour {entry.colour} without an opponent",
            )
        elif entry.opponent is None:
            self.error(
                player,
                _block_column(round_no, 7),
                f"{where}: result {entry.result} needs an opponent",
            )
        elif entry.result in PLAYED_RESULTS | {"X"}:
            self.error(
                player, _block_column(round_no, 5), f"{where}: a played game needs colour w or b"
            )
        else:
            self.error(
                player,
                _block_column(round_no, 7),
                f"{where}: bye code {entry.result} with opponent {entry.opponent}",
            )

    def explain_opponent(self, player: Player, round_no: int, entry: RoundEntry) -> None:
        """The block names an opponent whose block of that round does not name it back."""
        assert entry.opponent is not None
        opponent = self.players.get(entry.opponent)
        if opponent is None:
            problem = f"opponent {entry.opponent} is not in the file"
        else:
            other = opponent.entry(round_no).opponent
            listed = f"lists {other}" if other else "lists no opponent"
            problem = f"{player.pairing_no} lists {entry.opponent} as opponent, but {entry.opponent} {listed}"
        self.error(player, _block_column(round_no, 0), f"round {round_no}: {problem}")

    def explain_game(
        self, player: Player, round_no: int, mine: RoundEntry, theirs: RoundEntry
    ) -> None:
        """The two lines of one pairing give the same colour or results that cannot stand
        together (§4.3 "Played game")."""
        assert mine.opponent is not None
        if entry_kind(theirs) is None and not pending(theirs):
            return  # an invalid block is explained on its own (``mine`` is valid: see the caller)
        same_colour = mine.colour != "-" and mine.colour == theirs.colour
        results = (mine.result, theirs.result)
        pair = f"round {round_no}: {player.pairing_no} and {mine.opponent}"
        if same_colour:
            self.error(player, _block_column(round_no, 5), f"{pair} both have colour {mine.colour}")
        if results == ("+", "+"):
            self.error(player, _block_column(round_no, 7), f"{pair} both won by forfeit")
        elif results not in GAME_RESULTS:
            self.error(
                player,
                _block_column(round_no, 7),
                f"{pair} have results {mine.result or 'blank'} and {theirs.result or 'blank'}, which do not match",
            )

    def check_paired_once(self) -> None:
        """A player listed by two others in one round, and a second PAB in a round.

        Opponents are gathered only when an error was already found: two players listing one
        opponent means at least one of their blocks is invalid or not pointed back at, which
        :meth:`check_rounds` reported (a line seen twice, :meth:`collect_players`)."""
        if any(problem.severity == "error" for problem in self.problems):
            self.check_listed_once()
        for round_no, players in self.pabs.items():
            for player in players[1:]:
                self.error(
                    player,
                    _block_column(round_no, 7),
                    f"round {round_no}: second pairing-allocated bye (also {players[0].pairing_no})",
                )

    def check_listed_once(self) -> None:
        listed_by: dict[tuple[int, PairingNumber], list[Player]] = defaultdict(list)
        for player in self.players.values():
            for round_no, entry in enumerate(player.rounds, start=1):
                if entry.opponent is not None:
                    listed_by[(round_no, entry.opponent)].append(player)
        for (round_no, opponent), players in listed_by.items():
            for player in players[1:]:
                self.error(
                    player,
                    _block_column(round_no, 0),
                    f"round {round_no}: {opponent} is paired twice (by {players[0].pairing_no} and {player.pairing_no})",
                )

    def check_points(self) -> None:
        """Points = Σ results in the declared system (+ ``299`` adjustments), as engines check.

        Like bbpPairings, accept the field with or without the byes announced in the column
        of the round to be paired, and with or without acceleration (trf.md §4.1, §6.3).
        """
        system = point_system(self.doc)
        announced = announced_round(self.doc)
        adjustments = self.adjustments()
        acceleration = self.acceleration()
        for player in self.players.values():
            if player.points is None:
                continue
            total = sum(self.scored[player.pairing_no].points, _ZERO)
            total += adjustments.get(player.pairing_no, _ZERO)
            if player.points == total:
                continue  # as on most lines: the other totals accepted are not needed
            accepted = [total + acceleration.get(player.pairing_no, _ZERO)]
            if announced is not None:
                without = total - entry_points(player.entry(announced), system)
                accepted += [without, without + acceleration.get(player.pairing_no, _ZERO)]
            if player.points not in accepted:
                self.error(player, 81, f"points {player.points} but the results give {total}")

    def adjustments(self) -> dict[PairingNumber, Decimal]:
        """Points given or taken by ``299`` lines (in a team file their ids are teams)."""
        found: dict[PairingNumber, Decimal] = defaultdict(Decimal)
        if self.team_file:
            return found
        for record in self.doc.records_of(AbnormalPoints):
            for pairing_no in record.ids:
                found[pairing_no] += record.game_points or Decimal(0)
        return found

    def acceleration(self) -> dict[PairingNumber, Decimal]:
        """Fictitious points of the round after the last one in the file (the one to pair)."""
        round_no = self.doc.rounds_in_file + (0 if announced_round(self.doc) else 1)
        found: dict[PairingNumber, Decimal] = defaultdict(Decimal)
        for line in self.doc.records_of(XxaAcceleration):
            if 1 <= round_no <= len(line.points):
                found[line.pairing_no] += line.points[round_no - 1] or Decimal(0)
        return found

    def check_ranks(self) -> None:
        """Warn only: engines ignore the rank field and ITDX files often hold the TPN there."""
        ranked = sorted(
            (p for p in self.players.values() if p.rank and p.points is not None),
            key=lambda p: p.rank or 0,
        )
        for above, below in itertools.pairwise(ranked):
            assert above.points is not None and below.points is not None
            if below.points > above.points:
                self.warn(
                    below,
                    86,
                    f"rank {below.rank} has {below.points} points, more than rank {above.rank} ({above.points})",
                )

    def check_round_count(self) -> None:
        present = self.doc.rounds_in_file
        lines = self.doc.records_of(TotalRounds)
        for line in lines:
            if line.rounds < present:
                self.error(
                    line,
                    5,
                    f"{line.code} {line.rounds} is smaller than the {present} rounds present",
                )
        if len({line.rounds for line in lines}) > 1:
            self.warn(lines[-1], 5, "the total-rounds lines (XXR, 142) disagree")

    def check_colour_lines(self) -> None:
        stated = {line.colour.lower() for line in self.doc.records_of(InitialColour)}
        for options in self.doc.records_of(EngineOptions):
            stated |= {w.lower()[0] for w in options.words if w.lower() in ("white1", "black1")}
            unknown = [w for w in options.words if w.lower() not in ("white1", "black1", "rank")]
            if unknown:
                self.warn(options, 5, f"XXC words not understood: {' '.join(unknown)}")
        if len(stated) > 1:
            last = (self.doc.records_of(InitialColour) + self.doc.records_of(EngineOptions))[-1]
            self.error(last, 5, "152 and XXC give different initial colours")

    def check_point_lines(self) -> None:
        for line in self.doc.records_of(PointsLine):
            unknown = [code for code, _ in line.values if score_targets(line, code) is None]
            if unknown:
                self.error(line, 5, f"{line.code}: unknown point code(s) {', '.join(unknown)}")

    def check_ids(self) -> None:
        """Ids in extension lines name players; team files number teams there, so skip them."""
        checked: list[XxzAbsent | ForbiddenPairs | XxaAcceleration | ByeRecord | AbnormalPoints]
        checked = [*self.doc.records_of(XxzAbsent), *self.doc.records_of(XxaAcceleration)]
        checked += [
            line
            for line in self.doc.records_of(ForbiddenPairs)
            if line.code == "XXP" or not self.team_file
        ]
        if not self.team_file:
            checked += [*self.doc.records_of(ByeRecord), *self.doc.records_of(AbnormalPoints)]
        for line in checked:
            ids = (line.pairing_no,) if isinstance(line, XxaAcceleration) else line.ids
            missing = [str(i) for i in ids if i not in self.players]
            if missing and self.players:
                self.error(line, 5, f"id(s) {', '.join(missing)} name no player of this file")
