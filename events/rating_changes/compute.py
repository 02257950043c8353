"""Rating changes of one event, game by game and player by player, pure and exact.

A game counts for a rated player when it was played over the board against a rated
opponent: forfeits, byes and absences are not games (B.02 1.1-1.3: rated games are played
games), and a rated player's game against an unrated opponent is not rated for them (8.3.1
rates each game "against a rated player"); it counts for the unrated player's first
rating (8.2). Each counted game changes the rating by K × (score − expected score);
the event's change is their sum, the new rating that sum added and rounded half up.

>>> from events.tiebreaks import Crosstable, PlayerRecord, RoundEntry
>>> from engine.model import Colour, Outcome, PairingNumber
>>> from events.rating_changes.systems import system_for
>>> win = RoundEntry.game(opponent=PairingNumber(2), colour=Colour.WHITE,
...                       outcome=Outcome.WIN, points=Fraction(1))
>>> loss = RoundEntry.game(opponent=PairingNumber(1), colour=Colour.BLACK,
...                        outcome=Outcome.LOSS, points=Fraction(0))
>>> table = Crosstable((PlayerRecord(PairingNumber(1), (win,), rating=2000),
...                     PlayerRecord(PairingNumber(2), (loss,), rating=2100)), 1)
>>> changes = rating_changes(table, system_for("fide", date(2024, 6, 1)))
>>> [(p.k, str(p.change), p.new_rating) for p in changes.players]
[(20, '12.80', 2013), (20, '-12.80', 2087)]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import date
from decimal import Decimal
from fractions import Fraction
from typing import Literal, NamedTuple

from engine.model import PairingNumber, RoundKind
from events.rating_changes.systems import RatingSystem
from events.tiebreaks.model import Crosstable, PlayerRecord
from events.tiebreaks.ratings import expected_score_hundredths, rating_difference
from events.tiebreaks.rounding import round_half_up
from events.types import PlayerId

__all__ = [
    "Entrant",
    "Excluded",
    "GameChange",
    "InitialRating",
    "PlayerChange",
    "RatingChanges",
    "k_factor",
    "rating_changes",
]

Excluded = Literal["forfeit", "bye", "unrated-opponent", "unrated", "difference"]
"""Why a round changes no rating: a forfeit, a round without a game (byes, absences, rounds
outside the entry), an unrated opponent, two unrated players, or (rapid and blitz from
December 2024) too large a difference with a player above 2600."""


class Entrant(NamedTuple):
    """What the K factor reads besides the rating: the year of birth, the arbiter's K and
    the K of the FIDE list the rating came from."""

    birth_year: int | None = None
    k_factor: int | None = None
    list_k_factor: int | None = None


@dataclass(frozen=True, slots=True)
class GameChange:
    """One counted game, from one player's side."""

    round_no: int
    opponent: PairingNumber
    opponent_rating: int
    difference: int | None
    """The rating difference used (after the cap); None for an unrated player's game."""
    expected: Decimal | None
    score: Decimal
    change: Decimal | None
    """K × (score − expected); None for an unrated player's game (it counts for the first
    rating instead)."""


@dataclass(frozen=True, slots=True)
class InitialRating:
    """A first rating from this event's games against rated opponents (B.02 8.2)."""

    rating: int | None
    """None when the rules give none (a zero score under the pre-2024 text)."""
    games: int
    average: int
    """The opponents' average, hypothetical ones included."""
    percent: int
    published: bool
    """Whether the list would publish it: enough games and at least the floor."""


@dataclass(frozen=True, slots=True)
class PlayerChange:
    """A player's rating change in the event (rated) or first rating (unrated)."""

    pairing_number: PairingNumber
    player_id: PlayerId | None
    rating: int | None
    k: int | None
    games: tuple[GameChange, ...]
    excluded: tuple[tuple[int, Excluded], ...]
    expected: Decimal | None
    score: Decimal
    change: Decimal | None
    """The sum of the games' changes; None when unrated or without a counted game."""
    new_rating: int | None
    """The rating plus the change rounded to a whole number; None without a change."""
    initial: InitialRating | None = None


@dataclass(frozen=True, slots=True)
class RatingChanges:
    """Every player's change, in pairing-number order, by one edition of one system."""

    system: RatingSystem
    players: tuple[PlayerChange, ...]

    def player(self, number: PairingNumber) -> PlayerChange:
        """The change of the player with pairing number ``number``."""
        return next(p for p in self.players if p.pairing_number == number)


