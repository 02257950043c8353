"""The format-level TRF document: one record per physical line, in file order.

A :class:`TrfDocument` is what a file *says*, not what the tournament *is*: fields keep the
file's own codes (result ``"+"``, title ``"g"``, XXC words) so that a document can be written
back without losing anything. Interpreting it (who had a bye, which point system applies) is
the job of :mod:`trf.codes`, :mod:`trf.scoring` and the mapping to events.

Every physical line becomes exactly one record, blank lines included, so the 1-based line
number of ``document.records[i]`` is ``i + 1`` both in the file it was read from and in the
file the writer produces from it. Problems found later (validation) can therefore name lines
without the records carrying line numbers, and equal documents stay equal after a round trip.
"""

from __future__ import annotations

import re
from decimal import Decimal
from functools import cached_property
from typing import Any, Literal, TypeAlias, TypeVar, cast

import msgspec

from engine.model import PairingNumber

__all__ = [
    "ROUND_LISTS",
    "TIEBREAK_EDITION",
    "AbnormalPoints",
    "AcceleratedRounds",
    "Blank",
    "ByeRecord",
    "Comment",
    "EngineOptions",
    "ForbiddenPairs",
    "Header",
    "InitialColour",
    "NationalRating",
    "OpaqueRecord",
    "Player",
    "PointsLine",
    "Record",
    "RoundEntry",
    "RoundNo",
    "TotalRounds",
    "TrfDocument",
    "TrfProblem",
    "Unrecognised",
    "XxaAcceleration",
    "XxzAbsent",
]

TIEBREAK_EDITION = re.compile(r"###\s*C\.07\s+(\S+)")
"""A comment naming the C.07 edition of the file's tie-break lists; group 1 is the edition."""

ROUND_LISTS = re.compile(
    r"###\s*(withdrawn|late entries) \(from round: players\):\s*(none|[0-9 :;]*?)\s*$"
)
"""A comment stating who withdrew, or entered late, from which round:
``### withdrawn (from round: players): 5: 4 12; 7: 3`` or ``…: none``. TRF has no record for
either, and the absences they cause are written like zero-point byes (trf.md §4.3)."""

RoundNo: TypeAlias = int
"""A 1-based round number."""


class _Record(msgspec.Struct, frozen=True, kw_only=True, tag_field="record"):
    """Base of every line record; the tag names the record type in JSON."""


class RoundEntry(msgspec.Struct, frozen=True, kw_only=True):
    """One 10-column round block of a ``001`` line (trf.md §4.2).

    ``opponent`` is ``None`` for ``0000`` or blanks. ``colour`` is the character in the colour
    column with a blank read as ``"-"``; ``result`` is the result column upper-cased, ``""``
    when blank. Invalid characters are kept as read (and reported) rather than replaced.
    """

    opponent: PairingNumber | None = None
    colour: str = "-"
    result: str = ""

    @property
    def is_blank(self) -> bool:
        """True for an all-blank block: nothing entered for this round."""
        return self.opponent is None and self.colour == "-" and self.result == ""


BLANK_ENTRY = RoundEntry()


class Player(_Record, frozen=True, tag="player"):
    """A ``001`` player record (trf.md §4.1); text fields are stripped, unknown = empty/None."""

    pairing_no: PairingNumber
    sex: str = ""
    title: str = ""
    name: str = ""
    rating: int | None = None
    federation: str = ""
    fide_id: int | None = None
    birth_date: str = ""
    points: Decimal | None = None
    rank: int | None = None
    rounds: tuple[RoundEntry, ...] = ()
    """Round r is ``rounds[r - 1]``; trailing all-blank blocks are not stored."""

    def entry(self, round_no: RoundNo) -> RoundEntry:
        """The block for ``round_no``; rounds past the end of the line are blank."""
        if 1 <= round_no <= len(self.rounds):
            return self.rounds[round_no - 1]
        return BLANK_ENTRY

    def entries(self, last: RoundNo) -> tuple[RoundEntry, ...]:
        """The blocks of rounds 1 to ``last`` (:meth:`entry` of each, in one step)."""
        return self.rounds[:last] + (BLANK_ENTRY,) * (last - len(self.rounds))


class Header(_Record, frozen=True, tag="header"):
    """A free-text tournament tag (``012`` … ``132``, ``172`` … ``362``): value from column 5."""

    code: str
    value: str = ""


class TotalRounds(_Record, frozen=True, tag="total-rounds"):
    """``XXR n`` (JaVaFo) or ``142 n`` (TRF-2026): the number of rounds of the event."""

    code: Literal["XXR", "142"]
    rounds: int


class EngineOptions(_Record, frozen=True, tag="engine-options"):
    """``XXC`` configuration words, e.g. ``("rank", "white1")`` (trf.md §6.1)."""

    words: tuple[str, ...] = ()


class InitialColour(_Record, frozen=True, tag="initial-colour"):
    """``152 W`` / ``152 B``: the colour of the top-ranked player in round 1 (TRF-2026)."""

    colour: str


