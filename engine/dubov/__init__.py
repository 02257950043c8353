"""The FIDE Dubov system (C.04.4.1, 2026 edition; spec/dubov.md)."""

from engine.dubov.system import pair

__all__ = ["pair"]
