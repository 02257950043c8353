"""Pairing systems: a pure function from a :class:`PairingRequest` to a :class:`Pairing`; and
:func:`generate`, seeded random tournaments paired by them (FIDE's endorsement generator)."""

from engine.common import Float, game_floats, unplayed_float
from engine.errors import InvalidRequest, NoValidPairing, PairingError
from engine.generator import (
    GeneratedPlayer,
    GeneratedTournament,
    GeneratorSettings,
    UnpairableRound,
    baku_acceleration,
    generate,
)
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
    "GeneratedPlayer",
    "GeneratedTournament",
    "GeneratorSettings",
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
    "UnpairableRound",
    "baku_acceleration",
    "game_floats",
    "generate",
    "pair",
    "system_names",
    "unplayed_float",
]
