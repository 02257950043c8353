"""Rules every Swiss system shares (C.04.1 Basic Rules, C.04.2 General Handling Rules).

Colour facts use the compressed sequence of played games (GHR 3.4); opponents are those
actually played (GHR 3.5: a forfeit is not a meeting); PAB eligibility follows BR 4; floats
are recorded per tournament round (Dutch Art. 1.4, shared by the systems that use floats);
boards are ordered by GHR 3.6.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from engine.errors import InvalidRequest
from engine.model import (
    Board,
    Colour,
    PairingNumber,
    PairingRequest,
    PlayerEntry,
    PointSystem,
    RoundKind,
    RoundRecord,
)

__all__ = [
    "ColourPreference",
    "Float",
    "ScaledScores",
    "Strength",
    "alternation_colours",
    "board_order",
    "check_request",
    "colour_difference",
    "colour_preference",
    "compatible",
    "float_history",
    "game_floats",
    "in_pairing_order",
    "opponents",
    "pab_eligible",
    "pairing_score",
    "past_float",
    "played_colours",
    "score_before",
    "took_part",
    "unplayed_count",
    "unplayed_float",
]


def played_colours(entry: PlayerEntry) -> tuple[Colour, ...]:
    """The colours of games actually played, oldest first (GHR 3.4 compression)."""
    return tuple([r.colour for r in entry.history if r.colour is not None and r.kind.played])


def colour_difference(entry: PlayerEntry) -> int:
    """Whites minus Blacks over played games."""
    colours = played_colours(entry)
    return colours.count(Colour.WHITE) - colours.count(Colour.BLACK)


class Strength(enum.IntEnum):
    NONE = 0
    MILD = 1
    STRONG = 2
    ABSOLUTE = 3


@dataclass(frozen=True, slots=True)
class ColourPreference:
    colour: Colour | None
    strength: Strength
    difference: int

    @classmethod
    def of(cls, colours: Sequence[Colour]) -> ColourPreference:
        """The preference the played colours ``colours`` (oldest first) give (Dutch Art. 1.7,
        the common FIDE definition).

        Absolute when |CD| > 1 or the last two played games had the same colour; the colour
        difference is checked first, so it decides should the two tests ever disagree.
        """
        if not colours:
            return cls(None, Strength.NONE, 0)
        cd = colours.count(Colour.WHITE) - colours.count(Colour.BLACK)
        if cd > 1:
            return cls(Colour.BLACK, Strength.ABSOLUTE, cd)
        if cd < -1:
            return cls(Colour.WHITE, Strength.ABSOLUTE, cd)
        if len(colours) >= 2 and colours[-1] == colours[-2]:
            return cls(colours[-1].opposite, Strength.ABSOLUTE, cd)
        if cd == 1:
            return cls(Colour.BLACK, Strength.STRONG, cd)
        if cd == -1:
            return cls(Colour.WHITE, Strength.STRONG, cd)
        return cls(colours[-1].opposite, Strength.MILD, cd)


def colour_preference(entry: PlayerEntry) -> ColourPreference:
    """A player's colour preference (:meth:`ColourPreference.of` their played colours)."""
    return ColourPreference.of(played_colours(entry))


def alternation_colours(first: PlayerEntry, second: PlayerEntry) -> tuple[Colour, Colour] | None:
    """Colours for ``(first, second)`` that alternate from the latest round in which one had
    White and the other Black, comparing compressed histories from their latest game back.

    ``None`` when no such round exists (including when either has played no game).
    """
    for mine, theirs in zip(reversed(played_colours(first)), reversed(played_colours(second))):
        if mine != theirs:
            return mine.opposite, theirs.opposite
    return None


_TOOK_PART = frozenset(
    {RoundKind.PLAYED, RoundKind.FORFEIT_WIN, RoundKind.FORFEIT_LOSS, RoundKind.PAB}
)


def took_part(record: RoundRecord) -> bool:
    """Whether the player was in that round's pairing: a game, a forfeit either way or the
    PAB; announced byes and absences were not (general.md §3.3)."""
    return record.kind in _TOOK_PART


def in_pairing_order(entry: PlayerEntry) -> bool:
    """Whether a player holds a place in the pairing order: to be paired now, or in some
    earlier round's pairing. The others (registered, never paired, absent now) are left out
    of the rank numbers the systems count (general.md §3.3)."""
    return entry.available or any(took_part(record) for record in entry.history)


