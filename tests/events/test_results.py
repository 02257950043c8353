"""Results: every notation FIDE crosstables use, and what each side scores."""

from __future__ import annotations

import pytest

from engine.model import Outcome
from events.errors import InvalidCommand
from events.results import SPELLINGS, Result, parse_result, result_str


@pytest.mark.parametrize(
    ("text", "result"),
    [
        ("1-0", Result.WHITE_WINS),
        ("0-1", Result.BLACK_WINS),
        ("1/2-1/2", Result.DRAW),
        ("½-½", Result.DRAW),
        ("0.5-0.5", Result.DRAW),
        ("=", Result.DRAW),
        ("1:0", Result.WHITE_WINS),
        (" 0 - 1 ", Result.BLACK_WINS),
        ("+/-", Result.WHITE_WINS_BY_FORFEIT),
        ("+:-", Result.WHITE_WINS_BY_FORFEIT),
        ("+-", Result.WHITE_WINS_BY_FORFEIT),
        ("-/+", Result.BLACK_WINS_BY_FORFEIT),
        ("-/-", Result.DOUBLE_FORFEIT),
        ("0-0", Result.BOTH_LOSE),
        ("1/2-0", Result.WHITE_DRAWS_BLACK_LOSES),
        ("½-0", Result.WHITE_DRAWS_BLACK_LOSES),
        ("0-1/2", Result.WHITE_LOSES_BLACK_DRAWS),
    ],
)
def test_parse_result_accepts_common_spellings(text: str, result: Result) -> None:
    assert parse_result(text) is result


@pytest.mark.parametrize("result", list(Result))
def test_result_str_round_trips(result: Result) -> None:
    assert parse_result(result_str(result)) is result


@pytest.mark.parametrize("text", ["", "2-0", "1-1", "win", "1/2", "+/+"])
def test_parse_result_names_the_bad_text(text: str) -> None:
    with pytest.raises(InvalidCommand) as caught:
        parse_result(text)
    assert repr(text) in str(caught.value)
    assert caught.value.field == "result"


def test_forfeits_are_unplayed_and_score_as_forfeits() -> None:
    """GHR 3.4-3.5: a forfeited game was not played, whichever side failed to appear."""
    assert [r for r in Result if not r.played] == [
        Result.WHITE_WINS_BY_FORFEIT,
        Result.BLACK_WINS_BY_FORFEIT,
        Result.DOUBLE_FORFEIT,
    ]
    assert (Result.BLACK_WINS_BY_FORFEIT.white, Result.BLACK_WINS_BY_FORFEIT.black) == (
        Outcome.FORFEIT_LOSS,
        Outcome.FORFEIT_WIN,
    )
    assert (Result.DOUBLE_FORFEIT.white, Result.DOUBLE_FORFEIT.black) == (
        Outcome.FORFEIT_LOSS,
        Outcome.FORFEIT_LOSS,
    )


def test_unusual_played_results_score_each_side_separately() -> None:
    assert (Result.BOTH_LOSE.white, Result.BOTH_LOSE.black) == (Outcome.LOSS, Outcome.LOSS)
    assert (Result.WHITE_LOSES_BLACK_DRAWS.white, Result.WHITE_LOSES_BLACK_DRAWS.black) == (
        Outcome.LOSS,
        Outcome.DRAW,
    )
    assert Result.BOTH_LOSE.played and Result.WHITE_DRAWS_BLACK_LOSES.played


def test_the_spellings_are_every_text_parse_result_reads_without_spaces() -> None:
    """An HTTP body's ``result`` is one of ``SPELLINGS`` (issue 35): all of them read, and
    every other short text of the spellings' characters is refused."""
    assert {parse_result(text) for text in SPELLINGS} == set(Result)
    assert {"1-0", "1:0", "=", "½-½", "0.5-1/2", "1/2:0", "+:-", "+-", "-/-"} <= set(SPELLINGS)
    pieces = ("0", "1", "1/2", "½", "0.5", "-", ":", "+", "/", "=")
    texts = {a + b + c for a in pieces for b in pieces for c in ("", *pieces)}
    for text in texts - set(SPELLINGS):
        with pytest.raises(InvalidCommand):
            parse_result(text)
