"""Pairing systems: a pure function from a :class:`PairingRequest` to a :class:`Pairing`; and
:func:`generate`, seeded random tournaments paired by them (FIDE's endorsement generator).

Public beside the root: :mod:`engine.model` (the request and pairing types),
:mod:`engine.common` (facts every system computes the same way: floats, participation) and
:mod:`engine.generator` (its settings and result), :mod:`engine.messages` (sentences that
keep their template, so an edge can translate an engine's explanation), and each system's package
(``engine.dutch`` ...), and :mod:`engine.systems`, the table of pairing systems that the TRF
reader and writer, the decisions and the CLI read. Every other module is internal.
"""

from engine import common, generator, messages, model, systems
from engine.errors import InvalidRequest, NoValidPairing, PairingError
from engine.generator import generate
from engine.model import Pairing, PairingRequest
from engine.systems import pair, system_names

__all__ = [
    "InvalidRequest",
    "NoValidPairing",
    "Pairing",
    "PairingError",
    "PairingRequest",
    "common",
    "generate",
    "generator",
    "messages",
    "model",
    "pair",
    "system_names",
    "systems",
]
