"""The bounds of every command field, declared once as annotated types.

Each alias carries a :class:`msgspec.Meta`: decoding a request body checks it, the OpenAPI
document shows it (it is generated from the same types), and :func:`check_bounds` applies it
to a command built in code (the CLI, tests), so every edge refuses the same values. Decimals
(points) cannot carry numeric constraints in msgspec; :func:`check_points_value` enforces
what their schema documents.

>>> class Entry(msgspec.Struct, frozen=True):
...     rating: Rating
>>> check_bounds(Entry(rating=4001))
Traceback (most recent call last):
...
events.errors.InvalidCommand: rating: Expected `int` <= 4000
"""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Annotated, Literal, TypeVar

import msgspec

from engine.messages import Message
from engine.systems import edition_names, rows
from events.errors import InvalidCommand

__all__ = [
    "FIELD_REASON",
    "MAX_BOARDS",
    "MAX_POINTS",
    "MAX_ROUNDS",
    "POINT_PLACES",
    "Board",
    "Federation",
    "FideId",
    "HalfByeLimit",
    "KFactor",
    "Name",
    "NamedText",
    "NormEvent",
    "PlayerNumber",
    "Points",
    "Rating",
    "RatingSystemName",
    "Reason",
    "RequiredReason",
    "RoundNumber",
    "RoundsCount",
    "RulesEdition",
    "Sex",
    "ShortText",
    "Surname",
    "SystemName",
    "TiebreakList",
    "TiebreakRules",
    "Title",
    "TournamentId",
    "check_bounds",
    "check_points_value",
    "in_words",
    "invalid_field",
    "to_decimal",
]

MAX_ROUNDS = 99
MAX_BOARDS = 5000
MAX_POINTS = Decimal(100)
POINT_PLACES = 2


def to_decimal(points: Fraction) -> Decimal:
    """Points as an exact decimal, for events, JSON and TRF: they are sums of the
    regulations' decimal values, so the quotient terminates.

    >>> to_decimal(Fraction(5, 2))
    Decimal('2.5')

    :raises ValueError: for a fraction with no exact decimal form (a third).
    """
    rest = points.denominator
    for prime in (2, 5):
        while rest % prime == 0:
            rest //= prime
    if rest != 1:
        raise ValueError(f"{points} has no exact decimal form")
    return Decimal(points.numerator) / Decimal(points.denominator)


_CHAR = r"[^\x00-\x1f\x7f-\x9f\u2028\u2029]"
"""No control character and no line break: names end up in fixed-column TRF lines."""
_PRINTABLE = f"^{_CHAR}*$"
_NOT_BLANK = rf"^{_CHAR}*[^\s\x00-\x1f\x7f-\x9f\u2028\u2029]{_CHAR}*$"
"""Printable with a character other than a space: what ``str.strip`` leaves something of."""
_EMPTY_OR_NOT_BLANK = f"^$|{_NOT_BLANK}"
_IN_WORDS = {
    f"Expected `str` matching regex {pattern!r}": Message("must not be blank")
    for pattern in (_NOT_BLANK, _EMPTY_OR_NOT_BLANK)
}
"""msgspec's message for a pattern a person should not have to read, in words."""

_KINDS = {
    "int": Message("`int`"), "str": Message("`str`"), "null": Message("`null`"),
    "float": Message("`float`"), "decimal": Message("`decimal`"), "bool": Message("`bool`"),
    "array": Message("`array`"), "object": Message("`object`"), "date": Message("`date`"),
}  # fmt: skip
"""msgspec's names for the kinds of value, each a message another language words."""

_SHAPES = (
    Message("Expected `int` >= %(bound)s"),
    Message("Expected `int` <= %(bound)s"),
    Message("Expected `str` of length >= %(bound)s"),
    Message("Expected `str` of length <= %(bound)s"),
    Message("Expected `array` of length >= %(bound)s"),
    Message("Expected `array` of length <= %(bound)s"),
    Message("Expected `%(expected)s | %(other)s`, got %(got)s"),
    Message("Expected %(expected)s, got %(got)s"),
    Message("Object missing required field `%(name)s`"),
    Message("Invalid enum value %(value)s"),
    Message("Invalid RFC3339 encoded date"),
    Message("Expected `str` matching regex %(pattern)s"),
)
"""The shapes of msgspec's messages a form's refusal shows, as templates a page words in
its language; msgspec's own words fill them, so the API and the CLI keep saying what they
said. The first shape that fits is taken (the union before the single kind)."""
_FITS = tuple(
    re.compile(re.sub(r"%\\\((\w+)\\\)s", r"(?P<\1>.+)", re.escape(shape.template)))
    for shape in _SHAPES
)


