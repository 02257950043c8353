"""Properties the regulations imply for any event.

With one K for everyone and a cap that treats both sides alike (B.02 2024 8.3.1: every
difference above 400 counts as 400), a game's two expected scores add up to 1 (table
8.1.2 gives PD to the higher-rated and 1 - PD to the lower-rated player), so the changes
of a game, and of the whole event, sum to zero. Colours play no part in 8.3.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from hypothesis import given
from hypothesis import strategies as st

from events.rating_changes import Entrant, rating_changes, system_for
from events.tiebreaks import Crosstable
from tests.rating_changes.builders import Game, crosstable

RESULTS = ("1-0", "1/2", "0-1", "+/-", "-/+")


@st.composite
def events(draw: st.DrawFn, *, top: int = 2640) -> tuple[dict[int, int | None], list[list[Game]]]:
    """A field of 2-10 players (some unrated) over 1-7 rounds of random pairings."""
    size = draw(st.integers(2, 10))
    ratings = {n: draw(st.one_of(st.none(), st.integers(1400, top))) for n in range(1, size + 1)}
    rounds = []
    for _ in range(draw(st.integers(1, 7))):
        order = draw(st.permutations(list(ratings)))
        rounds.append(
            [
                (order[i], order[i + 1], draw(st.sampled_from(RESULTS)))
                for i in range(0, size - 1, 2)
            ]
        )
    return ratings, rounds


def _changes(table: Crosstable, *, edition: date) -> dict[int, Decimal | None]:
    equal_k = {p.pairing_number: Entrant(k_factor=20) for p in table.players}
    changes = rating_changes(table, system_for("fide", edition), entrants=equal_k)
    return {p.pairing_number: p.change for p in changes.players}


@given(events())
def test_changes_sum_to_zero_with_one_k(
    event: tuple[dict[int, int | None], list[list[Game]]],
) -> None:
    changes = _changes(crosstable(*event), edition=date(2024, 6, 30))
    assert sum((c for c in changes.values() if c is not None), Decimal(0)) == 0


@given(events(top=2640))
def test_below_2650_the_2025_amendment_keeps_the_sum(
    event: tuple[dict[int, int | None], list[list[Game]]],
) -> None:
    changes = _changes(crosstable(*event), edition=date(2025, 10, 1))
    assert sum((c for c in changes.values() if c is not None), Decimal(0)) == 0


@given(events(top=2800), st.data())
def test_swapping_a_games_colours_changes_nothing(
    event: tuple[dict[int, int | None], list[list[Game]]], data: st.DataObject
) -> None:
    ratings, rounds = event
    round_index = data.draw(st.integers(0, len(rounds) - 1))
    board = data.draw(st.integers(0, len(rounds[round_index]) - 1))
    white, black, result = rounds[round_index][board]
    flipped = {"1-0": "0-1", "0-1": "1-0", "+/-": "-/+", "-/+": "+/-", "1/2": "1/2"}[result]
    swapped = [list(games) for games in rounds]
    swapped[round_index][board] = (black, white, flipped)
    for edition in (date(2023, 6, 30), date(2024, 6, 30), date(2025, 10, 1)):
        before = rating_changes(crosstable(ratings, rounds), system_for("fide", edition))
        after = rating_changes(crosstable(ratings, swapped), system_for("fide", edition))
        assert before == after
