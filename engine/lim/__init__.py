"""The FIDE Lim system (C.04.4.3, 2026 edition; spec/lim.md), and its maxi-tournament variant."""

from engine.lim.system import pair, pair_maxi

__all__ = ["pair", "pair_maxi"]
