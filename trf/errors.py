"""The one error type of the TRF layer: it carries the problems that caused it."""

from __future__ import annotations

from collections.abc import Sequence

from trf.model import TrfProblem

__all__ = ["TrfError"]


class TrfError(ValueError):
    """A TRF file (or a document to be written) is not acceptable.

    ``problems`` lists every problem that made it so (strict reading stops at the first);
    the message names the first one with its line and column.
    """

    def __init__(self, problems: Sequence[TrfProblem]) -> None:
        self.problems = tuple(problems)
        first = str(self.problems[0]) if self.problems else "invalid TRF"
        more = len(self.problems) - 1
        super().__init__(first + (f" (and {more} more)" if more > 0 else ""))
