"""The FIDE (Dutch) system, C.04.3 as applied from 1 February 2026 (spec/dutch.md); and
:func:`audit_pairing`, its criteria measured on a pairing made elsewhere (by hand)."""

from engine.dutch.audit import ABSOLUTE, Failure, audit_pairing
from engine.dutch.system import pair

__all__ = ["ABSOLUTE", "Failure", "audit_pairing", "pair"]
