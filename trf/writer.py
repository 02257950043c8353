"""Write a :class:`TrfDocument` back to TRF text, one line per record, in record order.

Each record is written in its own notation (``XXR`` as ``XXR``, ``142`` as ``142``), so the
choice between a TRF16 file and a TRF-2026 file is made when the document is built (see
:mod:`trf.mapping`), not here. Lines carry no trailing blanks; verbatim records (comments,
team lines, unknown lines) are written as they were read. A field that does not fit its
columns raises :class:`TrfError` naming the line and column: nothing is truncated.
"""

from __future__ import annotations

from decimal import Decimal
from functools import singledispatch

from trf.codes import points_text
from trf.errors import FieldError, TrfError
from trf.model import (
    AbnormalPoints,
    AcceleratedRounds,
    Blank,
    ByeRecord,
    Comment,
    EngineOptions,
    ForbiddenPairs,
    Header,
    InitialColour,
    NationalRating,
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

__all__ = ["format_points", "write_trf"]


_VERBATIM = (Comment, OpaqueRecord, Unrecognised)


def write_trf(doc: TrfDocument, *, line_ending: str = "\r\n") -> str:
    """The TRF text of ``doc``; CRLF line ends by default (trf.md §2, for FIDE tools).

    :raises TrfError: listing every field that does not fit its columns.

    >>> from trf.reader import read_trf
    >>> write_trf(read_trf("XXR 9\\nXXC white1")[0], line_ending="\\n")
    'XXR 9\\nXXC white1\\n'
    """
    lines: list[str] = []
    problems: list[TrfProblem] = []
    for number, record in enumerate(doc.records, start=1):
        try:
            line = _line(record)
            if not isinstance(record, _VERBATIM):
                line = line.rstrip()
            if "\n" in line or "\r" in line:
                raise FieldError(1, "a field contains a line break")
            lines.append(line)
        except FieldError as unfit:
            problems.append(TrfProblem(line=number, column=unfit.column, message=unfit.message))
    if problems:
        raise TrfError(problems)
    return "".join(line + line_ending for line in lines)


def format_points(points: Decimal | None, width: int = 4) -> str:
    """Points right-aligned in ``width`` columns (blank for None), as TRF writes them.

    :raises ValueError: when the value cannot fit.

    >>> format_points(Decimal("3")), format_points(None)
    (' 3.0', '    ')
    """
    if points is None:
        return " " * width
    text = points_text(points, width)
    if text is None:
        raise ValueError(f"{points} does not fit {width} columns")
    return text.rjust(width)


def _fit(value: object, width: int, column: int, what: str, *, left: bool = False) -> str:
    text = "" if value is None else str(value)
    if len(text) > width:
        raise FieldError(column, f"{what} {text!r} is longer than {width} characters")
    return text.ljust(width) if left else text.rjust(width)


def _points(points: Decimal | None, column: int, what: str, width: int = 4) -> str:
    try:
        return format_points(points, width)
    except ValueError as error:
        raise FieldError(column, f"{what}: {error}") from None


@singledispatch
def _line(record: Record) -> str:
    raise TypeError(f"not a TRF record: {record!r}")  # pragma: no cover - closed union


@_line.register
def _(record: Player) -> str:
    static = " ".join(
        [
            "001",
            _fit(record.pairing_no, 4, 5, "pairing number"),
            _fit(record.sex, 1, 10, "sex") + _fit(record.title, 3, 11, "title"),
            _fit(record.name, 33, 15, "name", left=True),
            _fit(record.rating, 4, 49, "rating"),
            _fit(record.federation, 3, 54, "federation", left=True),
            _fit(record.fide_id, 11, 58, "FIDE ID"),
            _fit(record.birth_date, 10, 70, "birth date", left=True),
            _points(record.points, 81, "points"),
            _fit(record.rank, 4, 86, "rank"),
        ]
    )
    blocks = [_block(entry, round_no) for round_no, entry in enumerate(record.rounds, start=1)]
    return static + "".join(blocks)


def _block(entry: RoundEntry, round_no: int) -> str:
    if entry.is_blank:
        return " " * 10
    column = 92 + 10 * (round_no - 1)
    opponent = "0000" if entry.opponent is None else _fit(entry.opponent, 4, column, "opponent")
    colour = _fit(entry.colour, 1, column + 5, "colour")
    result = _fit(entry.result, 1, column + 7, "result")
    return f"  {opponent} {colour} {result}"


@_line.register
def _(record: NationalRating) -> str:
    return " ".join(
        [
            _fit(record.federation, 3, 1, "federation"),
            _fit(record.pairing_no, 4, 5, "pairing number"),
            _fit(record.sex, 1, 10, "sex") + _fit(record.classification, 3, 11, "classification"),
            _fit(record.name, 33, 15, "name", left=True),
            _fit(record.rating, 4, 49, "national rating"),
            _fit(record.origin, 3, 54, "origin", left=True),
            _fit(record.national_id, 11, 58, "national ID"),
            _fit(record.birth_date, 10, 70, "birth date", left=True),
        ]
    )


@_line.register
def _(record: Header) -> str:
    return f"{record.code} {record.value}"


@_line.register
def _(record: TotalRounds) -> str:
    return f"{record.code} {record.rounds}"


@_line.register
def _(record: EngineOptions) -> str:
    return " ".join(["XXC", *record.words])


@_line.register
def _(record: InitialColour) -> str:
    return f"152 {record.colour}"


@_line.register
def _(record: PointsLine) -> str:
    if record.code == "XXS":
        return " ".join(
            ["XXS"] + [f"{code}={_points(v, 5, code, 12).strip()}" for code, v in record.values]
        )
    if record.code == "162":  # code at column 6, points 7-10, 9-column stride (§5.1)
        groups = [
            f" {_fit(c, 1, 6, '162 code')}{_points(v, 7, '162 points')}" for c, v in record.values
        ]
        return "162 " + "   ".join(groups)
    if len(record.values) != 1:
        raise FieldError(5, f"a {record.code} line holds exactly one value")
    return f"{record.code} {_points(record.values[0][1], 5, record.code)}"


@_line.register
def _(record: XxaAcceleration) -> str:
    values = [_points(p, 10 + 5 * i, "acceleration") for i, p in enumerate(record.points)]
    return " ".join(["XXA", _fit(record.pairing_no, 4, 5, "player id"), *values])


@_line.register
def _(record: AcceleratedRounds) -> str:
    return " ".join(
        [
            "250",
            _points(record.match_points, 5, "match points"),
            _points(record.game_points, 10, "game points"),
            _fit(record.first_round, 3, 15, "first round"),
            _fit(record.last_round, 3, 19, "last round"),
            _fit(record.first_id, 4, 23, "first id"),
            _fit(record.last_id, 4, 28, "last id"),
        ]
    )


def _id_grid(ids: tuple[int, ...], column: int) -> str:
    return "".join(" " + _fit(i, 4, column + 5 * k, "id") for k, i in enumerate(ids))


@_line.register
def _(record: ForbiddenPairs) -> str:
    if record.code == "XXP":
        return " ".join(["XXP", *map(str, record.ids)])
    rounds = f"{_fit(record.first_round, 3, 5, 'first round')} {_fit(record.last_round, 3, 9, 'last round')}"
    return f"260 {rounds}{_id_grid(record.ids, 13)}"


@_line.register
def _(record: XxzAbsent) -> str:
    return " ".join(["XXZ", *map(str, record.ids)])


@_line.register
def _(record: ByeRecord) -> str:
    kind = _fit(record.kind, 1, 5, "bye type")
    return f"240 {kind} {_fit(record.round_no, 3, 7, 'round')}{_id_grid(record.ids, 11)}"


@_line.register
def _(record: AbnormalPoints) -> str:
    # TRF-2026 layout (§5.2): type 5, match points 8-11, points 14-17, round 20-22, ids 24-.
    round_no = record.round_no if record.round_no is not None else ("000" if record.ids else "")
    return (
        f"299 {_fit(record.kind, 1, 5, 'type')}  {_points(record.match_points, 8, 'match points')}"
        f"  {_points(record.game_points, 14, 'points')}  {_fit(round_no, 3, 20, 'round')}"
        f"{_id_grid(record.ids, 24)}"
    )


@_line.register
def _(record: Comment | OpaqueRecord | Unrecognised) -> str:
    return record.text


@_line.register
def _(record: Blank) -> str:
    return ""
