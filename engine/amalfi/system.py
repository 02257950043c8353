"""The Amalfi Rating system (FSI, experimental since 2008; spec/amalfi.md).

No score brackets: one ranked list per round, and a distance that shrinks every round. In round
r of R the top unpaired player meets the player d = R - r + 1 places below him; when that
pairing is not allowed, nearer players are tried first, then farther ones, and a pairing that
would leave the others unpairable is refused (B.3.1 look-ahead, B.3.3 backtracking).

Choices Arbiter made where the text is open are in docs/rulings.md under "Amalfi": the distance
counts list positions whether paired or not, it is capped at floor(N/2), a late entrant's missed
rounds are recognised as the leading unpaired rounds, and the bye passes to the next candidate
when the rest of the list cannot be paired.

>>> from engine.model import PairingNumber, PairingRequest, PlayerEntry
>>> field = tuple(PlayerEntry(PairingNumber(n), rating=2500 - n) for n in range(1, 7))
>>> [(b.white, b.black) for b in pair(PairingRequest(1, 3, field)).boards]
[(1, 4), (5, 2), (3, 6)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations

from engine.common import (
    alternation_colours,
    board_order,
    check_request,
    colour_difference,
    compatible,
    opponents,
    pab_eligible,
    played_colours,
)
from engine.errors import InvalidRequest, NoValidPairing
from engine.matching import MatchingGraph
from engine.model import (
    Board,
    Colour,
    Pairing,
    PairingNumber,
    PairingRequest,
    PlayerEntry,
    PointSystem,
    RoundKind,
)

__all__ = ["amalfi_score", "pair", "rating_ranks"]

_MAX_COLOUR_DIFFERENCE = 2
"""B.3.1: no colour three more times than the other."""


def amalfi_score(entry: PlayerEntry, points: PointSystem) -> Fraction:
    """The score Amalfi pairs on: the recorded points, except that a late entrant's missed
    rounds count a draw's points in total, however many they were (B.2).

    The missed rounds are the leading ``NOT_PAIRED`` records: the player was not in the
    tournament yet. A late entrant whose missed rounds were already recorded at ½ in total
    scores the same, so the rule can be applied by the caller, the engine, or both.
    """
    missed = 0
    for record in entry.history:
        if record.kind is not RoundKind.NOT_PAIRED:
            break
        missed += 1
    if missed == 0:
        return entry.score
    return points.draw + sum((r.points for r in entry.history[missed:]), Fraction(0))


def rating_ranks(players: Iterable[PlayerEntry]) -> dict[PairingNumber, int]:
    """B.1 pairing numbers, recomputed from the whole field (B.2: after a late entry).

    Rating first, highest first, so that unrated players (rating 0) come after every rated
    one; then the tournament pairing number, which carries the title, other-list and lot
    keys the caller used when numbering. A late entrant given the next free number is thus
    inserted by rating.
    """
    ordered = sorted(players, key=lambda entry: (-entry.rating, entry.number))
    return {entry.number: rank for rank, entry in enumerate(ordered, 1)}


@dataclass(frozen=True, slots=True)
class _Player:
    """A player to be paired, with the facts Amalfi reads computed once."""

    entry: PlayerEntry
    rank: int
    score: Fraction
    colours: tuple[Colour, ...]
    difference: int
    met: frozenset[PairingNumber]

    @property
    def number(self) -> PairingNumber:
        return self.entry.number

    @property
    def games(self) -> int:
        return len(self.colours)

    def may_take(self, colour: Colour) -> bool:
        """B.3.1 limits after one more game with ``colour``: not three times running, and a
        difference between the colours of at most two."""
        if len(self.colours) >= 2 and self.colours[-1] == self.colours[-2] == colour:
            return False
        step = 1 if colour is Colour.WHITE else -1
        return abs(self.difference + step) <= _MAX_COLOUR_DIFFERENCE


def pair(request: PairingRequest) -> Pairing:
    """Pair one round by the Amalfi Rating system.

    :raises InvalidRequest: the request cannot be paired as given (round out of range,
        history of the wrong length, a number used twice, a negative rating).
    :raises NoValidPairing: no bye candidate leaves a list that can be paired completely
        (B.3.3.5: the arbiter decides).
    """
    _validate(request)
    ranks = rating_ranks(request.players)
    ordered = sorted(
        (
            _player(entry, ranks[entry.number], request.points)
            for entry in request.players
            if entry.available
        ),
        key=lambda p: (-p.score, p.rank),
    )
    rules = _Compatibility(request)
    lines = [_header(request, ordered)]
    candidates: Sequence[_Player | None] = (
        _bye_candidates(ordered, request.points, lines) if len(ordered) % 2 else (None,)
    )
    for bye in candidates:
        listed = [p for p in ordered if p is not bye]
        if bye is not None:
            lines.append(f"bye: #{bye.number} (B.2)")
        distance = _distance(request, len(listed))
        lines.append(
            f"N = {len(listed)}: d = min(R - r + 1, floor(N/2)) = "
            f"min({request.total_rounds - request.round_no + 1}, {len(listed) // 2}) = "
            f"{distance}, counted in list positions, paired or not (B.3.3)"
        )
        pairs = _ListPairer(listed, distance, rules).run()
        if pairs is not None:
            boards = _boards(pairs, listed, request, lines)
            return Pairing(boards, bye.number if bye else None, tuple(lines))
        lines.append("no complete pairing of the list with this bye (B.3.3.5)")
    raise NoValidPairing(
        f"round {request.round_no}: no pairing of the {len(ordered)} players to be paired "
        "meets the Amalfi compatibility rules (B.3.1); the arbiter decides"
    )


def _validate(request: PairingRequest) -> None:
    """The shared request checks, then what Amalfi adds: ratings rank players (B.1), and the
    system defines no acceleration."""
    check_request(request)
    for entry in request.players:
        if entry.rating < 0:
            raise InvalidRequest(f"player {entry.number}: rating {entry.rating} is negative")
        if entry.acceleration.get(request.round_no):
            raise InvalidRequest(
                f"player {entry.number}: acceleration is not defined for the Amalfi system"
            )


def _player(entry: PlayerEntry, rank: int, points: PointSystem) -> _Player:
    return _Player(
        entry=entry,
        rank=rank,
        score=amalfi_score(entry, points),
        colours=played_colours(entry),
        difference=colour_difference(entry),
        met=opponents(entry),
    )


def _distance(request: PairingRequest, size: int) -> int:
    """B.3.3: d = R - r + 1, capped at floor(N/2) (ruling "Amalfi: distance cap")."""
    return min(request.total_rounds - request.round_no + 1, size // 2)


def _header(request: PairingRequest, ordered: Sequence[_Player]) -> str:
    r, total = request.round_no, request.total_rounds
    listed = ", ".join(f"{i}:#{p.number}({_points(p.score)})" for i, p in enumerate(ordered, 1))
    last = "; last round: colour limits lifted (B.3.1)" if r == total else ""
    return (
        f"Amalfi Rating round {r} of {total}{last}; list by score, then rating rank "
        f"(B.3.2): {listed}"
    )


def _points(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else str(float(value))


def _bye_candidates(
    ordered: Sequence[_Player], points: PointSystem, lines: list[str]
) -> list[_Player]:
    """B.2, in the order tried: from the bottom of the list up, players who may still get
    a bye (at most one; a win without playing counts as one), those who have played a game
    before those who have not (ruling "Amalfi: bye to a player without a game")."""
    eligible = [p for p in reversed(ordered) if pab_eligible(p.entry, points)]
    played = [p for p in eligible if p.games]
    unplayed = [p for p in eligible if not p.games]
    if not eligible:
        lines.append("nobody may get the bye (B.2)")
        return []
    first = (played + unplayed)[0]
    without_game = {p.number for p in unplayed}
    for player in reversed(ordered):
        if player is first:
            break
        if player.number in without_game:
            lines.append(
                f"#{player.number} has played no game while #{first.number} above "
                "has: the bye passes up (B.2)"
            )
        else:  # below the lowest eligible player who has played: not eligible
            lines.append(
                f"#{player.number} may not get the bye: already had a bye or an unplayed win (B.2)"
            )
    return played + unplayed


class _Compatibility:
    """B.3.1 for one round, remembered per pair: not met over the board, not forbidden by
    the arbiter, and (except in the last round) a colour for each within the limits."""

    def __init__(self, request: PairingRequest) -> None:
        self._request = request
        self._last_round = request.round_no == request.total_rounds
        self._refusals: dict[frozenset[PairingNumber], str | None] = {}

    def refusal(self, a: _Player, b: _Player) -> str | None:
        """Why ``a`` and ``b`` may not meet, or ``None`` when they may."""
        key = frozenset((a.number, b.number))
        if key not in self._refusals:
            self._refusals[key] = self._why_not(a, b)
        return self._refusals[key]

    def _why_not(self, a: _Player, b: _Player) -> str | None:
        if not compatible(self._request, a.entry, b.entry):
            return "already played" if b.number in a.met else "forbidden by the arbiter"
        if self._last_round or any(
            a.may_take(c) and b.may_take(c.opposite) for c in (Colour.WHITE, Colour.BLACK)
        ):
            return None
        return "no colours within the limits (B.3.1)"


@dataclass(slots=True)
class _Step:
    """One pair made: the top unpaired player, his search order, the index taken in it and
    the candidates refused before it (for ``--explain``)."""

    top: int
    order: list[int]
    taken: int = -1
    refused: list[str] = field(default_factory=list)

    @property
    def opponent(self) -> int:
        return self.order[self.taken]


class _ListPairer:
    """B.3.3 on one list; positions count every player of the list, paired or not (ruling
    "Amalfi: distance in list positions").

    The answer is the first complete pairing of the depth-first search the spec describes
    (target, nearer, farther; on a dead end undo the latest pair and resume its top player).
    The search runs greedily; on a dead end a perfect-matching test finds the last pair after
    which the rest could still be paired, and only that step resumes, trying each further
    candidate with the same test. The pairs the plain search would have made and undone in
    between are skipped without changing its outcome, so no round takes exponential time.
    """

    def __init__(self, listed: Sequence[_Player], distance: int, rules: _Compatibility) -> None:
        self._listed = listed
        self._distance = distance
        self._rules = rules
        self._steps: list[_Step] = []
        self._paired: set[int] = set()

    def run(self) -> list[tuple[_Player, _Player, _Step]] | None:
        """The pairs in the order made, or ``None`` when the list cannot be paired."""
        size = len(self._listed)
        while len(self._paired) < size:
            after = self._steps[-1].top + 1 if self._steps else 0
            top = next(i for i in range(after, size) if i not in self._paired)
            step = _Step(top, self._search_order(top))
            if not self._advance(step, check_rest=False) and not self._backtrack():
                return None
        return [(self._listed[s.top], self._listed[s.opponent], s) for s in self._steps]

    def _search_order(self, top: int) -> list[int]:
        """B.3.3.2-4: the target p + d (the last position if beyond), nearer, then farther."""
        target = min(top + self._distance, len(self._listed) - 1)
        return [target, *range(target - 1, top, -1), *range(target + 1, len(self._listed))]

    def _advance(self, step: _Step, *, check_rest: bool) -> bool:
        """Take the first allowed opponent after ``step.taken``; ``check_rest`` also demands
        that everybody else can still be paired afterwards."""
        player = self._listed[step.top]
        for index in range(step.taken + 1, len(step.order)):
            position = step.order[index]
            other = self._listed[position]
            if position in self._paired:
                if index == 0:
                    step.refused.append(f"pos {position + 1} #{other.number} already paired")
                continue
            reason = self._rules.refusal(player, other)
            if reason is None and check_rest:
                rest = self._unpaired() - {step.top, position}
                reason = None if self._completable(rest) else _LOOK_AHEAD
            if reason is not None:
                step.refused.append(f"pos {position + 1} #{other.number} {reason}")
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
        wrong.refused.append(
            f"pos {wrong.opponent + 1} #{self._listed[wrong.opponent].number} {_LOOK_AHEAD}"
        )
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


_LOOK_AHEAD = "would leave the others unpairable (B.3.1 look-ahead)"


def _boards(
    pairs: Sequence[tuple[_Player, _Player, _Step]],
    listed: Sequence[_Player],
    request: PairingRequest,
    lines: list[str],
) -> tuple[Board, ...]:
    """Explain each pair, order the boards (GHR 3.6) and give colours (B.3.4)."""
    position = {p.number: i for i, p in enumerate(listed)}
    by_number = {p.number: p for p in listed}
    for upper, lower, step in pairs:
        lines.append(_describe(upper, lower, step))
    scores = {p.number: p.score for p in listed}
    # Colours depend on board order (round-1 alternation), board order not on colours: order
    # first with the upper player provisionally on the left.
    ordered = board_order(
        (Board(upper.number, lower.number) for upper, lower, _ in pairs), scores, position
    )
    last_round = request.round_no == request.total_rounds
    drawn = request.initial_colour
    boards = []
    for number, provisional in enumerate(ordered, 1):
        upper, lower = by_number[provisional.white], by_number[provisional.black]
        decided = _colour_rule(upper, lower, last_round=last_round)
        if decided is None:
            colour, why = (
                drawn,
                "neither has played a game: the drawn colour, alternating by board (B.3.4)",
            )
            drawn = drawn.opposite
        else:
            colour, why = decided
        white, black = (upper, lower) if colour is Colour.WHITE else (lower, upper)
        boards.append(Board(white.number, black.number))
        lines.append(f"board {number}: #{white.number} - #{black.number}: {why}")
    return tuple(boards)


def _describe(upper: _Player, lower: _Player, step: _Step) -> str:
    target, taken = step.order[0], step.opponent
    how = "target" if taken == target else "nearer" if taken < target else "farther"
    refused = f"; refused {'; '.join(step.refused)}" if step.refused else ""
    return (
        f"pos {step.top + 1} #{upper.number}: target pos {target + 1}{refused}; paired "
        f"with pos {taken + 1} #{lower.number} ({how}, distance {taken - step.top})"
    )


def _colour_rule(upper: _Player, lower: _Player, *, last_round: bool) -> tuple[Colour, str] | None:
    """B.3.4: the colour of ``upper`` and the rule that gave it, or ``None`` when neither
    has played a game. Outside the last round, only colours within the B.3.1 limits."""
    allowed = [
        c
        for c in (Colour.WHITE, Colour.BLACK)
        if last_round or (upper.may_take(c) and lower.may_take(c.opposite))
    ]
    if len(allowed) == 1:
        return allowed[0], "the only colours within the limits (B.3.1, B.3.4)"
    whites = (upper.colours.count(Colour.WHITE), lower.colours.count(Colour.WHITE))
    blacks = (upper.colours.count(Colour.BLACK), lower.colours.count(Colour.BLACK))
    if whites[0] != whites[1]:
        return (
            Colour.WHITE if whites[0] < whites[1] else Colour.BLACK,
            "fewer Whites gets White (B.3.4 rule 1)",
        )
    if blacks[0] != blacks[1]:
        return (
            Colour.BLACK if blacks[0] < blacks[1] else Colour.WHITE,
            "fewer Blacks gets Black (B.3.4 rule 1)",
        )
    alternation = alternation_colours(upper.entry, lower.entry)
    if alternation is not None:
        return alternation[0], "opposite of the latest round their colours differed (B.3.4 rule 2)"
    if not upper.colours:
        return None
    higher = upper if upper.rank < lower.rank else lower
    colour = higher.colours[-1].opposite
    return (
        colour if higher is upper else colour.opposite,
        f"same history: #{higher.number}, higher placed, alternates (B.3.4 rule 3)",
    )
