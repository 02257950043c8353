"""The FIDE Burstein system (C.04.4.2; spec/burstein.md): the text applied from 1 February 2026
(``system.py``) and the rules in force until 31 January 2026 (``rules2017``).

>>> from engine.model import PairingRequest, PlayerEntry, PairingNumber
>>> field = tuple(PlayerEntry(PairingNumber(n), rating=2500 - 10 * n) for n in range(1, 8))
>>> old = pair(PairingRequest(1, 5, field, rules_edition="fide-2017"))
>>> [(b.white, b.black) for b in old.boards], old.bye  # accelerated start (burstein.md §11.3)
([(1, 3), (6, 2), (5, 4)], 7)
>>> new = pair(PairingRequest(1, 5, field))  # a seeding round: Dutch
>>> [(b.white, b.black) for b in new.boards], new.bye
([(1, 4), (5, 2), (3, 6)], 7)
"""

from engine.systems import pairing_function

__all__ = ["pair"]

pair = pairing_function("burstein")
"""Pair a request by the Burstein system, in the edition ``request.rules_edition`` names."""
