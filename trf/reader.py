"""Lenient TRF reader: bytes or text in, a :class:`TrfDocument` and its problems out.

Every physical line becomes one record. Anything the reader cannot make sense of is kept
verbatim as :class:`Unrecognised` and reported, never dropped; only the *strict* mode stops,
at the first error. Columns are counted in characters after decoding (trf.md §2).
"""

from __future__ import annotations

import re
from decimal import Decimal
from operator import itemgetter
from pathlib import Path

from engine.model import PairingNumber
from trf.codes import COLOURS, FREE_TEXT_HEADERS, OPAQUE_CODES, RESULT_CODES, points_text
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

__all__ = ["read_trf", "read_trf_file"]

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_INT = re.compile(r"[0-9]+")
_DECIMAL = re.compile(r"-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")
_NRS_CODE = re.compile(r"[A-Z]{3}")
_BB_CODES = ("BBW", "BBD", "BBL", "BBZ", "BBF", "BBU")


class _Report:
    """Collects problems; in strict mode the first error is raised as :class:`TrfError`."""

    def __init__(self, *, strict: bool) -> None:
        self.strict = strict
        self.problems: list[TrfProblem] = []
        self.line = 0

    def error(self, column: int, message: str) -> None:
        problem = TrfProblem(line=self.line, column=column, message=message)
        self.problems.append(problem)
        if self.strict:
            raise TrfError([problem])

    def warn(self, column: int, message: str) -> None:
        self.problems.append(
            TrfProblem(line=self.line, column=column, message=message, severity="warning")
        )


def read_trf(data: str | bytes, *, strict: bool = False) -> tuple[TrfDocument, list[TrfProblem]]:
    """Parse a TRF16 / TRF-2026 / TRFx file.

    Bytes are decoded as UTF-8 (a leading byte-order mark is removed); bytes that are not
    UTF-8 are decoded as Windows-1252 (Latin-1 for its five undefined bytes) and a warning
    says so. Lines may end in LF, CRLF or a bare CR.

    :param strict: raise :class:`TrfError` at the first *error* (warnings never raise).
    :returns: the document and every problem found, in line order.

    >>> doc, problems = read_trf("012 Demo\\n001    1 m    Doe, Jane   \\n")
    >>> doc.header("012"), doc.players[0].name, problems
    ('Demo', 'Doe, Jane', [])
    """
    report = _Report(strict=strict)
    text = _decode(data, report)
    lines = _LINE_BREAK.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    records: list[Record] = []
    for number, line in enumerate(lines, start=1):
        report.line = number
        records.append(_read_line(line, report))
    return TrfDocument(records=tuple(records)), report.problems


def read_trf_file(
    path: str | Path, *, strict: bool = False
) -> tuple[TrfDocument, list[TrfProblem]]:
    """Read a TRF file from disk; see :func:`read_trf`."""
    return read_trf(Path(path).read_bytes(), strict=strict)


def _decode(data: str | bytes, report: _Report) -> str:
    if isinstance(data, str):
        return data.removeprefix("\ufeff")
    if data.startswith(b"\xef\xbb\xbf"):
        report.line = 1
        report.warn(1, "UTF-8 byte-order mark removed (bbpPairings would not read line 1)")
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as bad:
        before = _LINE_BREAK.split(data[: bad.start].decode("utf-8"))
        report.line = len(before)
        report.warn(len(before[-1]) + 1, "not valid UTF-8; file read as Windows-1252/Latin-1")
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _read_line(line: str, report: _Report) -> Record:
    if not line.strip():
        return Blank()
    if line.startswith("#"):
        return Comment(text=line)
    code = line[:3]
    try:
        if code == "001":
            return _player(line, report)
        if code in FREE_TEXT_HEADERS:
            return Header(code=code, value=_value(line, report).rstrip())
        if code in _PARSERS:
            return _PARSERS[code](line, report)
        if code in _BB_CODES:
            return PointsLine(code=code, values=((code[2], _decimal(_value(line, report), 5)),))
        if code in OPAQUE_CODES:
            return OpaqueRecord(code=code, text=line)
        if _NRS_CODE.fullmatch(code) and _INT.fullmatch(line[4:8].strip()):
            return _national_rating(line)
    except FieldError as bad:
        report.error(bad.column, f"{code} line: {bad.message}; line kept as it is")
        return Unrecognised(text=line)
    report.warn(1, f"unknown record identifier {code!r}; line kept as it is")
    return Unrecognised(text=line)


