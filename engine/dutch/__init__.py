"""The FIDE (Dutch) system, C.04.3 as applied from 1 February 2026 (spec/dutch.md)."""

from engine.dutch.system import pair

__all__ = ["pair"]
