"""The norms report at scale (#27): counting a candidate's opponents not yet met from the
field's titles counted once, instead of scanning the field for every candidate, changes no
answer.

The fields are generated (``bench.norms.open_field``: 300 players, titles, federations, a
host, forfeits, withdrawals), the reports taken after rounds with seven, two, one and no
rounds left, so that every part of a report is reached: norms made, norms still reachable,
what the last round must bring.
"""

from __future__ import annotations

import hashlib
from dataclasses import fields, is_dataclass

import pytest

from bench.norms import open_field
from events.norms import NormTitle, tournament_norms
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


def canonical(value: object) -> str:
    """``value`` written the same in every process: a dataclass field by field, a set
    sorted (a frozenset's repr follows the process's string hashing)."""
    if is_dataclass(value) and not isinstance(value, type):
        inner = ", ".join(f"{f.name}={canonical(getattr(value, f.name))}" for f in fields(value))
        return f"{type(value).__name__}({inner})"
    if isinstance(value, frozenset | set):
        return "{" + ", ".join(sorted(canonical(item) for item in value)) + "}"
    if isinstance(value, tuple | list):
        return "(" + ", ".join(canonical(item) for item in value) + ")"
    return repr(value)


# (seed, rounds, after round): the report's rows, norms made, norms open, last-round results
# listed, and the first 16 hex digits of the SHA-256 of its :func:`canonical` text, all as
# the quadratic code before this change (commit 57cf644, events/norms/tournament.py) gave
# them on the same fields.
OLD_REPORTS = [
    (1, 9, 2, 561, 0, 560, 0, "c84b09fde182c1b9"),
    (1, 9, 7, 561, 0, 57, 0, "a4b621862193d2a8"),
    (1, 9, 8, 561, 0, 37, 97, "eeb61fb20dac297a"),
    (1, 9, 9, 561, 18, 0, 0, "e4c924db7e2dee0f"),
    (2, 9, 8, 577, 0, 39, 106, "3740c178bcfd937d"),
    (2, 9, 9, 577, 17, 0, 0, "c15427a942cd1aea"),
    (3, 8, 7, 537, 0, 30, 57, "d57aab1c99999918"),
    (3, 8, 8, 537, 6, 0, 0, "ba9b0e5a85c84588"),
]


@pytest.mark.parametrize(("seed", "rounds"), list(FIELDS))
def test_the_reports_are_the_quadratic_codes(seed: int, rounds: int) -> None:
    state = state_of(seed, rounds)
    for _, _, after, rows, made, still, following, digest in (
        row for row in OLD_REPORTS if row[:2] == (seed, rounds)
    ):
        report = tournament_norms(state, after_round=after)
        found = (
            len(report.players),
            len(report.achieved),
            len(report.open),
            sum(len(p.next_game) for p in report.players),
            hashlib.sha256(canonical(report).encode()).hexdigest()[:16],
        )
        assert found == (rows, made, still, following, digest), after
