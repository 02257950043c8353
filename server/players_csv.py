"""A list of players as CSV, read into one all-or-nothing registration.

Columns are found by their header, in any order and case, spaces, ``_`` and ``-`` ignored:
``name`` ("Surname, Given name") or ``surname`` and ``given name``; ``fide id``, ``rating``,
``title``, ``federation`` (or ``fed``), ``sex``, ``birth date`` (YYYY-MM-DD), ``club``.
Every problem is reported with its line number (the header is line 1), and none is written
unless there is none.

>>> command = read_players_csv(b"Name,Rating,FIDE id\\n\\"Polgar, Judit\\",2675,700070\\n")
>>> command.entries[0].given_name, command.entries[0].rating, command.lines
('Judit', 2675, (2,))
"""

from __future__ import annotations

import csv
import io
from datetime import date
from typing import Any

import msgspec

from engine.messages import Message
from events.bounds import in_words
from events.decisions import RegisterMany, RegisterPlayer
from events.errors import InvalidCommand
from events.names import parse_name

__all__ = ["COLUMNS", "read_players_csv"]

COLUMNS = {
    "name": "name",
    "surname": "surname",
    "givenname": "given_name",
    "fideid": "fide_id",
    "rating": "rating",
    "title": "title",
    "federation": "federation",
    "fed": "federation",
    "sex": "sex",
    "birthdate": "birth_date",
    "club": "club",
}
"""Normalised header -> the registration field it fills."""


def _key(header: str) -> str:
    return "".join(c for c in header.casefold() if c.isalnum())


def read_players_csv(data: bytes) -> RegisterMany:
    """The registration of every player in ``data`` (UTF-8, with or without a BOM).

    :raises InvalidCommand: listing every problem as ``problems``: ``{"line", "message"}``.
    """
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise _refused([(0, f"not UTF-8 text (byte {error.start})")]) from None
    rows = csv.reader(io.StringIO(text, newline=""))
    header = next(rows, None)
    if header is None:
        raise _refused([(1, Message("the file is empty; the first line names the columns"))])
    fields: list[str | None] = []
    problems: list[tuple[int, str]] = []
    for title in header:
        field = COLUMNS.get(_key(title))
        if field is None and title.strip():
            problems.append((1, Message("unknown column %(title)s", title=repr(title.strip()))))
        fields.append(field)
    if "name" not in fields and "surname" not in fields:
        problems.append((1, Message("no 'name' (or 'surname') column")))
    if problems:
        raise _refused(problems)
    entries: list[RegisterPlayer] = []
    lines: list[int] = []
    for row in rows:
        line = rows.line_num
        if not any(cell.strip() for cell in row):
            continue
        if len(row) > len(fields):
            problems.append((line, Message("%(cells)s cells, but the header names %(columns)s",
                                           cells=len(row), columns=len(fields))))  # fmt: skip
            continue
        try:
            entries.append(_entry(dict(zip((f for f in fields), row, strict=False))))
            lines.append(line)
        except (ValueError, msgspec.ValidationError) as error:
            problems.append((line, error.args[0] if error.args else str(error)))
    if problems:
        raise _refused(problems)
    return RegisterMany(entries=tuple(entries), lines=tuple(lines))


def _entry(cells: dict[str | None, str]) -> RegisterPlayer:
    values: dict[str, Any] = {
        field: cell.strip() for field, cell in cells.items() if field and cell.strip()
    }
    if "name" in values:
        values["surname"], values["given_name"] = parse_name(values.pop("name"))
    if "surname" not in values:
        raise ValueError(Message("the name is empty"))
    for number in ("fide_id", "rating"):
        if number in values:
            if not values[number].isdigit():
                raise ValueError(Message("%(column)s %(value)s is not a number",
                                         column=_COLUMN_NAMES[number], value=repr(values[number])))  # fmt: skip
            values[number] = int(values[number])
    if "title" in values:
        values["title"] = values["title"].upper()
    if "federation" in values:
        values["federation"] = values["federation"].upper()
    if "sex" in values:
        values["sex"] = values["sex"].lower()
    if "birth_date" in values:
        try:
            values["birth_date"] = date.fromisoformat(values["birth_date"])
        except ValueError:
            raise ValueError(Message("birth date %(value)s is not YYYY-MM-DD",
                                     value=repr(values["birth_date"]))) from None  # fmt: skip
    try:
        return msgspec.convert(values, RegisterPlayer)
    except msgspec.ValidationError as error:  # a bound of events.bounds: name the cell
        message, _, path = str(error).partition(" - at `$.")
        field = path.rstrip("`")
        raise ValueError(Message("%(column)s %(value)s: %(reason)s", column=field.replace("_", " "),
                                 value=repr(values.get(field)), reason=in_words(message))) from None  # fmt: skip


def _refused(problems: list[tuple[int, str]]) -> InvalidCommand:
    listed = tuple(Message("line %(line)s: %(message)s", line=line, message=message)
                   for line, message in problems)  # fmt: skip
    return InvalidCommand(
        Message("nobody registered: %(listed)s", listed=listed),
        field="players",
        problems=[{"line": line, "message": message} for line, message in problems],
    )


_COLUMN_NAMES = {"fide_id": Message("FIDE id"), "rating": Message("rating")}
"""The number columns as a refusal names them."""
