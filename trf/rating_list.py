"""FIDE players lists (spec/fide-rating-list.md), read as a stream of directory rows.

Both layouts FIDE publishes, zipped or not: the fixed-width TXT, whose header's words mark
where each column starts (read by those positions, never by fixed offsets, since the layout
has changed over the years), and the XML, read a megabyte at a time, each ``player`` by one
regular expression (expat reads, and checks, anything else). A real list holds about 1.5
million players; nothing here holds more than a megabyte's worth.

>>> import pathlib, tempfile
>>> path = pathlib.Path(tempfile.mkdtemp()) / "standard_sep26frl.txt"
>>> _ = path.write_text("ID Number".ljust(15) + "Name".ljust(20) + "Fed SEP26\\n"
...                     + "1503014".ljust(15) + "Carlsen, Magnus".ljust(20) + "NOR 2830\\n")
>>> ratings = open_rating_list(path)
>>> ratings.layout, ratings.month, ratings.kind
('txt', '2026-09', 'standard')
>>> [(p.fide_id, p.name, p.federation, p.standard) for p in ratings]
[(1503014, 'Carlsen, Magnus', 'NOR', 2830)]
"""

from __future__ import annotations

import codecs
import functools
import io
import operator
import re
import zipfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Literal, cast
from xml.parsers import expat

from events.directory import DirectoryPlayer, RatingKind

__all__ = ["RatingList", "RatingListError", "open_rating_list"]

_MONTHS = ("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC")
_MONTH_TOKEN = re.compile(rf"({'|'.join(_MONTHS)})([0-9]{{2}})", re.IGNORECASE)
_TITLES = {
    "GM": "GM", "IM": "IM", "FM": "FM", "CM": "CM",
    "WGM": "WGM", "WIM": "WIM", "WFM": "WFM", "WCM": "WCM",
    # single-letter codes of some files (spec/fide-rating-list.md, "Tit")
    "G": "GM", "I": "IM", "F": "FM", "C": "CM", "WG": "WGM", "WI": "WIM", "WF": "WFM", "WC": "WCM",
}  # fmt: skip
_TXT_COLUMNS = {
    "ID Number": "fide_id", "Name": "name", "Fed": "federation", "Sex": "sex",
    "Tit": "title", "WTit": "women_title", "OTit": "other_titles",
    "SRtng": "standard", "SGm": "standard_games", "SK": "standard_k",
    "RRtng": "rapid", "RGm": "rapid_games", "RK": "rapid_k", "Rk": "rapid_k",
    "BRtng": "blitz", "BGm": "blitz_games", "BK": "blitz_k", "B-day": "birth_year", "Flag": "flag",
}  # fmt: skip
"""Header word -> directory field; other columns (FOA) are not kept."""
_SINGLE_LIST_COLUMNS = {"Gms": "_games", "K": "_k"}
"""A single list's games and K columns: the field is the list's time control's."""
_XML_LAYOUT = (
    "fideid", "name", "country", "sex", "title", "w_title", "o_title", "foa_title",
    "rating", "games", "k", "rapid_rating", "rapid_games", "rapid_k",
    "blitz_rating", "blitz_games", "blitz_k", "birthday", "flag",
)  # fmt: skip
"""A player's elements in the order FIDE writes them."""
_XML_FIELDS = {  # in DirectoryPlayer order
    "fideid": "fide_id", "name": "name", "country": "federation", "sex": "sex",
    "title": "title", "w_title": "women_title", "o_title": "other_titles",
    "rating": "standard", "games": "standard_games", "k": "standard_k",
    "rapid_rating": "rapid", "rapid_games": "rapid_games", "rapid_k": "rapid_k",
    "blitz_rating": "blitz", "blitz_games": "blitz_games", "blitz_k": "blitz_k",
    "birthday": "birth_year", "flag": "flag",
}  # fmt: skip


