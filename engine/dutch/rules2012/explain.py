"""Placeholder replaced below."""
from __future__ import annotations

from engine.dutch.bracket import BracketRecord
from engine.dutch.explain import Allocation
from engine.dutch.players import DutchPlayer
from engine.model import PairingTrace


def build_trace_2012(
    players: list[DutchPlayer],
    records: list[BracketRecord],
    allocations: list[Allocation],
    bye: int | None,
    compatible: set[tuple[int, int]],
) -> PairingTrace:
    return PairingTrace()
