"""Which pairing engines the service can call, found by system name and loaded only when a
command pairs (commands that never pair never import the engines)."""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable
from typing import NamedTuple

from events.decisions import PairingEngine
from events.errors import PairingSystemUnavailable
from server import __version__

__all__ = ["EngineResolver", "PairingSystem", "installed_engine"]


class PairingSystem(NamedTuple):
    """An engine ready to pair: the pure function and the version recorded with its pairings."""

    pair: PairingEngine
    version: str


EngineResolver = Callable[[str], PairingSystem]
"""Finds the engine for a system name, or raises :class:`PairingSystemUnavailable`."""


def installed_engine(system: str) -> PairingSystem:
    """The pairing system ``system`` from the ``engine`` package.

    :raises PairingSystemUnavailable: when the engine does not offer ``system``.
    """
    if system not in importlib.import_module("engine").system_names():
        raise PairingSystemUnavailable(system)
    engine = importlib.import_module("engine")
    return PairingSystem(functools.partial(engine.pair, system=system), f"arbiter {__version__}")