_FIELDS = DirectoryPlayer._fields
_NUMBERS = tuple(
    f
    for f in _FIELDS
    if f not in ("name", "federation", "sex", "title", "women_title", "other_titles", "flag")
)
_XML_INDEX = {tag: _FIELDS.index(field) for tag, field in _XML_FIELDS.items()}
_XML_TEXT = "[^<&\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]*"
"""Text that is XML as it stands, with no entity: a player whose text is not goes to expat."""
_XML_PLAYER = re.compile(
    r"\s*<player>"
    + "".join(
        rf"\s*<{tag}(?:\s*/>|>({'' if tag in _XML_FIELDS else '?:'}{_XML_TEXT})</{tag}>)"
        for tag in _XML_LAYOUT
    )
    + r"\s*</player>"
)
"""One ``player`` element as FIDE writes it (blanks between elements, empty ones either way);
its groups are the kept fields, in :class:`DirectoryPlayer` order as FIDE's order keeps them."""
_XML_ENCODING = re.compile(r"""^<\?xml[^>]*encoding=["']([A-Za-z0-9._-]+)["']""")
_SEX = {"M": "m", "F": "f", "m": "m", "f": "f"}


class RatingListError(ValueError):
    """A players list that cannot be read, naming the line (TXT) or player (XML) and field.
    Invalid input at both edges (HTTP ``status``, CLI ``exit_code``)."""

    status = 422
    exit_code = 3


@dataclass
class RatingList:
    """One players list file: iterate it for its players (once; it is read as it goes).

    ``month`` (``YYYY-MM``) is known when the file says it: a single list's header
    (``SEP26``) or FIDE's file name (``standard_sep26frl.zip``). ``encoding`` is an XML
    file's declared one; a TXT file's is ``utf-8`` until a line is not, from which line on
    the file is read as Latin-1 (older files).
    """

    path: Path
    layout: Literal["txt", "xml"]
    member: str | None
    """The file inside the ZIP archive, if zipped."""
    month: str | None
    kind: RatingKind | None
    """The one time control of a single list (its rating column is named by the month)."""
    encoding: str = "utf-8"

    def __iter__(self) -> Iterator[DirectoryPlayer]:
        with self._open() as raw:
            if self.layout == "xml":
                yield from self._xml(raw)
            else:
                yield from self._txt(raw)

    @contextmanager
    def _open(self) -> Iterator[IO[bytes]]:
        if self.member is None:
            with self.path.open("rb") as raw:
                yield raw
            return
        with zipfile.ZipFile(self.path) as archive, archive.open(self.member) as member:
            # zipfile reads lines in Python; a buffer over it splits them in C (3x faster). The
            # member reads into a buffer as a raw stream does, which is all the buffer asks.
            yield io.BufferedReader(cast(io.RawIOBase, member), buffer_size=1 << 20)

    def _txt(self, raw: IO[bytes]) -> Iterator[DirectoryPlayer]:
        stream = iter(raw)
        header = _decoded(next(stream, b""), self).rstrip("\r\n").removeprefix("\ufeff")
        spans = _txt_spans(header, self.kind)
        if spans[0] == (0, 0):
            raise RatingListError(f"{self.path}: line 1 is not a players list header: {header!r}")
        fields = operator.itemgetter(*(slice(start, end) for start, end in spans))
        strip = str.strip
        for number, data in enumerate(stream, start=2):
            # written out, not called: this loop runs a million and a half times per load
            try:
                line = data.decode(self.encoding)
            except UnicodeDecodeError:
                line = _decoded(data, self)
            if not line.isspace():
                yield _player(list(map(strip, fields(line))), self.path, number)

    def _xml(self, raw: IO[bytes]) -> Iterator[DirectoryPlayer]:
        """Players a megabyte at a time (blocks end at a ``</player>``, so none is cut in
        two), each read by one regular expression in FIDE's layout: in C, a fraction of the
        time of expat's Python callbacks for each of a player's twenty elements. Whatever the
        expression does not match (the prologue, the root's end, a player written another
        way) goes to expat, which reads its players and checks it; the players the
        expression matches are well-formed by its construction, so the file is exactly when
        what expat saw is."""
        rest = _Unmatched(self.path)
        count = 0
        line = 1  # where ``block`` starts
        pending = b""
        while chunk := raw.read(1 << 20):
            data = pending + chunk
            cut = data.rfind(b"</player>") + len(b"</player>")
            if cut < len(b"</player>"):
                pending = data
                continue
            block, pending = data[:cut], data[cut:]
            text = self._text(block, line)
            players: list[DirectoryPlayer] = []
            position = 0
            for match in _XML_PLAYER.finditer(text):
                if match.start() > position:
                    gap = text[position : match.start()]
                    at = functools.partial(_line, text, line, position)
                    players += rest.feed(gap, at, count + len(players))
                values = map(str.strip, match.groups(""))  # the kept fields, in order
                players.append(_player(list(values), self.path, count + len(players) + 1))
                position = match.end()
            at = functools.partial(_line, text, line, position)
            players += rest.feed(text[position:], at, count + len(players))
            count += len(players)
            line += text.count("\n")
            yield from players
        rest.feed(self._text(pending, line), lambda: line, count, final=True)  # the root's end

    def _text(self, block: bytes, line: int) -> str:
        try:
            return block.decode(self.encoding)
        except UnicodeDecodeError as error:
            where = line + block.count(b"\n", 0, error.start)
            raise RatingListError(
                f"{self.path}: line {where}: not {self.encoding}: {error.reason}"
            ) from None