class PointsLine(_Record, frozen=True, tag="point-values"):
    """A point-system line: ``XXS`` (``WW=1.0 …``), ``162`` (``W 3.0 …``) or one ``BB?`` line.

    ``values`` holds ``(code, points)`` in file order; for ``BBW`` … ``BBU`` the single code
    is the line's last letter (``W`` for ``BBW``).
    """

    code: str
    values: tuple[tuple[str, Decimal], ...] = ()


class XxaAcceleration(_Record, frozen=True, tag="xxa"):
    """``XXA``: fictitious points per round for one player; ``None`` where a round is blank."""

    pairing_no: PairingNumber
    points: tuple[Decimal | None, ...] = ()


class AcceleratedRounds(_Record, frozen=True, tag="accelerated-rounds"):
    """``250``: fictitious points for a range of players over a range of rounds (TRF-2026)."""

    first_round: RoundNo
    last_round: RoundNo
    first_id: PairingNumber
    last_id: PairingNumber
    match_points: Decimal | None = None
    game_points: Decimal | None = None


class ForbiddenPairs(_Record, frozen=True, tag="forbidden-pairs"):
    """``XXP ids`` (whole event) or ``260 first last ids`` (TRF-2026, a round range)."""

    code: Literal["XXP", "260"]
    ids: tuple[PairingNumber, ...] = ()
    first_round: RoundNo | None = None
    last_round: RoundNo | None = None


class XxzAbsent(_Record, frozen=True, tag="xxz"):
    """``XXZ ids``: players not to be paired in the round being paired (JaVaFo)."""

    ids: tuple[PairingNumber, ...] = ()


class ByeRecord(_Record, frozen=True, tag="bye"):
    """``240 T RRR ids``: byes of type ``F``/``H``/``Z`` in one round (TRF-2026)."""

    kind: str
    round_no: RoundNo
    ids: tuple[PairingNumber, ...] = ()


class AbnormalPoints(_Record, frozen=True, tag="abnormal-points"):
    """``299``: a penalty, bonus or adjudication (TRF-2026); ``round_no`` None = whole event."""

    kind: str = ""
    match_points: Decimal | None = None
    game_points: Decimal | None = None
    round_no: RoundNo | None = None
    ids: tuple[PairingNumber, ...] = ()


class NationalRating(_Record, frozen=True, tag="national-rating"):
    """A TRF-2026 national-rating (NRS) line: identifier = federation, ``001`` static layout."""

    federation: str
    pairing_no: PairingNumber
    sex: str = ""
    classification: str = ""
    name: str = ""
    rating: int | None = None
    origin: str = ""
    national_id: str = ""
    birth_date: str = ""


class Comment(_Record, frozen=True, tag="comment"):
    """A ``###`` (TRF-2026) or ``#`` comment line, kept verbatim."""

    text: str


class Blank(_Record, frozen=True, tag="blank"):
    """An empty or all-blank line (kept so that line numbers survive a round trip)."""


class OpaqueRecord(_Record, frozen=True, tag="opaque"):
    """A known record Arbiter keeps verbatim without interpreting it.

    Team records (``013``, ``300``, ``310``, ``320``, ``330``, ``801``, ``802``) and other
    programs' private lines (Tornelo ``DAT``/``XRS``, CPPDubovSystem ``TNR``/``ACC``/``BYE``/
    ``FOR``): individual Swiss pairing does not use them, but an export must not drop them.
    """

    code: str
    text: str


class Unrecognised(_Record, frozen=True, tag="unrecognised"):
    """A line whose identifier is unknown or that could not be parsed; kept verbatim."""

    text: str


Record: TypeAlias = (
    Player
    | Header
    | TotalRounds
    | EngineOptions
    | InitialColour
    | PointsLine
    | XxaAcceleration
    | AcceleratedRounds
    | ForbiddenPairs
    | XxzAbsent
    | ByeRecord
    | AbnormalPoints
    | NationalRating
    | Comment
    | Blank
    | OpaqueRecord
    | Unrecognised
)

_R = TypeVar("_R", bound=_Record)


