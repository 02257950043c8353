"""Sentences the code writes for people (an engine's explanation, a refusal's reason, a
standings warning) that a reader in another language can have translated.

A :class:`Message` *is* its English text (a ``str``), so the CLI, logs, files and tests read
it as they read any string, and it keeps the template (a gettext msgid with ``%(name)s``
places) and the arguments it was made from, so an edge that speaks another language (the
pages) looks the template up in its catalogue and fills in the same facts. The engine
imports nothing of ours, so the catalogue stays with the pages; the code keeps only the
English, as gettext's msgids do. Anything composed from a message by string operations
(``+``, an f-string, ``join``) is a plain ``str`` again: a sentence that should translate
is built as a message whole, with its parts as arguments.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from decimal import Decimal
from fractions import Fraction
from typing import Any, Self

__all__ = ["Message", "Number", "english_number", "indented", "plain", "translated"]

Gettext = Callable[[str], str]
Number = Fraction | Decimal


def english_number(value: Number) -> str:
    """A score or point value as the English text writes it: ``2``, ``1.5``.

    >>> english_number(Fraction(3, 2)), english_number(Fraction(2)), english_number(Decimal("0.50"))
    ('1.5', '2', '0.50')
    """
    if isinstance(value, Decimal):
        return str(value)
    return str(value.numerator) if value.denominator == 1 else str(float(value))


class Message(str):
    """A sentence that is its English text and knows its template and facts.

    Arguments may be text, whole numbers, scores (``Fraction``, ``Decimal``: written by the
    reader's number format), other messages (translated in turn), a tuple of them (several
    sentences read as one, ``"; "`` between them) or a list of them (``", "`` between them).

    >>> note = Message("%(player)s moves down", player=7)
    >>> note, note.template
    ('7 moves down', '%(player)s moves down')
    >>> note.translated({"%(player)s moves down": "%(player)s baja"}.get)
    '7 baja'
    """

    template: str
    args: Mapping[str, object]

    def __new__(cls, template: str, /, **args: object) -> Self:
        english = {name: _english(value) for name, value in args.items()}
        message = super().__new__(cls, template % english if args else template)
        message.template = template
        message.args = args
        return message

    def __getnewargs_ex__(self) -> tuple[tuple[str], dict[str, Any]]:
        """So a message crosses a process boundary (the pairing pool) as itself."""
        return (self.template,), dict(self.args)

    def translated(self, gettext: Gettext, number: Callable[[Number], str] | None = None) -> str:
        """This sentence in the words of ``gettext`` (its template's translation, or the
        template itself when it has none), numbers written by ``number``."""
        words = gettext(self.template) if self.template else ""  # "": the catalogue's header
        if not self.args:
            return words
        facts = {name: _fact(value, gettext, number) for name, value in self.args.items()}
        return words % facts


def indented(line: str) -> Message:
    """``line`` two spaces in, under the line it belongs to (an explanation's groups)."""
    return Message("  %(line)s", line=line)


def translated(text: str, gettext: Gettext, number: Callable[[Number], str] | None = None) -> str:
    """``text`` in the words of ``gettext`` when it is a :class:`Message`, else as it is
    (a name, a number, a sentence nobody wrote as a message).

    >>> translated("Ana", str.upper), translated(Message("no bye"), str.upper)
    ('Ana', 'NO BYE')
    """
    return text.translated(gettext, number) if isinstance(text, Message) else text


def _english(value: object) -> str:
    if isinstance(value, Fraction | Decimal):
        return english_number(value)
    if isinstance(value, tuple | list):
        return _SEPARATORS[type(value)].join(_english(part) for part in value)
    return str(value)


def _fact(value: object, gettext: Gettext, number: Callable[[Number], str] | None) -> str:
    if isinstance(value, Message):
        return value.translated(gettext, number)
    if isinstance(value, Fraction | Decimal) and number is not None:
        return number(value)
    if isinstance(value, tuple | list):
        return _SEPARATORS[type(value)].join(_fact(part, gettext, number) for part in value)
    return _english(value)


_SEPARATORS = {tuple: "; ", list: ", "}


def plain(value: object) -> str:
    """msgspec's ``enc_hook``: a message is stored and sent as its English text.

    :raises NotImplementedError: for any other type msgspec cannot encode (its own error
        follows).
    """
    if isinstance(value, Message):
        return str(value)
    raise NotImplementedError(type(value).__name__)
