"""The FIDE Dubov system (C.04.4.1, 2026 edition; spec/dubov.md)."""

from engine.systems import pairing_function

__all__ = ["pair"]

pair = pairing_function("dubov")
"""Pair a request by the Dubov system (the editions it has: :func:`engine.systems.editions`)."""
