"""The team lists of ``013`` (TRF16) and ``310`` (TRF-2026) lines, read on demand.

Team records stay :class:`~trf.model.OpaqueRecord` in the document, so a file round-trips
whatever their numeric middle fields hold (they differ between the TEC's 2025 sample and
TRF-2026); what an individual-Swiss program needs from them, the name and the members' pairing
numbers, sits in columns every writer agrees on (trf.md §4.4).
"""

from __future__ import annotations

import msgspec

from engine.model import PairingNumber
from trf.model import OpaqueRecord

__all__ = ["Team", "read_team"]


class Team(msgspec.Struct, frozen=True, kw_only=True):
    """A team as a ``013`` or ``310`` line lists it."""

    code: str
    name: str
    members: tuple[PairingNumber, ...] = ()
    team_no: int | None = None
    """``310`` only: the team's pairing number (columns 5-7)."""
    nickname: str = ""
    """``310`` only: columns 42-46."""


def read_team(record: OpaqueRecord) -> Team | None:
    """The team a ``013``/``310`` record lists; None for other records or unreadable numbers.

    >>> read_team(OpaqueRecord(code="013", text="013 Example" + " " * 25 + "   1    2"))
    Team(code='013', name='Example', members=(1, 2), team_no=None, nickname='')
    """
    text = record.text
    if record.code == "013":
        members = _grid(text, 36)
        return (
            None if members is None else Team(code="013", name=text[4:36].strip(), members=members)
        )
    if record.code == "310":
        members = _grid(text, 73)
        number = text[4:7].strip()
        if members is None or not number.isascii() or not number.isdigit():
            return None
        return Team(
            code="310",
            name=text[8:40].strip(),
            members=members,
            team_no=int(number),
            nickname=text[41:46].strip(),
        )
    return None


def _grid(text: str, start: int) -> tuple[PairingNumber, ...] | None:
    """Pairing numbers in 4-column fields on a 5-column stride from ``start`` (0-based)."""
    fields = [text[i : i + 4].strip() for i in range(start, len(text), 5)]
    if not all(field.isascii() and field.isdigit() for field in fields if field):
        return None
    return tuple(PairingNumber(int(field)) for field in fields if field)
