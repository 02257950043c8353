"""B.3.3 on one ranked list: the top unpaired player meets the player d places below, else
nearer, else farther, backtracking when the rest could not be paired."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

from engine.amalfi.players import AmalfiPlayer, Compatibility
from engine.matching import MatchingGraph
from engine.messages import Message
from engine.model import PairingRequest

__all__ = ["LOOK_AHEAD", "ListPairer", "Step", "list_distance"]


def list_distance(request: PairingRequest, size: int) -> int:
    """B.3.3: d = R - r + 1, capped at floor(N/2) (ruling "Amalfi: distance cap")."""
    return min(request.total_rounds - request.round_no + 1, size // 2)


@dataclass(slots=True)
class Step:
    """One pair made: the top unpaired player, his search order, the index taken in it and
    the candidates refused before it (for ``--explain``)."""

    top: int
    order: list[int]
    taken: int = -1
    refused: list[Message] = field(default_factory=list)

    @property
    def opponent(self) -> int:
        return self.order[self.taken]


class ListPairer:
    """B.3.3 on one list; positions count every player of the list, paired or not (ruling
    "Amalfi: distance in list positions").

    The answer is the first complete pairing of the depth-first search the spec describes
    (target, nearer, farther; on a dead end undo the latest pair and resume its top player).
    The search runs greedily; on a dead end a perfect-matching test finds the last pair after
    which the rest could still be paired, and only that step resumes, trying each further
    candidate with the same test. The pairs the plain search would have made and undone in
    between are skipped without changing its outcome, so no round takes exponential time.
    """

    def __init__(self, listed: Sequence[AmalfiPlayer], distance: int, rules: Compatibility) -> None:
        self._listed = listed
        self._distance = distance
        self._rules = rules
        self._steps: list[Step] = []
        self._paired: set[int] = set()

    def run(self) -> list[tuple[AmalfiPlayer, AmalfiPlayer, Step]] | None:
        """The pairs in the order made, or ``None`` when the list cannot be paired."""
        size = len(self._listed)
        while len(self._paired) < size:
            after = self._steps[-1].top + 1 if self._steps else 0
            top = next(i for i in range(after, size) if i not in self._paired)
            step = Step(top, self._search_order(top))
            if not self._advance(step, check_rest=False) and not self._backtrack():
                return None
        return [(self._listed[s.top], self._listed[s.opponent], s) for s in self._steps]

    def _search_order(self, top: int) -> list[int]:
        """B.3.3.2-4: the target p + d (the last position if beyond), nearer, then farther."""
        target = min(top + self._distance, len(self._listed) - 1)
        return [target, *range(target - 1, top, -1), *range(target + 1, len(self._listed))]

    def _advance(self, step: Step, *, check_rest: bool) -> bool:
        """Take the first allowed opponent after ``step.taken``; ``check_rest`` also demands
        that everybody else can still be paired afterwards."""
        player = self._listed[step.top]
        for index in range(step.taken + 1, len(step.order)):
            position = step.order[index]
            other = self._listed[position]
            if position in self._paired:
                if index == 0:
                    step.refused.append(_refused(position, other, Message("already paired")))
                continue
            reason = self._rules.refusal(player, other)
            if reason is None and check_rest:
                rest = self._unpaired() - {step.top, position}
                reason = None if self._completable(rest) else LOOK_AHEAD
            if reason is not None:
                step.refused.append(_refused(position, other, reason))
                continue
            step.taken = index
            self._steps.append(step)
            self._paired |= {step.top, position}
            return True
        return False

    def _backtrack(self) -> bool:
        """B.3.3.5: undo pairs back to the last one after which the rest was still pairable,
        and resume its top player; ``False`` when even the whole list is not pairable."""
        # Pairability of what is left can only be lost as pairs are added, and it is lost
        # after all of them. Find the first pair after which it is lost: gallop back from the
        # latest (dead ends mostly come near the bottom, where the rest is small), then bisect.
        lost, gap = len(self._steps), 1
        while not self._completable(self._unpaired(after=(kept := max(0, lost - gap)))):
            if kept == 0:
                return False
            lost, gap = kept, 2 * gap
        while lost - kept > 1:
            middle = (kept + lost) // 2
            if self._completable(self._unpaired(after=middle)):
                kept = middle
            else:
                lost = middle
        wrong = self._steps[lost - 1]
        for step in self._steps[lost - 1 :]:
            self._paired -= {step.top, step.opponent}
        del self._steps[lost - 1 :]
        wrong.refused.append(_refused(wrong.opponent, self._listed[wrong.opponent], LOOK_AHEAD))
        resumed = self._advance(wrong, check_rest=True)
        assert resumed, "a pairable rest always leaves its top player a pairable opponent"
        return True

    def _unpaired(self, *, after: int | None = None) -> set[int]:
        """Positions not yet paired, or not paired by the first ``after`` pairs."""
        steps = self._steps if after is None else self._steps[:after]
        used = {position for s in steps for position in (s.top, s.opponent)}
        return set(range(len(self._listed))) - used

    def _completable(self, positions: set[int]) -> bool:
        """Whether these players can all be paired among themselves (a perfect matching)."""
        if len(positions) % 2:
            return False
        players = [self._listed[p] for p in sorted(positions)]
        graph = MatchingGraph(len(players))
        for i, j in combinations(range(len(players)), 2):
            if self._rules.refusal(players[i], players[j]) is None:
                graph.set_weight(i, j, 1)
        return len(graph.solve()) == len(players)


LOOK_AHEAD = Message("would leave the others unpairable (B.3.1 look-ahead)")


def _refused(position: int, player: AmalfiPlayer, reason: Message) -> Message:
    return Message("pos %(position)s #%(player)s %(reason)s", position=position + 1,
                   player=player.number, reason=reason)  # fmt: skip
