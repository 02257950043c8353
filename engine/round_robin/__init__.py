"""Round-robin and double round-robin by the Berger tables, and the drawing of lots for them
(free, or restricted by the Varma tables): FIDE Handbook C.05, Annexes 1 and 2."""

from engine.round_robin.berger import (
    berger_round,
    berger_table,
    scheduled_round,
    table_order,
    table_size,
)
from engine.round_robin.system import rounds_for
from engine.round_robin.varma import Entrant, drawn_numbers, varma_groups, varma_numbers
from engine.systems import pairing_function

__all__ = [
    "Entrant",
    "berger_round",
    "berger_table",
    "drawn_numbers",
    "pair",
    "rounds_for",
    "scheduled_round",
    "table_order",
    "table_size",
    "varma_groups",
    "varma_numbers",
]

pair = pairing_function("round-robin")
"""Pair a request by the Berger tables (``cycles=2`` in the request: a double round-robin)."""
