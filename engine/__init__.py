"""Pairing systems: a pure function from a :class:`PairingRequest` to a :class:`Pairing`."""

from engine.errors import InvalidRequest, NoValidPairing, PairingError
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
from engine.systems import pair, system_names

__all__ = [
    "Board",
    "Colour",
    "InvalidRequest",
    "NoValidPairing",
    "Pairing",
    "PairingError",
    "PairingNumber",
    "PairingRequest",
    "PlayerEntry",
    "PointSystem",
    "RoundKind",
    "RoundRecord",
    "pair",
    "system_names",
]
