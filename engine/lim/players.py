"""The Lim system's view of the players of one round (C.04.4.3 Arts 1 and 2.1).

A :class:`LimPlayer` carries what the Lim rules ask about a player: pairing score, rank,
played colours (GHR 3.4 compression), opponents met (GHR 3.5), due colour and whether the
player floated in the previous round. :class:`LimField` holds the round-wide facts and
answers the one question every other Lim module asks: are two players *compatible* (2.1)?
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from engine.common import (
    Strength,
    colour_difference,
    colour_preference,
    opponents,
    pairing_score,
    played_colours,
)
from engine.model import Colour, PairingNumber, PairingRequest, PlayerEntry

__all__ = ["RATING_LIMIT", "LimField", "LimPlayer", "build_field"]

RATING_LIMIT = 100
"""Maxi-tournaments: rating difference allowed for floater and colour exchanges (3.2, 3.8, 5.7)."""

_BOTH = frozenset((Colour.WHITE, Colour.BLACK))


@dataclass(frozen=True, slots=True, eq=False)
class LimPlayer:
    """One player to be paired this round, with the facts the Lim rules use.

    Compared and hashed by identity: a round holds exactly one object per player.
    """

    entry: PlayerEntry
    score: Fraction
    colours: tuple[Colour, ...]
    met: frozenset[PairingNumber]
    due: Colour | None
    """Equalising colour when the colours are unequal, else the alternate one (5.1, 5.5, 5.6)."""
    claim: Strength
    """How strongly the due colour is owed (common colour preference strength)."""
    floated_last_round: bool

    @property
    def number(self) -> PairingNumber:
        return self.entry.number

    @property
    def rating(self) -> int:
        return self.entry.rating

    @property
    def rank(self) -> tuple[Fraction, int]:
        """Sort key, best first: higher score, then smaller pairing number."""
        return (-self.score, self.number)

    def limited_colours(self) -> frozenset[Colour]:
        """Colours the player may receive under 2.1: never three more of one colour, never
        the same colour three rounds running (compressed history, GHR 3.4)."""
        allowed = set(_BOTH)
        difference = colour_difference(self.entry)
        if difference >= 2:
            allowed.discard(Colour.WHITE)
        if difference <= -2:
            allowed.discard(Colour.BLACK)
        if len(self.colours) >= 2 and self.colours[-1] == self.colours[-2]:
            allowed.discard(self.colours[-1])
        return frozenset(allowed)

    def __str__(self) -> str:
        return str(self.number)


@dataclass(slots=True)
class LimField:
    """Round-wide facts: the request, the median score, last-round and maxi flags."""

    request: PairingRequest
    players: dict[PairingNumber, LimPlayer]
    median: Fraction
    last_round: bool
    maxi: bool
    _compatible: dict[tuple[int, int], bool] = field(default_factory=dict)

    def allowed_colours(self, player: LimPlayer) -> frozenset[Colour]:
        """Colours the player may receive; in the last round every colour (Art. 6)."""
        return _BOTH if self.last_round else player.limited_colours()

    def compatible(self, a: LimPlayer, b: LimPlayer) -> bool:
        """2.1: not met before (nor an arbiter-forbidden pair), and some colour allocation
        keeps both players within the colour limits (limits lifted in the last round)."""
        key = (a.number, b.number) if a.number < b.number else (b.number, a.number)
        known = self._compatible.get(key)
        if known is None:
            known = (
                a.number != b.number
                and b.number not in a.met
                and frozenset(key) not in self.request.forbidden_pairs
                and any(
                    colour.opposite in self.allowed_colours(b) for colour in self.allowed_colours(a)
                )
            )
            self._compatible[key] = known
        return known

    def has_met(self, a: LimPlayer, b: LimPlayer) -> bool:
        """Met over the board or barred by the arbiter: either way never a pair (BR 2)."""
        return b.number in a.met or frozenset((a.number, b.number)) in self.request.forbidden_pairs

    def upper_half(self, score: Fraction) -> bool:
        """The median group or above (5.4 and 3.6 treat these alike)."""
        return score >= self.median

    def ranked(self, players: Iterable[LimPlayer]) -> list[LimPlayer]:
        """Players best first: score, then pairing number."""
        return sorted(players, key=lambda p: p.rank)


def build_field(request: PairingRequest) -> LimField:
    """Everything the Lim rules need to know about the available players of this round.

    The median score is half the rounds played times the points for a win (2.2; with other
    scoring than 1/½/0 this scaling is Arbiter's reading).
    """
    round_no = request.round_no
    everyone = {entry.number: entry for entry in request.players}
    players: dict[PairingNumber, LimPlayer] = {}
    for entry in request.players:
        if not entry.available:
            continue
        preference = colour_preference(entry)
        players[entry.number] = LimPlayer(
            entry=entry,
            score=pairing_score(entry, round_no),
            colours=played_colours(entry),
            met=opponents(entry),
            due=preference.colour,
            claim=preference.strength,
            floated_last_round=_floated_last_round(entry, everyone, round_no),
        )
    return LimField(
        request=request,
        players=players,
        median=Fraction(round_no - 1) * request.points.win / 2,
        last_round=round_no >= request.total_rounds,
        maxi=request.maxi,
    )


def _floated_last_round(
    entry: PlayerEntry, everyone: dict[PairingNumber, PlayerEntry], round_no: int
) -> bool:
    """3.10: whether the previous round's pairing transferred the player to another
    scoregroup, i.e. paired them (game played or forfeited) against a different pairing
    score. A bye is no transfer: nobody was paired with the player."""
    if round_no < 2 or len(entry.history) < round_no - 1:
        return False
    previous = entry.history[round_no - 2]
    opponent = everyone.get(previous.opponent) if previous.opponent is not None else None
    if opponent is None:
        return False
    return pairing_score(entry, round_no - 1) != pairing_score(opponent, round_no - 1)