def _line(text: str, first: int, position: int) -> int:
    """The line of ``text[position]``, ``text`` starting at line ``first``."""
    return first + text.count("\n", 0, position)


class _Unmatched:
    """expat over what the fast path of :meth:`RatingList._xml` leaves, in file order: it
    reads the players there with callbacks that keep only the directory's fields, and
    refuses what is not well-formed, naming the file's line."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.found: list[DirectoryPlayer] = []
        self.first = 1  # the number of the next player read
        parser = expat.ParserCreate()
        parser.buffer_text = True
        values: list[str] = []
        field: int | None = None

        def start(tag: str, _attributes: dict[str, str]) -> None:
            nonlocal values, field
            if tag == "player":
                values = [""] * len(_FIELDS)
            field = _XML_INDEX.get(tag)

        def end(tag: str) -> None:
            nonlocal field
            field = None
            if tag == "player":
                where = self.first + len(self.found)
                self.found.append(_player([v.strip() for v in values], self.path, where))

        def text(data: str) -> None:
            if field is not None:
                values[field] += data

        parser.StartElementHandler = start
        parser.EndElementHandler = end
        parser.CharacterDataHandler = text
        self.parser = parser

    def feed(
        self, text: str, line: Callable[[], int], before: int, *, final: bool = False
    ) -> list[DirectoryPlayer]:
        """The players of ``text``, which starts at the file's ``line()`` (worked out only
        for an error) after ``before`` players. Blanks between players are skipped: most
        of what the fast path leaves is those."""
        if text.isspace() and not final:
            return []
        self.first = before + 1
        seen = self.parser.CurrentLineNumber
        try:
            self.parser.Parse(text, final)
        except expat.ExpatError as error:
            raise RatingListError(
                f"{self.path}: not well-formed XML at line {line() + error.lineno - seen}, "
                f"after player {before + len(self.found)}: {expat.ErrorString(error.code)}"
            ) from None
        found, self.found = self.found, []
        return found


def open_rating_list(path: Path) -> RatingList:
    """A players list file, TXT or XML, zipped or not (the archive's one file is read).

    :raises RatingListError: when the archive holds no list, or the file is neither layout.
    """
    member = None
    if zipfile.is_zipfile(path):
        with zipfile.ZipFile(path) as archive:
            names = [n for n in archive.namelist() if n.lower().endswith((".txt", ".xml"))]
            if len(names) != 1:
                raise RatingListError(f"{path}: expected one .txt or .xml file in the archive")
            member = names[0]
            with archive.open(member) as raw:
                start = raw.read(4096)
    else:
        with path.open("rb") as raw:
            start = raw.read(4096)
    text = start.decode("latin-1").lstrip("\ufeff\ufffe\xef\xbb\xbf \r\n\t")
    if text.startswith("<"):
        layout: Literal["txt", "xml"] = "xml"
    elif text.startswith("ID"):
        layout = "txt"
    else:
        raise RatingListError(f"{path}: neither a TXT nor an XML players list")
    declared = _XML_ENCODING.match(text) if layout == "xml" else None
    name = declared.group(1) if declared else "utf-8"
    try:
        encoding = codecs.lookup(name).name
    except LookupError:
        raise RatingListError(f"{path}: unknown encoding {name!r}") from None
    header = text.splitlines()[0] if layout == "txt" else ""
    called = f"{path.name} {member or ''}".lower()
    month = _month(header) or _month(called)
    kind: RatingKind | None = None
    if layout == "txt" and _month(header) is not None:  # a single list
        kind = "rapid" if "rapid" in called else "blitz" if "blitz" in called else "standard"
    return RatingList(
        path=path, layout=layout, member=member, month=month, kind=kind, encoding=encoding
    )


def _month(text: str) -> str | None:
    """``SEP26`` (a single list's header, FIDE's file names) as ``2026-09``."""
    match = _MONTH_TOKEN.search(text)
    if match is None:
        return None
    return f"20{match.group(2)}-{_MONTHS.index(match.group(1).upper()) + 1:02d}"


def _txt_spans(header: str, kind: RatingKind | None) -> list[tuple[int, int]]:
    """(start, end) of each directory field's column, from where the header's words start;
    ``(0, 0)`` (an empty value) for a field the file does not have."""
    words = [(m.group(), m.start()) for m in re.finditer(r"ID Number|\S+", header)]
    ends = [start for _, start in words[1:]] + [10_000]
    spans = dict.fromkeys(_FIELDS, (0, 0))
    for (word, start), end in zip(words, ends, strict=True):
        field = _TXT_COLUMNS.get(word)
        if field is None and kind is not None and _MONTH_TOKEN.fullmatch(word):
            field = kind  # a single list names its rating column by the month
        elif kind is not None and word in _SINGLE_LIST_COLUMNS:
            field = kind + _SINGLE_LIST_COLUMNS[word]
        if field is not None:
            spans[field] = (start, end)
    return list(spans.values())


def _decoded(line: bytes, ratings: RatingList) -> str:
    """``line`` as UTF-8, else as Latin-1, from which line on the whole file is."""
    try:
        return line.decode(ratings.encoding)
    except UnicodeDecodeError:
        ratings.encoding = "latin-1"
    return line.decode("latin-1")


def _player(values: list[str], path: Path, number: int) -> DirectoryPlayer:
    """A directory row from the field texts, in :class:`DirectoryPlayer` order; ``number``
    is the TXT line or the XML player's position, named with the field in any error."""
    (
        fide_id,
        name,
        federation,
        sex,
        title,
        women,
        others,
        std,
        std_games,
        std_k,
        rpd,
        rpd_games,
        rpd_k,
        blz,
        blz_games,
        blz_k,
        year,
        flag,
    ) = values
    try:  # written out, not looped: this runs a million and a half times per load
        return DirectoryPlayer(
            int(fide_id), " ".join(name.split()), federation, _SEX.get(sex, ""),
            _TITLES.get(title.upper(), title) if title else "",
            _TITLES.get(women.upper(), women) if women else "", others,
            int(std) or None if std else None, int(std_games) if std_games else None,
            int(std_k) or None if std_k else None,
            int(rpd) or None if rpd else None, int(rpd_games) if rpd_games else None,
            int(rpd_k) or None if rpd_k else None,
            int(blz) or None if blz else None, int(blz_games) if blz_games else None,
            int(blz_k) or None if blz_k else None,
            int(year) or None if year else None, flag,
        )  # fmt: skip
    except ValueError:
        bad = next(
            (field, text)
            for field, text in zip(_FIELDS, values, strict=True)
            if field in _NUMBERS and not (text.isdigit() or (not text and field != "fide_id"))
        )
        where = f"line {number}" if path.suffix.lower() == ".txt" else f"player {number}"
        raise RatingListError(f"{path}: {where}: {bad[0]} {bad[1]!r} is not a number") from None
