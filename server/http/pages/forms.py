"""A desk form read into a command: the fields the form filled, converted and bounded the
way decoding a JSON body is (:mod:`events.bounds`), and any refusal naming the field.

An empty field is a field not given, so the command's default applies (a new tournament
without dates has none; a correction leaves a detail it does not name as it was).

>>> from events.decisions import RegisterPlayer
>>> command(RegisterPlayer, {"surname": "Polgar", "rating": "2675", "title": ""}).rating
2675
>>> command(RegisterPlayer, {"surname": "Polgar", "rating": "lots"})
Traceback (most recent call last):
...
events.errors.InvalidCommand: rating: Expected `int`, got `str`
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, TypeVar

import msgspec

from engine.messages import Message
from events.bounds import invalid_field
from events.errors import InvalidCommand
from events.types import PairedBoard, PlayerId

__all__ = ["Edit", "Form", "command", "drafted", "edit_fields", "filled", "listed"]

Form = dict[str, str]
Edit = tuple[tuple[PairedBoard, ...], PlayerId | None]
"""A draft's boards in board order, and its pairing-allocated bye."""
S = TypeVar("S", bound=msgspec.Struct)

_UPPER = {"federation", "title"}
"""Fields written in capitals whatever the form's case (``nor`` is NOR)."""


def filled(form: Mapping[str, str], names: tuple[str, ...]) -> dict[str, Any]:
    """The fields of ``names`` the form filled in, stripped (capitals where FIDE writes them)."""
    values: dict[str, Any] = {}
    for name in names:
        value = form.get(name, "").strip()
        if value:
            values[name] = value.upper() if name in _UPPER else value
    return values


def listed(text: str) -> list[str]:
    """A list typed into one field, by commas or spaces: ``2026-05-01, 2026-05-02``."""
    return [item for item in re.split(r"[\s,;]+", text) if item]


def command(kind: type[S], values: Mapping[str, Any]) -> S:
    """``values`` (text from a form, or already typed) as the command ``kind``.

    :raises InvalidCommand: naming the first field out of its bounds or of the wrong kind.
    """
    try:
        return msgspec.convert(dict(values), kind, strict=False)
    except msgspec.ValidationError as error:
        raise invalid_field(error) from None


def _player(form: Mapping[str, str], name: str) -> PlayerId:
    value = form.get(name, "").strip()
    if not value.isdigit():
        raise InvalidCommand(Message("%(field)s: choose a player", field=name), field=name)
    return PlayerId(int(value))


def drafted(form: Mapping[str, str]) -> Edit | None:
    """The draft a form sends, board by board (``white-1``, ``black-1`` … and ``pab``), or
    ``None`` when it sends none.

    >>> drafted({"white-1": "3", "black-1": "1", "pab": "2"})
    ((PairedBoard(white=3, black=1),), 2)
    """
    boards: list[PairedBoard] = []
    while f"white-{len(boards) + 1}" in form:
        number = len(boards) + 1
        boards.append(PairedBoard(white=_player(form, f"white-{number}"),
                                  black=_player(form, f"black-{number}")))  # fmt: skip
    if not boards:
        return None
    pab = form.get("pab", "").strip()
    return tuple(boards), _player(form, "pab") if pab else None


def edit_fields(edit: Edit) -> dict[str, str]:
    """The form fields that send ``edit`` again (:func:`drafted` reads them).

    >>> edit_fields(((PairedBoard(white=3, black=1),), None))
    {'white-1': '3', 'black-1': '1', 'pab': ''}
    """
    fields: dict[str, str] = {}
    for number, board in enumerate(edit[0], 1):
        fields[f"white-{number}"], fields[f"black-{number}"] = str(board.white), str(board.black)
    fields["pab"] = str(edit[1]) if edit[1] is not None else ""
    return fields