def _kind_in_words(value: str) -> str:
    """A kind of value as msgspec writes it (`int`) in words a page translates."""
    return _KINDS.get(value[1:-1], value) if re.fullmatch(r"`\w+`", value) else value


def in_words(message: str) -> str:
    """msgspec's ``message`` as a :class:`~engine.messages.Message` a page can translate;
    a shape not listed stays as msgspec wrote it.

    >>> in_words("Expected `int` <= 4000").template
    'Expected `int` <= %(bound)s'
    """
    if message in _IN_WORDS:
        return _IN_WORDS[message]
    for shape, fits in zip(_SHAPES, _FITS, strict=True):
        found = fits.fullmatch(message)
        if found:
            facts = {name: _kind_in_words(value) for name, value in found.groupdict().items()}
            return Message(shape.template, **facts)
    return message


def invalid_field(error: msgspec.ValidationError) -> InvalidCommand:
    """msgspec's refusal of a value as :class:`InvalidCommand`, naming the field (dotted:
    ``entries.2.surname``) and the bound in words a page can translate."""
    message, _, path = str(error).partition(" - at `$")
    field = path.rstrip("`").lstrip(".").replace("[", ".").replace("]", "") or None
    reason = in_words(message)
    return InvalidCommand(
        Message(FIELD_REASON, field=field, reason=reason) if field else reason, field=field
    )


FIELD_REASON = "%(field)s: %(reason)s"
"""A refusal naming its field: the pages show the field by its label and the reason
alone."""

Name = Annotated[
    str,
    msgspec.Meta(max_length=100, pattern=_PRINTABLE, description="Up to 100 characters, one line."),
]
ShortText = Annotated[
    str,
    msgspec.Meta(max_length=200, pattern=_PRINTABLE, description="Up to 200 characters, one line."),
]
Reason = Annotated[
    str,
    msgspec.Meta(max_length=500, pattern=_PRINTABLE, description="Up to 500 characters, one line."),
]
NamedText = Annotated[
    str,
    msgspec.Meta(
        max_length=200,
        pattern=_NOT_BLANK,
        description="Up to 200 characters, one line, not blank.",
    ),
]
"""What must name something: a tournament's name."""
Surname = Annotated[
    str,
    msgspec.Meta(
        max_length=100,
        pattern=_EMPTY_OR_NOT_BLANK,
        description="Up to 100 characters, one line, not blank (empty only when the FIDE "
        "list gives it).",
    ),
]
RequiredReason = Annotated[
    str,
    msgspec.Meta(
        max_length=500,
        pattern=_NOT_BLANK,
        description="Up to 500 characters, one line, not blank: why, for the log.",
    ),
]
TournamentId = Annotated[
    str,
    msgspec.Meta(
        pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$",
        description="1-64 letters, digits, '.', '_' or '-', starting with a letter or digit.",
    ),
]
SystemName = Annotated[
    str,
    msgspec.Meta(pattern=r"^[a-z][a-z0-9-]{0,31}$", description="A pairing system, e.g. `dutch`."),
]
Federation = Annotated[
    str, msgspec.Meta(pattern=r"^([A-Z]{3})?$", description="A three-letter FIDE code, or empty.")
]


def _editions_description() -> str:
    """Each edition and the systems that have it, from the systems table."""
    return ", ".join(
        f"`{edition}` ({', '.join(row.name for row in rows() if edition in row.editions)})"
        for edition in edition_names()
    )


if TYPE_CHECKING:  # a Literal built from the systems table is a runtime value to mypy
    RulesEdition = str
