"""Code tables of the TRF formats and what a round block means (trf.md §3-§6).

These tables are the single place where a record identifier or a result letter gets its
meaning; the reader, the validator, the writer and the mapping all look them up here.
"""

from __future__ import annotations

import enum
from decimal import Decimal

from trf.model import RoundEntry

__all__ = [
    "COLOURS",
    "FREE_TEXT_HEADERS",
    "GAME_RESULTS",
    "OPAQUE_CODES",
    "PLAYED_RESULTS",
    "RESULT_CODES",
    "STRUCTURED_CODES",
    "TITLES",
    "EntryKind",
    "entry_kind",
    "normalise_title",
    "points_text",
]

FREE_TEXT_HEADERS = frozenset(
    {
        # TRF16 tournament tags (§3)
        "012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122",
        "132",
        # TRF-2026 tags kept as text (§5.1); 142, 152 and 162 have their own records
        "172", "182", "192", "202", "212", "222", "352", "362",
    }
)  # fmt: skip
"""Identifiers whose value is free text from column 5."""

OPAQUE_CODES = frozenset(
    {
        "013", "300", "310", "320", "330", "801", "802",  # team records (§4.4, §5.2)
        "DAT", "XRS",  # Tornelo
        "TNR", "ACC", "BYE", "FOR",  # CPPDubovSystem private lines
    }
)  # fmt: skip
"""Known identifiers that are kept verbatim and not interpreted (see OpaqueRecord)."""

STRUCTURED_CODES = frozenset(
    {
        "001", "XXR", "142", "XXC", "152", "XXS", "162", "XXA", "250", "XXP", "260", "XXZ",
        "240", "299", "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU",
    }
)  # fmt: skip
"""Identifiers read into fields; such a line the reader had to keep verbatim is broken."""

RESULT_CODES = frozenset("1=0WDL+-HFUZX")
"""Result letters of §4.3, upper-cased; ``X`` (unknown result) is TRF-2026's ``162`` code."""

PLAYED_RESULTS = frozenset("1=0WDL")
"""Results of a game that took place (``W``/``D``/``L``: under one move, still played)."""

GAME_RESULTS = frozenset(
    {
        ("1", "0"), ("0", "1"), ("=", "="),
        ("0", "0"), ("=", "0"), ("0", "="),  # results an arbiter may impose (both lose, …)
        ("W", "L"), ("L", "W"), ("D", "D"),  # under one move
        ("X", "X"),
        ("+", "-"), ("-", "+"), ("-", "-"),  # forfeits, double forfeit
        ("", ""),  # published pairing, result pending
    }
)  # fmt: skip
"""(this side, other side) result pairs that can stand on the two lines of one pairing."""

COLOURS = frozenset("wb-")
"""Valid colour characters after a blank has been read as ``-``."""

TITLES: dict[str, str] = {
    "GM": "GM", "IM": "IM", "FM": "FM", "CM": "CM",
    "WGM": "WGM", "WIM": "WIM", "WFM": "WFM", "WCM": "WCM",
    # Swiss-Chess style letters seen in the JaVaFo sample and older exports (§4.1)
    "G": "GM", "M": "IM", "F": "FM", "C": "CM",
    "WG": "WGM", "WM": "WIM", "WF": "WFM", "WC": "WCM",
}  # fmt: skip
"""Every title spelling seen in real files, upper-cased, mapped to the FIDE abbreviation."""


def normalise_title(title: str) -> str | None:
    """The FIDE abbreviation for a title as written, None when it is not a known title.

    >>> normalise_title("g"), normalise_title("WIM"), normalise_title("")
    ('GM', 'WIM', None)
    """
    return TITLES.get(title.strip().upper())


def points_text(points: Decimal, width: int = 4) -> str | None:
    """Points as TRF writes them (``11.5``, one decimal), or None if they cannot fit ``width``.

    Values that need more room drop the decimal (``9999``) or keep their own (``1.25``).

    >>> points_text(Decimal("3")), points_text(Decimal("1.25")), points_text(Decimal("9999"))
    ('3.0', '1.25', '9999')
    >>> points_text(Decimal("100.5")) is None
    True
    """
    one_decimal = points.quantize(Decimal("0.1")) if points.is_finite() else None
    if one_decimal == points and len(text := f"{one_decimal:.1f}") <= width:
        return text
    text = format(points.normalize(), "f")
    return text if len(text) <= width else None


class EntryKind(enum.Enum):
    """What one round block says for its player, read on its own (trf.md §4.3 table)."""

    NONE = "none"
    """Nothing entered (blank block, or no opponent and a blank result): scored as ``Z``."""
    PLAYED = "played"
    FORFEIT_WIN = "forfeit-win"
    FORFEIT_LOSS = "forfeit-loss"
    """Opponent named, result ``-`` (a double forfeit when the opponent also has ``-``)."""
    PENDING = "pending"
    """Opponent and colour, no result yet: a published pairing (ITDX); not for engines."""
    PAB = "pab"
    FULL_BYE = "full-bye"
    HALF_BYE = "half-bye"
    ZERO_BYE = "zero-bye"
    FULL_UNPLAYED = "full-unplayed"
    """``0000 - +``: a full-point unplayed round, PAB or full-point bye not said."""
    INVALID = "invalid"


_BYE_KINDS = {
    "U": EntryKind.PAB,
    "F": EntryKind.FULL_BYE,
    "H": EntryKind.HALF_BYE,
    "=": EntryKind.HALF_BYE,
    "Z": EntryKind.ZERO_BYE,
    "-": EntryKind.ZERO_BYE,
    "+": EntryKind.FULL_UNPLAYED,
    "": EntryKind.NONE,
}


def entry_kind(entry: RoundEntry) -> EntryKind:
    """Classify a round block as the mapping table of trf.md §4.3 does.

    >>> entry_kind(RoundEntry(opponent=4, colour="w", result="1")).value
    'played'
    >>> entry_kind(RoundEntry(result="U")).value
    'pab'
    >>> entry_kind(RoundEntry(opponent=4, colour="-", result="1")).value
    'invalid'
    """
    if entry.colour not in COLOURS:
        return EntryKind.INVALID
    if entry.opponent is None:
        if entry.colour != "-":
            return EntryKind.INVALID
        return _BYE_KINDS.get(entry.result, EntryKind.INVALID)
    if entry.result == "+":
        return EntryKind.FORFEIT_WIN
    if entry.result == "-":
        return EntryKind.FORFEIT_LOSS
    if entry.colour == "-":
        return EntryKind.INVALID
    if entry.result in PLAYED_RESULTS or entry.result == "X":
        return EntryKind.PLAYED
    if entry.result == "":
        return EntryKind.PENDING
    return EntryKind.INVALID
