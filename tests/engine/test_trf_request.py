"""trf/engine_request.py: what a TRF file says about the round to pair (trf.md §4, §6;
general.md §7.6; dutch.md §7.1)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.model import Colour, PairingNumber, RoundKind
from tests.engine.trf_lines import player_line
from trf import TrfError, read_trf
from trf.engine_request import next_round, next_round_request, round_request

N = PairingNumber


def _doc(*lines: str):  # type: ignore[no-untyped-def]
    document, problems = read_trf("\n".join(lines) + "\n")
    assert not [p for p in problems if p.severity == "error"], problems
    return document


PLAYED = (
    player_line(1, "1.0", "   3 w 1"),
    player_line(2, "0.5", "   4 b ="),
    player_line(3, "0.0", "   1 b 0"),
    player_line(4, "0.5", "   2 w ="),
)


def test_history_kinds_points_and_colours() -> None:
    request = next_round_request(_doc("XXR 5", *PLAYED))
    assert request.round_no == 2
    one = request.player(N(1)).history[0]
    assert (one.kind, one.points, one.opponent, one.colour) == (
        RoundKind.PLAYED,
        Fraction(1),
        N(3),
        Colour.WHITE,
    )
    assert request.player(N(2)).history[0].points == Fraction(1, 2)


def test_bye_only_column_is_the_round_to_pair() -> None:
    """A column with only ``0000 - H/Z`` is the round to pair; those players sit out and
    the points column (which here includes the half point) is not used."""
    lines = ("XXR 5", *PLAYED[:3], player_line(4, "1.0", "   2 w =", "0000 - H"))
    document = _doc(*lines)
    assert next_round(document) == 2
    request = next_round_request(document)
    assert [p.number for p in request.players if not p.available] == [4]
    assert request.player(N(4)).history[0].points == Fraction(1, 2)


def test_xxz_and_240_records_mark_absentees() -> None:
    request = next_round_request(_doc("XXR 5", "XXZ 3", "240 H   2    4", *PLAYED))
    assert sorted(p.number for p in request.players if not p.available) == [3, 4]


def test_point_systems_from_xxs_and_162() -> None:
    """3/1/0 scoring (the corpus' t03 / t17 files carry both notations)."""
    lines = (
        "XXR 5",
        "XXS W=3.0 D=1.0 L=0.0 FL=0.0 ZPB=0.0 PAB=3.0",
        "162  W 3.0    D 1.0",
        *PLAYED,
    )
    request = next_round_request(_doc(*lines))
    assert (request.points.win, request.points.draw, request.points.pab) == (3, 1, 3)
    assert request.player(N(1)).history[0].points == 3


def test_initial_colour_stated_or_inferred() -> None:
    """``XXC black1`` says it; without it, round 1 shows it: TPN 1 (first in the count)
    had White, so the initial colour was White (dutch.md §7.1)."""
    assert next_round_request(_doc("XXR 5", "XXC black1", *PLAYED)).initial_colour is Colour.BLACK
    assert next_round_request(_doc("XXR 5", *PLAYED)).initial_colour is Colour.WHITE
    flipped = (
        player_line(1, "1.0", "   3 b 1"),
        player_line(3, "0.0", "   1 w 0"),
        player_line(2, "0.5", "   4 w ="),
        player_line(4, "0.5", "   2 b ="),
    )
    assert next_round_request(_doc("XXR 5", *flipped)).initial_colour is Colour.BLACK


def test_forbidden_pairs_from_xxp_and_260() -> None:
    request = next_round_request(_doc("XXR 5", "XXP 1 2 4", "260   2   3    3    4", *PLAYED))
    assert request.forbidden_pairs == {
        frozenset({N(1), N(2)}),
        frozenset({N(1), N(4)}),
        frozenset({N(2), N(4)}),
        frozenset({N(3), N(4)}),
    }


def test_260_outside_its_rounds_does_not_apply() -> None:
    request = next_round_request(_doc("XXR 5", "260   3   4    3    4", *PLAYED))
    assert request.forbidden_pairs == frozenset()


def test_xxa_gives_virtual_points_per_round() -> None:
    request = next_round_request(_doc("XXR 5", "XXA    1  1.0  1.0  0.5", *PLAYED))
    assert request.player(N(1)).acceleration == {1: 1, 2: 1, 3: Fraction(1, 2)}


def test_baku_method_when_192_asks_for_it() -> None:
    """C.04.7: 6 players, 5 rounds: group A is 2·⌈6/4⌉ = 4 players; rounds 1-2 get a win,
    round 3 half of it (general.md §7.4 table)."""
    players = [player_line(n, "0.0") for n in range(1, 7)]
    request = next_round_request(_doc("XXR 5", "192 FIDE_DUTCH_BAKU", *players))
    assert request.player(N(4)).acceleration == {1: 1, 2: 1, 3: Fraction(1, 2)}
    assert request.player(N(5)).acceleration == {}


def test_round_request_replays_a_complete_round() -> None:
    """Checker mode: round 1 of a complete file is paired among those who took part."""
    request = round_request(_doc(*PLAYED), 1, replay=True)
    assert (request.round_no, request.total_rounds) == (1, 1)
    assert all(p.available and p.history == () for p in request.players)


def test_missing_total_rounds_is_an_error() -> None:
    with pytest.raises(TrfError, match="total number of rounds"):
        next_round_request(_doc(*PLAYED))


@pytest.mark.parametrize("label", ["withdrawn", "late entries"])
def test_an_unreadable_round_list_is_refused_when_nobody_is_absent(label: str) -> None:
    """A ``withdrawn`` or ``late entries`` comment whose group is not ``round: players``
    (trf.model.ROUND_LISTS) cannot say who was out; the request refuses it whether or not a
    player's absences would ask it (here every player played round 1)."""
    document = _doc("XXR 5", f"### {label} (from round: players): 3", *PLAYED)
    with pytest.raises(TrfError, match=f"{label} '3': not 'round: players'"):
        next_round_request(document)
