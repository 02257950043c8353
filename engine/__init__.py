"""Pairing systems: a pure function from a :class:`PairingRequest` to a :class:`Pairing`."""

from engine.common import Float, game_floats, unplayed_float
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
    "Float",
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
    "game_floats",
    "pair",
    "system_names",
    "unplayed_float",
]
