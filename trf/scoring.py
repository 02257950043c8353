"""The point system a TRF file declares, and the points each round block is worth.

Three notations say the same thing for different engines (trf.md §5.1, §6.1, §6.2): JaVaFo's
``XXS`` (``WW=1.0 … PAB=1.0``), TRF-2026's ``162`` (``W 3.0 D 1.0 …``) and bbpPairings'
``BBW``/``BBD``/… lines. They are applied in file order, later values overriding earlier ones,
so a file that states one system in several notations gets that system.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from typing import NamedTuple

import msgspec

from engine.model import PointSystem, RoundKind
from trf.codes import BLOCK_KINDS, entry_kind
from trf.model import Player, PointsLine, RoundEntry, RoundNo, TrfDocument

__all__ = [
    "SCORE_CODES",
    "ScoreCodes",
    "entry_points",
    "kind_points",
    "point_system",
    "score_targets",
    "scored_rounds",
]

SCORE_CODES = ("WW", "BW", "WD", "BD", "WL", "BL", "FW", "FL", "PAB", "FPB", "HPB", "ZPB", "X")
"""JaVaFo's ``XXS`` codes (plus ``X``, TRF-2026's unknown result), the finest distinction."""

# What each notation's code sets, in SCORE_CODES terms.
_XXS_SHORTCUTS = {
    "W": ("WW", "BW", "FW", "FPB"),
    "D": ("WD", "BD", "HPB"),
    "L": ("WL", "BL"),  # not in the JaVaFo manual; written by the fixtures' truncation tool
}
_162 = {
    "W": ("WW", "BW", "FW", "FPB"),
    "D": ("WD", "BD", "HPB"),
    "L": ("WL", "BL"),
    "A": ("ZPB", "FL"),
    "P": ("PAB",),
    "X": ("X",),
}
_BB = {
    "W": ("WW", "BW", "FW", "FPB"),
    "D": ("WD", "BD", "HPB"),
    "L": ("WL", "BL"),
    "Z": ("ZPB",),
    "F": ("FL",),
    "U": ("PAB",),
}


class ScoreCodes(msgspec.Struct, frozen=True, kw_only=True):
    """Points per kind of round, in JaVaFo's ``XXS`` terms; defaults are FIDE's 1 / ½ / 0."""

    WW: Decimal = Decimal("1.0")
    BW: Decimal = Decimal("1.0")
    WD: Decimal = Decimal("0.5")
    BD: Decimal = Decimal("0.5")
    WL: Decimal = Decimal("0.0")
    BL: Decimal = Decimal("0.0")
    FW: Decimal = Decimal("1.0")
    FL: Decimal = Decimal("0.0")
    PAB: Decimal = Decimal("1.0")
    FPB: Decimal = Decimal("1.0")
    HPB: Decimal = Decimal("0.5")
    ZPB: Decimal = Decimal("0.0")
    X: Decimal = Decimal("0.5")
    """Unknown result (TRF-2026 ``162 X``), by default valued as a draw."""

    def engine_points(self) -> PointSystem:
        """The points of each kind of round in the engine's vocabulary (a win as White's).

        >>> ScoreCodes(WW=Decimal(3), WD=Decimal(1)).engine_points().win
        Fraction(3, 1)
        """
        return PointSystem(
            win=Fraction(self.WW), draw=Fraction(self.WD), loss=Fraction(self.WL),
            forfeit_win=Fraction(self.FW), forfeit_loss=Fraction(self.FL),
            pab=Fraction(self.PAB), full_bye=Fraction(self.FPB), half_bye=Fraction(self.HPB),
            zero_bye=Fraction(self.ZPB),
        )  # fmt: skip


def score_targets(line: PointsLine, code: str) -> tuple[str, ...] | None:
    """The :data:`SCORE_CODES` one code of a point-system line sets; None if unknown."""
    if line.code == "XXS":
        return _XXS_SHORTCUTS.get(code) or ((code,) if code in SCORE_CODES else None)
    table = _162 if line.code == "162" else _BB
    return table.get(code)


def point_system(doc: TrfDocument) -> ScoreCodes:
    """The point system the file declares (unknown codes are ignored; validation names them).

    The pairing-allocated bye is worth a win unless a line sets it (``P``, ``BBU``, ``PAB``),
    as TRF-2026 and bbpPairings define it.

    >>> from trf.reader import read_trf
    >>> point_system(read_trf("162  W 3.0    D 1.0")[0]).PAB
    Decimal('3.0')
    """
    if "point system" not in doc.derived:  # asked by the checks and the request alike
        doc.derived["point system"] = _point_system(doc)
    system: ScoreCodes = doc.derived["point system"]
    return system


def _point_system(doc: TrfDocument) -> ScoreCodes:
    values: dict[str, Decimal] = {}
    for line in doc.records_of(PointsLine):
        for code, points in line.values:
            for target in score_targets(line, code) or ():
                values[target] = points
    if "PAB" not in values and "WW" in values:
        values["PAB"] = values["WW"]
    return ScoreCodes(**values)


def entry_points(entry: RoundEntry, system: ScoreCodes) -> Decimal:
    """Points one round block is worth to its player (trf.md §4.3 mapping table).

    A pending pairing (no result yet) and an invalid block are worth nothing.
    """
    return kind_points(entry_kind(entry), entry, system)


def kind_points(kind: RoundKind | None, entry: RoundEntry, system: ScoreCodes) -> Decimal:
    """:func:`entry_points` of a block whose :func:`~trf.codes.entry_kind` is known: checking
    a file and building its request classify each block once and score it from that.

    >>> kind_points(RoundKind.PLAYED, RoundEntry(opponent=4, colour="b", result="="),
    ...             ScoreCodes(BD=Decimal(1)))
    Decimal('1')
    """
    if kind is None:
        return Decimal(0)
    points: Decimal = getattr(system, _point_code(kind, entry.colour, entry.result))
    return points


class ScoredRounds(NamedTuple):
    """Round blocks read once: each one's :func:`~trf.codes.entry_kind` and its points."""

    kinds: tuple[RoundKind | None, ...]
    points: tuple[Decimal, ...]


