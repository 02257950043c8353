"""Seeded random tournaments, every round paired by one of Arbiter's own systems.

A tester (or a FIDE endorsement assessor) needs complete, valid tournaments to feed other
programs: :func:`generate` draws a field, pairs each round with :func:`engine.pair`, and
plays it with results drawn from the rating difference. The outcome is engine-model data;
:mod:`trf.generated` writes it as a TRF file.

Results model (stated in ``arbiter generate --help`` too): White's expected score is the
Elo expectation ``E = 1 / (1 + 10^((Rb - Rw) / 400))``; a game is drawn with probability
``d = draw_share * 2 * min(E, 1 - E)`` (``draw_share`` at equal ratings, fewer draws as the
gap grows), won by White with ``E - d/2`` and by Black with ``1 - E - d/2``, so that White's
expected score stays ``E``. A game is forfeited with probability ``forfeit_rate``: then
White alone, Black alone (9 in 20 each) or both (1 in 20) fail to appear.

Irregular participation, each drawn once per player before round 1: with ``half_bye_rate``
a player asks for a half-point bye in one round (never the last); with ``zero_bye_rate`` a
player is absent, unpaired with a zero-point bye, in one round; with ``withdraw_rate`` a
player withdraws after a round before the last and is not paired again; with
``late_entry_rate`` a player enters in round 2 up to round ``ceil(R / 2)``, missing the
rounds before with zero-point byes. Ratings are uniform in the range; pairing numbers
follow the ratings, best first.

A round-robin (``round-robin``, ``double-round-robin``) plays every round of its Berger table
(C.05 Annex 1), so its rounds are the table's; its pairing numbers are drawn by lot, as the
Annex's tables are applied to numbers drawn. Nobody leaves the table: a player who is not
there (absent, asking for a bye, withdrawn, not yet entered) keeps his board and the game is
lost by forfeit, and the table's extra number of an odd field gives a zero-point bye
(docs/rulings.md, "Round-robin: games not played" and "Round-robin: the bye").

Reproducible everywhere: the only source of chance is ``random.Random(seed).random()``,
whose sequence Python guarantees across versions and machines for an integer seed; integer
choices are ``int(u * n)`` of it, the Elo expectation is computed in :mod:`decimal` (whose
arithmetic does not depend on the platform's ``libm``), and nothing depends on set or dict
hash order.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Context, Decimal, localcontext
from fractions import Fraction

from engine.errors import InvalidRequest, NoValidPairing
from engine.model import (
    Colour,
    Outcome,
    Pairing,
    PairingNumber,
    PairingRequest,
    PlayerEntry,
    PointSystem,
    RoundKind,
    RoundRecord,
)
from engine.round_robin.system import rounds_for
from engine.systems import DEFAULT_EDITION, DEFAULT_SYSTEM, cycles, is_round_robin, pair, title

__all__ = [
    "GeneratedPlayer",
    "GeneratedTournament",
    "GeneratorSettings",
    "Slot",
    "UnpairableRound",
    "baku_acceleration",
    "generate",
]

_ELO = Context(prec=28)


_GAME_KINDS = {
    Outcome.FORFEIT_WIN: RoundKind.FORFEIT_WIN,
    Outcome.FORFEIT_LOSS: RoundKind.FORFEIT_LOSS,
}
"""The round kind of a paired board's outcome: a forfeit, else a game played."""


@dataclass(frozen=True, slots=True)
class Slot:
    """One player's round: its kind, and for a paired board the outcome and the opponent
    and colour the pairing gave."""

    kind: RoundKind
    outcome: Outcome | None = None
    opponent: PairingNumber | None = None
    colour: Colour | None = None

    @classmethod
    def board(cls, outcome: Outcome, opponent: PairingNumber, colour: Colour) -> Slot:
        """One side of a paired board: a game, or a forfeit."""
        return cls(_GAME_KINDS.get(outcome, RoundKind.PLAYED), outcome, opponent, colour)

    def record(self, points: PointSystem) -> RoundRecord:
        """The round as the engine reads it back from a TRF file (colour only if played)."""
        value = {
            Outcome.WIN: points.win,
            Outcome.DRAW: points.draw,
            Outcome.LOSS: points.loss,
            Outcome.FORFEIT_WIN: points.forfeit_win,
            Outcome.FORFEIT_LOSS: points.forfeit_loss,
            RoundKind.PAB: points.pab,
            RoundKind.HALF_BYE: points.half_bye,
            RoundKind.ZERO_BYE: points.zero_bye,
        }[self.outcome or self.kind]
        colour = self.colour if self.kind.played else None
        return RoundRecord(self.kind, value, self.opponent, colour)


_RATES = (
    "draw_share",
    "forfeit_rate",
    "half_bye_rate",
    "zero_bye_rate",
    "withdraw_rate",
    "late_entry_rate",
)


