"""500 random Lim tournaments paired to the end: the absolute rules always hold.

Random fields of 4 to 20 players, 3 to 9 rounds, random results with forfeits, requested
byes, withdrawals and late entries, half of them maxi-tournaments. Every round is checked
here from the raw round records, not with the engine's own helpers:

* everyone available is paired exactly once or gets the bye, nobody else appears (BR 3);
* no two players meet twice (BR 2, played games only, GHR 3.5), no arbiter-forbidden pair;
* the bye only on an odd count, never to a player barred by Basic Rule 4;
* before the last round, nobody reaches three more of one colour or the same colour three
  times running (Lim 2.1; lifted in the last round, Art. 6);
* the same request paired again gives the same pairing (GHR 1.4);
* ``--explain`` names every floater with its kind (3.9 a-d) and the article that moved it;
* when the engine finds no pairing, an exhaustive search confirms there is none.
"""

from __future__ import annotations

import random

import pytest
import rustworkx as rx

from engine.errors import NoValidPairing
from engine.lim.explain import LimOutcome
from engine.lim.system import explain_lim
from engine.lim.system import pair as pair_lim
from engine.model import Colour, Pairing, PairingNumber, PairingRequest, PlayerEntry, RoundKind
from tests.engine.tournament_sim import simulate

TOURNAMENTS = 500


@pytest.mark.slow
def test_random_tournaments_never_break_an_absolute_rule() -> None:
    rounds_paired = unpairable = 0
    for seed in range(TOURNAMENTS):
        rng = random.Random(seed)
        players = rng.randrange(4, 21)
        rounds = rng.randrange(3, min(9, players - 1) + 1)
        options = {"maxi": seed % 2 == 1}
        asked: list[PairingRequest] = []

        def pair(request: PairingRequest, asked: list[PairingRequest] = asked) -> Pairing:
            asked.append(request)
            outcome = explain_lim(request)
            _check_explained(outcome)
            return outcome.pairing

        try:
            for step in simulate(
                pair, seed=seed, players=players, rounds=rounds, request_options=options
            ):
                _check(step.request, step.pairing)
                assert pair_lim(step.request) == step.pairing, f"seed {seed}: not deterministic"
                rounds_paired += 1
        except NoValidPairing:
            assert not _some_legal_pairing(asked[-1]), f"seed {seed}: a legal pairing was missed"
            unpairable += 1
    assert rounds_paired > 2000 and unpairable < TOURNAMENTS // 10


def _check(request: PairingRequest, pairing: Pairing) -> None:
    where = f"round {request.round_no}"
    available = {p.number for p in request.players if p.available}
    seated = [n for board in pairing.boards for n in (board.white, board.black)]
    if pairing.bye is not None:
        seated.append(pairing.bye)
    assert sorted(seated) == sorted(available), f"{where}: seated {sorted(seated)}"
    assert (pairing.bye is not None) == (len(available) % 2 == 1), f"{where}: bye on an even count"
    entries = {p.number: p for p in request.players}
    if pairing.bye is not None:
        assert _may_have_bye(request, entries[pairing.bye]), (
            f"{where}: bye to {pairing.bye}, barred by BR 4"
        )
    last = request.round_no == request.total_rounds
    for board in pairing.boards:
        white, black = entries[board.white], entries[board.black]
        assert _may_meet(request, white, black), (
            f"{where}: {board.white}-{board.black} met or forbidden"
        )
        if not last:
            assert _within_limits(white, Colour.WHITE), (
                f"{where}: colour limit broken for {board.white}"
            )
            assert _within_limits(black, Colour.BLACK), (
                f"{where}: colour limit broken for {board.black}"
            )


def _check_explained(outcome: LimOutcome) -> None:
    lines = outcome.pairing.explanation
    for decision in outcome.trace.floats:
        start = f"  floater {decision.player} {decision.direction.value} from group "
        assert any(
            line.startswith(start)
            and f"kind {decision.kind.value} (" in line
            and f"; {decision.article}: " in line
            for line in lines
        ), f"floater {decision.player} not explained"


def _may_meet(request: PairingRequest, a: PlayerEntry, b: PlayerEntry) -> bool:
    met = any(r.kind is RoundKind.PLAYED and r.opponent == b.number for r in a.history)
    return not met and frozenset((a.number, b.number)) not in request.forbidden_pairs


def _may_have_bye(request: PairingRequest, entry: PlayerEntry) -> bool:
    return not any(
        r.kind is RoundKind.PAB
        or (r.kind is not RoundKind.PLAYED and r.points >= request.points.win)
        for r in entry.history
    )


def _within_limits(entry: PlayerEntry, colour: Colour) -> bool:
    played = [r.colour for r in entry.history if r.kind is RoundKind.PLAYED] + [colour]
    difference = played.count(Colour.WHITE) - played.count(Colour.BLACK)
    return abs(difference) <= 2 and not (
        len(played) >= 3 and played[-1] == played[-2] == played[-3]
    )


def _some_legal_pairing(request: PairingRequest) -> bool:
    """Whether any pairing of the available players keeps every absolute rule."""
    players = [p for p in request.players if p.available]
    last = request.round_no == request.total_rounds

    def legal(a: PlayerEntry, b: PlayerEntry) -> bool:
        if not _may_meet(request, a, b):
            return False
        return last or any(
            _within_limits(a, colour) and _within_limits(b, colour.opposite)
            for colour in (Colour.WHITE, Colour.BLACK)
        )

    byes: list[PairingNumber | None] = [None]
    if len(players) % 2:
        byes = [p.number for p in players if _may_have_bye(request, p)]
    for bye in byes:
        rest = [p for p in players if p.number != bye]
        graph: rx.PyGraph = rx.PyGraph()
        graph.add_nodes_from(range(len(rest)))
        graph.add_edges_from(
            [
                (i, j, 1)
                for i in range(len(rest))
                for j in range(i + 1, len(rest))
                if legal(rest[i], rest[j])
            ]
        )
        if 2 * len(rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)) == len(rest):
            return True
    return False
