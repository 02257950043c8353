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
from engine.generator import GeneratorSettings, Slot, expected_score, generate
from engine.model import Colour, Outcome, PointSystem, RoundKind
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
