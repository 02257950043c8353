"""Errors of tie-break computation; each carries what a caller needs to show the user."""

from __future__ import annotations

from engine.messages import Message

__all__ = ["TiebreakError", "TiebreakInputError", "TiebreakSyntaxError"]


class TiebreakError(ValueError):
    """Root of the tie-break errors (a ValueError: they all mean bad input, at both edges:
    HTTP ``status``, CLI ``exit_code``)."""

    status = 400
    exit_code = 3


class TiebreakSyntaxError(TiebreakError):
    """A tie-break code or sequence that cannot be read, naming the offending token."""

    def __init__(self, token: str, reason: str) -> None:
        super().__init__(
            Message("tie-break %(token)s: %(reason)s", token=repr(token), reason=reason)
        )
        self.token = token
        self.reason = reason


class TiebreakInputError(TiebreakError):
    """A crosstable that cannot be ranked (inconsistent pairings, missing rounds)."""
