"""The pairing systems by name, and one call that pairs a request with any of them.

Each system registers the dotted path of its ``PairingRequest -> Pairing`` function here;
it is imported on first use, so that one system's import cost (or an unfinished system)
never burdens the others. The CLI offers one ``--<name>`` flag per registered system.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from engine.errors import InvalidRequest
from engine.model import Pairing, PairingRequest

__all__ = ["PairFunction", "pair", "system_names"]

PairFunction = Callable[[PairingRequest], Pairing]

_SYSTEMS: dict[str, str] = {
    "dutch": "engine.dutch:pair",
    "dubov": "engine.dubov:pair",
    "amalfi": "engine.amalfi:pair",
    "lim": "engine.lim:pair",
    "lim-maxi": "engine.lim:pair_maxi",
    "burstein": "engine.burstein:pair",
}


def system_names() -> tuple[str, ...]:
    """The registered systems, in registration order."""
    return tuple(_SYSTEMS)


def pair(request: PairingRequest, system: str = "dutch") -> Pairing:
    """Pair ``request`` with the named system.

    >>> from engine.model import PairingRequest, PlayerEntry, PairingNumber
    >>> field = tuple(PlayerEntry(number=PairingNumber(n)) for n in (1, 2, 3, 4))
    >>> [(b.white, b.black) for b in pair(PairingRequest(1, 5, field)).boards]
    [(1, 3), (4, 2)]

    :raises engine.errors.InvalidRequest: for an unknown system name.
    :raises engine.errors.NoValidPairing: when the system finds no legal pairing.
    """
    target = _SYSTEMS.get(system)
    if target is None:
        raise InvalidRequest(f"unknown pairing system {system!r}; known: {', '.join(_SYSTEMS)}")
    module_name, _, function_name = target.partition(":")
    function: PairFunction = getattr(importlib.import_module(module_name), function_name)
    return function(request)
