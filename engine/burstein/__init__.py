"""The FIDE Burstein system (C.04.4.2), editions 2026 and 2017 (spec/burstein.md)."""

from engine.burstein.system import pair

__all__ = ["pair"]
