"""The norms report at scale (#27): a candidate's opponents not yet met, counted from the
field's titles counted once, are those a scan of the whole field finds (the definition).

The fields are generated (``bench.norms.open_field``: 300 players, titles, federations, a
host, forfeits, withdrawals). The report's own answers are pinned by the hand-worked rule
tests (``tests/events/test_norms*.py``), not by recorded output.
"""

from __future__ import annotations

import pytest

from bench.norms import open_field
from events.norms import NormTitle
from events.norms.regulations import TITLE_HOLDERS
from events.norms.tournament import _Field
from events.projections.state import PlayerState, TournamentState
from events.projections.tournament import fold

FIELDS = {(1, 9): 9, (2, 9): 9, (3, 8): 8}
"""(seed, rounds of the tournament): rounds played."""


def state_of(seed: int, rounds: int) -> TournamentState:
    return fold(open_field(300, FIELDS[seed, rounds], total_rounds=rounds, seed=seed))


def scanned(state: TournamentState, player: PlayerState, titles: frozenset[str]) -> int:
    """The definition (1.4.5 reached by further rounds): players in the tournament, not
    withdrawn, not the candidate and not met, holding one of ``titles``, by reading them all."""
    met = player.opponents | {player.player_id}
    return sum(
        1
        for pid in state.order
        if pid not in met
        and state.player(pid).withdrawn_from is None
        and state.player(pid).title in titles
    )


@pytest.mark.parametrize(("seed", "rounds"), list(FIELDS))
def test_the_opponents_not_met_are_those_a_scan_of_the_field_finds(seed: int, rounds: int) -> None:
    state = state_of(seed, rounds)
    field = _Field.of(state)
    wanted = [TITLE_HOLDERS, *(title.level_titles for title in NormTitle)]
    assert any(state.player(pid).withdrawn_from for pid in state.order)  # withdrawals met
    for pid in state.order:
        player = state.player(pid)
        for titles in wanted:
            assert field.unmet(state, player, titles) == scanned(state, player, titles), pid
