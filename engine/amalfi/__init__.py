"""The Amalfi Rating system (FSI; spec/amalfi.md)."""

from engine.systems import pairing_function

__all__ = ["pair"]

pair = pairing_function("amalfi")
"""Pair a request by the Amalfi Rating system (the editions it has:
:func:`engine.systems.editions`)."""
