"""What a pairing system raises; the edges map these to exit codes and problem+json.

Each class carries its bbpPairings-style exit code (STYLE.md: 1 no valid pairing, 3 invalid
input), so that the CLI translates errors through one table. bbpPairings' code 4, a size
limit, has no class: the matching solver is exact for any weight (:mod:`engine.matching`).
"""

from __future__ import annotations

__all__ = ["InvalidRequest", "NoValidPairing", "PairingError"]


class PairingError(Exception):
    """Root of the engine's errors."""

    exit_code = 2


class NoValidPairing(PairingError):
    """The round cannot be paired under the system's absolute rules; the arbiter decides."""

    exit_code = 1


class InvalidRequest(PairingError):
    """The request contradicts itself (round out of range, history of the wrong length, ...);
    the message names the player or field."""

    exit_code = 3