def _value(line: str, report: _Report) -> str:
    """The text from column 5 (column 4 is the blank after the identifier)."""
    if len(line) > 3 and line[3] != " ":
        report.warn(4, "column 4 should be blank")
        return line[3:]
    return line[4:]


def _int(text: str, column: int, what: str) -> int:
    stripped = text.strip()
    if not (stripped.isascii() and stripped.isdigit()):  # [0-9]+: isdigit alone takes "²"
        raise FieldError(column, f"{what} {stripped!r} is not a whole number")
    return int(stripped)


def _optional_int(text: str, column: int, what: str) -> int | None:
    return _int(text, column, what) if text.strip() else None


def _decimal(text: str, column: int, what: str = "points value", width: int = 4) -> Decimal:
    """A points value; it must fit ``width`` columns as TRF writes it (``11.5``)."""
    stripped = text.strip()
    if not _DECIMAL.fullmatch(stripped):
        raise FieldError(column, f"{what} {stripped!r} is not a number like 1.5")
    value = Decimal(stripped)
    if points_text(value, width) is None:
        raise FieldError(column, f"{what} {stripped!r} does not fit {width} columns")
    return value


def _optional_decimal(text: str, column: int, what: str) -> Decimal | None:
    return _decimal(text, column, what) if text.strip() else None


def _ids(tokens: list[str], column: int) -> tuple[PairingNumber, ...]:
    return tuple(_number(token, column, "player id") for token in tokens)


def _number(text: str, column: int, what: str) -> PairingNumber:
    """A pairing number (TPN) in its 4 columns."""
    return PairingNumber(_bounded(text, column, what, 9999))


def _bounded(text: str, column: int, what: str, largest: int) -> int:
    """A number that must fit its columns: ids have 4 (≤ 9999), rounds 3 (≤ 999)."""
    value = _int(text, column, what)
    if value > largest:
        raise FieldError(column, f"{what} {value} is larger than {largest}")
    return value


def _player(line: str, report: _Report) -> Record:
    padded = line.ljust(91)
    pairing_no = PairingNumber(_int(padded[4:8], 5, "pairing number"))
    if pairing_no == 0:
        raise FieldError(5, "pairing number 0 is not allowed (1-9999)")
    rating = _optional_int(padded[48:52], 49, "rating") or None
    shifted = padded[79] != " " and padded[69] == " "
    if _gaps(padded) != _BLANK_GAPS:
        for column in _PLAYER_GAPS:
            if padded[column - 1] != " " and not (shifted and column == 80):
                report.warn(
                    column, f"column {column} should be blank; {padded[column - 1]!r} ignored"
                )
    return Player(
        pairing_no=pairing_no,
        sex=padded[9].strip(),
        title=padded[10:13].strip(),
        name=padded[14:47].strip(),
        rating=rating,
        federation=padded[53:56].strip(),
        fide_id=_fide_id(padded[57:68]),
        birth_date=_birth_date(padded, shifted, report),
        points=_optional_decimal(padded[80:84], 81, "points"),
        rank=_optional_int(padded[85:89], 86, "rank"),
        rounds=_rounds(line, report),
    )


_PLAYER_GAPS = (4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91)
"""Columns of the static part of a ``001`` line that separate fields (trf.md §4.1)."""

_gaps = itemgetter(*(column - 1 for column in _PLAYER_GAPS))
"""The characters in those columns, read in one step: on most lines they are all blank."""

_BLANK_GAPS = (" ",) * len(_PLAYER_GAPS)


def _fide_id(text: str) -> int | None:
    stripped = text.strip()
    if not stripped or set(stripped) == {"-"}:
        return None
    return _int(stripped, 58, "FIDE ID") or None


