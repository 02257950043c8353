"""The bounds the wire types declare, against the decisions' own checks (issue 35)."""

from __future__ import annotations

import re
import sys
from decimal import Decimal

import msgspec
import pytest

from events.bounds import (
    NamedText,
    Points,
    RequiredReason,
    Surname,
    check_bounds,
    check_points_value,
)
from events.decisions import CreateTournament, RegisterPlayer, ReopenTournament
from events.errors import InvalidCommand


def _schema(annotated: object) -> dict[str, object]:
    return msgspec.json.schema(annotated)


def _printable(text: str) -> bool:
    return not re.search("[\x00-\x1f\x7f-\x9f\u2028\u2029]", text)


@pytest.mark.parametrize("annotated", [NamedText, RequiredReason])
def test_not_blank_is_what_strip_leaves_something_of(annotated: object) -> None:
    """The pattern refuses exactly the texts ``require_text`` refuses (every character
    alone, and a few texts), so the document states the decision's rule."""
    pattern = str(_schema(annotated)["pattern"])
    texts = [chr(code) for code in range(sys.maxunicode + 1)]
    texts += ["", "  ", "\u3000\u00a0 ", " x ", "Open 2026", "\ufeff"]
    for text in filter(_printable, texts):
        assert (re.search(pattern, text) is not None) == bool(text.strip()), repr(text)


def test_a_surname_is_empty_or_not_blank() -> None:
    """Empty: the FIDE list gives it (HTTP with a ``fide_id``); blank never."""
    decode = msgspec.json.Decoder(Surname).decode
    assert (decode(b'""'), decode(b'" Aune "')) == ("", " Aune ")
    with pytest.raises(msgspec.ValidationError):
        decode(b'"   "')


@pytest.mark.parametrize("text", ["0", "0.01", "0.5", "99.99", "100", "2.50"])
def test_points_the_schema_allows_are_points_the_decision_takes(text: str) -> None:
    schema = _schema(Points)
    assert (schema["minimum"], schema["maximum"], schema["multipleOf"]) == (0, 100, 0.01)
    check_points_value(Decimal(text), "points.win")


@pytest.mark.parametrize("text", ["0.001", "-0.01", "100.01"])
def test_points_the_schema_refuses_the_decision_refuses(text: str) -> None:
    with pytest.raises(InvalidCommand, match=r"points\.win"):
        check_points_value(Decimal(text), "points.win")


def test_a_blank_text_built_in_code_is_refused_in_words() -> None:
    """The CLI and the pages build commands in code: ``check_bounds`` names the field and
    says what is wrong, not the pattern."""
    commands = [
        (ReopenTournament(reason=" \u3000"), "reason"),
        (CreateTournament(tournament_id="open", name="  ", rounds=5), "name"),
        (RegisterPlayer(surname="\u00a0"), "surname"),
    ]
    for command, field in commands:
        with pytest.raises(InvalidCommand) as refused:
            check_bounds(command)
        assert (str(refused.value), refused.value.field) == (f"{field}: must not be blank", field)
    assert check_bounds(RegisterPlayer(fide_id=1503014)).surname == ""  # the FIDE list's
