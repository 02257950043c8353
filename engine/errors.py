"""What a pairing system raises.

Each class carries its bbpPairings-style ``exit_code`` (STYLE.md: 1 no valid pairing, 2
unexpected, 3 invalid input) and its HTTP ``status``, which the edges read as they read
every error's. bbpPairings' code 4, a size limit, has no class: the matching solver is exact
for any weight (:mod:`engine.matching`).
"""

from __future__ import annotations

__all__ = ["InvalidRequest", "NoValidPairing", "PairingError"]


class PairingError(Exception):
    """Root of the engine's errors (one of its own is a bug)."""

    status = 500
    exit_code = 2


class NoValidPairing(PairingError):
    """The round cannot be paired under the system's absolute rules; the arbiter decides."""

    status = 409
    exit_code = 1


class InvalidRequest(PairingError):
    """The request contradicts itself (round out of range, history of the wrong length, ...);
    the message names the player or field."""

    status = 422
    exit_code = 3