def rating_changes(
    crosstable: Crosstable,
    system: RatingSystem,
    *,
    entrants: Mapping[PairingNumber, Entrant] | None = None,
    rating_kind: str = "standard",
    end: date | None = None,
) -> RatingChanges:
    """The rating changes of every player of ``crosstable`` under ``system``.

    ``entrants`` gives a player's year of birth and the arbiter's K (absent: neither);
    ``end`` is the event's last day, which says whether a player is still a junior.
    """
    entrants = entrants or {}
    players = tuple(
        _player_change(
            crosstable,
            player,
            system,
            entrants.get(player.pairing_number, Entrant()),
            rating_kind,
            end,
        )
        for player in crosstable.players
    )
    return RatingChanges(system, players)


def _player_change(
    crosstable: Crosstable,
    player: PlayerRecord,
    system: RatingSystem,
    entrant: Entrant,
    rating_kind: str,
    end: date | None,
) -> PlayerChange:
    counted: list[tuple[int, PairingNumber, int, Decimal]] = []
    excluded: list[tuple[int, Excluded]] = []
    for round_no, entry in enumerate(player.rounds, start=1):
        if entry.kind in (RoundKind.FORFEIT_WIN, RoundKind.FORFEIT_LOSS):
            excluded.append((round_no, "forfeit"))
        elif not entry.played or entry.opponent is None or entry.outcome is None:
            excluded.append((round_no, "bye"))
        elif (opponent_rating := crosstable.by_number[entry.opponent].rating) is None:
            excluded.append((round_no, "unrated" if player.rating is None else "unrated-opponent"))
        elif _not_rated(system, rating_kind, player.rating, opponent_rating):
            excluded.append((round_no, "difference"))
        else:
            score = Decimal(entry.outcome.score.numerator) / entry.outcome.score.denominator
            counted.append((round_no, entry.opponent, opponent_rating, score))
    score = sum((s for *_, s in counted), Decimal(0))
    base = PlayerChange(
        player.pairing_number, player.player_id, player.rating, None, (), tuple(excluded),
        None, score, None, None,
    )  # fmt: skip
    if player.rating is None:
        games = tuple(GameChange(r, o, rating, None, None, s, None) for r, o, rating, s in counted)
        return replace(base, games=games, initial=_initial_rating(counted, system))
    k = k_factor(system, player.rating, entrant, rating_kind, end, games=len(counted))
    if not counted:  # nothing rated yet: no change, rather than a change of 0
        return replace(base, k=k)
    opponents = [rating for _, _, rating, _ in counted]
    differences = _differences(system, player.rating, opponents, rating_kind)
    expectations = [_expected(system, d) for d in differences]
    games = tuple(
        GameChange(r, o, rating, d, e, s, k * (s - e))
        for (r, o, rating, s), d, e in zip(counted, differences, expectations, strict=True)
    )
    expected = sum(expectations, Decimal(0))
    change = k * (score - expected)  # the sum of the games' changes
    new_rating = player.rating + _rounded_away_from_zero(change)
    return replace(base, k=k, games=games, expected=expected, change=change, new_rating=new_rating)


def k_factor(
    system: RatingSystem,
    rating: int,
    entrant: Entrant,
    rating_kind: str,
    end: date | None,
    *,
    games: int,
) -> int:
    """A rated player's K (B.02 8.3.3 in the FIDE editions): the arbiter's when given; else
    the FIDE list's when it is one of 8.3.3's values (another is a K the list's own period
    capped); else rapid and blitz's one K where the system has one (2022), 10 from 2400, 40
    for a junior under 2300 until the end of the year of the 18th birthday, 20 otherwise;
    lowered so that K × ``games`` stays within 700.

    >>> from events.rating_changes.systems import system_for
    >>> fide = system_for("fide", date(2024, 6, 1))
    >>> k_factor(fide, 2250, Entrant(birth_year=2006), "standard", date(2024, 6, 1), games=9)
    40
    >>> k_factor(fide, 2250, Entrant(birth_year=2005), "standard", date(2024, 6, 1), games=9)
    20
    >>> k_factor(fide, 1900, Entrant(k_factor=40), "standard", None, games=20)
    35
    >>> k_factor(fide, 1900, Entrant(list_k_factor=40), "standard", None, games=9)
    40
    """
    rule = system.k
    if entrant.k_factor is not None:
        k = entrant.k_factor
    elif (
        (listed := entrant.list_k_factor) is not None
        and rule.from_list
        and listed in (rule.junior, rule.established, rule.elite)
    ):
        k = listed
    elif rule.rapid_blitz is not None and rating_kind in ("rapid", "blitz"):
        k = rule.rapid_blitz
    elif rule.elite_from is not None and rating >= rule.elite_from:
        k = rule.elite
    elif (
        rule.junior is not None
        and entrant.birth_year is not None
        and end is not None
        and end.year <= entrant.birth_year + rule.junior_until_age
        and rating < rule.junior_below
    ):
        k = rule.junior
    else:
        k = rule.established
    if rule.games_cap is not None and games and k * games > rule.games_cap:
        k = rule.games_cap // games
    return k


