"""The engine's account of a pairing as text: what the desk shows for a round and
``arbiter pair --explain`` prints for a file. Pure and light (``arbiter pair`` loads it
without the event store)."""

from __future__ import annotations

from fractions import Fraction

from engine import Pairing

__all__ = ["explanation_lines"]


def explanation_lines(pairing: Pairing) -> list[str]:
    """The engine's account of a pairing as text: its structured trace when it records one,
    else its explanation lines."""
    trace = pairing.trace
    if trace is None:
        return list(pairing.explanation)
    lines: list[str] = []
    for bracket in trace.brackets:
        lines.append(
            f"Bracket {_score(bracket.score)}: residents {_numbers(bracket.residents)}; "
            f"moved down into it: {_numbers(bracket.moved_down)}"
        )
        lines += [f"  {note}" for note in bracket.notes]
        lines.append("  pairs: " + (", ".join(f"{a}-{b}" for a, b in bracket.pairs) or "none"))
        lines += [f"  moves down: {f.player}: {f.reason}" for f in bracket.floaters]
        lines += [
            f"  not met: {u.criterion} for {_numbers(u.players)}: {u.detail}" for u in bracket.unmet
        ]
    lines.append("Colours:")
    lines += [f"  {c.white}-{c.black}: {c.rule} ({c.detail})" for c in trace.colours]
    if trace.bye_reason:
        lines.append(f"PAB: {trace.bye_reason}")
    return lines


def _numbers(numbers: tuple[int, ...]) -> str:
    return ", ".join(str(n) for n in numbers) or "none"


def _score(score: Fraction) -> str:
    return f"{float(score):g}"
