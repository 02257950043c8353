"""The random tournament generator: reproducible everywhere, results from the stated model,
and every generated file a complete tournament that Arbiter's own checker re-pairs exactly."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import replace
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from engine.errors import InvalidRequest
from engine.generator import GeneratedPlayer, GeneratorSettings, Slot, expected_score, generate
from engine.model import Colour, Outcome, PointSystem, RoundKind
from tests.engine.berger_published import PUBLISHED, games
from trf import read_trf, write_trf
from trf.checker import check_document
from trf.generated import generated_document

ROOT = Path(__file__).resolve().parents[2]

FULL = GeneratorSettings(
    players=17,
    rounds=6,
    forfeit_rate=0.05,
    half_bye_rate=0.2,
    zero_bye_rate=0.2,
    withdraw_rate=0.1,
    late_entry_rate=0.15,
    points=PointSystem(win=Fraction(3), draw=Fraction(1), forfeit_win=Fraction(3),
                       pab=Fraction(3), full_bye=Fraction(3), half_bye=Fraction(1)),
    initial_colour=None,
    accelerate=True,
    forbidden_pairs=3,
)  # fmt: skip

_SCRIPT = """
import sys
from fractions import Fraction
from engine.generator import GeneratorSettings, generate
from engine.model import PointSystem
from trf import write_trf
from trf.generated import generated_document
settings = GeneratorSettings(players=17, rounds=6, forfeit_rate=0.05, half_bye_rate=0.2,
    zero_bye_rate=0.2, withdraw_rate=0.1, late_entry_rate=0.15,
    points=PointSystem(win=Fraction(3), draw=Fraction(1), forfeit_win=Fraction(3),
                       pab=Fraction(3), full_bye=Fraction(3), half_bye=Fraction(1)),
    initial_colour=None, accelerate=True, forbidden_pairs=3)
