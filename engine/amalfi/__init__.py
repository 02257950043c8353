"""The Amalfi Rating system (FSI; spec/amalfi.md)."""

from engine.amalfi.system import pair

__all__ = ["pair"]
