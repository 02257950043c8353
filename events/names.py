"""Player names: FIDE lists write them ``Surname, Given name``; events keep the two parts.

>>> parse_name("Carlsen, Magnus")
('Carlsen', 'Magnus')
>>> name_str("Carlsen", "Magnus")
'Carlsen, Magnus'
"""

from __future__ import annotations

__all__ = ["name_str", "parse_name"]


def parse_name(text: str) -> tuple[str, str]:
    """Split ``"Surname, Given"`` at the first comma; without a comma it is all surname.

    Guessing which word of ``"Magnus Carlsen"`` is the surname would be wrong for many
    cultures, so a name without a comma is kept whole.
    """
    surname, _, given = text.partition(",")
    return " ".join(surname.split()), " ".join(given.split())


def name_str(surname: str, given_name: str) -> str:
    """The inverse of :func:`parse_name`."""
    return f"{surname}, {given_name}" if given_name else surname
