"""Round-robin pairing by the Berger tables (C.05 Annex 1) and the Varma drawing of lots
(C.05 Annex 2), against the tables held as data in :mod:`tests.engine.berger_published`:
FIDE's own for 3/4 to 15/16 players, another project's for 17/18 to 23/24 (FIDE prints none),
and for every size the Annex's pattern read independently here."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, pairwise

import pytest

from engine import InvalidRequest, pair
from engine.model import Pairing, PairingNumber, PairingRequest, PlayerEntry, RoundKind, RoundRecord
from engine.round_robin import Entrant, drawn_numbers, varma_groups, varma_numbers
from tests.engine.berger_published import INDEPENDENT, PUBLISHED, VARMA_PUBLISHED, games

SIZES = range(3, 25)
TABLES = PUBLISHED | INDEPENDENT
"""Every even size 4 to 24: FIDE's table up to 16, the independent one above."""


def round_of(players: int, round_no: int, *, double: bool = False) -> Pairing:
    """Round ``round_no`` of a field of ``players``, everyone present."""
    history = tuple(RoundRecord(RoundKind.PLAYED, 0) for _ in range(round_no - 1))
    field = tuple(PlayerEntry(PairingNumber(n), history=history) for n in range(1, players + 1))
    size = players + players % 2
    rounds = (size - 1) * (2 if double else 1)
    return pair(
        PairingRequest(round_no, rounds, field),
        "double-round-robin" if double else "round-robin",
    )


def played(pairing: Pairing) -> list[tuple[int, int]]:
    return [(board.white, board.black) for board in pairing.boards]


def single(players: int) -> list[Pairing]:
    size = players + players % 2
    return [round_of(players, r) for r in range(1, size)]


def double(players: int) -> list[Pairing]:
    size = players + players % 2
    return [round_of(players, r, double=True) for r in range(1, 2 * (size - 1) + 1)]


def test_the_tables_cover_every_even_size_from_4_to_24() -> None:
    assert sorted(TABLES) == list(range(4, 25, 2))


@pytest.mark.parametrize("size", sorted(TABLES))
def test_an_even_field_plays_the_published_table(size: int) -> None:
    assert [played(p) for p in single(size)] == games(TABLES[size])


@pytest.mark.parametrize("size", sorted(TABLES))
def test_an_odd_field_plays_the_next_table_and_its_last_number_is_the_bye(size: int) -> None:
    # Annex 1: with an odd number of players the highest number counts as a bye.
    for pairing, published in zip(single(size - 1), games(TABLES[size]), strict=True):
        assert played(pairing) == [g for g in published if size not in g]
        assert pairing.bye == next(min(g) for g in published if size in g)


@pytest.mark.parametrize("players", SIZES)
def test_every_size_meets_everyone_once_and_the_bye_goes_round_once(players: int) -> None:
    rounds = single(players)
    met = Counter(frozenset(g) for p in rounds for g in played(p))
    assert set(met) == {frozenset(pair) for pair in combinations(range(1, players + 1), 2)}
    assert set(met.values()) == {1}
    byes = [p.bye for p in rounds if p.bye is not None]
    assert sorted(byes) == (list(range(1, players + 1)) if players % 2 else [])


