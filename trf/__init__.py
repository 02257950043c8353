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

Public beside the root: the modules ``__all__`` names (:mod:`trf.model` the records,
:mod:`trf.checker`, :mod:`trf.engine_request`, :mod:`trf.scoring`, ...); ``trf.validate`` is
both a module and the function the root exports. The reader, the gate and the errors module
are internal.
"""

import importlib
from typing import TYPE_CHECKING

# The reader and the validator are what every caller needs, and ``trf.validate`` is both a
# module and the function exported here, so they load with the root; the rest (the
# mapping to events above all) loads on first use: ``arbiter pair`` reads a file without
# the event store.
from trf.errors import TrfError
from trf.model import TrfDocument
from trf.reader import read_trf, read_trf_file
from trf.validate import check_trf, validate

if TYPE_CHECKING:
    from trf import (
        checker,
        codes,
        engine_request,
        export,
        generated,
        mapping,
        model,
        rating_list,
        scoring,
        teams,
        tiebreak_input,
        writer,
    )
    from trf.checker import check_document
    from trf.export import export_document
    from trf.gate import gate_trf
    from trf.mapping import import_trf
    from trf.writer import write_trf

_LAZY = {
    "check_document": "trf.checker",
    "export_document": "trf.export",
    "gate_trf": "trf.gate",
    "import_trf": "trf.mapping",
    "write_trf": "trf.writer",
}
"""Each name the root exports on first use -> the module holding it."""


def __getattr__(name: str) -> object:
    if name not in _LAZY:  # the public modules are imported by the import system itself
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(_LAZY[name]), name)


__all__ = [
    "TrfDocument",
    "TrfError",
    "check_document",
    "check_trf",
    "checker",
    "codes",
    "engine_request",
    "export",
    "export_document",
    "gate_trf",
    "generated",
    "import_trf",
    "mapping",
    "model",
    "rating_list",
    "read_trf",
    "read_trf_file",
    "scoring",
    "teams",
    "tiebreak_input",
    "validate",
    "write_trf",
    "writer",
]
