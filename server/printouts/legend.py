"""What the short codes on the pages stand for: tie-break acronyms (C.07) and the
crosstable's cell codes, as catalogue messages, so a legend under a table speaks the page's
language while the columns keep the codes FIDE's readers know.

>>> explain_label("BH/C1", lambda text: text)
'Buchholz, cut 1'
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["CELL_CODES", "N_", "SYSTEM_NAMES", "TIEBREAK_NAMES", "explain_label"]


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

SYSTEM_NAMES = {
    "dutch": N_("Dutch system"),
    "burstein": N_("Burstein system"),
    "dubov": N_("Dubov system"),
    "lim": N_("Lim system"),
    "lim-maxi": N_("Lim system (maxi)"),
    "amalfi": N_("Amalfi rating system"),
    "round-robin": N_("round-robin"),
    "double-round-robin": N_("double round-robin"),
}
"""Every pairing system by its name in ``engine.systems`` (tests/server/http/test_languages.py)."""

CELL_CODES = {
    "w": N_("played with white"),
    "b": N_("played with black"),
    "1 = 0": N_("won, drawn, lost"),
    "+ -": N_("won, lost by forfeit"),
    "PAB": N_("pairing-allocated bye"),
    "FPB": N_("full-point bye"),
    "HPB": N_("half-point bye"),
    "ZPB": N_("zero-point bye"),
    "---": N_("absent"),
    "n/e": N_("not entered yet"),
    "wdr": N_("withdrawn"),
}
"""The crosstable's cell codes (``server.printouts.crosstable``) and what they mean."""

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
