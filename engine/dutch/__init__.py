"""The FIDE (Dutch) system, C.04.3: the text applied from 1 February 2026 (spec/dutch.md), and
the 2017 and 2012 texts (``rules2017``, ``rules2012``); and :func:`audit_pairing`, the 2026
criteria measured on a pairing made elsewhere (by hand)."""

from engine.dutch.audit import ABSOLUTE, Failure, audit_pairing
from engine.systems import pairing_function

__all__ = ["ABSOLUTE", "Failure", "audit_pairing", "pair"]

pair = pairing_function("dutch")
"""Pair a request by the Dutch system, in the edition ``request.rules_edition`` names."""
