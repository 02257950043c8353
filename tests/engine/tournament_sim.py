"""A random-tournament driver for property tests of any pairing system.

Give :func:`simulate` a pairing function (``PairingRequest -> Pairing``) and a seed; it
builds a random field, pairs every round with that function, plays the round with random
results (forfeits, requested byes, withdrawals and late entries included) by appending one
:class:`RoundRecord` per player, and yields each round's request and answer so that a test
can check them. The driver never judges a pairing: whatever the engine returns is played,
and an available player the engine left out is recorded as not paired, for the test to see.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from fractions import Fraction

from engine.model import (
    Colour,
    Pairing,
    PairingNumber,
    PairingRequest,
    PlayerEntry,
    PointSystem,
    RoundKind,
    RoundRecord,
)

__all__ = ["Chances", "RoundStep", "random_field", "simulate"]

PairFunction = Callable[[PairingRequest], Pairing]


@dataclass(frozen=True, slots=True)
class Chances:
    """Per player and round probabilities of the irregular events a tournament sees."""

    half_bye: float = 0.04
    zero_bye: float = 0.03
    forfeit: float = 0.04
    withdraw: float = 0.01
    late_entry: float = 0.05
    """Chance that a player joins only from round 2 or 3 (missed rounds: not paired)."""
    draw: float = 0.3


@dataclass(frozen=True, slots=True)
class RoundStep:
    """One round of a simulated tournament: what was asked and what the engine answered."""

    request: PairingRequest
    pairing: Pairing


def random_field(rng: random.Random, count: int) -> tuple[PlayerEntry, ...]:
    """``count`` players numbered by rating, best first (GHR 2: TPN follows strength)."""
    ratings = sorted((rng.randrange(1000, 2800) for _ in range(count)), reverse=True)
    return tuple(
        PlayerEntry(number=PairingNumber(i + 1), rating=rating, name=f"Player {i + 1}")
        for i, rating in enumerate(ratings)
    )


def simulate(
    pair: PairFunction,
    *,
    seed: int,
    players: int,
    rounds: int,
    chances: Chances = Chances(),
    points: PointSystem = PointSystem(),
    request_options: dict[str, object] | None = None,
) -> Iterator[RoundStep]:
    """Pair and play ``rounds`` rounds of a random ``players``-player tournament.

    ``request_options`` are extra :class:`PairingRequest` fields (e.g. a system flag).
    Deterministic for a given seed and engine.
    """
    rng = random.Random(seed)
    field = list(random_field(rng, players))
    joins = {
        entry.number: (
            rng.choice((2, 3)) if rounds >= 3 and rng.random() < chances.late_entry else 1
        )
        for entry in field
    }
    withdrawn: set[PairingNumber] = set()
    initial = rng.choice((Colour.WHITE, Colour.BLACK))
    for round_no in range(1, rounds + 1):
        absent = _absences(rng, field, round_no, joins, withdrawn, chances)
        request = PairingRequest(
            round_no=round_no,
            total_rounds=rounds,
            players=tuple(replace(entry, available=entry.number not in absent) for entry in field),
            points=points,
            initial_colour=initial,
            **(request_options or {}),  # type: ignore[arg-type]
        )
        pairing = pair(request)
        yield RoundStep(request, pairing)
        records = _play(rng, request, pairing, absent, chances)
        field = [replace(entry, history=(*entry.history, records[entry.number])) for entry in field]


def _absences(
    rng: random.Random,
    field: list[PlayerEntry],
    round_no: int,
    joins: dict[PairingNumber, int],
    withdrawn: set[PairingNumber],
    chances: Chances,
) -> dict[PairingNumber, RoundKind]:
    """Who is not to be paired this round, and what their round record will be."""
    absent: dict[PairingNumber, RoundKind] = {}
    for entry in field:
        number = entry.number
        if round_no < joins[number] or number in withdrawn:
            absent[number] = RoundKind.NOT_PAIRED
        elif round_no > 1 and rng.random() < chances.withdraw:
            withdrawn.add(number)
            absent[number] = RoundKind.NOT_PAIRED
        else:
            roll = rng.random()
            if roll < chances.half_bye:
                absent[number] = RoundKind.HALF_BYE
            elif roll < chances.half_bye + chances.zero_bye:
                absent[number] = RoundKind.ZERO_BYE
    return absent


def _play(
    rng: random.Random,
    request: PairingRequest,
    pairing: Pairing,
    absent: dict[PairingNumber, RoundKind],
    chances: Chances,
) -> dict[PairingNumber, RoundRecord]:
    """One record per player for the round just paired, with random results."""
    pts = request.points
    records: dict[PairingNumber, RoundRecord] = {}
    for board in pairing.boards:
        white, black = board.white, board.black
        if rng.random() < chances.forfeit:
            winner, loser = (white, black) if rng.random() < 0.5 else (black, white)
            records[winner] = RoundRecord(RoundKind.FORFEIT_WIN, pts.forfeit_win, loser)
            records[loser] = RoundRecord(RoundKind.FORFEIT_LOSS, pts.forfeit_loss, winner)
            continue
        roll = rng.random()
        if roll < chances.draw:
            white_points, black_points = pts.draw, pts.draw
        elif roll < chances.draw + (1 - chances.draw) / 2:
            white_points, black_points = pts.win, pts.loss
        else:
            white_points, black_points = pts.loss, pts.win
        records[white] = RoundRecord(RoundKind.PLAYED, white_points, black, Colour.WHITE)
        records[black] = RoundRecord(RoundKind.PLAYED, black_points, white, Colour.BLACK)
    if pairing.bye is not None:
        records[pairing.bye] = RoundRecord(RoundKind.PAB, pts.pab)
    byes = {RoundKind.HALF_BYE: pts.half_bye, RoundKind.ZERO_BYE: pts.zero_bye}
    for entry in request.players:
        if entry.number not in records:
            kind = absent.get(entry.number, RoundKind.NOT_PAIRED)
            records[entry.number] = RoundRecord(kind, byes.get(kind, Fraction(0)))
    return records
