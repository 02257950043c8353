"""The one ranker: a crosstable by points and a tie-break list (C.07 Art. 4), every value shown.

Every standings Arbiter shows come from :func:`rank`: a stored tournament's (through
:func:`events.tiebreaks.tournament_standings`) and a TRF file's, with a tie-break list or
without one (points alone). Its :class:`Standings` is the view model every edge reads: the
HTTP API, the pages, the printouts, the CLI and the TRF export.

>>> from engine.model import Colour, Outcome, PairingNumber as N
>>> from events.tiebreaks.model import RoundEntry, PlayerRecord, Crosstable
>>> def game(opp, colour, outcome):
...     return RoundEntry.game(opponent=N(opp), colour=colour, outcome=outcome, points=outcome.score)
>>> table = Crosstable(players=(
...     PlayerRecord(N(1), (game(2, Colour.WHITE, Outcome.DRAW),)),
...     PlayerRecord(N(2), (game(1, Colour.BLACK, Outcome.DRAW),)),
... ), rounds=1)
>>> standings = rank(table, "PTS BPG", Edition.C07_2026)
>>> [(row.pairing_number, row.rank, row.values["BPG"]) for row in standings.rows]
[(2, 1, 1), (1, 2, 0)]
>>> [(row.pairing_number, row.rank) for row in rank(table).rows]  # points alone: a shared rank
[(1, 1), (2, 1)]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from functools import cached_property

from engine.messages import Message
from engine.model import PairingNumber
from events.bounds import to_decimal
from events.tiebreaks import own_results as own
from events.tiebreaks.buchholz import Term, average_of_buchholz, buchholz_terms, cut_sum
from events.tiebreaks.codes import (
    RATING_BASED,
    Tiebreak,
    check_edition,
    parse_sequence,
    with_points,
)
from events.tiebreaks.direct_encounter import direct_encounter_order
from events.tiebreaks.errors import TiebreakError, TiebreakInputError
from events.tiebreaks.model import Crosstable, Edition, PlayerRecord
from events.tiebreaks.ratings import (
    RatingContext,
    average_rating_of_opponents,
    opponents_average,
    perfect_performance,
    performance_rating,
)
from events.tiebreaks.unplayed import fore_crosstable

__all__ = ["Standings", "StandingsRow", "TiebreakValue", "rank"]

TiebreakValue = Decimal | int | None
"""Sums are exact decimals, counts and ratings integers; None where C.07 gives no value."""

_Raw = Fraction | Decimal | int | None


@dataclass(frozen=True, slots=True)
class StandingsRow:
    """One participant: who (the crosstable's record), the rank and, keyed by tie-break label,
    each value (PTS included).

    DE is reported as the place inside the group tied before it (1, 2, …; equal places for
    players it leaves tied) and 0 when it separates nobody in that group.
    """

    player: PlayerRecord
    rank: int
    points: Decimal
    values: dict[str, TiebreakValue]

    @property
    def pairing_number(self) -> PairingNumber:
        return self.player.pairing_number


@dataclass(frozen=True, slots=True)
class Standings:
    """Rows in ranking order (ties share a rank and are listed by pairing number).

    ``edition`` is None for standings by points alone (no tie-break list), which read no
    C.07 text; ``rounds`` is the round the standings are after.
    """

    edition: Edition | None
    rounds: int
    tiebreaks: tuple[Tiebreak, ...]
    labels: tuple[str, ...]
    """The key of each tie-break in ``StandingsRow.values``; a repeated code gets ``#2``, ``#3``."""
    rows: tuple[StandingsRow, ...]
    warnings: tuple[str, ...] = ()


def rank(
    crosstable: Crosstable,
    sequence: str | tuple[Tiebreak, ...] = (),
    edition: Edition | None = None,
    *,
    unrated_rating: int | None = None,
) -> Standings:
    """Rank by points, then by each tie-break of ``sequence`` in turn (4.2).

    Ties that survive the whole list share a rank: Arbiter never draws lots itself, and
    lists the tied players by pairing number. Without a list, points alone rank.

    :raises TiebreakSyntaxError: for an unreadable sequence.
    :raises TiebreakError: for a list without its edition, or a tie-break the edition does
        not define.
    """
    tiebreaks = with_points(
        parse_sequence(sequence) if isinstance(sequence, str) else tuple(sequence)
    )
    if edition is not None:
        check_edition(tiebreaks, edition)
    elif len(tiebreaks) > 1:
        raise TiebreakError(Message("a tie-break list needs its C.07 edition (2024 or 2026)"))
    values = _Values(crosstable, edition, unrated_rating)
    columns = [values.column(tiebreak) if tiebreak.name != "DE" else {} for tiebreak in tiebreaks]
    groups = [sorted(crosstable.by_number)]
    for tiebreak, column in zip(tiebreaks, columns, strict=True):
        refined: list[list[PairingNumber]] = []
        for group in groups:
            if tiebreak.name == "DE":
                parts = direct_encounter_order(crosstable, group, as_played=tiebreak.as_played)
                column.update(_places(parts))
            else:
                parts = _split(group, column, descending=not tiebreak.ascending)
            refined.extend(parts)
        groups = refined
    labels = _labels(tiebreaks)
    rows = []
    position = 1
    for group in groups:
        for number in group:
            rows.append(
                StandingsRow(
                    player=crosstable.by_number[number],
                    rank=position,
                    points=_decimal(crosstable.by_number[number].points),
                    values={
                        label: _output(column[number])
                        for label, column in zip(labels, columns, strict=True)
                    },
                )
            )
        position += len(group)
    return Standings(
        edition, crosstable.rounds, tiebreaks, labels, tuple(rows), values.warnings(tiebreaks)
    )


def _split(
    group: list[PairingNumber], column: dict[PairingNumber, _Raw], *, descending: bool
) -> list[list[PairingNumber]]:
    """Split a tied group by one value, best first; players without a value come last."""
    present = sorted({v for n in group if (v := column[n]) is not None}, reverse=descending)
    parts = [[n for n in group if column[n] == value] for value in present]
    missing = [n for n in group if column[n] is None]
    return parts + ([missing] if missing else [])


def _places(parts: list[list[PairingNumber]]) -> dict[PairingNumber, _Raw]:
    """DE as reported: the place inside the tied group, 0 when DE separated nobody."""
    if len(parts) == 1:
        return dict.fromkeys(parts[0], 0)
    places: dict[PairingNumber, _Raw] = {}
    place = 1
    for part in parts:
        places.update(dict.fromkeys(part, place))
        place += len(part)
    return places


def _labels(tiebreaks: tuple[Tiebreak, ...]) -> tuple[str, ...]:
    seen: dict[str, int] = {}
    labels = []
    for tiebreak in tiebreaks:
        code = str(tiebreak)
        seen[code] = seen.get(code, 0) + 1
        labels.append(code if seen[code] == 1 else f"{code}#{seen[code]}")
    return tuple(labels)


def _output(value: _Raw) -> TiebreakValue:
    """A column's value as reported: fractions in their exact decimal form."""
    return _decimal(value) if isinstance(value, Fraction) else value


def _decimal(value: Fraction) -> Decimal:
    """Exact decimal form of a fraction (points are decimals, so every sum has one)."""
    try:
        return to_decimal(value)
    except ValueError as error:
        raise TiebreakInputError(f"value {value} has no exact decimal form") from error


class _Values:
    """Computes each tie-break column once per standings, sharing the Buchholz terms."""

    def __init__(self, crosstable: Crosstable, edition: Edition | None, unrated_rating: int | None):
        self.crosstable = crosstable
        self.edition = edition
        self.ratings = RatingContext(crosstable, unrated_rating)

    def column(self, tiebreak: Tiebreak) -> dict[PairingNumber, _Raw]:
        """The values of one (non-DE) tie-break for every participant."""
        per_player = self._per_player(tiebreak)
        if per_player is not None:
            return {p.pairing_number: per_player(p) for p in self.crosstable.players}
        if tiebreak.name == "AOB":
            source = self._fore_buchholz if tiebreak.fore else self._buchholz
            return dict(average_of_buchholz(self.crosstable, source))
        # APRO and APPO: the average of the opponents' TPR or PTP
        performance = {"APRO": performance_rating, "APPO": perfect_performance}[tiebreak.name]
        values = {p.pairing_number: performance(self.ratings, p) for p in self.crosstable.players}
        return dict(opponents_average(self.crosstable, values))

    def _per_player(self, tiebreak: Tiebreak) -> Callable[[PlayerRecord], _Raw] | None:
        table = self.crosstable
        low, high = tiebreak.cut + tiebreak.median, tiebreak.median
        simple: dict[str, Callable[[PlayerRecord], _Raw]] = {
            "PTS": lambda p: p.points,
            "WIN": lambda p: own.wins(table, p),
            "WON": own.games_won,
            "BPG": own.games_played_with_black,
            "BWG": own.games_won_with_black,
            "REP": own.rounds_elected_to_play,
            "GE": own.rounds_elected_to_play,
            "PS": lambda p: own.progressive_score(p, cut=tiebreak.cut),
            "STD": lambda p: own.standard_points(table, p),
            "TPN": lambda p: p.pairing_number,
            "KS": lambda p: own.koya(table, p, shift=tiebreak.koya_shift),
            "BH": lambda p: cut_sum(self._terms["BH"][p.pairing_number], low=low, high=high),
            "FB": lambda p: cut_sum(self._terms["FB"][p.pairing_number], low=low, high=high),
            "SB": lambda p: cut_sum(self._terms["SB"][p.pairing_number], low=low, high=high),
            "ARO": lambda p: average_rating_of_opponents(self.ratings, p, low=low, high=high),
            "TPR": lambda p: performance_rating(self.ratings, p),
            "PTP": lambda p: perfect_performance(self.ratings, p),
            "RTNG": self.ratings.own_rating,
        }
        return simple.get(tiebreak.name)

    @cached_property
    def _terms(self) -> dict[str, dict[PairingNumber, list[Term]]]:
        edition = self.edition
        assert edition is not None  # rank() refuses a list beyond PTS without its edition
        fore = fore_crosstable(self.crosstable)
        return {
            "BH": buchholz_terms(self.crosstable, edition, sonneborn_berger=False),
            "FB": buchholz_terms(fore, edition, sonneborn_berger=False),
            "SB": buchholz_terms(self.crosstable, edition, sonneborn_berger=True),
        }

    @cached_property
    def _buchholz(self) -> dict[PairingNumber, Fraction]:
        return {n: cut_sum(t, low=0, high=0) for n, t in self._terms["BH"].items()}

    @cached_property
    def _fore_buchholz(self) -> dict[PairingNumber, Fraction]:
        return {n: cut_sum(t, low=0, high=0) for n, t in self._terms["FB"].items()}

    def warnings(self, tiebreaks: tuple[Tiebreak, ...]) -> tuple[str, ...]:
        """What the arbiter must be told: rating-based tie-breaks dropped for unrated players."""
        dropped = [str(t) for t in tiebreaks if t.name in RATING_BASED]
        if self.ratings.valid or not dropped:
            return ()
        return (
            Message(
                "%(tiebreaks)s: unrated players take part and no rating is set for them, so "
                "these tie-breaks have no value (C.07 Art. 10)", tiebreaks=", ".join(dropped),
            ),
        )  # fmt: skip