@dataclass(frozen=True, slots=True)
class GeneratorSettings:
    """What to generate; rates are probabilities in [0, 1] (see the module's model)."""

    players: int
    rounds: int
    system: str = DEFAULT_SYSTEM
    rules_edition: str = DEFAULT_EDITION
    lowest_rating: int = 1400
    highest_rating: int = 2700
    draw_share: float = 0.3
    forfeit_rate: float = 0.0
    half_bye_rate: float = 0.0
    zero_bye_rate: float = 0.0
    withdraw_rate: float = 0.0
    late_entry_rate: float = 0.0
    points: PointSystem = PointSystem()
    initial_colour: Colour | None = Colour.WHITE
    """None: drawn by lot (from the seed)."""
    accelerate: bool = False
    """Baku acceleration (C.04.7) of the first half of the rounds."""
    forbidden_pairs: int = 0
    """How many random pairs of players must not meet (XXP / record 260)."""

    def check(self) -> None:
        """:raises InvalidRequest: naming the first setting out of range."""
        if self.players < 2:
            raise InvalidRequest(f"players must be at least 2, not {self.players}")
        if self.rounds < 1:
            raise InvalidRequest(f"rounds must be at least 1, not {self.rounds}")
        if not 0 <= self.lowest_rating <= self.highest_rating <= 9999:
            raise InvalidRequest(
                f"rating range {self.lowest_rating}-{self.highest_rating} must satisfy "
                "0 <= lowest <= highest <= 9999"
            )
        for name in _RATES:
            value = getattr(self, name)
            if not 0 <= value <= 1:
                raise InvalidRequest(f"{name} must be between 0 and 1, not {value}")
        if is_round_robin(self.system):
            self._check_round_robin()
        pairs = self.players * (self.players - 1) // 2
        if not 0 <= self.forbidden_pairs <= pairs // 2:
            raise InvalidRequest(
                f"forbidden pairs must be between 0 and {pairs // 2} for {self.players} "
                f"players, not {self.forbidden_pairs}"
            )

    def _check_round_robin(self) -> None:
        """A round-robin's table fixes its rounds and every pair: nothing else to choose."""
        name = title(self.system).lower()
        if self.players < 3:
            raise InvalidRequest(f"a {name} needs 3 or more players, not {self.players}")
        expected = rounds_for(self.players, cycles(self.system))
        if self.rounds != expected:
            raise InvalidRequest(
                f"a {name} of {self.players} players has {expected} rounds, not {self.rounds}"
            )
        if self.accelerate or self.forbidden_pairs:
            raise InvalidRequest(
                f"a {name} is paired by its table: no acceleration and no forbidden pairs"
            )


@dataclass(frozen=True, slots=True)
class GeneratedPlayer:
    number: PairingNumber
    rating: int
    name: str
    slots: tuple[Slot, ...] = ()
    """One per round, round 1 first."""
    acceleration: dict[int, Fraction] = field(default_factory=dict)

    def score(self, points: PointSystem) -> Fraction:
        return sum((slot.record(points).points for slot in self.slots), Fraction(0))


@dataclass(frozen=True, slots=True)
class GeneratedTournament:
    settings: GeneratorSettings
    seed: int
    initial_colour: Colour
    players: tuple[GeneratedPlayer, ...]
    forbidden_pairs: tuple[tuple[PairingNumber, PairingNumber], ...]
    """In the order drawn, lower number first."""


Progress = Callable[[int, int], None]
"""Called with (round just paired, total rounds)."""