class TrfDocument(msgspec.Struct, frozen=True, kw_only=True, dict=True):
    """A whole TRF file as records in physical order (record i is line i + 1)."""

    records: tuple[Record, ...] = ()

    def records_of(self, kind: type[_R]) -> tuple[_R, ...]:
        """All records of one type, in file order (sorted out by type in one pass: readers ask
        per player, and a scan each time made reading a large file quadratic)."""
        found = self._by_kind.get(kind)
        if found is None:
            # A record type with subtypes (none today) gathers theirs too.
            found = (
                ()
                if not kind.__subclasses__()
                else tuple(r for r in self.records if isinstance(r, kind))
            )
            self._by_kind[kind] = found
        return cast(tuple[_R, ...], found)

    @cached_property
    def _by_kind(self) -> dict[type[Any], tuple[Any, ...]]:
        grouped: dict[type[Any], list[Any]] = {}
        for record in self.records:
            grouped.setdefault(type(record), []).append(record)
        return {
            kind: tuple(records) for kind, records in grouped.items() if not kind.__subclasses__()
        }

    @cached_property
    def derived(self) -> dict[str, Any]:
        """Facts read out of the records by other modules, kept once found (the records
        never change), e.g. :func:`trf.validate.announced_round`, which checking a file and
        building its pairing request would otherwise work out four times."""
        return {}

    @property
    def players(self) -> tuple[Player, ...]:
        """The ``001`` records in physical order (which matters for ``XXC rank``)."""
        return self.records_of(Player)

    def players_by_number(self) -> dict[PairingNumber, Player]:
        """``001`` records keyed by pairing number (the first one wins on duplicates)."""
        found: dict[PairingNumber, Player] = {}
        for player in self.players:
            found.setdefault(player.pairing_no, player)
        return found

    def header(self, code: str) -> str | None:
        """The value of the last header line with ``code`` (e.g. ``"012"``), or None."""
        values = self.headers(code)
        return values[-1] if values else None

    def headers(self, code: str) -> tuple[str, ...]:
        """Values of every header line with ``code`` (``112`` repeats, one per deputy)."""
        return tuple(h.value for h in self.records_of(Header) if h.code == code)

    @property
    def tiebreak_list(self) -> Header | None:
        """The declared tie-break line: the last ``212`` (the list defining the standings, PTS
        first), else the last ``202`` (the list breaking ties); TRF-2026 §5.1. None when the
        file declares none."""
        for code in ("212", "202"):
            lines = [h for h in self.records_of(Header) if h.code == code]
            if lines and lines[-1].value:
                return lines[-1]
        return None

    @property
    def tiebreak_edition(self) -> Comment | None:
        """The comment naming the C.07 edition of the ``202``/``212`` lists
        (``### C.07 2026 …``, :data:`TIEBREAK_EDITION`): TRF-2026 has no record for it, so
        Arbiter writes it as a comment, which the format provides and other programs skip.
        The last such comment; None when the file has none."""
        found = [c for c in self.records_of(Comment) if TIEBREAK_EDITION.match(c.text)]
        return found[-1] if found else None

    def round_list(self, label: str) -> dict[PairingNumber, RoundNo] | None:
        """The players the last :data:`ROUND_LISTS` comment of ``label`` (``withdrawn``,
        ``late entries``) names, each with its round; None when the file has no such comment.

        :raises ValueError: when a group of the comment is not ``round: players``.
        """
        key = f"round list {label}"
        if key not in self.derived:  # asked once per player when a request is built
            self.derived[key] = self._round_list(label)
        stated: dict[PairingNumber, RoundNo] | None = self.derived[key]
        return stated

    def _round_list(self, label: str) -> dict[PairingNumber, RoundNo] | None:
        found = [
            match
            for comment in self.records_of(Comment)
            if (match := ROUND_LISTS.match(comment.text)) and match.group(1) == label
        ]
        if not found:
            return None
        stated: dict[PairingNumber, RoundNo] = {}
        for group in found[-1].group(2).split(";"):
            if group.strip() in ("none", ""):
                continue
            round_no, _, numbers = group.partition(":")
            if not round_no.strip() or not numbers.split():
                raise ValueError(f"{label} {group.strip()!r}: not 'round: players'")
            stated.update((PairingNumber(int(n)), int(round_no)) for n in numbers.split())
        return stated

    @property
    def total_rounds(self) -> int | None:
        """Rounds of the event: the last ``142`` if any, else the last ``XXR`` (trf.md §8.7)."""
        lines = self.records_of(TotalRounds)
        for code in ("142", "XXR"):
            values = [line.rounds for line in lines if line.code == code]
            if values:
                return values[-1]
        return None

    @property
    def initial_colour(self) -> Literal["w", "b"] | None:
        """Round-1 colour of the top player: ``152`` first, else ``XXC white1/black1``."""
        for line in reversed(self.records_of(InitialColour)):
            if line.colour in ("W", "B"):
                return "w" if line.colour == "W" else "b"
        for options in reversed(self.records_of(EngineOptions)):
            for word in reversed(options.words):
                if word.lower() in ("white1", "black1"):
                    return "w" if word.lower() == "white1" else "b"
        return None

    @property
    def pair_by_physical_order(self) -> bool:
        """True when ``XXC rank`` asks engines to use the order of the ``001`` lines."""
        return any(
            word.lower() == "rank"
            for options in self.records_of(EngineOptions)
            for word in options.words
        )

    @cached_property
    def rounds_in_file(self) -> int:
        """The highest round with a non-blank block on any ``001`` line (asked by several
        checks and by the request: worked out once)."""
        return max((len(player.rounds) for player in self.players), default=0)


class TrfProblem(msgspec.Struct, frozen=True, kw_only=True):
    """Something wrong or odd in a file, located by 1-based line and column (0 = unknown)."""

    line: int
    column: int = 0
    message: str
    severity: Literal["error", "warning"] = "error"

    def __str__(self) -> str:
        where = f"line {self.line}" if self.line else "file"
        if self.column:
            where += f", column {self.column}"
        return f"{where}: {self.severity}: {self.message}"
