"""Pairing systems: a pure function from a :class:`PairingRequest` to a :class:`Pairing`."""

from engine.model import (
    Board,
    Colour,
    Pairing,
    PairingNumber,
    PairingRequest,
    PlayerEntry,
    PointSystem,
    RoundKind,
    RoundRecord,
)

__all__ = [
    "Board",
    "Colour",
    "Pairing",
    "PairingNumber",
    "PairingRequest",
    "PlayerEntry",
    "PointSystem",
    "RoundKind",
    "RoundRecord",
]