def opponents(entry: PlayerEntry) -> frozenset[PairingNumber]:
    """Opponents actually met over the board (forfeits excluded, GHR 3.5)."""
    return frozenset(
        [r.opponent for r in entry.history if r.kind.played and r.opponent is not None]
    )


def compatible(request: PairingRequest, a: PlayerEntry, b: PlayerEntry) -> bool:
    """Whether two players may meet at all: not already met, not an arbiter-forbidden pair."""
    return (
        a.number != b.number
        and b.number not in opponents(a)
        and frozenset((a.number, b.number)) not in request.forbidden_pairs
    )


def pab_eligible(entry: PlayerEntry, points: PointSystem) -> bool:
    """BR 4: no previous PAB, and no single unplayed round that scored a win's points."""
    for record in entry.history:
        if not record.kind.played and (record.kind is RoundKind.PAB or record.points >= points.win):
            return False
    return True


def unplayed_count(entry: PlayerEntry) -> int:
    """Rounds without a game played, forfeits included (Dutch C9)."""
    return sum(1 for r in entry.history if not r.kind.played)


_ZERO = Fraction(0)


def score_before(entry: PlayerEntry, round_no: int) -> Fraction:
    """Points scored in rounds before ``round_no``."""
    return exact_sum(record.points for record in entry.history[: round_no - 1])


def exact_sum(values: Iterable[Fraction]) -> Fraction:
    """``sum(values)``, the same Fraction, summed in plain integers over a common
    denominator and reduced once: each Fraction addition reduces its result, which made
    the scores of a small round a tenth of its pairing time.

    >>> exact_sum([Fraction(1), Fraction(1, 2), Fraction(0), Fraction(1, 3)])
    Fraction(11, 6)
    """
    numerator, denominator = 0, 1
    for value in values:
        if value.denominator == denominator:
            numerator += value.numerator
        else:
            common = math.lcm(denominator, value.denominator)
            numerator = numerator * (common // denominator) + value.numerator * (
                common // value.denominator
            )
            denominator = common
    return Fraction(numerator, denominator)


def pairing_score(entry: PlayerEntry, round_no: int) -> Fraction:
    """Score before ``round_no`` plus that round's acceleration virtual points (C.04.7)."""
    score = score_before(entry, round_no)
    virtual = entry.acceleration.get(round_no)
    return score + virtual if virtual else score


class Float(enum.Enum):
    DOWN = "down"
    UP = "up"


