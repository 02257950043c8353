"""The criteria inside a bracket's edge weight rank in the order of Art. 2 (C6 ... C21)."""

from __future__ import annotations

import re

from engine.dutch.bracket import RoundPairer
from engine.dutch.players import build_players
from engine.dutch.system import conflicting_pairs
from tests.corpus import shared_path
from trf import read_trf
from trf.engine_request import next_round_request


def test_fields_follow_the_priority_of_the_quality_criteria() -> None:
    """Last round of a 13-round event: many MDP score levels and both float windows, so
    every kind of field appears; their criterion numbers must never go down."""
    path = shared_path("fixtures", "dutch", "problems", "dutch-t13-p0019-r13of13.trf")
    request = next_round_request(read_trf(path.read_bytes())[0])
    players = build_players(request)
    pairer = RoundPairer(players, conflicting_pairs(players, request), played_rounds=12)
    pairer.run()
    seen = set()
    for record in pairer.records:
        assert record.weights is not None
        numbers = [int(re.match(r"C(\d+)", name).group(1)) for name in record.weights.field_names]
        assert numbers == sorted(numbers)
        seen.update(numbers)
    assert {6, 7, 8, 12, 14, 15, 16, 17, 18, 19, 20, 21} <= seen
