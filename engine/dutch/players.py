"""What the Dutch system needs to know about each player to be paired (dutch.md §1, §2).

Everything here is derived once per round from the :class:`PairingRequest`; the bracket
procedure only reads it. Scores are pairing scores (score plus the round's virtual points,
C.04.7), which is what every Dutch criterion compares.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from engine.common import (
    ColourPreference,
    Float,
    ScaledScores,
    Strength,
    check_request,
    in_pairing_order,
    opponents,
    pab_eligible,
    past_float,
    played_colours,
)
from engine.model import Colour, PairingNumber, PairingRequest

__all__ = ["DutchPlayer", "build_players", "colour_rank_indices"]


@dataclass(slots=True)
class DutchPlayer:
    """One player to be paired, with the facts the criteria and colour rules read.

    ``index`` is the position in the pairing order (pairing score descending, then TPN),
    which doubles as the vertex number in the matching graph. The facts of ``preference``
    the criteria compare per pair (``wants``, ``absolute``, ``strong``, ``imbalance``) are
    worked out once here, not on every comparison.

    Not frozen, though nothing changes a player once built: a frozen dataclass sets each of
    these twenty-one fields through ``object.__setattr__``, which was a fifth of
    :func:`build_players`. Equal by value, as before, and so not hashable.
    """

    index: int
    number: PairingNumber
    score: Fraction
    """Pairing score: points so far plus this round's acceleration."""
    scaled_score: int
    """``score`` times the request's common denominator (:class:`engine.common.ScaledScores`):
    equal and ordered as ``score`` among the round's players, and a plain integer, which
    compares and hashes many times faster than a Fraction."""
    real_score: Fraction
    colour_rank: int
    """0-based pairing number for Art. 5.2.5 among players who count for it (dutch.md §7.2)."""
    preference: ColourPreference
    wants: Colour | None
    """The colour of the preference, if any."""
    absolute: bool
    strong: bool
    """A strong preference in the strict sense: |CD| = 1 and not absolute."""
    imbalance: int
    """|colour difference|, which decides Art. 5.2.2 between two absolute preferences."""
    colours: tuple[Colour, ...]
    """Colours of the games actually played, oldest first (GHR 3.4)."""
    repeated: Colour | None
    """The colour of the last two played games when they were the same."""
    eligible_for_bye: bool
    played_games: int
    float_previous: Float | None
    float_before_previous: Float | None
    topscorer: bool
    met: frozenset[PairingNumber]

    def floated(self, back: int) -> Float | None:
        """The float ``back`` rounds ago: 1, the previous round; 2, the one before."""
        return self.float_previous if back == 1 else self.float_before_previous


def colour_rank_indices(request: PairingRequest) -> dict[PairingNumber, int]:
    """0-based numbers whose parity Art. 5.2.5 reads.

    Registered players who are not to be paired this round and have never taken part in a
    pairing (a game, a forfeit or a PAB) are left out; everybody else keeps their TPN order
    (dutch.md §7.2 engine note, general.md §3.3).
    """
    counted = [
        entry.number
        for entry in sorted(request.players, key=lambda e: e.number)
        if in_pairing_order(entry)
    ]
    return {number: position for position, number in enumerate(counted)}


def build_players(request: PairingRequest) -> list[DutchPlayer]:
    """The players to be paired this round, in pairing order (Art. 1.2).

    :raises engine.errors.InvalidRequest: the request contradicts itself (:func:`engine.common.check_request`).
    """
    check_request(request)
    played_rounds = request.round_no - 1
    scores = ScaledScores.of(request)
    ranks = colour_rank_indices(request)
    available = [entry for entry in request.players if entry.available]
    threshold = _topscorer_threshold(request)
    pairing = {entry.number: scores.pairing[entry.number][played_rounds] for entry in available}
    real = {entry.number: scores.points[entry.number] for entry in available}
    # One Fraction per score value: making one costs microseconds, and a round has few values.
    fractions = {
        value: Fraction(value, scores.scale) for value in {*pairing.values(), *real.values()}
    }
    ordered = sorted(available, key=lambda e: (-pairing[e.number], e.number))
    result = []
    for index, entry in enumerate(ordered):
        score = fractions[pairing[entry.number]]
        colours = played_colours(entry)
        preference = ColourPreference.of(colours)
        result.append(
            DutchPlayer(
                index=index,
                number=entry.number,
                score=score,
                scaled_score=pairing[entry.number],
                real_score=fractions[real[entry.number]],
                colour_rank=ranks[entry.number],
                preference=preference,
                wants=preference.colour,
                absolute=preference.strength is Strength.ABSOLUTE,
                strong=preference.strength is Strength.STRONG,
                imbalance=abs(preference.difference),
                colours=colours,
                repeated=_repeated(colours),
                eligible_for_bye=pab_eligible(entry, request.points),
                played_games=len(colours),
                float_previous=(
                    past_float(entry, played_rounds, scores, request.points)
                    if played_rounds >= 1
                    else None
                ),
                float_before_previous=(
                    past_float(entry, played_rounds - 1, scores, request.points)
                    if played_rounds >= 2
                    else None
                ),
                topscorer=threshold is not None and score > threshold,
                met=opponents(entry),
            )
        )
    return result


def _repeated(colours: tuple[Colour, ...]) -> Colour | None:
    if len(colours) >= 2 and colours[-1] == colours[-2]:
        return colours[-1]
    return None


def _topscorer_threshold(request: PairingRequest) -> Fraction | None:
    """Topscorers exist only when the final round is paired (Art. 1.8): more than half of
    the points the rounds played so far could have given (the larger of win and draw)."""
    if request.round_no < request.total_rounds:
        return None
    best = max(request.points.win, request.points.draw)
    return (request.round_no - 1) * best / 2
