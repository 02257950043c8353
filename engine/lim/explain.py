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
from engine.messages import Message, indented
from engine.model import Board, Pairing, PairingNumber

__all__ = ["GroupTrace", "LimOutcome", "LimTrace", "PairTrace", "group_trace"]


@dataclass(frozen=True, slots=True)
class PairTrace:
    board: Board
    first: PairingNumber
    """The player whose turn it was; the other was chosen as their opponent."""
    opponent_reason: Message
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
    """Why the PAB went where it did (a :class:`~engine.messages.Message`), or ``""``."""
    groups: tuple[GroupTrace, ...]

    @property
    def floats(self) -> tuple[FloatDecision, ...]:
        return tuple(decision for group in self.groups for decision in group.floats)

    def lines(self) -> tuple[Message, ...]:
        """The ``--explain`` text: the round, the bye, then each group with its floaters
        (kind, article, reason) and its pairs (why that opponent, why those colours)."""
        head = Message(
            "Lim system (C.04.4.3): round %(round)s of %(rounds)s; median score %(median)s; "
            "maxi-tournament: %(maxi)s", round=self.round_no, rounds=self.total_rounds,
            median=self.median, maxi=Message("yes") if self.maxi else Message("no"),
        )  # fmt: skip
        if self.round_no >= self.total_rounds:
            head = Message("%(head)s; last round: colour limits are wishes (Art. 6)", head=head)
        out = [head]
        if self.bye is not None:
            out.append(Message("PAB: %(player)s (%(reason)s)", player=self.bye,
                               reason=self.bye_reason))  # fmt: skip
        for group in self.groups:
            out.append(self._group_line(group))
            out.extend(
                indented(
                    Message(
                        "floater %(player)s %(direction)s from group %(group)s: kind %(kind)s "
                        "(%(meaning)s); %(article)s: %(reason)s",
                        player=d.player,
                        direction=_DIRECTIONS[d.direction],
                        group=d.group,
                        kind=d.kind.value,
                        meaning=d.kind.meaning,
                        article=d.article,
                        reason=d.reason,
                    )
                )
                for d in group.floats
            )
            out.extend(
                indented(
                    Message(
                        "%(white)s-%(black)s: %(first)s's opponent: %(reason)s; colours: %(colours)s",
                        white=p.board.white,
                        black=p.board.black,
                        first=p.first,
                        reason=p.opponent_reason,
                        colours=p.colour_reason.value,
                    )
                )
                for p in group.pairs
            )
        return tuple(out)

    def _group_line(self, group: GroupTrace) -> Message:
        if group.median:
            place = Message("median group")
        elif group.score > self.median:
            place = Message("above the median")
        else:
            place = Message("below the median")
        players = " ".join(map(str, group.players)) or "-"
        line = (
            Message("Group %(score)s (%(place)s, paired downward): %(players)s",
                    score=group.score, place=place, players=players)
            if group.direction is Float.DOWN
            else Message("Group %(score)s (%(place)s, paired upward): %(players)s",
                         score=group.score, place=place, players=players)
        )  # fmt: skip
        if not group.arrivals:
            return line
        received = [
            Message("%(player)s (from above)", player=n) if arrival is Float.DOWN
            else Message("%(player)s (from below)", player=n)
            for n, arrival in group.arrivals
        ]  # fmt: skip
        return Message("%(line)s; floaters received: %(received)s", line=line, received=received)


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


_DIRECTIONS = {Float.DOWN: Message("down"), Float.UP: Message("up")}