def _birth_date(padded: str, shifted: bool, report: _Report) -> str:
    # One hand-written TRF-2026 file shifts the date one column right (trf.md §8.4).
    if shifted:
        report.warn(71, "birth date written in columns 71-80 instead of 70-79")
        return padded[70:80].strip()
    return padded[69:79].strip()


def _rounds(line: str, report: _Report) -> tuple[RoundEntry, ...]:
    """The blocks from column 92, ten columns each (the last one padded with blanks)."""
    grid = line[91:]
    grid += " " * (-len(grid) % 10)
    entries = []
    for offset in range(0, len(grid), 10):
        block = grid[offset : offset + 10]
        entry = _CLEAN_BLOCKS.get(block)
        entries.append(entry if entry is not None else _round_entry(block, 91 + offset, report))
    while entries and entries[-1].is_blank:
        entries.pop()
    return tuple(entries)


def _round_entry(block: str, start: int, report: _Report) -> RoundEntry:
    """The block's entry, read and then kept by its text when it has no remark: a file
    repeats the same few hundred blocks (``  12 w 1  ``) on every line."""
    remarks = len(report.problems)
    found = _read_round_entry(block, start, report)
    if len(report.problems) == remarks and len(_CLEAN_BLOCKS) < _CLEAN_BLOCKS_KEPT:
        _CLEAN_BLOCKS[block] = found
    return found


_CLEAN_BLOCKS: dict[str, RoundEntry] = {}
_CLEAN_BLOCKS_KEPT = 20_000
"""At most this many blocks are kept (about 3 MB; the blocks of fields up to a few hundred
players), so that a server reading files for months holds a bounded table."""


def _read_round_entry(block: str, start: int, report: _Report) -> RoundEntry:
    round_no = (start - 91) // 10 + 1
    for offset in (4, 6, 8, 9):
        if block[offset] != " ":
            raise FieldError(start + offset + 1, f"round {round_no}: column should be blank")
    opponent_text = block[:4].strip()
    opponent = _int(opponent_text, start + 1, f"round {round_no} opponent") if opponent_text else 0
    colour = block[5] if block[5] != " " else "-"
    if colour not in COLOURS:
        report.error(start + 6, f"round {round_no}: colour {colour!r} is not w, b or -")
    result = block[7].upper() if block[7].isascii() else block[7]
    result = "" if result == " " else result
    if result and result not in RESULT_CODES:
        report.error(start + 8, f"round {round_no}: result code {block[7]!r} is unknown")
    elif result == "X":
        report.warn(start + 8, f"round {round_no}: result X (unknown result) is not a TRF16 code")
    return RoundEntry(opponent=PairingNumber(opponent) or None, colour=colour, result=result)


def _national_rating(line: str) -> NationalRating:
    padded = line.ljust(80)
    return NationalRating(
        federation=line[:3],
        pairing_no=PairingNumber(_int(padded[4:8], 5, "pairing number")),
        sex=padded[9].strip(),
        classification=padded[10:13].strip(),
        name=padded[14:47].strip(),
        rating=_optional_int(padded[48:52], 49, "national rating"),
        origin=padded[53:56].strip(),
        national_id=padded[57:68].strip(),
        birth_date=padded[69:79].strip(),
    )


def _total_rounds(line: str, report: _Report) -> Record:
    tokens = _value(line, report).split()
    if len(tokens) != 1:
        raise FieldError(5, "expected one number of rounds")
    rounds = _int(tokens[0], 5, "number of rounds")
    return TotalRounds(code="XXR" if line.startswith("XXR") else "142", rounds=rounds)


def _engine_options(line: str, report: _Report) -> Record:
    return EngineOptions(words=tuple(_value(line, report).split()))


def _initial_colour(line: str, report: _Report) -> Record:
    colour = _value(line, report).strip()
    if colour not in ("W", "B"):
        raise FieldError(5, f"initial colour {colour!r} is not W or B")
    return InitialColour(colour=colour)


def _xxs(line: str, report: _Report) -> Record:
    values = []
    for token in _value(line, report).split():
        code, equals, points = token.partition("=")
        if not equals or not code:
            raise FieldError(5, f"{token!r} is not CODE=POINTS")
        values.append((code.upper(), _decimal(points, 5, width=12)))
    return PointsLine(code="XXS", values=tuple(values))


