"""The ``--explain`` lines of an Amalfi round: the ranked list, then each pair's search."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from engine.amalfi.pairer import Step
from engine.amalfi.players import AmalfiPlayer
from engine.messages import Message
from engine.model import PairingRequest

__all__ = ["describe", "header"]


def header(request: PairingRequest, ordered: Sequence[AmalfiPlayer]) -> Message:
    r, total = request.round_no, request.total_rounds
    listed = ", ".join(f"{i}:#{p.number}({points_str(p.score)})" for i, p in enumerate(ordered, 1))
    if r == total:
        return Message("Amalfi Rating round %(round)s of %(rounds)s; last round: colour limits "
                       "lifted (B.3.1); list by score, then rating rank (B.3.2): %(list)s",
                       round=r, rounds=total, list=listed)  # fmt: skip
    return Message("Amalfi Rating round %(round)s of %(rounds)s; list by score, then rating "
                   "rank (B.3.2): %(list)s", round=r, rounds=total, list=listed)  # fmt: skip


def points_str(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else str(float(value))


def describe(upper: AmalfiPlayer, lower: AmalfiPlayer, step: Step) -> Message:
    target, taken = step.order[0], step.opponent
    how = _HOW[(taken > target) - (taken < target)]
    facts = {"position": step.top + 1, "player": upper.number, "target": target + 1,
             "taken": taken + 1, "opponent": lower.number, "how": how,
             "distance": taken - step.top}  # fmt: skip
    if step.refused:
        return Message(
            "pos %(position)s #%(player)s: target pos %(target)s; refused %(refused)s; paired "
            "with pos %(taken)s #%(opponent)s (%(how)s, distance %(distance)s)",
            refused=tuple(step.refused), **facts,
        )  # fmt: skip
    return Message(
        "pos %(position)s #%(player)s: target pos %(target)s; paired with pos %(taken)s "
        "#%(opponent)s (%(how)s, distance %(distance)s)", **facts,
    )  # fmt: skip


_HOW = {0: Message("target"), -1: Message("nearer"), 1: Message("farther")}
