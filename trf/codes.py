"""Code tables of the TRF formats and what a round block means (trf.md §3-§6).

These tables are the single place where a record identifier or a result letter gets its
meaning; the reader, the validator, the writer and the mapping all look them up here.
"""

from __future__ import annotations

from decimal import Decimal

from engine.model import Outcome, RoundKind
from trf.model import RoundEntry

__all__ = [
    "BLOCK_KINDS",
    "COLOURS",
    "FREE_TEXT_HEADERS",
    "GAME_RESULTS",
    "OPAQUE_CODES",
    "PLAYED_RESULTS",
    "RESULT_CODES",
    "STRUCTURED_CODES",
    "TITLES",
    "entry_kind",
    "normalise_title",
    "pending",
    "points_text",
    "result_code",
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
    one_decimal = points.quantize(_TENTH) if points.is_finite() else None
    if one_decimal == points and len(text := str(one_decimal)) <= width:
        return text  # with one decimal place ``str`` writes no exponent
    text = format(points.normalize(), "f")
    return text if len(text) <= width else None


_TENTH = Decimal("0.1")


_BYE_KINDS = {
    "U": RoundKind.PAB,
    "F": RoundKind.FULL_BYE,
    "H": RoundKind.HALF_BYE,
    "=": RoundKind.HALF_BYE,
    "Z": RoundKind.ZERO_BYE,
    "-": RoundKind.ZERO_BYE,
    "+": RoundKind.PAB,  # ``0000 - +``: a full point unplayed, PAB or bye not said (§4.3)
    "": RoundKind.NOT_PAIRED,
}
"""The result letter of a block without an opponent, read as the one vocabulary: bbpPairings
scores ``0000 - +`` as the PAB, and a blank block (nothing entered) is a round not paired."""


def entry_kind(entry: RoundEntry) -> RoundKind | None:
    """What a round block says for its player, as the mapping table of trf.md §4.3 reads it:
    a :class:`~engine.model.RoundKind`, or None for a block that says no round: a pairing
    without a result yet (:func:`pending`) or an invalid block.

    >>> entry_kind(RoundEntry(opponent=4, colour="w", result="1")).value
    'played'
    >>> entry_kind(RoundEntry(result="U")).value, entry_kind(RoundEntry()).value
    ('pab', 'not-paired')
    >>> entry_kind(RoundEntry(opponent=4, colour="-", result="1")) is None
    True
    """
    return BLOCK_KINDS.get((entry.opponent is not None, entry.colour, entry.result))


def _kind(paired: bool, colour: str, result: str) -> RoundKind | None:
    """The rule :func:`entry_kind` applies to a block with or without an opponent."""
    if not paired:
        return _BYE_KINDS.get(result) if colour == "-" else None
    if result == "+":
        return RoundKind.FORFEIT_WIN
    if result == "-":
        return RoundKind.FORFEIT_LOSS
    if colour != "-" and (result in PLAYED_RESULTS or result == "X"):
        return RoundKind.PLAYED
    return None


BLOCK_KINDS: dict[tuple[bool, str, str], RoundKind] = {
    (paired, colour, result): kind
    for paired in (True, False)
    for colour in COLOURS
    for result in (*RESULT_CODES, "")
    if (kind := _kind(paired, colour, result)) is not None
}
"""Every block that says a round, by (has an opponent, colour, result): a file classifies
hundreds of blocks, and a look-up costs a third of applying the rule each time. A colour or
result outside these tables is invalid, so the blocks not listed say no round."""


_CODES: dict[Outcome | RoundKind, str] = {
    Outcome.WIN: "1",
    Outcome.DRAW: "=",
    Outcome.LOSS: "0",
    Outcome.FORFEIT_WIN: "+",
    Outcome.FORFEIT_LOSS: "-",
    RoundKind.PAB: "U",
    RoundKind.FULL_BYE: "F",
    RoundKind.HALF_BYE: "H",
    RoundKind.ZERO_BYE: "Z",
    RoundKind.NOT_PAIRED: "Z",
}


def result_code(round_: Outcome | RoundKind) -> str:
    """The result letter of a round block: the player's outcome of a paired board, or the
    kind of a round without one (a round not paired is written as a zero-point bye). With
    the block's opponent and colour, :func:`entry_kind` reads it back.

    >>> result_code(Outcome.DRAW), result_code(RoundKind.PAB)
    ('=', 'U')
    """
    return _CODES[round_]


def pending(entry: RoundEntry) -> bool:
    """A published pairing without its result (ITDX): an opponent and a colour, no result;
    not for engines.

    >>> pending(RoundEntry(opponent=4, colour="b")), pending(RoundEntry(opponent=4, colour="-"))
    (True, False)
    """
    return entry.opponent is not None and entry.colour in ("w", "b") and entry.result == ""