_CODE_POINTS = re.compile(r"\s*([A-Z])\s*(\S+)")


def _point_grid(line: str, report: _Report) -> Record:
    """``162``: a code letter then points, repeated on a 9-column stride."""
    text = _value(line, report)
    values = []
    position = 0
    while text[position:].strip():
        match = _CODE_POINTS.match(text, position)
        if match is None:
            raise FieldError(5 + position, "expected a point code letter followed by points")
        values.append((match.group(1), _decimal(match.group(2), 5 + match.start(2))))
        position = match.end()
    return PointsLine(code="162", values=tuple(values))


def _xxa(line: str, report: _Report) -> Record:
    padded = line.ljust(8)
    points = []
    for start in range(9, len(line), 5):
        points.append(_optional_decimal(line[start : start + 4], start + 1, "acceleration"))
    while points and points[-1] is None:
        points.pop()
    player = PairingNumber(_int(padded[4:8], 5, "player id"))
    return XxaAcceleration(pairing_no=player, points=tuple(points))


def _accelerated_rounds(line: str, report: _Report) -> Record:
    padded = line.ljust(31)
    return AcceleratedRounds(
        match_points=_optional_decimal(padded[4:8], 5, "match points"),
        game_points=_optional_decimal(padded[9:13], 10, "game points"),
        first_round=_bounded(padded[14:17], 15, "first round", 999),
        last_round=_bounded(padded[18:21], 19, "last round", 999),
        first_id=PairingNumber(_int(padded[22:26], 23, "first id")),
        last_id=PairingNumber(_int(padded[27:31], 28, "last id")),
    )


def _xxp(line: str, report: _Report) -> Record:
    return ForbiddenPairs(code="XXP", ids=_ids(_value(line, report).split(), 5))


def _prohibited(line: str, report: _Report) -> Record:
    tokens = _value(line, report).split()
    if len(tokens) < 2:
        raise FieldError(5, "expected a first and a last round")
    return ForbiddenPairs(
        code="260",
        first_round=_bounded(tokens[0], 5, "first round", 999),
        last_round=_bounded(tokens[1], 9, "last round", 999),
        ids=_ids(tokens[2:], 13),
    )


def _xxz(line: str, report: _Report) -> Record:
    return XxzAbsent(ids=_ids(_value(line, report).split(), 5))


def _byes(line: str, report: _Report) -> Record:
    padded = line.ljust(5)
    tokens = padded[5:].split()
    if not tokens:
        raise FieldError(7, "expected a round number")
    return ByeRecord(
        kind=padded[4].strip(),
        round_no=_bounded(tokens[0], 7, "round", 999),
        ids=_ids(tokens[1:], 11),
    )


def _abnormal_points(line: str, report: _Report) -> Record:
    """``299``: read by tokens, since two column layouts circulate (trf.md §5.2)."""
    padded = line.ljust(5)
    tokens = padded[5:].split()
    points = [_decimal(t, 8) for t in tokens if "." in t]
    integers = [t for t in tokens if "." not in t]
    if len(points) + len(integers) != len(tokens) or len(points) > 2:
        raise FieldError(6, "expected up to two point values, a round and player ids")
    match_points = points[0] if len(points) == 2 else None
    game_points = points[-1] if points else None
    round_no = _bounded(integers[0], 20, "round", 999) if integers else None
    return AbnormalPoints(
        kind=padded[4].strip(),
        match_points=match_points,
        game_points=game_points,
        round_no=round_no or None,
        ids=_ids(integers[1:], 24),
    )


_PARSERS = {
    "XXR": _total_rounds,
    "142": _total_rounds,
    "XXC": _engine_options,
    "152": _initial_colour,
    "XXS": _xxs,
    "162": _point_grid,
    "XXA": _xxa,
    "250": _accelerated_rounds,
    "XXP": _xxp,
    "260": _prohibited,
    "XXZ": _xxz,
    "240": _byes,
    "299": _abnormal_points,
}
