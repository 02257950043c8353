"""The Lim engine's decisions as data, and the ``--explain`` text rendered from them: which
player floated, of which kind (3.9 a–d), under which article and why; why each opponent and
each colour (:mod:`engine.lim.colours`)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from engine.common import Float
from engine.lim.brackets import ScoreGroup
from engine.lim.colours import ColourReason, allocate_colours
from engine.lim.floaters import FloatDecision
from engine.lim.players import LimField
from engine.model import Board, Pairing, PairingNumber

__all__ = ["GroupTrace", "LimOutcome", "LimTrace", "PairTrace", "group_trace"]


@dataclass(frozen=True, slots=True)
class PairTrace:
    board: Board
    first: PairingNumber
    """The player whose turn it was; the other was chosen as their opponent."""
    opponent_reason: str
    colour_reason: ColourReason


@dataclass(frozen=True, slots=True)
class GroupTrace:
    """One scoregroup as paired: its own players, the floaters it received, the floaters
    it sent on (2.6 take-backs included) and its pairs."""

    score: Fraction
    direction: Float
    median: bool
    players: tuple[PairingNumber, ...]
    arrivals: tuple[tuple[PairingNumber, Float], ...]
    floats: tuple[FloatDecision, ...]
    pairs: tuple[PairTrace, ...]


@dataclass(frozen=True, slots=True)
class LimTrace:
    """The engine's decisions for one round, groups in the order they were paired."""

    round_no: int
    total_rounds: int
    median: Fraction
    maxi: bool
    bye: PairingNumber | None
    bye_reason: str
    groups: tuple[GroupTrace, ...]

    @property
    def floats(self) -> tuple[FloatDecision, ...]:
        return tuple(decision for group in self.groups for decision in group.floats)

    def lines(self) -> tuple[str, ...]:
        """The ``--explain`` text: the round, the bye, then each group with its floaters
        (kind, article, reason) and its pairs (why that opponent, why those colours)."""
        head = (
            f"Lim system (C.04.4.3): round {self.round_no} of {self.total_rounds}; "
            f"median score {_score(self.median)}; maxi-tournament: {'yes' if self.maxi else 'no'}"
        )
        if self.round_no >= self.total_rounds:
            head += "; last round: colour limits are wishes (Art. 6)"
        out = [head]
        if self.bye is not None:
            out.append(f"PAB: {self.bye} ({self.bye_reason})")
        for group in self.groups:
            out.append(self._group_line(group))
            out.extend(
                f"  floater {d.player} {d.direction.value} from group {_score(d.group)}: "
                f"kind {d.kind.value} ({d.kind.meaning}); {d.article}: {d.reason}"
                for d in group.floats
            )
            out.extend(
                f"  {p.board.white}-{p.board.black}: {p.first}'s opponent: {p.opponent_reason}; "
                f"colours: {p.colour_reason.value}"
                for p in group.pairs
            )
        return tuple(out)

    def _group_line(self, group: GroupTrace) -> str:
        if group.median:
            place = "median group"
        else:
            place = ("above" if group.score > self.median else "below") + " the median"
        way = "downward" if group.direction is Float.DOWN else "upward"
        players = " ".join(map(str, group.players)) or "-"
        line = f"Group {_score(group.score)} ({place}, paired {way}): {players}"
        if group.arrivals:
            line += "; floaters received: " + ", ".join(
                f"{n} (from {'above' if arrival is Float.DOWN else 'below'})"
                for n, arrival in group.arrivals
            )
        return line


@dataclass(frozen=True, slots=True)
class LimOutcome:
    pairing: Pairing
    trace: LimTrace


def group_trace(
    field: LimField, group: ScoreGroup, positions: dict[PairingNumber, int]
) -> GroupTrace:
    pairs = []
    for note in group.pairs:
        higher = min((note.first, note.second), key=lambda p: p.rank)
        allocation = allocate_colours(
            field,
            note.first,
            note.second,
            upper=field.upper_half(group.score),
            list_position=positions[higher.number],
        )
        pairs.append(PairTrace(allocation.board, note.first.number, note.why, allocation.reason))
    return GroupTrace(
        score=group.score,
        direction=group.direction,
        median=group.score == field.median,
        players=tuple(p.number for p in field.ranked(group.residents)),
        arrivals=tuple((p.number, way) for p, way in group.arrivals),
        floats=tuple(group.floats),
        pairs=tuple(pairs),
    )


def _score(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else str(float(value))
