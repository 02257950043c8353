"""Game results as arbiters write them, and what each side scores.

A result is one of the notations FIDE crosstables use: played results (``1-0``, ``0-1``,
``1/2-1/2`` and the unusual ``0-0``, ``1/2-0``, ``0-1/2`` that an arbiter may impose, e.g.
when both players break the rules) and forfeits (``+/-``, ``-/+``, ``-/-``). A forfeited
game was *not played* (general.md §4.4): it counts no colour and is not a meeting.

>>> parse_result("½-½") is Result.DRAW
True
>>> result_str(parse_result("+:-"))
'+/-'
"""

from __future__ import annotations

import enum

from engine.messages import Message
from engine.model import Outcome
from events.errors import InvalidCommand

__all__ = ["SPELLINGS", "Result", "parse_result", "result_str"]


class Result(enum.Enum):
    """A board's result, stored as its canonical notation (white's side first)."""

    WHITE_WINS = "1-0"
    BLACK_WINS = "0-1"
    DRAW = "1/2-1/2"
    BOTH_LOSE = "0-0"
    WHITE_DRAWS_BLACK_LOSES = "1/2-0"
    WHITE_LOSES_BLACK_DRAWS = "0-1/2"
    WHITE_WINS_BY_FORFEIT = "+/-"
    BLACK_WINS_BY_FORFEIT = "-/+"
    DOUBLE_FORFEIT = "-/-"

    @property
    def played(self) -> bool:
        """True when the game was actually played (forfeits are unplayed rounds)."""
        return self not in _FORFEITS

    @property
    def white(self) -> Outcome:
        return _OUTCOMES[self][0]

    @property
    def black(self) -> Outcome:
        return _OUTCOMES[self][1]


_FORFEITS = frozenset(
    {Result.WHITE_WINS_BY_FORFEIT, Result.BLACK_WINS_BY_FORFEIT, Result.DOUBLE_FORFEIT}
)

_OUTCOMES: dict[Result, tuple[Outcome, Outcome]] = {
    Result.WHITE_WINS: (Outcome.WIN, Outcome.LOSS),
    Result.BLACK_WINS: (Outcome.LOSS, Outcome.WIN),
    Result.DRAW: (Outcome.DRAW, Outcome.DRAW),
    Result.BOTH_LOSE: (Outcome.LOSS, Outcome.LOSS),
    Result.WHITE_DRAWS_BLACK_LOSES: (Outcome.DRAW, Outcome.LOSS),
    Result.WHITE_LOSES_BLACK_DRAWS: (Outcome.LOSS, Outcome.DRAW),
    Result.WHITE_WINS_BY_FORFEIT: (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS),
    Result.BLACK_WINS_BY_FORFEIT: (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN),
    Result.DOUBLE_FORFEIT: (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_LOSS),
}


def _spellings(result: Result) -> set[str]:
    """Spellings seen on score sheets and in other programs (``1:0``, ``+:-``, ``+-``)."""
    if result.played:
        return {result.value, result.value.replace("-", ":")}
    return {result.value, result.value.replace("/", ":"), result.value.replace("/", "")}


_BY_SPELLING = {spelling: result for result in Result for spelling in _spellings(result)}
_BY_SPELLING["="] = Result.DRAW


def _halves(spelling: str) -> set[str]:
    """``spelling`` with each ``1/2`` also written ``½`` or ``0.5``."""
    first, *rest = spelling.split("1/2")
    found = {first}
    for part in rest:
        found = {done + half + part for done in found for half in ("1/2", "½", "0.5")}
    return found


SPELLINGS = tuple(sorted({text for key in _BY_SPELLING for text in _halves(key)}))
"""Every spelling :func:`parse_result` reads, written without spaces: the values an HTTP
body's ``result`` may take."""


def parse_result(text: str) -> Result:
    """Read a result written in any common notation (``½`` and ``0.5`` mean ``1/2``).

    :raises InvalidCommand: naming the text when it is not a result.

    >>> parse_result("0.5-0") is Result.WHITE_DRAWS_BLACK_LOSES
    True
    """
    key = "".join(text.split()).replace("½", "1/2").replace("0.5", "1/2")
    try:
        return _BY_SPELLING[key]
    except KeyError:
        raise InvalidCommand(
            Message("%(text)s is not a result; use one of %(results)s", text=repr(text),
                    results=", ".join(r.value for r in Result)),
            field="result",
        ) from None  # fmt: skip


def result_str(result: Result) -> str:
    """The canonical notation of a result, the inverse of :func:`parse_result`."""
    return result.value
