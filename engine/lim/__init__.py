"""The FIDE Lim system (C.04.4.3, 2026 edition; spec/lim.md), and its maxi-tournament variant
(the system name ``lim-maxi``, or ``PairingRequest.maxi``)."""

from engine.systems import pairing_function

__all__ = ["pair"]

pair = pairing_function("lim")
"""Pair a request by the Lim system (the editions it has: :func:`engine.systems.editions`)."""
