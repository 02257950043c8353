"""Direct Encounter (C.07 Art. 6): a type A tie-break, computed inside one tied group.

Only games among the tied participants count (6.1); forfeits are left out unless the list says
``DE/P`` (6.1.1); several games against the same opponent count as their average (6.1.2).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction

from engine.model import PairingNumber
from events.tiebreaks.model import Crosstable

__all__ = ["direct_encounter_order"]


@dataclass(frozen=True, slots=True)
class _MiniScore:
    number: PairingNumber
    score: Fraction
    """Points from the games against the rest of the group (6.1)."""
    best_case: Fraction
    """``score`` plus a win for every group member not met: what it could have been (6.3)."""
    met_everyone: bool


def _mini_scores(
    crosstable: Crosstable, group: list[PairingNumber], as_played: bool
) -> list[_MiniScore]:
    members = set(group)
    scores = []
    for number in group:
        by_opponent: dict[PairingNumber, list[Fraction]] = defaultdict(list)
        for entry in crosstable.by_number[number].rounds:
            counts = entry.played or (as_played and entry.opponent is not None)
            if counts and entry.opponent in members:
                by_opponent[entry.opponent].append(entry.points)
        score = sum((sum(p, Fraction(0)) / len(p) for p in by_opponent.values()), Fraction(0))
        missing = len(group) - 1 - len(by_opponent)
        scores.append(
            _MiniScore(number, score, score + missing * crosstable.win_points, missing == 0)
        )
    return scores


def _split_once(
    crosstable: Crosstable, group: list[PairingNumber], as_played: bool
) -> list[list[PairingNumber]]:
    """One application of Art. 6 to ``group``: its ordered subgroups."""
    scores = _mini_scores(crosstable, group, as_played)
    if all(s.met_everyone for s in scores):
        # 6.2: everybody met everybody - rank by the mini-scores.
        parts: dict[Fraction, list[PairingNumber]] = defaultdict(list)
        for s in scores:
            parts[s.score].append(s.number)
        return [parts[score] for score in sorted(parts, reverse=True)]
    # 6.3: a participant is placed only if no result of the missing games could catch them.
    remaining = sorted(scores, key=lambda s: (-s.score, -s.best_case, s.number))
    placed: list[list[PairingNumber]] = []
    while len(remaining) > 1 and remaining[0].score > max(s.best_case for s in remaining[1:]):
        placed.append([remaining[0].number])
        remaining = remaining[1:]
    return [*placed, sorted(s.number for s in remaining)]


def direct_encounter_order(
    crosstable: Crosstable, group: list[PairingNumber], *, as_played: bool = False
) -> list[list[PairingNumber]]:
    """Order a group tied on everything before DE; players still tied stay together.

    Art. 6 is re-applied to every subgroup it leaves, until nothing changes (6.2, 6.3).

    :returns: the subgroups in ranking order, each sorted by pairing number.
    """
    if len(group) < 2:
        return [list(group)]
    parts = _split_once(crosstable, group, as_played)
    if len(parts) == 1:
        return [sorted(group)]
    ordered: list[list[PairingNumber]] = []
    for part in parts:
        ordered.extend(direct_encounter_order(crosstable, part, as_played=as_played))
    return ordered
