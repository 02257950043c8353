"""What the short codes on the pages stand for: tie-break acronyms (C.07) and the
crosstable's cell codes, as catalogue messages, so a legend under a table speaks the page's
language while the columns keep the codes FIDE's readers know.

>>> explain_label("BH/C1", lambda text: text)
'Buchholz, cut 1'
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["TIEBREAK_NAMES", "explain_label"]


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue; it is translated where it is shown."""
    return message


TIEBREAK_NAMES = {
    "PTS": N_("points"),
    "DE": N_("direct encounter"),
    "WIN": N_("games won"),
    "WON": N_("games won over the board"),
    "BPG": N_("games played with black"),
    "BWG": N_("games won with black"),
    "PS": N_("progressive score"),
    "REP": N_("games elected to play"),
    "GE": N_("games elected to play"),
    "STD": N_("standard points"),
    "TPN": N_("starting number"),
    "BH": N_("Buchholz"),
    "AOB": N_("average of opponents' Buchholz"),
    "FB": N_("Fore Buchholz"),
    "SB": N_("Sonneborn-Berger"),
    "KS": N_("Koya system"),
    "ARO": N_("average rating of opponents"),
    "TPR": N_("tournament performance rating"),
    "PTP": N_("perfect tournament performance"),
    "APRO": N_("average performance rating of opponents"),
    "APPO": N_("average perfect performance of opponents"),
    "RTNG": N_("rating"),
}
"""Every individual tie-break acronym (``events.tiebreaks.codes.INDIVIDUAL_CODES``)."""

_MODIFIERS = {"C": N_("cut %(n)s"), "M": N_("median %(n)s"), "L": N_("limit %(n)s")}


def explain_label(label: str, gettext: Callable[[str], str]) -> str:
    """``BH/C1`` spelled out in the language ``gettext`` speaks."""
    name, *modifiers = label.split("/")
    words = [gettext(TIEBREAK_NAMES.get(name, name))]
    for modifier in modifiers:
        if modifier[:1] in _MODIFIERS and len(modifier) > 1:
            words.append(gettext(_MODIFIERS[modifier[0]]) % {"n": modifier[1:]})
        elif modifier == "P":
            words.append(gettext("forfeits as played"))
        elif modifier == "F":
            words.append(gettext("of Fore Buchholz"))
    return ", ".join(words)
