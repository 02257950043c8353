"""The facts the Dutch engine reads about each player (engine/dutch/players.py), checked
against the definitions of spec/dutch.md §2 and C.04.7."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from engine.dutch.players import build_players
from engine.model import PairingNumber, RoundKind
from tests.engine.builders import unplayed
from tests.engine.dutch_builders import HALF, ONE, ZERO, B, Field, W

ZERO_BYE = unplayed(RoundKind.ZERO_BYE)


def test_colour_preference_facts_dutch_2_5() -> None:
    # dutch.md §2.5 (Art. 1.7), (wants, absolute, strong, |CD|) per history:
    # W W W B B: CD +1, the last two Black: absolute, for White.
    # W B B W W: CD +1, the last two White: absolute, for Black.
    # B W B W B: CD -1, the last two differ: strong, for White.
    # W B: CD 0: mild (neither absolute nor strong), for the opposite of the last game, White.
    # No game at all: no preference.
    f = Field(rounds_played=5)
    f.history(1, (W, ONE), (W, ZERO), (W, HALF), (B, HALF), (B, ZERO))
    f.history(2, (W, HALF), (B, HALF), (B, HALF), (W, HALF), (W, HALF))
    f.history(3, (B, ZERO), (W, HALF), (B, ONE), (W, ZERO), (B, ONE))
    f.player(4, f.game(4, W, HALF, round_no=1), f.game(4, B, HALF, round_no=2), *[ZERO_BYE] * 3)
    f.player(5, *[ZERO_BYE] * 5)
    players = build_players(f.request())
    facts = {p.number: (p.wants, p.absolute, p.strong, p.imbalance) for p in players}
    assert facts[PairingNumber(1)] == (W, True, False, 1)
    assert facts[PairingNumber(2)] == (B, True, False, 1)
    assert facts[PairingNumber(3)] == (W, False, True, 1)
    assert facts[PairingNumber(4)] == (W, False, False, 0)
    assert facts[PairingNumber(5)] == (None, False, False, 0)


def test_scaled_score_orders_and_equals_as_the_pairing_score() -> None:
    # C.04.7: the pairing score is the score plus this round's virtual points. Round 2:
    # 1 won (1), 2 drew (1/2) and has +1 virtual point (3/2), 3 drew (1/2), 4 lost (0). In
    # halves (the common denominator of a draw) 2, 3, 1, 0; pairing order 2, 1, 3, 4.
    f = Field(rounds_played=1)
    f.history(1, (W, ONE))
    f.history(2, (B, HALF))
    f.history(3, (W, HALF))
    f.history(4, (B, ZERO))
    request = f.request()
    accelerated = tuple(
        replace(e, acceleration={2: ONE}) if e.number == 2 else e for e in request.players
    )
    players = build_players(replace(request, players=accelerated))
    assert [(p.number, p.score, p.real_score, p.scaled_score) for p in players] == [
        (2, Fraction(3, 2), HALF, 3),
        (1, ONE, ONE, 2),
        (3, HALF, HALF, 1),
        (4, ZERO, ZERO, 0),
    ]
