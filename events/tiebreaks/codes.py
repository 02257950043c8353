"""Tie-break codes: parse ``"BH/C1 BH SB DE"`` into :class:`Tiebreak` values and back.

The syntax is the TEC "Mandatory Tie-Breaks" one used by TRF-2026 records 202/212
(spec/tiebreaks.md §7): ``NAME[/Cn|/Mn][/L±n][/P][/F]``, case-insensitive, items separated by
commas or blanks; Handbook prose writes modifiers with a hyphen (``BH-C1``), which is accepted.
Team-only codes and team point types (``:MP``, ``:GP``) are refused: Arbiter ranks individuals.

>>> [str(t) for t in parse_sequence("pts, bh-c1 BH/M1 ks/l+1")]
['PTS', 'BH/C1', 'BH/M1', 'KS/L+1']
>>> parse_tiebreak("SB/C1").cut
1
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import TypedDict

from engine.messages import Message
from events.tiebreaks.errors import TiebreakError, TiebreakSyntaxError
from events.tiebreaks.model import Edition

__all__ = [
    "ASCENDING",
    "RATING_BASED",
    "ROUND_ROBIN_TIEBREAKS",
    "SWISS_TIEBREAKS",
    "Tiebreak",
    "check_edition",
    "format_sequence",
    "parse_sequence",
    "parse_settings",
    "parse_tiebreak",
    "with_points",
]

INDIVIDUAL_CODES = frozenset(
    {
        "PTS", "DE", "WIN", "WON", "BPG", "BWG", "PS", "REP", "GE", "STD", "TPN",
        "BH", "AOB", "FB", "SB", "KS", "ARO", "TPR", "PTP", "APRO", "APPO", "RTNG",
    }
)  # fmt: skip
"""Art. 5-10 acronyms; ``GE`` is the pre-August-2024 name of ``REP``."""

TEAM_CODES = frozenset(
    {"BC", "TBR", "BBE", "MPVGP", "ESB", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "EDE", "EDET",
     "EDEBT", "EDEBB", "EDEB", "EDEC", "SSSC", "MPTS", "GPTS"}
)  # fmt: skip

NEW_IN_2026 = frozenset({"STD", "TPN", "RTNG"})

SWISS_TIEBREAKS = "BH/C1 BH DE SB WIN BWG"
"""The list a new tournament gets unless it names one: every system Arbiter pairs is an
individual Swiss system, and this is spec/tiebreaks.md §8's sequence for them. C.07 (2023 on)
publishes no mandatory list (the Chief Arbiter completes a silent one, 2024-08 revision); the
old C.02 Art. 13 recommendation and recent FIDE Swiss regulations both rank by Buchholz Cut-1,
Buchholz, then direct encounter, Sonneborn-Berger and wins. Nothing rating-based, so the list
ranks unrated players without an ``unrated_rating`` (Art. 10). See docs/rulings.md."""

ROUND_ROBIN_TIEBREAKS = "DE WIN SB KS"
"""The list a new round-robin gets unless it names one: C.02 Art. 13's recommendation for
round-robin tournaments (direct encounter, the greater number of wins, Sonneborn-Berger,
Koya), which C.07 keeps among its tie-breaks; Buchholz ranks nothing in an all-play-all,
where everyone meets the same field. See docs/rulings.md."""

RATING_BASED = frozenset({"ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"})
"""Art. 10: removed from the list when unrated players take part and no rating is set for them."""

ASCENDING = frozenset({"TPN"})
"""Lower is better (7.8); every other individual tie-break ranks higher values first."""

_CUTTABLE = frozenset({"BH", "FB", "SB", "PS", "ARO"})
_MEDIAN = frozenset({"BH", "FB", "SB", "ARO"})
_MODIFIER = re.compile(
    r"^(?:(?P<cm>[CM])(?P<n>[12])|L(?P<sign>[+-])(?P<steps>\d+)|(?P<flag>[PF]))$"
)


@dataclass(frozen=True, slots=True)
class Tiebreak:
    """One item of a tie-break list.

    ``cut`` drops that many least significant values (Cut-n, 14.1); ``median`` drops that many
    at both ends (Median-n). ``limit`` moves the Koya threshold by half-point steps (14.5).
    ``fore`` asks AOB for the opponents' Fore Buchholz ([2026] 8.2); ``as_played`` counts
    forfeits as played games in DE (6.1.1).
    """

    name: str
    cut: int = 0
    median: int = 0
    limit: int = 0
    fore: bool = False
    as_played: bool = False

    def __str__(self) -> str:
        text = self.name
        if self.cut:
            text += f"/C{self.cut}"
        if self.median:
            text += f"/M{self.median}"
        if self.limit:
            text += f"/L{self.limit:+d}"
        if self.as_played:
            text += "/P"
        if self.fore:
            text += "/F"
        return text

    @property
    def ascending(self) -> bool:
        """True when the lower value ranks first (TPN)."""
        return self.name in ASCENDING

    @property
    def koya_shift(self) -> Fraction:
        """The /L modifier in game points: each step is half a point."""
        return Fraction(self.limit, 2)


def parse_tiebreak(token: str) -> Tiebreak:
    """Read one code such as ``BH/C1``, ``bh-m1`` or ``KS/L-2``.

    :raises TiebreakSyntaxError: for an unknown acronym, a team code, or a modifier the
        tie-break does not take.
    """
    text = token.strip().upper()
    parts = text.split("/") if "/" in text else text.split("-")
    name = parts[0]
    if ":" in name:
        raise TiebreakSyntaxError(token, Message("team point types (:MP, :GP) are for team events"))
    if name in TEAM_CODES:
        raise TiebreakSyntaxError(token, Message("a team tie-break (C.07 Art. 12-13)"))
    if name not in INDIVIDUAL_CODES:
        raise TiebreakSyntaxError(token, Message("unknown tie-break code"))
    options: _Modifiers = {}
    for part in parts[1:]:
        _apply_modifier(token, name, part, options)
    return Tiebreak(name, **options)


class _Modifiers(TypedDict, total=False):
    """The :class:`Tiebreak` fields a code's modifiers set."""

    cut: int
    median: int
    limit: int
    fore: bool
    as_played: bool


