"""Every system leaves the request it pairs as it was given (engine/model.py).

:class:`~engine.model.PlayerEntry` and :class:`~engine.model.RoundRecord` are not frozen, to
be cheap to build; the engine being a pure function of its request is kept by the engines
themselves, and checked here: each edition of each system pairs every round of a random
tournament (byes, forfeits, late entries and withdrawals included) and the request is
compared with a deep copy taken before.
"""

from __future__ import annotations

import copy
from dataclasses import replace

import pytest

from engine import Pairing, PairingRequest, systems
from engine.round_robin.system import rounds_for
from tests.engine.tournament_sim import simulate

PLAYERS = 13

EDITIONS = [
    (name, edition)
    for row in systems.rows()
    for name in (row.name, *(variant.name for variant in row.variants))
    for edition in row.editions
]


@pytest.mark.parametrize(("system", "edition"), EDITIONS, ids=lambda value: value)
def test_pairing_leaves_the_request_unchanged(system: str, edition: str) -> None:
    changed: list[int] = []

    def pair(request: PairingRequest) -> Pairing:
        asked = replace(request, rules_edition=edition, explain=True)
        before = copy.deepcopy(asked)
        pairing = systems.pair(asked, system)
        if asked != before:
            changed.append(request.round_no)
        return pairing

    # An all-play-all is paired only as a whole table (C.05); five rounds of a Swiss.
    total = rounds_for(PLAYERS, systems.cycles(system)) if systems.is_round_robin(system) else 5
    rounds = list(simulate(pair, seed=7, players=PLAYERS, rounds=total))
    assert len(rounds) == total
    assert changed == [], f"{system} {edition} changed the request of rounds {changed}"
