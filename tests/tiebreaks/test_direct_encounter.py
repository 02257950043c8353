"""Direct Encounter (C.07 Art. 6) on small hand-made events.

DE is reported as the place inside the group tied before it (here: on points), 0 when it
separates nobody. Players not on a board in a round get a zero-point bye.
"""

from __future__ import annotations

from fractions import Fraction

from engine.model import Colour, Outcome, PairingNumber, RoundKind
from events.tiebreaks import Crosstable, Edition, PlayerRecord, RoundEntry, rank

Board = tuple[int, int, str]
"""(white, black, result): ``"1-0"``, ``"0-1"``, ``"1/2"`` or the forfeit ``"+-"``."""

_SIDES = {"1-0": (Outcome.WIN, Outcome.LOSS), "0-1": (Outcome.LOSS, Outcome.WIN),
          "1/2": (Outcome.DRAW, Outcome.DRAW)}  # fmt: skip


def build(players: int, rounds: list[list[Board]]) -> Crosstable:
    entries: dict[int, list[RoundEntry]] = {n: [] for n in range(1, players + 1)}
    for boards in rounds:
        seated = set()
        for white, black, code in boards:
            seated |= {white, black}
            if code == "+-":
                entries[white].append(
                    RoundEntry.forfeit(opponent=PairingNumber(black), won=True, points=Fraction(1))
                )
                entries[black].append(
                    RoundEntry.forfeit(opponent=PairingNumber(white), won=False, points=Fraction(0))
                )
                continue
            for me, other, colour, outcome in ((white, black, Colour.WHITE, _SIDES[code][0]),
                                               (black, white, Colour.BLACK, _SIDES[code][1])):  # fmt: skip
                entries[me].append(
                    RoundEntry.game(opponent=PairingNumber(other), colour=colour,
                                    outcome=outcome, points=outcome.score)
                )  # fmt: skip
        for number in set(entries) - seated:
            entries[number].append(RoundEntry.bye(RoundKind.ZERO_BYE, points=Fraction(0)))
    records = tuple(PlayerRecord(PairingNumber(n), tuple(e)) for n, e in entries.items())
    return Crosstable(records, rounds=len(rounds))


def de(table: Crosstable, group: set[int], code: str = "DE") -> dict[int, object]:
    rows = rank(table, f"PTS {code}", Edition.C07_2026).rows
    assert len({r.points for r in rows if r.pairing_number in group}) == 1, "group must be tied"
    return {r.pairing_number: r.values[code] for r in rows if r.pairing_number in group}


def test_all_met_ranks_by_mutual_points() -> None:
    # 6.2: 1, 2, 3 all met (1 beat 2, drew 3; 2 beat 3) and stand on 1.5 after round 4;
    # mutual points 1.5, 1, 0.5 place them 1, 2, 3.
    table = build(6, [[(1, 2, "1-0")], [(3, 1, "1/2")], [(2, 3, "1-0")],
                      [(1, 4, "0-1"), (2, 5, "1/2"), (3, 6, "1-0")]])  # fmt: skip
    assert de(table, {1, 2, 3}) == {1: 1, 2: 2, 3: 3}


def test_all_met_with_equal_mutual_points_separates_nobody() -> None:
    # 6.2: a cycle (1 beat 2, 2 beat 3, 3 beat 1) gives each 1 mutual point.
    table = build(3, [[(1, 2, "1-0")], [(2, 3, "1-0")], [(3, 1, "1-0")]])
    assert de(table, {1, 2, 3}) == {1: 0, 2: 0, 3: 0}


def test_swiss_group_places_an_unreachable_leader() -> None:
    # 6.3: 1 beat 2 and 3, who never met. 1's 2 mutual points beat the most 2 or 3 could
    # have (1, winning the missing game), so 1 is first; then 2 and 3, who did not meet,
    # stay tied. Everyone else's games only level the totals at 2.
    table = build(9, [[(1, 2, "1-0")], [(3, 1, "0-1")],
                      [(2, 4, "1-0"), (3, 5, "1-0"), (1, 6, "0-1")],
                      [(2, 7, "1-0"), (3, 8, "1-0"), (1, 9, "0-1")]])  # fmt: skip
    assert de(table, {1, 2, 3}) == {1: 1, 2: 2, 3: 2}


def test_swiss_group_leader_who_could_be_caught_is_not_placed() -> None:
    # 6.3: 1 beat 2, but 3 met neither and could still reach 2 > 1: nobody is placed.
    table = build(5, [[(1, 2, "1-0")], [(2, 5, "1-0"), (3, 4, "1-0")]])
    assert de(table, {1, 2, 3}) == {1: 0, 2: 0, 3: 0}


def test_repeated_games_count_as_their_average() -> None:
    # 6.1.2: 1 beat 2 and then drew with 2: averages 0.75 and 0.25 -> 1 first.
    table = build(3, [[(1, 2, "1-0")], [(2, 1, "1/2")], [(2, 3, "1-0")]])
    assert de(table, {1, 2}) == {1: 1, 2: 2}


def test_forfeits_are_left_out_unless_the_list_says_played() -> None:
    # 6.1.1: 1 beat 2 by forfeit, so they never met and DE cannot separate them; with DE/P
    # the forfeit counts as a game and puts 1 first.
    table = build(3, [[(1, 2, "+-")], [(2, 3, "1-0")]])
    assert de(table, {1, 2}) == {1: 0, 2: 0}
    assert de(table, {1, 2}, "DE/P") == {1: 1, 2: 2}
