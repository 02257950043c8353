"""Names in the order a reader of the page's language looks for them: the Unicode Collation
Algorithm (pyuca, DUCET), so Álvarez comes before Dubois and Díaz before Dubois, tailored
for Spanish, where ñ is a letter of its own between n and o.

>>> sorted(["Vázquez", "Álvarez", "Dubois", "Díaz"], key=name_key("en"))
['Álvarez', 'Díaz', 'Dubois', 'Vázquez']
>>> sorted(["Ñúñez", "Nuzzo", "Oliva", "Muñoz", "Murillo"], key=name_key("es"))
['Muñoz', 'Murillo', 'Nuzzo', 'Ñúñez', 'Oliva']
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from pyuca import Collator  # type: ignore[import-untyped]  # pyuca ships no type hints

__all__ = ["name_key"]

SortKey = tuple[int, ...]

_AFTER_N = "\U000efffd"
"""An unassigned code point: its implicit weight follows every letter's, so ``n`` followed by
it sorts after every ``n…`` and before ``o`` (CLDR's Spanish tailoring, ``&N<ñ<<<Ñ``)."""

_TAILORINGS = {"es": str.maketrans({"ñ": "n" + _AFTER_N, "Ñ": "N" + _AFTER_N})}


@functools.cache
def _collator() -> Collator:
    """DUCET, read once (loading its table takes a moment)."""
    return Collator()


def _ducet_key(text: str) -> SortKey:
    return tuple(_collator().sort_key(text))


def name_key(language: str) -> Callable[[str], SortKey]:
    """The sort key of a name in ``language``: DUCET, with the language's tailoring if any."""
    table = _TAILORINGS.get(language)
    if table is None:
        return _ducet_key
    return lambda name: _ducet_key(name.translate(table))