def generate(
    settings: GeneratorSettings, seed: int, progress: Progress | None = None
) -> GeneratedTournament:
    """A complete tournament of ``settings``, the same for the same seed everywhere.

    :raises InvalidRequest: for settings out of range or a system/edition the engine lacks.
    :raises UnpairableRound: when a round cannot be paired (too many rounds for the field);
        the message names the round.

    >>> t = generate(GeneratorSettings(players=6, rounds=3), seed=1)
    >>> [len(p.slots) for p in t.players]
    [3, 3, 3, 3, 3, 3]
    """
    settings.check()
    dice = _Dice(seed)
    ratings = sorted(
        (
            dice.between(settings.lowest_rating, settings.highest_rating)
            for _ in range(settings.players)
        ),
        reverse=True,
    )
    round_robin = is_round_robin(settings.system)
    if round_robin:
        ratings = _drawn_order(dice, ratings)
    numbers = [PairingNumber(n) for n in range(1, settings.players + 1)]
    plans = [_plan(dice, settings) for _ in numbers]
    initial = settings.initial_colour
    if initial is None:
        initial = Colour.WHITE if dice.chance(0.5) else Colour.BLACK
    forbidden = _forbidden(dice, settings)
    acceleration: dict[PairingNumber, dict[int, Fraction]] = {}
    if settings.accelerate:
        starters = [n for n, plan in zip(numbers, plans, strict=True) if plan.first_round == 1]
        acceleration = baku_acceleration(starters, settings.rounds, settings.points.win)
    slots: dict[PairingNumber, list[Slot]] = {n: [] for n in numbers}
    for round_no in range(1, settings.rounds + 1):
        present = {n for n, plan in zip(numbers, plans, strict=True) if plan.plays(round_no)}
        byes = {
            n: Slot(RoundKind.HALF_BYE if plan.half_bye == round_no else RoundKind.ZERO_BYE)
            for n, plan in zip(numbers, plans, strict=True)
            if n not in present and not round_robin
        }
        request = PairingRequest(
            round_no=round_no,
            total_rounds=settings.rounds,
            players=tuple(
                PlayerEntry(
                    number=n,
                    rating=rating,
                    history=tuple(slot.record(settings.points) for slot in slots[n]),
                    available=n in present,
                    acceleration=acceleration.get(n, {}),
                )
                for n, rating in zip(numbers, ratings, strict=True)
            ),
            points=settings.points,
            initial_colour=initial,
            forbidden_pairs=frozenset(frozenset(p) for p in forbidden),
            rules_edition=settings.rules_edition,
        )
        try:
            pairing = pair(request, settings.system)
        except NoValidPairing as error:
            announced = {
                n: [*played, *([byes[n]] if n in byes else [])] for n, played in slots.items()
            }
            partial = _tournament(
                settings, seed, initial, forbidden, ratings, announced, acceleration
            )
            raise UnpairableRound(f"round {round_no} cannot be paired: {error}", partial) from error
        missing = frozenset(numbers) - present if round_robin else frozenset()
        played = {**byes, **_play(dice, settings, pairing, ratings, missing)}
        for n in numbers:
            slots[n].append(played.get(n, Slot(RoundKind.ZERO_BYE)))
        if progress is not None:
            progress(round_no, settings.rounds)
    return _tournament(settings, seed, initial, forbidden, ratings, slots, acceleration)


class UnpairableRound(NoValidPairing):
    """A round of the generated tournament has no legal pairing; ``partial`` holds the
    rounds played before it and the byes announced for it, so that another engine can be
    asked the same question."""

    def __init__(self, message: str, partial: GeneratedTournament) -> None:
        super().__init__(message)
        self.partial = partial


def _tournament(
    settings: GeneratorSettings,
    seed: int,
    initial: Colour,
    forbidden: tuple[tuple[PairingNumber, PairingNumber], ...],
    ratings: Sequence[int],
    slots: dict[PairingNumber, list[Slot]],
    acceleration: dict[PairingNumber, dict[int, Fraction]],
) -> GeneratedTournament:
    players = tuple(
        GeneratedPlayer(n, rating, f"Player {n:04d}", tuple(slots[n]), acceleration.get(n, {}))
        for n, rating in zip(sorted(slots), ratings, strict=True)
    )
    return GeneratedTournament(settings, seed, initial, players, forbidden)


def baku_acceleration(
    starters: Sequence[PairingNumber], total_rounds: int, win: Fraction
) -> dict[PairingNumber, dict[int, Fraction]]:
    """Baku acceleration (C.04.7, general.md §7): group A is the first ``2 * ceil(N / 4)``
    of the ``N`` starters (in pairing-number order); they get a win's points in the first
    ``ceil(ceil(R / 2) / 2)`` rounds and half of that in the rest of the first
    ``ceil(R / 2)`` rounds.

    >>> baku_acceleration([PairingNumber(n) for n in range(1, 6)], 5, Fraction(1))[1]
    {1: Fraction(1, 1), 2: Fraction(1, 1), 3: Fraction(1, 2)}
    """
    group_a = sorted(starters)[: 2 * math.ceil(len(starters) / 4)]
    accelerated = math.ceil(total_rounds / 2)
    full = math.ceil(accelerated / 2)
    virtual = {r: win if r <= full else win / 2 for r in range(1, accelerated + 1)}
    return {n: dict(virtual) for n in group_a}


def _drawn_order(dice: _Dice, ratings: list[int]) -> list[int]:
    """The ratings in the order of pairing numbers drawn by lot (a Fisher-Yates shuffle by
    ``random()`` alone, so the same on every Python)."""
    drawn = list(ratings)
    for i in range(len(drawn) - 1, 0, -1):
        j = dice.below(i + 1)
        drawn[i], drawn[j] = drawn[j], drawn[i]
    return drawn