@dataclass(frozen=True, slots=True)
class ScaledScores:
    """Every player's scores in a request, times :attr:`scale` (a common denominator of every
    score in it, 2 for halves): integers, which add and compare many times faster than
    Fractions, and in the same order. Made once per request, for the rules that read many
    players' scores in many rounds."""

    scale: int
    pairing: Mapping[PairingNumber, Sequence[int]]
    """``pairing[n][r - 1]``: player ``n``'s :func:`pairing_score` for round ``r`` (the points
    before it plus its acceleration virtual points, C.04.7), for every round of the history
    and the one after it."""
    points: Mapping[PairingNumber, int]
    """Each player's points after the whole history, without virtual points."""

    @classmethod
    def of(cls, request: PairingRequest) -> ScaledScores:
        # Each record's points read once as (numerator, denominator), for both the common
        # denominator and the scaled value: a Fraction's two are Python properties.
        ratios = [
            [record.points.as_integer_ratio() for record in entry.history]
            for entry in request.players
        ]
        scale = math.lcm(
            *{denominator for rounds in ratios for _, denominator in rounds},
            *(virtual.denominator for e in request.players for virtual in e.acceleration.values()),
        )
        pairing: dict[PairingNumber, Sequence[int]] = {}
        points: dict[PairingNumber, int] = {}
        for entry, rounds in zip(request.players, ratios):
            total = 0
            running = [0]
            for numerator, denominator in rounds:
                total += numerator * (scale // denominator)
                running.append(total)
            points[entry.number] = total
            if entry.acceleration:
                running = [
                    before + _scaled(entry.acceleration.get(round_no, _ZERO), scale)
                    for round_no, before in enumerate(running, start=1)
                ]
            pairing[entry.number] = running
        return cls(scale, pairing, points)


def float_history(request: PairingRequest) -> dict[PairingNumber, tuple[Float | None, ...]]:
    """Each player's float in every past round (:func:`past_float`), indexed by tournament
    round (not compressed)."""
    scores = ScaledScores.of(request)
    return {
        entry.number: tuple(
            past_float(entry, round_no, scores, request.points)
            for round_no in range(1, len(entry.history) + 1)
        )
        for entry in request.players
    }


def past_float(
    entry: PlayerEntry, round_no: int, scores: ScaledScores, point_system: PointSystem
) -> Float | None:
    """``entry``'s float in past round ``round_no``.

    A played game between different pairing scores floats the higher down and the lower up;
    the PAB is a downfloat, and so is any other unplayed round that scored more than a played
    loss; nothing else floats (Dutch Art. 1.4, 2026). The PAB counts even when a regulation
    makes it worth no more than a loss, as the rule text says (bbpPairings would not float
    it; docs/rulings.md). ``scores`` are those of the request ``entry`` is in.
    """
    record = entry.history[round_no - 1]
    if not record.kind.played:
        return unplayed_float(record.kind, record.points, point_system)
    theirs = scores.pairing.get(record.opponent) if record.opponent is not None else None
    if theirs is None:
        return None
    return game_floats(scores.pairing[entry.number][round_no - 1], theirs[round_no - 1])[0]


def _scaled(value: Fraction | int, scale: int) -> int:
    return value.numerator * (scale // value.denominator)


def game_floats(first: Fraction | int, second: Fraction | int) -> tuple[Float | None, Float | None]:
    """The floats of a game played between scores ``first`` and ``second``: the higher
    floats down, the lower up, equal scores not at all (Dutch Art. 1.4)."""
    if first > second:
        return Float.DOWN, Float.UP
    if first < second:
        return Float.UP, Float.DOWN
    return None, None


def unplayed_float(kind: RoundKind, points: Fraction, point_system: PointSystem) -> Float | None:
    """The float of a round without a game: the PAB always floats down; any other unplayed
    round floats down when it scored more than a played loss (Dutch Art. 1.4, 2026)."""
    if kind is RoundKind.PAB:
        return Float.DOWN
    return Float.DOWN if points > point_system.loss else None


def board_order(
    boards: Iterable[Board],
    scores: Mapping[PairingNumber, Fraction] | Mapping[PairingNumber, int],
    rank: Mapping[PairingNumber, int],
) -> tuple[Board, ...]:
    """Order boards by GHR 3.6: the higher-ranked player's score, the sum of both scores,
    then the higher-ranked player's rank (``rank``: smaller is higher, e.g. the TPN).
    ``scores`` may be scaled to integers (:class:`ScaledScores`): the order is the same."""
    # The scores as integers over a common denominator: the same order, without Fraction
    # sums and comparisons per board.
    scale = math.lcm(*(score.denominator for score in scores.values()))
    scaled = {number: _scaled(score, scale) for number, score in scores.items()}

    def key(board: Board) -> tuple[int, int, int]:
        top = min((board.white, board.black), key=lambda n: (-scaled[n], rank[n]))
        return (-scaled[top], -(scaled[board.white] + scaled[board.black]), rank[top])

    return tuple(sorted(boards, key=key))


def check_request(request: PairingRequest) -> None:
    """Refuse a request that contradicts itself: a round outside the tournament, a pairing
    number used twice, or a history that does not cover exactly the rounds before this one.

    :raises engine.errors.InvalidRequest: naming the round or the player.
    """
    if not 1 <= request.round_no <= request.total_rounds:
        raise InvalidRequest(
            f"round_no {request.round_no} is outside 1..total_rounds ({request.total_rounds})"
        )
    seen: set[PairingNumber] = set()
    for entry in request.players:
        if entry.number in seen:
            raise InvalidRequest(f"players: pairing number {entry.number} is used twice")
        seen.add(entry.number)
        if len(entry.history) != request.round_no - 1:
            raise InvalidRequest(
                f"player {entry.number}: history has {len(entry.history)} rounds, pairing "
                f"round {request.round_no} needs {request.round_no - 1}"
            )
