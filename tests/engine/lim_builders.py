"""Compact builders for Lim test positions: past rounds written as crosstable lines.

``history("1-5 1-0, 6-2 0-1, 3-7 =, 9 pab")`` reads one round: ``white-black result`` for
each game (``1-0``, ``0-1``, ``=``; ``+-`` / ``-+`` for forfeits, which carry no colour),
``N pab`` / ``N half`` / ``N zero`` / ``N out`` for unplayed rounds.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from engine.lim.explain import LimOutcome
from engine.lim.system import explain_lim
from engine.model import (
    Colour,
    PairingNumber,
    PairingRequest,
    PlayerEntry,
    RoundKind,
    RoundRecord,
)
from tests.engine import builders
from tests.engine.builders import HALF, ONE, ZERO, W, game_records

_UNPLAYED = {
    "pab": (RoundKind.PAB, ONE),
    "half": (RoundKind.HALF_BYE, HALF),
    "zero": (RoundKind.ZERO_BYE, ZERO),
    "out": (RoundKind.NOT_PAIRED, ZERO),
}


def history(*rounds: str) -> dict[int, tuple[RoundRecord, ...]]:
    """Round records per player from crosstable lines, one line per round."""
    records: dict[int, list[RoundRecord]] = {}
    for index, line in enumerate(rounds):
        for item in filter(None, (part.strip() for part in line.split(","))):
            first, second = item.split()
            if second in _UNPLAYED:
                kind, points = _UNPLAYED[second]
                _add(records, int(first), index, RoundRecord(kind, points))
                continue
            white, black = (int(n) for n in first.split("-"))
            white_record, black_record = game_records(white, black, second)
            _add(records, white, index, white_record)
            _add(records, black, index, black_record)
    for number, done in records.items():
        assert len(done) == len(rounds), f"player {number} is missing from a round"
    return {number: tuple(done) for number, done in records.items()}


def _add(
    records: dict[int, list[RoundRecord]], number: int, index: int, record: RoundRecord
) -> None:
    done = records.setdefault(number, [])
    assert len(done) == index, (
        f"player {number} appears twice or skips a round before round {index + 1}"
    )
    done.append(record)


def request(
    past: dict[int, tuple[RoundRecord, ...]] | Iterable[int],
    *,
    total: int = 9,
    ratings: dict[int, int] | None = None,
    forbidden: Iterable[tuple[int, int]] = (),
    maxi: bool = False,
    initial: Colour = W,
    absent: Iterable[int] = (),
) -> PairingRequest:
    """The request for the round after ``past`` (or round 1 for a plain list of numbers).

    Ratings default to 2400 − 10 × number, so the pairing numbers follow the ratings.
    """
    histories = past if isinstance(past, dict) else dict.fromkeys(past, ())
    missing = set(absent)
    done = {len(h) for h in histories.values()}
    assert len(done) == 1, "every player needs the same number of past rounds"
    players = tuple(
        PlayerEntry(
            number=PairingNumber(n),
            rating=(ratings or {}).get(n, 2400 - 10 * n),
            history=histories[n],
            available=n not in missing,
        )
        for n in sorted(histories)
    )
    return PairingRequest(
        round_no=done.pop() + 1,
        total_rounds=total,
        players=players,
        initial_colour=initial,
        forbidden_pairs=frozenset(
            frozenset((PairingNumber(a), PairingNumber(b))) for a, b in forbidden
        ),
        maxi=maxi,
    )


def pairs(outcome: LimOutcome) -> set[frozenset[int]]:
    """The pairs made, colours ignored."""
    return {frozenset((b.white, b.black)) for b in outcome.pairing.boards}


def boards(outcome: LimOutcome) -> list[tuple[int, int]]:
    """``(white, black)`` per board, in board order."""
    return builders.boards(outcome.pairing)


def group_pairs(outcome: LimOutcome, score: Fraction) -> list[tuple[int, int]]:
    """``(first, opponent)`` in the order the group made them (first: whose turn it was)."""
    (group,) = [g for g in outcome.trace.groups if g.score == score]
    return [
        (pair.first, pair.board.black if pair.board.white == pair.first else pair.board.white)
        for pair in group.pairs
    ]


def floats(outcome: LimOutcome) -> dict[int, tuple[str, str]]:
    """Floater → (3.9 kind, article) for every float decided this round."""
    return {d.player: (d.kind.value, d.article) for d in outcome.trace.floats}


def lim(req: PairingRequest) -> LimOutcome:
    return explain_lim(req)


# A round-5 position (10 players, median 2) found by random play and checked by hand:
#   1: B B W B, 1.5 (two more Black: must have White; met 6, 5, 9, 3)
#   2: W W B B, 1.5 (Black twice running: must have White)    3: B B W W, 1.5 (must have Black)
#   6: W B W B, 1.5 (met 1, 7, 2, 5)   7: 3 (met 2, 6, 3, 8)   8: W W B B, 3.5 (met 3, 4, 10, 7)
#   4: 2.5 (met 9, 8, 5, 10)  10: W B W W, 2.5 (met 5, 2, 8, 4)  5: 2 (median)  9: 0.5
ROUND_FIVE = (
    "2-7 =, 4-9 1-0, 6-1 1-0, 8-3 1-0, 10-5 1-0",
    "2-10 0-1, 5-1 1-0, 7-6 1-0, 8-4 1-0, 9-3 0-1",
    "1-9 1-0, 3-7 0-1, 4-5 1-0, 6-2 =, 10-8 0-1",
    "3-1 =, 5-6 1-0, 7-8 =, 9-2 =, 10-4 =",
)

# Round 4: 1, 2 (3 points) and 7, 8 (0) played B W W; 3, 4 (2) and 5, 6 (1) played W B B.
SAME_COLOUR_TWICE = (
    "5-1 0-1, 6-2 0-1, 3-7 1-0, 4-8 1-0",
    "1-3 1-0, 2-4 1-0, 7-5 0-1, 8-6 0-1",
    "1-6 1-0, 2-5 1-0, 7-3 0-1, 8-4 0-1",
)
