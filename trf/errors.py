"""The TRF layer's error, which carries the problems that caused it, and the field-level
signal the reader and the writer turn into such problems."""

from __future__ import annotations

from collections.abc import Sequence

from trf.model import TrfProblem

__all__ = ["FieldError", "TrfError"]


class TrfError(ValueError):
    """A TRF file (or a document to be written) is not acceptable.

    ``problems`` lists every problem that made it so (strict reading stops at the first);
    the message names the first one with its line and column. Invalid input at both edges
    (HTTP ``status``, CLI ``exit_code``).
    """

    status = 422
    exit_code = 3

    def __init__(self, problems: Sequence[TrfProblem]) -> None:
        self.problems = tuple(problems)
        first = str(self.problems[0]) if self.problems else "invalid TRF"
        more = len(self.problems) - 1
        super().__init__(first + (f" (and {more} more)" if more > 0 else ""))

    def __reduce__(self) -> tuple[type[TrfError], tuple[tuple[TrfProblem, ...]]]:
        """Pickled by its problems (an answer from a pairing worker process)."""
        return type(self), (self.problems,)


class FieldError(Exception):
    """A field that cannot be read or written, at a 1-based ``column`` of its line.

    Internal to the package: the reader and the writer catch it and report it as a
    :class:`~trf.model.TrfProblem` on the line being read or written.
    """

    def __init__(self, column: int, message: str) -> None:
        super().__init__(message)
        self.column = column
        self.message = message