def _not_rated(system: RatingSystem, rating_kind: str, rating: int | None, opponent: int) -> bool:
    """Whether a rapid or blitz game is left unrated for its rating difference (B.02 rapid
    and blitz 7.3.1 from 1 December 2024: 600 or more with either player above 2600)."""
    limit = system.rapid_blitz_not_rated_from
    if limit is None or rating is None or rating_kind == "standard":
        return False
    return abs(rating - opponent) >= limit and max(rating, opponent) > (
        system.rapid_blitz_not_rated_above
    )


def _rounded_away_from_zero(change: Decimal) -> int:
    """The event's change to a whole number, 0.5 away from zero (B.02 2024 8.3.4).

    >>> _rounded_away_from_zero(Decimal("-12.50")), _rounded_away_from_zero(Decimal("12.49"))
    (-13, 12)
    """
    whole = int(round_half_up(Fraction(abs(change)), "1"))
    return -whole if change < 0 else whole


def _differences(
    system: RatingSystem, rating: int, opponents: list[int], rating_kind: str
) -> list[int]:
    """Each game's rating difference as the system counts it (B.02 8.3.1)."""
    raw = [rating - opponent for opponent in opponents]
    cap = system.difference_cap
    exempt = system.difference_cap_exempt_from
    if cap is None or (exempt is not None and rating >= exempt and rating_kind == "standard"):
        return raw
    capped = [max(-cap, min(cap, d)) for d in raw]
    if not system.difference_cap_once:
        return capped
    # The cap helps the higher-rated player in one game only, the one with the greatest
    # difference (the first such in round order); for the lower-rated it always applies.
    helped = max((i for i, d in enumerate(raw) if d > cap), key=lambda i: raw[i], default=None)
    return [capped[i] if d < 0 or i == helped else max(-cap, d) for i, d in enumerate(raw)]


def _expected(system: RatingSystem, difference: int) -> Decimal:
    """The expected score of a game at ``difference`` (table 8.1.2, or the logistic curve)."""
    if system.expected == "fide-table":
        return Decimal(expected_score_hundredths(difference)) / 100
    logistic = 1 / (1 + 10 ** (-difference / 400))
    return Decimal(str(round(logistic, 3)))


def _initial_rating(
    counted: list[tuple[int, PairingNumber, int, Decimal]], system: RatingSystem
) -> InitialRating | None:
    """A first rating from the games against rated opponents (B.02 8.2), or None when the
    system gives none or there is no such game."""
    rule = system.initial
    if rule is None or not counted:
        return None
    games = len(counted)
    points = Fraction(sum((s for *_, s in counted), Decimal(0)))
    total_games = games + rule.hypothetical_opponents
    total_points = points + Fraction(rule.hypothetical_opponents, 2)
    total_rating = sum(r for _, _, r, _ in counted) + rule.hypothetical_opponents * (
        rule.hypothetical_rating
    )
    average = int(round_half_up(Fraction(total_rating, total_games), "1"))
    percent = int(round_half_up(100 * total_points / total_games, "1"))
    if points == 0:  # 8.2.1 (2022 and 2024): a zero score is disregarded
        return InitialRating(None, games, average, percent, published=False)
    if rule.twenty_per_half_point and 2 * total_points >= total_games:
        rating = average + 20 * int(2 * total_points - total_games)
    else:
        rating = average + rating_difference(percent)
    if rule.maximum is not None:
        rating = min(rating, rule.maximum)
    published = games >= rule.minimum_games and rating >= rule.floor
    return InitialRating(rating, games, average, percent, published)
