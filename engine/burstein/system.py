"""The FIDE Burstein system (C.04.4.2) in both editions: ``PairingRequest -> Pairing``.

``request.rules_edition`` selects the edition: ``fide-2026`` (the text applied from
1 February 2026: Dutch seeding rounds, then the Index, criteria C1-C8 and the Article 4.3
order; :mod:`engine.burstein.edition_2026`) or ``fide-2017`` (the rules in force until 31 January
2026, as the reference engine bbpPairings reads them; :mod:`engine.burstein.edition_2017`).

>>> from engine.model import PairingRequest, PlayerEntry, PairingNumber
>>> field = tuple(PlayerEntry(PairingNumber(n), rating=2500 - 10 * n) for n in range(1, 8))
>>> old = pair(PairingRequest(1, 5, field, rules_edition="fide-2017"))
>>> [(b.white, b.black) for b in old.boards], old.bye  # accelerated start (burstein.md §11.3)
([(1, 3), (6, 2), (5, 4)], 7)
>>> new = pair(PairingRequest(1, 5, field))  # a seeding round: Dutch
>>> [(b.white, b.black) for b in new.boards], new.bye
([(1, 4), (5, 2), (3, 6)], 7)
"""

from __future__ import annotations

from engine.burstein.edition_2017 import pair_burstein_2017
from engine.burstein.edition_2026 import pair_burstein_2026
from engine.common import check_request
from engine.errors import InvalidRequest
from engine.model import Pairing, PairingRequest

__all__ = ["EDITIONS", "pair"]

EDITIONS = ("fide-2026", "fide-2017")


def pair(request: PairingRequest) -> Pairing:
    """Pair ``request.round_no`` by the Burstein system of ``request.rules_edition``.

    :raises InvalidRequest: for an edition other than ``fide-2026`` / ``fide-2017``, or a
        request that contradicts itself (:func:`engine.common.check_request`).
    :raises NoValidPairing: when the round cannot be paired under the absolute criteria.
    """
    check_request(request)
    if request.rules_edition == "fide-2017":
        return pair_burstein_2017(request)
    if request.rules_edition == "fide-2026":
        return pair_burstein_2026(request)
    raise InvalidRequest(
        f"rules edition {request.rules_edition!r} is not one of {', '.join(EDITIONS)}"
    )
