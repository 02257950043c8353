"""FIDE tournament report files (TRF16, TRF-2026, XX/BB extensions): read, validate, write.

The document model is format-level: one record per line, in file order (see
:mod:`trf.model`). :func:`read_trf` is lenient and returns the problems it found alongside
the document; ``strict=True`` raises :class:`TrfError` at the first error. :func:`validate`
checks what the lines say about each other (:func:`gate_trf` also what import and pairing
refuse), :func:`write_trf` writes a document back, and
:func:`point_system` / :func:`entry_points` give the points a file's round blocks are worth.
:func:`import_events` turns a file into the event stream that would have led to it, and
:func:`export_document` writes a tournament's state as a TRF document; :func:`round_request`
and :func:`next_round_request` build the engine's input from a file, and
:func:`crosstable_from_trf` the tie-breaks' input. :func:`check_document` re-pairs every round
of a finished file (the checker), and :func:`generated_document` writes a generated
tournament (:func:`engine.generate`) as a file.
"""

from trf.checker import (
    CheckReport,
    RoundCheck,
    check_document,
    deciding_facts,
    edition_name,
    identify_system,
)
from trf.codes import EntryKind, entry_kind, normalise_title
from trf.engine_request import next_round_request, paired_rounds, round_request
from trf.errors import TrfError
from trf.export import Profile, export_document
from trf.gate import gate_trf
from trf.generated import generated_document
from trf.mapping import import_events, import_trf
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
from trf.rating_list import RatingListError, open_rating_list
from trf.reader import read_trf, read_trf_file
from trf.scoring import PointSystem, entry_points, point_system
from trf.teams import Team, read_team
from trf.tiebreak_input import crosstable_from_trf
from trf.validate import announced_round, check_trf, validate
from trf.writer import format_points, write_trf

__all__ = [
    "AbnormalPoints",
    "AcceleratedRounds",
    "Blank",
    "ByeRecord",
    "CheckReport",
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
    "PointSystem",
    "PointValues",
    "Profile",
    "RatingListError",
    "Record",
    "RoundCheck",
    "RoundEntry",
    "RoundNo",
    "Team",
    "TotalRounds",
    "TrfDocument",
    "TrfError",
    "TrfProblem",
    "Unrecognised",
    "XxaAcceleration",
    "XxzAbsent",
    "announced_round",
    "check_document",
    "check_trf",
    "crosstable_from_trf",
    "deciding_facts",
    "edition_name",
    "entry_kind",
    "entry_points",
    "export_document",
    "format_points",
    "gate_trf",
    "generated_document",
    "identify_system",
    "import_events",
    "import_trf",
    "next_round_request",
    "normalise_title",
    "open_rating_list",
    "paired_rounds",
    "point_system",
    "read_team",
    "read_trf",
    "read_trf_file",
    "round_request",
    "validate",
    "write_trf",
]