def _apply_modifier(token: str, name: str, part: str, options: _Modifiers) -> None:
    match = _MODIFIER.match(part)
    if match is None:
        raise TiebreakSyntaxError(token, Message("unknown modifier %(part)s", part=repr(part)))
    if match["cm"] == "C" and name in _CUTTABLE:
        options["cut"] = int(match["n"])
    elif match["cm"] == "M" and name in _MEDIAN:
        options["median"] = int(match["n"])
    elif match["sign"] and name == "KS":
        options["limit"] = int(match["sign"] + match["steps"])
    elif match["flag"] == "P" and name == "DE":
        options["as_played"] = True
    elif match["flag"] == "F" and name == "AOB":
        options["fore"] = True
    else:
        raise TiebreakSyntaxError(
            token, Message("%(name)s does not take the modifier %(part)s", name=name, part=part)
        )
    if options.get("cut") and options.get("median"):
        raise TiebreakSyntaxError(token, Message("Cut and Median cannot be combined"))


def parse_sequence(text: str) -> tuple[Tiebreak, ...]:
    """Read a tie-break list separated by commas and/or blanks (TRF 202/212 style).

    :raises TiebreakSyntaxError: for an empty list or any unreadable item.
    """
    tokens = [token for token in re.split(r"[,\s]+", text) if token]
    if not tokens:
        raise TiebreakSyntaxError(text, Message("the tie-break list is empty"))
    return tuple(parse_tiebreak(token) for token in tokens)


def with_points(sequence: tuple[Tiebreak, ...]) -> tuple[Tiebreak, ...]:
    """The list the standings use: points first (4.2), added when the list omits them."""
    if sequence and sequence[0].name == "PTS":
        return sequence
    return (Tiebreak("PTS"), *sequence)


def format_sequence(sequence: tuple[Tiebreak, ...]) -> str:
    """The list in TEC syntax, comma-separated, as TRF-2026 records 202/212 hold it.

    >>> format_sequence(with_points(parse_sequence("bh-c1 BH de")))
    'PTS,BH/C1,BH,DE'
    """
    return ",".join(str(tiebreak) for tiebreak in sequence)


def check_edition(sequence: tuple[Tiebreak, ...], edition: Edition) -> None:
    """Refuse tie-breaks that the chosen C.07 edition does not define.

    :raises TiebreakError: naming the first such tie-break.
    """
    if edition is Edition.C07_2026:
        return
    for tiebreak in sequence:
        if tiebreak.name in NEW_IN_2026 or tiebreak.fore:
            raise TiebreakError(
                Message("tie-break %(tiebreak)s is defined by the 2026 edition of C.07, not by "
                        "2024", tiebreak=str(tiebreak))
            )  # fmt: skip


def parse_settings(tiebreaks: str, rules: str) -> tuple[tuple[Tiebreak, ...], Edition] | None:
    """A tournament's declared tie-break list and C.07 edition; None when none is declared.

    The edition must be given with the list: it is a regulation, never guessed from a date.

    :raises TiebreakError: for an unreadable list, a missing or unknown edition, or a
        tie-break that edition does not define.
    """
    if not tiebreaks.strip():
        return None
    try:
        edition = Edition(rules)
    except ValueError:
        raise TiebreakError(
            Message("the C.07 edition of the tie-break rules must be set to 2024 or 2026, not "
                    "%(rules)s", rules=repr(rules))
        ) from None  # fmt: skip
    sequence = parse_sequence(tiebreaks)
    check_edition(sequence, edition)
    return sequence, edition