@pytest.mark.parametrize("players", SIZES)
def test_every_table_keeps_the_pattern_of_the_annexs_tables(players: int) -> None:
    # The Annex prints tables only; what every one of them shows (3/4 to 15/16), read here
    # without the engine's formula: round 1 is 1-n, 2-(n-1), ...; the last number n plays
    # board 1, with white in even rounds; from one round to the next every other number
    # moves on by n/2 round the circle 1..n-1, and the boards keep their order.
    size = players + players % 2
    tables = [[(w, b) for w, b in played(p)] for p in single(size)]
    assert tables[0] == [(k, size + 1 - k) for k in range(1, size // 2 + 1)]
    for r, games_ in enumerate(tables, 1):
        assert (games_[0][0] == size) == (r % 2 == 0)
    for before, after in pairwise(tables):
        moved = {n: (n - 1 + size // 2) % (size - 1) + 1 for g in before for n in g if n != size}
        shifted = [frozenset(moved[n] for n in g) for g in before[1:]]
        assert shifted == [frozenset(g) for g in after[1:]]


@pytest.mark.parametrize("players", SIZES)
def test_a_double_round_robin_reverses_colours_and_swaps_the_first_cycles_last_two_rounds(
    players: int,
) -> None:
    # Annex 1: the second cycle repeats the table with colours reversed; the first cycle's
    # last two rounds change places.
    first = single(players)
    both = double(players)
    cycle = len(first)
    expected_first = [*first[:-2], first[-1], first[-2]] if cycle >= 3 else first
    assert [played(p) for p in both[:cycle]] == [played(p) for p in expected_first]
    assert [played(p) for p in both[cycle:]] == [[(b, w) for w, b in played(p)] for p in first]
    assert [p.bye for p in both[cycle:]] == [p.bye for p in first]


@pytest.mark.parametrize("players", SIZES)
def test_nobody_has_one_colour_three_rounds_running(players: int) -> None:
    for rounds in (single(players), double(players)):
        colours: dict[int, str] = dict.fromkeys(range(1, players + 1), "")
        for pairing in rounds:
            for white, black in played(pairing):
                colours[white] += "W"
                colours[black] += "B"
            if pairing.bye is not None:
                colours[pairing.bye] += "-"
        assert not [c for c in colours.values() if "WWW" in c or "BBB" in c], colours


def test_the_table_must_fit_the_rounds_and_the_numbers() -> None:
    field = tuple(PlayerEntry(PairingNumber(n)) for n in range(1, 11))
    with pytest.raises(InvalidRequest, match="round-robin of 10 players has 9 rounds, not 7"):
        pair(PairingRequest(1, 7, field), "round-robin")
    with pytest.raises(InvalidRequest, match="double round-robin of 10 players has 18 rounds"):
        pair(PairingRequest(1, 9, field), "double-round-robin")
    with pytest.raises(InvalidRequest, match="3 or more players"):
        pair(PairingRequest(1, 1, field[:2]), "round-robin")


@pytest.mark.parametrize("size", sorted(VARMA_PUBLISHED))
def test_the_varma_envelopes_are_the_published_ones(size: int) -> None:
    published = tuple(tuple(int(n) for n in g.split()) for g in VARMA_PUBLISHED[size])
    assert varma_groups(size) == published
    assert varma_groups(size - 1) == tuple(tuple(n for n in g if n < size) for g in published)


@pytest.mark.parametrize("size", sorted(VARMA_PUBLISHED))
def test_the_varma_envelopes_share_out_the_tables_numbers(size: int) -> None:
    # Annex 2 point 1: the numbers of the table are put in the four envelopes A-D, so every
    # number is in exactly one (the rows no stored FIDE copy shows are checked this way too).
    numbers = [int(n) for group in VARMA_PUBLISHED[size] for n in group.split()]
    assert sorted(numbers) == list(range(1, size + 1))


@pytest.mark.parametrize("size", sorted(VARMA_PUBLISHED))
def test_an_envelopes_players_do_not_meet_in_the_last_three_rounds(size: int) -> None:
    # The tables' stated purpose (C.05 Annex 2; "Restricted drawing of lots", 1987): players
    # of one federation, drawn from one envelope, do not meet in the last three rounds. The
    # one exception in the published tables is 6 and 12 of 11/12 players (12 is the table's
    # fixed number), which meet in the last round.
    published = [tuple(int(n) for n in g.split()) for g in VARMA_PUBLISHED[size]]
    meetings = {frozenset(g) for games_ in games(TABLES[size])[-3:] for g in games_}
    same = {frozenset(p) for group in published for p in combinations(group, 2)}
    assert meetings & same == ({frozenset({6, 12})} if size == 12 else set())


def test_a_varma_draw_keeps_each_federation_in_one_envelope() -> None:
    # Annex 2 points 2-4: the largest federation draws first from an envelope large enough.
    federations = ["ESP"] * 4 + ["FRA"] * 3 + ["GER"] * 2 + ["ITA"]
    entrants = [Entrant(k, fed, f"P{k:02}") for k, fed in enumerate(federations, 1)]
    numbers = varma_numbers(entrants, seed=7)
    assert sorted(numbers.values()) == list(range(1, 11))
    groups = [set(g) for g in varma_groups(10)]
    for federation in ("ESP", "FRA", "GER"):
        mine = {numbers[e.key] for e in entrants if e.federation == federation}
        if federation == "ESP":  # 4 players, no envelope of 10 holds 4: fullest, then the next
            assert sum(1 for g in groups if g & mine) == 2
        else:
            assert any(mine <= g for g in groups), (federation, mine)
    assert varma_numbers(entrants, seed=7) == numbers


def test_a_varma_draw_outside_9_to_24_players_is_refused() -> None:
    with pytest.raises(InvalidRequest, match="cover 9 to 24 players, not 8"):
        varma_groups(8)


def test_a_free_draw_is_a_permutation_repeatable_from_its_seed() -> None:
    numbers = drawn_numbers(list(range(101, 113)), seed=2026)
    assert sorted(numbers.values()) == list(range(1, 13))
    assert drawn_numbers(list(range(101, 113)), seed=2026) == numbers
    assert drawn_numbers(list(range(101, 113)), seed=2027) != numbers
