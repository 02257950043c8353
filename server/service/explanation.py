"""The engine's account of a pairing as text: what the desk shows for a round and
``arbiter pair --explain`` prints for a file. Pure and light (``arbiter pair`` loads it
without the event store).

Every line is an :class:`engine.messages.Message`: English as it stands (the CLI prints it),
and its template and facts for a page to put in the reader's language
(:func:`engine.messages.translated`; the templates are in the pages' catalogue). The frame
(brackets, pairs, colours, the PAB) is written here; the engine's own notes and reasons are
messages it made.
"""

from __future__ import annotations

from engine import Pairing
from engine.messages import Message, indented

__all__ = ["explanation_lines"]


def explanation_lines(pairing: Pairing) -> list[str]:
    """The engine's account of a pairing: its structured trace when it records one, else its
    explanation lines.

    >>> from engine.model import Board, PairingTrace
    >>> explanation_lines(Pairing((Board(1, 2),), trace=PairingTrace()))
    ['Colours:']
    """
    trace = pairing.trace
    if trace is None:
        return list(pairing.explanation)
    none = Message("none")

    def numbers(found: tuple[int, ...]) -> str | Message:
        return ", ".join(str(n) for n in found) or none

    lines: list[str] = []
    for bracket in trace.brackets:
        lines.append(Message(
            "Bracket %(score)s: residents %(residents)s; moved down into it: %(moved)s",
            score=bracket.score, residents=numbers(bracket.residents),
            moved=numbers(bracket.moved_down),
        ))  # fmt: skip
        lines += [indented(note) for note in bracket.notes]
        pairs = ", ".join(f"{a}-{b}" for a, b in bracket.pairs) or none
        lines.append(indented(Message("pairs: %(pairs)s", pairs=pairs)))
        lines += [
            indented(
                Message("moves down: %(player)s: %(reason)s", player=f.player, reason=f.reason)
            )
            for f in bracket.floaters
        ]
        lines += [
            indented(
                Message(
                    "not met: %(criterion)s for %(players)s: %(detail)s",
                    criterion=u.criterion,
                    players=numbers(u.players),
                    detail=u.detail,
                )
            )
            for u in bracket.unmet
        ]
    lines.append(Message("Colours:"))
    lines += [
        indented(
            Message(
                "%(white)s-%(black)s: %(rule)s (%(detail)s)",
                white=c.white,
                black=c.black,
                rule=c.rule,
                detail=c.detail,
            )
        )
        for c in trace.colours
    ]
    if trace.bye_reason:
        lines.append(Message("PAB: %(reason)s", reason=trace.bye_reason))
    return lines
