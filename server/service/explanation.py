"""The engine's account of a pairing as text: what the desk shows for a round and
``arbiter pair --explain`` prints for a file. Pure and light (``arbiter pair`` loads it
without the event store).

Its frame (brackets, pairs, colours, the PAB) goes through a ``gettext`` the caller gives,
so a page shows it in the reader's language (the pages' catalogue holds these words); the
engine's own notes and reasons stay in its English.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from engine import Pairing

__all__ = ["explanation_lines"]


def _same(text: str) -> str:
    return text


def explanation_lines(pairing: Pairing, gettext: Callable[[str], str] | None = None) -> list[str]:
    """The engine's account of a pairing as text: its structured trace when it records one,
    else its explanation lines; the frame in the words of ``gettext`` (English by default)."""
    trace = pairing.trace
    if trace is None:
        return list(pairing.explanation)
    _ = gettext or _same
    none = _("none")

    def numbers(found: tuple[int, ...]) -> str:
        return ", ".join(str(n) for n in found) or none

    lines: list[str] = []
    for bracket in trace.brackets:
        lines.append(
            _("Bracket %(score)s: residents %(residents)s; moved down into it: %(moved)s")
            % {"score": _score(bracket.score), "residents": numbers(bracket.residents),
               "moved": numbers(bracket.moved_down)}
        )  # fmt: skip
        lines += [f"  {note}" for note in bracket.notes]
        pairs = ", ".join(f"{a}-{b}" for a, b in bracket.pairs) or none
        lines.append("  " + _("pairs: %(pairs)s") % {"pairs": pairs})
        lines += [
            "  "
            + _("moves down: %(player)s: %(reason)s") % {"player": f.player, "reason": f.reason}
            for f in bracket.floaters
        ]
        lines += [
            "  "
            + _("not met: %(criterion)s for %(players)s: %(detail)s")
            % {"criterion": u.criterion, "players": numbers(u.players), "detail": u.detail}
            for u in bracket.unmet
        ]
    lines.append(_("Colours:"))
    lines += [f"  {c.white}-{c.black}: {c.rule} ({c.detail})" for c in trace.colours]
    if trace.bye_reason:
        lines.append(_("PAB: %(reason)s") % {"reason": trace.bye_reason})
    return lines


def _score(score: Fraction) -> str:
    return f"{float(score):g}"