def scored_rounds(doc: TrfDocument, player: Player, last: RoundNo) -> ScoredRounds:
    """The kinds and points (:func:`entry_points`, in the file's system) of the blocks of
    rounds 1 to ``last`` on ``player``'s line, one of ``doc``'s; blank past the line's end.

    Worked out for every line once per document: checking a file and building its request
    both read each block several times.

    >>> from trf.reader import read_trf
    >>> doc = read_trf("001    1".ljust(91) + "   2 b =  0000 - U")[0]
    >>> kinds, points = scored_rounds(doc, doc.players[0], 3)
    >>> [kind.value for kind in kinds], [str(value) for value in points]
    (['played', 'pab', 'not-paired'], ['0.5', '1.0', '0.0'])
    """
    lines: dict[int, ScoredRounds] | None = doc.derived.get("scored rounds")
    if lines is None:
        system = point_system(doc)
        table = {
            key: (kind, getattr(system, _BLOCK_CODES[key])) for key, kind in BLOCK_KINDS.items()
        }
        lines = {id(line): _scored(line.rounds, table) for line in doc.players}
        doc.derived["scored rounds"] = lines
    scored = lines[id(player)]
    kinds, points = scored
    missing = last - len(kinds)
    if missing > 0:
        blank = RoundEntry()
        kind = entry_kind(blank)
        value = kind_points(kind, blank, point_system(doc))
        return ScoredRounds(kinds + (kind,) * missing, points + (value,) * missing)
    return scored if missing == 0 else ScoredRounds(kinds[:last], points[:last])


def _scored(
    entries: tuple[RoundEntry, ...],
    table: Mapping[tuple[bool, str, str], tuple[RoundKind | None, Decimal]],
) -> ScoredRounds:
    """Each block's kind and points looked up by its :data:`~trf.codes.BLOCK_KINDS` key in
    ``table``, which holds both for every key in the file's system."""
    kinds: list[RoundKind | None] = []
    points: list[Decimal] = []
    for entry in entries:
        kind, value = table.get((entry.opponent is not None, entry.colour, entry.result), _NO_ROUND)
        kinds.append(kind)
        points.append(value)
    return ScoredRounds(tuple(kinds), tuple(points))


_OUTCOME = {"1": "W", "W": "W", "=": "D", "D": "D", "0": "L", "L": "L"}
"""A played game's result letter as the outcome letter of the point codes (``WW``, ``BD``)."""

_PLAYED_CODE = {
    (colour, result): side + outcome
    for colour, side in (("w", "W"), ("b", "B"))
    for result, outcome in _OUTCOME.items()
} | {("w", "X"): "X", ("b", "X"): "X"}
"""A played game's colour and result letter as its point code; ``X``, an unknown result, has
one value whatever the colour."""

_UNPLAYED_CODE = {
    RoundKind.FORFEIT_WIN: "FW",
    RoundKind.FORFEIT_LOSS: "FL",
    RoundKind.PAB: "PAB",  # also ``0000 - +``, as bbpPairings scores it (§4.3)
    RoundKind.FULL_BYE: "FPB",
    RoundKind.HALF_BYE: "HPB",
    RoundKind.ZERO_BYE: "ZPB",
    RoundKind.NOT_PAIRED: "ZPB",
}


def _point_code(kind: RoundKind, colour: str, result: str) -> str:
    """The :class:`ScoreCodes` field a block of that kind, colour and result is worth."""
    return _PLAYED_CODE[colour, result] if kind is RoundKind.PLAYED else _UNPLAYED_CODE[kind]


_BLOCK_CODES = {
    (paired, colour, result): _point_code(kind, colour, result)
    for (paired, colour, result), kind in BLOCK_KINDS.items()
}
"""The point code of every block that says a round (:func:`kind_points`' choice), by its
:data:`~trf.codes.BLOCK_KINDS` key: a file's blocks are scored by looking each one up."""

_NO_ROUND = (None, Decimal(0))
"""The kind and points of a block that says no round: pending or invalid."""