class _Dice:
    """Every draw goes through ``random()``, the one method with a cross-version guarantee."""

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)

    def uniform(self) -> float:
        return self._random.random()

    def chance(self, probability: float) -> bool:
        return self._random.random() < probability

    def below(self, n: int) -> int:
        """An integer in ``0 .. n - 1``."""
        return min(int(self._random.random() * n), n - 1)

    def between(self, low: int, high: int) -> int:
        """An integer in ``low .. high``, both included."""
        return low + self.below(high - low + 1)


@dataclass(frozen=True, slots=True)
class _Plan:
    """When one player is (not) there, drawn before round 1."""

    first_round: int = 1
    last_round: int | None = None
    half_bye: int | None = None
    absent: int | None = None

    def plays(self, round_no: int) -> bool:
        if round_no < self.first_round or round_no in (self.half_bye, self.absent):
            return False
        return self.last_round is None or round_no <= self.last_round


def _plan(dice: _Dice, settings: GeneratorSettings) -> _Plan:
    rounds = settings.rounds
    # Each draw is made whatever the earlier ones gave, so that one rate's change leaves the
    # other draws of the sequence where they were.
    late, late_round = (
        dice.chance(settings.late_entry_rate),
        dice.between(2, max(2, math.ceil(rounds / 2))),
    )
    leaves, last = dice.chance(settings.withdraw_rate), dice.between(1, max(1, rounds - 1))
    halves, half_round = dice.chance(settings.half_bye_rate), dice.between(1, max(1, rounds - 1))
    absent, absent_round = dice.chance(settings.zero_bye_rate), dice.between(1, rounds)
    first = late_round if late and rounds >= 2 else 1
    last_round = last if leaves and rounds >= 2 and last >= first else None
    return _Plan(
        first_round=first,
        last_round=last_round,
        half_bye=half_round if halves and rounds >= 2 and half_round >= first else None,
        absent=absent_round if absent and absent_round >= first else None,
    )


def _forbidden(
    dice: _Dice, settings: GeneratorSettings
) -> tuple[tuple[PairingNumber, PairingNumber], ...]:
    chosen: list[tuple[PairingNumber, PairingNumber]] = []
    while len(chosen) < settings.forbidden_pairs:
        a = dice.between(1, settings.players)
        b = dice.between(1, settings.players)
        pair_ = (PairingNumber(min(a, b)), PairingNumber(max(a, b)))
        if a != b and pair_ not in chosen:
            chosen.append(pair_)
    return tuple(chosen)


def expected_score(white: int, black: int) -> Decimal:
    """White's Elo expectation, computed in decimal so that it is the same on every machine.

    >>> expected_score(2000, 2000)
    Decimal('0.5')
    """
    with localcontext(_ELO):
        return 1 / (1 + Decimal(10) ** (Decimal(black - white) / 400))


def _play(
    dice: _Dice,
    settings: GeneratorSettings,
    pairing: Pairing,
    ratings: Sequence[int],
    missing: frozenset[PairingNumber] = frozenset(),
) -> dict[PairingNumber, Slot]:
    """The round's results; a board with a player ``missing`` (a round-robin's, who keeps his
    board) is forfeited, and a round-robin's bye is the table's zero-point bye."""
    slots: dict[PairingNumber, Slot] = {}
    if pairing.bye is not None:
        bye = RoundKind.ZERO_BYE if is_round_robin(settings.system) else RoundKind.PAB
        slots[pairing.bye] = Slot(bye)
    for board in pairing.boards:
        w, b = board.white, board.black
        white, black = _result(dice, settings, ratings[w - 1], ratings[b - 1])
        if w in missing or b in missing:
            white, black = _forfeit(w in missing, b in missing)
        slots[w] = Slot.board(white, b, Colour.WHITE)
        slots[b] = Slot.board(black, w, Colour.BLACK)
    return slots


def _forfeit(white_missing: bool, black_missing: bool) -> tuple[Outcome, Outcome]:
    """A game not played: whoever was there wins it, nobody if neither was."""
    return (
        Outcome.FORFEIT_LOSS if white_missing else Outcome.FORFEIT_WIN,
        Outcome.FORFEIT_LOSS if black_missing else Outcome.FORFEIT_WIN,
    )


def _result(
    dice: _Dice, settings: GeneratorSettings, white: int, black: int
) -> tuple[Outcome, Outcome]:
    forfeit, side, u = dice.chance(settings.forfeit_rate), dice.below(20), dice.uniform()
    if forfeit:  # side 0: both fail to appear; 1-9: White; 10-19: Black
        return _forfeit(side <= 9, side == 0 or side >= 10)
    with localcontext(_ELO):
        e = expected_score(white, black)
        draw = Decimal(repr(settings.draw_share)) * 2 * min(e, 1 - e)
        win = e - draw / 2
        x = Decimal(u)
        if x < win:
            return Outcome.WIN, Outcome.LOSS
        if x < win + draw:
            return Outcome.DRAW, Outcome.DRAW
    return Outcome.LOSS, Outcome.WIN