sys.stdout.write(write_trf(generated_document(generate(settings, int(sys.argv[1])), "trf26")))
"""


def _in_process(seed: int, hash_seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run(
        [sys.executable, "-c", _SCRIPT, str(seed)],
        cwd=ROOT, env=env, capture_output=True, check=True,
    )  # fmt: skip
    return done.stdout.decode()


@pytest.mark.slow
def test_the_same_seed_gives_the_same_file_whatever_the_hash_seed() -> None:
    first = _in_process(11, "0")
    assert first == _in_process(11, "4242")
    assert first == write_trf(generated_document(generate(FULL, 11), "trf26"))
    assert first != _in_process(12, "0")


def test_a_generated_file_names_every_setting_it_used() -> None:
    doc = generated_document(generate(FULL, 11), "trf26")
    text = write_trf(doc, line_ending="\n")
    assert doc.total_rounds == 6 and len(doc.players) == 17
    assert "\n162  W 3.0    D 1.0    L 0.0    P 3.0\n" in text
    assert sum(line.startswith("260 ") for line in text.splitlines()) == 3
    assert any(line.startswith("250 ") for line in text.splitlines())
    assert doc.header("092") == "Individual: Swiss-System (FIDE Dutch), rules fide-2026"


@pytest.mark.parametrize(
    ("system", "edition", "profile"),
    [
        ("dutch", "fide-2026", "trf16"),
        ("dutch", "fide-2017", "trf16"),
        ("burstein", "fide-2017", "trf26"),
        ("burstein", "fide-2026", "trf16"),
        ("dubov", "fide-2026", "trf26"),
        ("lim", "fide-2026", "trf16"),
        ("amalfi", "fide-2026", "trf26"),
    ],
)
def test_every_round_of_a_generated_file_is_the_systems_own_pairing(
    system: str, edition: str, profile: str
) -> None:
    """Read back from the file, each round's history gives the pairing the file records:
    the generator and the TRF reader see the same tournament, for every system."""
    settings = GeneratorSettings(
        players=23, rounds=7, system=system, rules_edition=edition, forfeit_rate=0.05,
        half_bye_rate=0.2, zero_bye_rate=0.2, withdraw_rate=0.1, late_entry_rate=0.1,
        forbidden_pairs=2, initial_colour=None, accelerate=system == "dutch",
    )  # fmt: skip
    for seed in (1, 2):
        document = read_trf(write_trf(generated_document(generate(settings, seed), profile)))[0]
        report = check_document(document, system, edition)
        assert [check.line() for check in report.rounds] == [f"round {r}: ok" for r in range(1, 8)]


def test_elo_expectation_is_the_logistic_formula() -> None:
    """A 400-point edge expects 10/11 (1 / (1 + 10^-1)); equal ratings expect one half."""
    assert expected_score(2000, 2000) == Decimal("0.5")
    assert abs(expected_score(2400, 2000) - Decimal(10) / Decimal(11)) < Decimal("1e-20")
    assert abs(expected_score(2000, 2400) - Decimal(1) / Decimal(11)) < Decimal("1e-20")


def _slots(settings: GeneratorSettings, seed: int = 5) -> list[Slot]:
    tournament = generate(settings, seed)
    return [slot for player in tournament.players for slot in player.slots]


def test_draw_share_is_the_draw_chance_at_equal_ratings() -> None:
    equal = GeneratorSettings(players=10, rounds=5, lowest_rating=2000, highest_rating=2000)
    assert {slot.outcome for slot in _slots(replace(equal, draw_share=1.0))} == {Outcome.DRAW}
    assert Outcome.DRAW not in {slot.outcome for slot in _slots(replace(equal, draw_share=0.0))}


def test_a_forfeit_rate_of_one_forfeits_every_game() -> None:
    slots = _slots(GeneratorSettings(players=8, rounds=3, forfeit_rate=1.0))
    assert {slot.kind for slot in slots} <= {RoundKind.FORFEIT_WIN, RoundKind.FORFEIT_LOSS}
    assert {slot.outcome for slot in slots} <= {Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS}


def test_byes_withdrawals_and_late_entries_follow_their_rates() -> None:
    tournament = generate(
        GeneratorSettings(players=12, rounds=5, half_bye_rate=1.0, late_entry_rate=1.0), seed=3
    )
    for player in tournament.players:
        kinds = [slot.kind for slot in player.slots]
        assert kinds[0] is RoundKind.ZERO_BYE  # everybody enters late, from round 2 to 3
        assert kinds.count(RoundKind.HALF_BYE) <= 1 and kinds[-1] is not RoundKind.HALF_BYE
    withdrawn = generate(GeneratorSettings(players=12, rounds=4, withdraw_rate=1.0), seed=3)
    for player in withdrawn.players:
        kinds = [slot.kind for slot in player.slots]
        first_gone = kinds.index(RoundKind.ZERO_BYE)
        assert first_gone >= 1 and set(kinds[first_gone:]) == {RoundKind.ZERO_BYE}


def test_forbidden_pairs_never_meet_and_acceleration_is_bakus() -> None:
    tournament = generate(
        GeneratorSettings(players=10, rounds=5, forbidden_pairs=5, accelerate=True), seed=9
    )
    assert len(tournament.forbidden_pairs) == 5
    met = {
        frozenset((player.number, slot.opponent))
        for player in tournament.players
        for slot in player.slots
        if slot.opponent is not None
    }
    assert not met & {frozenset(pair) for pair in tournament.forbidden_pairs}
    # C.04.7: 2 * ceil(10 / 4) = 6 players in group A; ceil(6 / 2) = 3 accelerated rounds,
    # the first ceil(3 / 2) = 2 with a win's points, the third with half a win.
    accelerated = [p.number for p in tournament.players if p.acceleration]
    assert accelerated == [1, 2, 3, 4, 5, 6]
    assert tournament.players[0].acceleration == {1: 1, 2: 1, 3: Fraction(1, 2)}


def test_initial_colour_drawn_by_lot_is_one_of_the_two() -> None:
    colours = {
        generate(GeneratorSettings(players=4, rounds=1, initial_colour=None), s).initial_colour
        for s in range(8)
    }
    assert colours == {Colour.WHITE, Colour.BLACK}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"players": 1}, "players must be at least 2"),
        ({"rounds": 0}, "rounds must be at least 1"),
        ({"lowest_rating": 2500, "highest_rating": 2000}, "rating range 2500-2000"),
        ({"draw_share": 1.5}, "draw_share must be between 0 and 1"),
        ({"forbidden_pairs": 50}, "forbidden pairs must be between 0 and 14"),
    ],
)
def test_settings_out_of_range_are_named(change: dict[str, object], message: str) -> None:
    settings = replace(GeneratorSettings(players=8, rounds=3), **change)
    with pytest.raises(InvalidRequest, match=message):
        generate(settings, 1)


def _games(players: tuple[GeneratedPlayer, ...], round_no: int) -> set[tuple[int, int]]:
    """Round ``round_no``'s boards as (white, black), read from the players' slots."""
    return {
        (player.number, slot.opponent)
        for player in players
        if (slot := player.slots[round_no - 1]).colour is Colour.WHITE and slot.opponent
    }


def test_a_round_robin_plays_the_published_table_with_numbers_drawn_by_lot() -> None:
    tournament = generate(GeneratorSettings(players=10, rounds=9, system="round-robin"), seed=4)
    # C.05 Annex 1, the table for 9 or 10 players (tests/engine/berger_published.py).
    for round_no, published in enumerate(games(PUBLISHED[10]), 1):
        assert _games(tournament.players, round_no) == set(published)
    swiss = generate(GeneratorSettings(players=10, rounds=9), seed=4)
    ratings = [player.rating for player in tournament.players]
    assert sorted(ratings) == sorted(player.rating for player in swiss.players)
    assert ratings != sorted(ratings, reverse=True)  # numbers drawn, not seeded by rating


def test_a_double_round_robins_second_cycle_reverses_the_first() -> None:
    tournament = generate(
        GeneratorSettings(players=6, rounds=10, system="double-round-robin"), seed=2
    )
    # Annex 1: the first cycle's last two rounds change places; the second cycle repeats
    # the table with colours reversed.
    table = games(PUBLISHED[6])
    first = [*table[:3], table[4], table[3]]
    second = [[(black, white) for white, black in round_] for round_ in table]
    for round_no, published in enumerate([*first, *second], 1):
        assert _games(tournament.players, round_no) == set(published)


def test_an_odd_round_robins_table_bye_is_a_zero_point_bye() -> None:
    tournament = generate(GeneratorSettings(players=9, rounds=9, system="round-robin"), seed=6)
    for round_no, published in enumerate(games(PUBLISHED[10]), 1):
        # Annex 1: the highest number (10) counts as a bye; docs/rulings.md, "the bye".
        sits_out = next(min(game) for game in published if 10 in game)
        byes = [p.number for p in tournament.players if p.slots[round_no - 1].opponent is None]
        assert byes == [sits_out]
        assert tournament.players[sits_out - 1].slots[round_no - 1].kind is RoundKind.ZERO_BYE


def test_a_round_robin_player_who_is_not_there_keeps_his_board_and_forfeits() -> None:
    # docs/rulings.md, "Round-robin: games not played": absent, asking for a bye, withdrawn
    # or not yet entered, the player stays on the table's board and the game is "-" for him,
    # "+" for an opponent who is there, "-" for both when neither is.
    settings = GeneratorSettings(
        players=8, rounds=7, system="round-robin", half_bye_rate=0.3, zero_bye_rate=0.3,
        withdraw_rate=0.3, late_entry_rate=0.3,
    )  # fmt: skip
    tournament = generate(settings, seed=11)
    for round_no, published in enumerate(games(PUBLISHED[8]), 1):
        assert _games(tournament.players, round_no) == set(published)
    slots = {(p.number, r): s for p in tournament.players for r, s in enumerate(p.slots, 1)}
    assert {slot.kind for slot in slots.values()} <= {
        RoundKind.PLAYED,
        RoundKind.FORFEIT_WIN,
        RoundKind.FORFEIT_LOSS,
    }
    unplayed = [(n, r) for (n, r), slot in slots.items() if slot.kind is RoundKind.FORFEIT_LOSS]
    assert len(unplayed) > 8
    for number, round_no in unplayed:
        slot = slots[number, round_no]
        assert slot.opponent is not None
        theirs = slots[slot.opponent, round_no]
        assert theirs.opponent == number and theirs.colour is not slot.colour
        assert theirs.kind in (RoundKind.FORFEIT_WIN, RoundKind.FORFEIT_LOSS)


@pytest.mark.parametrize("system", ["round-robin", "double-round-robin"])
@pytest.mark.parametrize("profile", ["trf16", "trf26"])
def test_a_generated_round_robin_file_is_its_table_round_by_round(
    system: str, profile: str
) -> None:
    cycles = 2 if system == "double-round-robin" else 1
    settings = GeneratorSettings(
        players=11, rounds=11 * cycles, system=system, forfeit_rate=0.05, zero_bye_rate=0.2,
        withdraw_rate=0.2, late_entry_rate=0.1,
    )  # fmt: skip
    document = read_trf(write_trf(generated_document(generate(settings, 5), profile)))[0]
    report = check_document(document, system)
    assert [check.line() for check in report.rounds] == [
        f"round {r}: ok" for r in range(1, settings.rounds + 1)
    ]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"rounds": 8}, "a round-robin of 9 players has 9 rounds, not 8"),
        ({"system": "double-round-robin"}, "a double round-robin of 9 players has 18 rounds"),
        ({"forbidden_pairs": 1}, "paired by its table: no acceleration and no forbidden pairs"),
        ({"accelerate": True}, "paired by its table"),
        ({"players": 2, "rounds": 1}, "a round-robin needs 3 or more players, not 2"),
    ],
)
def test_a_round_robins_settings_must_fit_its_table(
    change: dict[str, object], message: str
) -> None:
    settings = replace(GeneratorSettings(players=9, rounds=9, system="round-robin"), **change)
    with pytest.raises(InvalidRequest, match=message):
        generate(settings, 1)
