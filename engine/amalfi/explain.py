"""The ``--explain`` lines of an Amalfi round: the ranked list, then each pair's search."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from engine.amalfi.pairer import Step
from engine.amalfi.players import AmalfiPlayer
from engine.model import PairingRequest

__all__ = ["describe", "header"]


def header(request: PairingRequest, ordered: Sequence[AmalfiPlayer]) -> str:
    r, total = request.round_no, request.total_rounds
    listed = ", ".join(f"{i}:#{p.number}({points_str(p.score)})" for i, p in enumerate(ordered, 1))
    last = "; last round: colour limits lifted (B.3.1)" if r == total else ""
    return (
        f"Amalfi Rating round {r} of {total}{last}; list by score, then rating rank "
        f"(B.3.2): {listed}"
    )


def points_str(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else str(float(value))


def describe(upper: AmalfiPlayer, lower: AmalfiPlayer, step: Step) -> str:
    target, taken = step.order[0], step.opponent
    how = "target" if taken == target else "nearer" if taken < target else "farther"
    refused = f"; refused {'; '.join(step.refused)}" if step.refused else ""
    return (
        f"pos {step.top + 1} #{upper.number}: target pos {target + 1}{refused}; paired "
        f"with pos {taken + 1} #{lower.number} ({how}, distance {taken - step.top})"
    )
