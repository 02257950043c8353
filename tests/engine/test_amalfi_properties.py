"""Amalfi pairs random tournaments to the end without breaking an absolute rule.

500 seeded tournaments (4 to 24 players; up to 11 rounds, at most half the field plus one;
requested byes, forfeits, late entries, withdrawals, arbiter-forbidden pairs) are paired
round after round by engine/amalfi/ and played with random results by
tests/engine/tournament_sim.py. Every round is checked against the rules restated
independently here: everyone to be paired is paired once or gets the bye (B.2, B.3.3.6), no
second meeting (A.2, B.3.1), no forbidden pair, the colour limits outside the last round
(B.3.1), bye eligibility (B.2, C.04.1 Art. 4), the pairing that B.3.3's search with
backtracking gives when done literally, and the same answer whatever the order of the
players in the request.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from functools import cache
from itertools import combinations

import pytest
import rustworkx

from engine.amalfi import pair
from engine.amalfi.players import amalfi_score, rating_ranks
from engine.common import pab_eligible
from engine.errors import NoValidPairing
from engine.model import Colour, Pairing, PairingNumber, PairingRequest, PlayerEntry, RoundKind
from tests.engine.tournament_sim import simulate

TOURNAMENTS = 500


def _colours(entry: PlayerEntry) -> list[Colour]:
    """B.2: unplayed games have no colour, so the sequence skips them."""
    return [r.colour for r in entry.history if r.kind is RoundKind.PLAYED and r.colour]


def _played_against(entry: PlayerEntry) -> set[int]:
    """B.2: a forfeited game is no meeting."""
    return {r.opponent for r in entry.history if r.kind is RoundKind.PLAYED and r.opponent}


def _within_limits(colours: list[Colour]) -> bool:
    """B.3.1: never the same colour three times running, never three more of one colour."""
    difference = colours.count(Colour.WHITE) - colours.count(Colour.BLACK)
    return abs(difference) <= 2 and not (len(colours) >= 3 and len(set(colours[-3:])) == 1)


def _may_meet(request: PairingRequest, a: PlayerEntry, b: PlayerEntry) -> bool:
    if b.number in _played_against(a) or frozenset((a.number, b.number)) in request.forbidden_pairs:
        return False
    if request.round_no == request.total_rounds:
        return True
    return any(
        _within_limits([*_colours(a), c]) and _within_limits([*_colours(b), c.opposite])
        for c in (Colour.WHITE, Colour.BLACK)
    )


def _pairable(request: PairingRequest, players: list[PlayerEntry]) -> bool:
    """Whether these players can all be paired with each other under B.3.1."""
    graph = rustworkx.PyGraph()
    graph.add_nodes_from(range(len(players)))
    graph.add_edges_from_no_data(
        [
            (i, j)
            for i, j in combinations(range(len(players)), 2)
            if _may_meet(request, players[i], players[j])
        ]
    )
    return 2 * len(rustworkx.max_weight_matching(graph, max_cardinality=True)) == len(players)


def _check_round(request: PairingRequest, pairing: Pairing) -> None:
    to_pair = {p.number: p for p in request.players if p.available}
    seen = Counter(n for b in pairing.boards for n in (b.white, b.black))
    if pairing.bye is not None:
        seen[pairing.bye] += 1
    assert set(seen) == set(to_pair) and max(seen.values(), default=1) == 1, (
        "B.2 / B.3.3.6: everyone to be paired is on exactly one board or has the bye"
    )
    assert (pairing.bye is not None) == (len(to_pair) % 2 == 1), "B.2: a bye iff odd"
    last = request.round_no == request.total_rounds
    for board in pairing.boards:
        white, black = to_pair[board.white], to_pair[board.black]
        assert board.black not in _played_against(white), "A.2: two players meet at most once"
        assert frozenset((board.white, board.black)) not in request.forbidden_pairs
        if not last:
            assert _within_limits([*_colours(white), Colour.WHITE]), "B.3.1 colour limits"
            assert _within_limits([*_colours(black), Colour.BLACK]), "B.3.1 colour limits"
    if pairing.bye is not None:
        bye = to_pair[pairing.bye]
        assert pab_eligible(bye, request.points), "B.2: at most one bye, forfeit win counts"
        if not _colours(bye):
            # B.2: a player without a game gets the bye only if no one who has played could
            # take it and still leave a list that can be paired.
            for other in to_pair.values():
                if _colours(other) and pab_eligible(other, request.points):
                    rest = [p for n, p in to_pair.items() if n != other.number]
                    assert not _pairable(request, rest), f"#{other.number} could have the bye"


def _spec_search(request: PairingRequest, bye: PairingNumber | None) -> set[frozenset[int]]:
    """B.3.3 done literally, as the spec words it: the top unpaired player tries the target,
    nearer, then farther positions; a dead end undoes the latest pair and resumes its top
    player after it. The engine reaches the same pairing by a shortcut."""
    ranks = rating_ranks(request.players)
    listed = sorted(
        (p for p in request.players if p.available and p.number != bye),
        key=lambda p: (-amalfi_score(p, request.points), ranks[p.number]),
    )
    size = len(listed)
    distance = min(request.total_rounds - request.round_no + 1, size // 2)

    @cache
    def search(paired: frozenset[int]) -> tuple[tuple[int, int], ...] | None:
        if len(paired) == size:
            return ()
        top = min(set(range(size)) - paired)
        target = min(top + distance, size - 1)
        for other in [target, *range(target - 1, top, -1), *range(target + 1, size)]:
            if other in paired or not _may_meet(request, listed[top], listed[other]):
                continue
            rest = search(paired | {top, other})
            if rest is not None:
                return ((top, other), *rest)
        return None

    found = search(frozenset())
    assert found is not None
    return {frozenset((listed[a].number, listed[b].number)) for a, b in found}


def _no_pairing_exists(request: PairingRequest) -> bool:
    players = [p for p in request.players if p.available]
    if len(players) % 2 == 0:
        return not _pairable(request, players)
    return not any(
        _pairable(request, [p for p in players if p is not bye])
        for bye in players
        if pab_eligible(bye, request.points)
    )


def _shuffled(request: PairingRequest, seed: int) -> PairingRequest:
    players = list(request.players)
    random.Random(seed).shuffle(players)
    return replace(request, players=tuple(players))


def _forbidden(rng: random.Random, players: int) -> frozenset[frozenset[PairingNumber]]:
    if rng.random() < 0.7:
        return frozenset()
    a, b = rng.sample(range(1, players + 1), 2)
    return frozenset({frozenset({PairingNumber(a), PairingNumber(b)})})


def _tournament(seed: int) -> Iterator[tuple[PairingRequest, Pairing | None]]:
    """Each round's request and pairing; ``None`` when the engine found no pairing."""
    rng = random.Random(seed)
    players = rng.randint(4, 24)
    rounds = rng.randint(1, min(11, players // 2 + 1))
    asked: list[PairingRequest] = []

    def recording(request: PairingRequest) -> Pairing:
        asked.append(request)
        return pair(request)

    steps = simulate(
        recording,
        seed=seed,
        players=players,
        rounds=rounds,
        request_options={"forbidden_pairs": _forbidden(rng, players)},
    )
    try:
        for step in steps:
            yield step.request, step.pairing
    except NoValidPairing:
        yield asked[-1], None


@pytest.mark.slow
def test_random_tournaments_break_no_absolute_rule() -> None:
    finished = 0
    for seed in range(TOURNAMENTS):
        byes: Counter[PairingNumber] = Counter()
        for request, pairing in _tournament(seed):
            if pairing is None:
                assert _no_pairing_exists(request), f"seed {seed}: a pairing existed"
                break
            _check_round(request, pairing)
            assert {frozenset((b.white, b.black)) for b in pairing.boards} == _spec_search(
                request, pairing.bye
            ), f"seed {seed}: not the pairing B.3.3's search gives"
            assert pair(_shuffled(request, seed)) == pairing, f"seed {seed}: not deterministic"
            if pairing.bye is not None:
                byes[pairing.bye] += 1
        else:
            finished += 1
        assert max(byes.values(), default=0) <= 1, f"seed {seed}: B.2 at most one bye"
    # A round can be truly unpairable when absences leave a handful of players who have all
    # met (each such round was shown above to have no legal pairing); it stays rare.
    assert finished >= 0.99 * TOURNAMENTS