else:
    RulesEdition = Annotated[
        Literal[edition_names()],
        msgspec.Meta(description=f"A FIDE rules edition (systems): {_editions_description()}."),
    ]
"""Decoding refuses an edition no system has; the decision refuses one the tournament's
system lacks."""


PlayerNumber = Annotated[int, msgspec.Meta(ge=0, le=99_999)]
Title = Annotated[
    str,
    msgspec.Meta(
        pattern=r"^(GM|IM|WGM|FM|WIM|CM|WFM|WCM)?$", description="A FIDE title, or empty."
    ),
]
Sex = Annotated[str, msgspec.Meta(pattern=r"^[mf]?$", description="`m`, `f`, or empty.")]
TiebreakList = Annotated[
    str,
    msgspec.Meta(max_length=200, pattern=_PRINTABLE, description="A C.07 list in TEC syntax."),
]
TiebreakRules = Annotated[
    str, msgspec.Meta(pattern=r"^(2024|2026)?$", description="The C.07 edition, or empty.")
]
NormEvent = Annotated[
    str,
    msgspec.Meta(
        pattern=r"^(national-championship|national-team-championship|zonal)?$",
        description="What the event is for the title norms' exemptions (B.01 1.4.3a-c): "
        "`national-championship`, `national-team-championship`, `zonal`, or empty (none).",
    ),
]
Rating = Annotated[int, msgspec.Meta(ge=0, le=4000)]
KFactor = Annotated[
    int, msgspec.Meta(ge=1, le=100, description="A player's development coefficient K.")
]
RatingSystemName = Annotated[
    str,
    msgspec.Meta(
        pattern=r"^([a-z][a-z0-9-]{0,31})?$",
        description="The rating system whose changes the event shows, e.g. `fide` (the "
        "default when empty) or `icu`.",
    ),
]
FideId = Annotated[int, msgspec.Meta(ge=1, le=999_999_999)]
RoundsCount = Annotated[int, msgspec.Meta(ge=1, le=MAX_ROUNDS)]
# References may be 0: it names nothing, and the decision answers "not found" for it.
RoundNumber = Annotated[int, msgspec.Meta(ge=0, le=MAX_ROUNDS)]
Board = Annotated[int, msgspec.Meta(ge=0, le=MAX_BOARDS)]
HalfByeLimit = Annotated[int, msgspec.Meta(ge=0, le=MAX_ROUNDS)]
Points = Annotated[
    Decimal,
    msgspec.Meta(
        description=f"A finite number from 0 to {MAX_POINTS} with at most {POINT_PLACES} "
        "decimal places.",
        extra_json_schema={
            "minimum": 0,
            "maximum": int(MAX_POINTS),
            "multipleOf": float(Decimal(1).scaleb(-POINT_PLACES)),
        },
    ),
]

S = TypeVar("S", bound=msgspec.Struct)


def check_points_value(value: Decimal, field: str) -> None:
    """Refuse a point value outside what :data:`Points` documents.

    :raises InvalidCommand: naming ``field``.

    >>> check_points_value(Decimal("Infinity"), "points.win")
    Traceback (most recent call last):
    ...
    events.errors.InvalidCommand: points.win must be a finite number from 0 to 100 with at most 2 decimal places, not Infinity
    """
    exponent = value.as_tuple().exponent
    if (
        not value.is_finite()
        or not 0 <= value <= MAX_POINTS
        or not isinstance(exponent, int)
        or exponent < -POINT_PLACES
    ):
        raise InvalidCommand(
            Message("%(field)s must be a finite number from 0 to %(most)s with at most "
                    "%(places)s decimal places, not %(value)s", field=field, most=MAX_POINTS,
                    places=POINT_PLACES, value=str(value)),
            field=field,
        )  # fmt: skip


def check_bounds(command: S) -> S:
    """``command`` itself when every field is within its declared bounds.

    A struct built in code skips the checks decoding makes; converting it through builtins
    runs them, so a command from the CLI meets the same bounds as one from HTTP.

    :raises InvalidCommand: naming the field (dotted) and the bound.
    """
    try:
        msgspec.convert(msgspec.to_builtins(command), type(command))
    except msgspec.ValidationError as error:
        raise invalid_field(error) from None
    return command
