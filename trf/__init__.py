"""FIDE tournament report files (TRF16, TRF-2026, XX/BB extensions): read, validate, write.

The document model is format-level: one record per line, in file order (see
:mod:`trf.model`). :func:`read_trf` is lenient and returns the problems it found alongside
the document; ``strict=True`` raises :class:`TrfError` at the first error.
"""

from trf.codes import EntryKind, entry_kind, normalise_title
from trf.errors import TrfError
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
    PairingNo,
    Player,
    PointValues,
    Record,
    RoundEntry,
    RoundNo,
    TotalRounds,
    TrfDocument,
    TrfProblem,
    Unrecognised,
    XxaAcceleration,
    XxzAbsent,
)
from trf.reader import read_trf, read_trf_file

__all__ = [
    "AbnormalPoints",
    "AcceleratedRounds",
    "Blank",
    "ByeRecord",
    "Comment",
    "EngineOptions",
    "EntryKind",
    "ForbiddenPairs",
    "Header",
    "InitialColour",
    "NationalRating",
    "OpaqueRecord",
    "PairingNo",
    "Player",
    "PointValues",
    "Record",
    "RoundEntry",
    "RoundNo",
    "TotalRounds",
    "TrfDocument",
    "TrfError",
    "TrfProblem",
    "Unrecognised",
    "XxaAcceleration",
    "XxzAbsent",
    "entry_kind",
    "normalise_title",
    "read_trf",
    "read_trf_file",
]
