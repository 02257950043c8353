"""The FIDE Title Regulations (Handbook B.01) as numbers: one :class:`Regulations` per edition.

The norm arithmetic did not change between the editions kept here; what changed is the
rating an unrated opponent counts with (1.46d: 1000, 1.4.6d from 2024: 1400), which players
the Swiss-event exemption from the foreigner requirement counts (from 2022 only those who
miss at most one round, pairing-allocated byes aside: 1.43d) and the articles' numbering
(1.41 ... 1.49 in 2017 and 2022, 1.4.1 ... 1.4.9 in 2024). An edition applies to tournaments
starting on or after the day it took effect (B.01 0.22 of 2017, 0.2 from 2022); see
docs/rulings.md.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import date

from engine.messages import Message

__all__ = [
    "EDITIONS",
    "TITLE_HOLDERS",
    "NormTitle",
    "Regulations",
    "edition_for",
]


class NormTitle(enum.Enum):
    """The titles gained by norms (B.01 1.4), strongest first."""

    GM = "GM"
    IM = "IM"
    WGM = "WGM"
    WIM = "WIM"

    @property
    def performance(self) -> int:
        """The minimum performance Rp, after rounding (1.4.8)."""
        return _PERFORMANCE[self]

    @property
    def average(self) -> int:
        """The minimum average rating Ra of the opponents (1.4.8a)."""
        return _AVERAGE[self]

    @property
    def floor(self) -> int:
        """The adjusted rating floor one opponent may be raised to (1.4.6b)."""
        return _FLOOR[self]

    @property
    def level_titles(self) -> frozenset[str]:
        """The titles a third of the opponents (at least three) must hold (1.4.5b-e)."""
        return _LEVEL[self]

    @property
    def women_only(self) -> bool:
        return self in (NormTitle.WGM, NormTitle.WIM)


_PERFORMANCE = {NormTitle.GM: 2600, NormTitle.IM: 2450, NormTitle.WGM: 2400, NormTitle.WIM: 2250}
_AVERAGE = {NormTitle.GM: 2380, NormTitle.IM: 2230, NormTitle.WGM: 2180, NormTitle.WIM: 2030}
_FLOOR = {NormTitle.GM: 2200, NormTitle.IM: 2050, NormTitle.WGM: 2000, NormTitle.WIM: 1850}
_LEVEL = {
    NormTitle.GM: frozenset({"GM"}),
    NormTitle.IM: frozenset({"GM", "IM"}),
    NormTitle.WGM: frozenset({"GM", "IM", "WGM"}),
    NormTitle.WIM: frozenset({"GM", "IM", "WGM", "WIM"}),
}

TITLE_HOLDERS = frozenset({"GM", "IM", "FM", "WGM", "WIM", "WFM"})
"""Title-holders for the half of the opponents 1.4.5a asks for: the titles of 0.31 less CM
and WCM."""


@dataclass(frozen=True, slots=True)
class Regulations:
    """One edition of B.01: what the norm checks read that differs between editions.

    :meth:`article` gives this edition's number for an article the checks name in 2024 numbering.
    """

    name: str
    effective: date
    unrated_rating: int
    swiss_exemption_counts_absentees: bool
    """1.43e (2017): every rated foreigner present in a round counts; from 2022 (1.43d, 1.4.3d
    in 2024) only those who miss at most one round, pairing-allocated byes aside."""
    source: Message
    dotted: bool = False
    """Whether the text numbers the articles 1.4.1 ... 1.4.9 (2024) rather than 1.41 ... 1.49
    (FIDE's PDFs of the 2017 and 2022 texts)."""
    renumbered: tuple[tuple[str, str], ...] = ()
    """Articles (2024 numbering) whose number here is not the plain renumbering."""

    def article(self, number: str) -> str:
        """This edition's number for an article given in 2024 numbering.

        >>> EDITIONS[1].article("1.4.6b"), EDITIONS[-1].article("1.4.6b")
        ('1.46b', '1.4.6b')
        >>> EDITIONS[0].article("1.4.3d"), EDITIONS[1].article("1.4.3d")
        ('1.43e', '1.43d')
        """
        if number in dict(self.renumbered):
            return dict(self.renumbered)[number]
        if self.dotted:
            return number
        head, _, tail = number.partition(".")
        section, _, rest = tail.partition(".")
        return f"{head}.{section}{rest}"


EDITIONS = (
    Regulations(
        name="2017",
        effective=date(2017, 7, 1),
        unrated_rating=1000,
        swiss_exemption_counts_absentees=True,
        source=Message("FIDE Title Regulations effective from 1 July 2017 (B.01, 1.4)"),
        # The Swiss exemption is 1.43e there, 1.43d being another exemption (secondary
        # sources only: docs/rulings.md).
        renumbered=(("1.4.3d", "1.43e"),),
    ),
    Regulations(
        name="2022",
        effective=date(2022, 1, 1),
        unrated_rating=1000,
        swiss_exemption_counts_absentees=False,
        source=Message("FIDE Title Regulations effective from 1 January 2022 (B.01, 1.4)"),
    ),
    Regulations(
        name="2024",
        effective=date(2024, 1, 1),
        unrated_rating=1400,
        swiss_exemption_counts_absentees=False,
        source=Message("FIDE Title Regulations applied from 1 January 2024 (B.01, 1.4)"),
        dotted=True,
    ),
)
"""Oldest first. A tournament that started before 1 July 2017 is judged by the 2017 text,
the oldest kept (see docs/rulings.md)."""


def edition_for(start: date | None) -> Regulations:
    """The edition for a tournament starting on ``start``; the newest when it is unknown.

    >>> edition_for(date(2021, 12, 31)).name, edition_for(date(2024, 1, 1)).name
    ('2017', '2024')
    >>> edition_for(None).name
    '2024'
    """
    if start is None:
        return EDITIONS[-1]
    chosen = EDITIONS[0]
    for edition in EDITIONS:
        if start >= edition.effective:
            chosen = edition
    return chosen
