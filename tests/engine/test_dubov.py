"""A whole Dubov round (engine/dubov.py): the PAB (Art. 3.1), colours (Art. 5), the first
round (spec §7), board order (C.04.2 Art. 3.6) and the absolute rules on random
tournaments.

Histories are written as cross tables, one string per round: ``"1-4 1-0"`` is a game with 1
White, ``"5-2 +-"`` a forfeit won by White, ``"7 U"`` / ``"8 H"`` / ``"9 F"`` a PAB, a
half-point bye and a full-point bye.
"""

from __future__ import annotations

import doctest
from fractions import Fraction
from types import ModuleType

import pytest

import engine.dubov.brackets as dubov_bracket_module
import engine.dubov.system as dubov_module
from engine.common import ColourPreference, Strength
from engine.dubov.brackets import BracketRules
from engine.dubov.colours import allocate_colours
from engine.dubov.players import DubovPlayer, dubov_players
from engine.dubov.system import choose_pab
from engine.dubov.system import pair as pair_dubov
from engine.errors import NoValidPairing
from engine.model import (
    Colour,
    PairingNumber,
    PairingRequest,
    PlayerEntry,
    RoundKind,
    RoundRecord,
)
from tests.engine.builders import HALF, ONE, ZERO, B, W, boards, check_absolute_rules, game_records
from tests.engine.tournament_sim import Chances, simulate

_BYES = {
    "U": RoundRecord(RoundKind.PAB, ONE),
    "H": RoundRecord(RoundKind.HALF_BYE, HALF),
    "F": RoundRecord(RoundKind.FULL_BYE, ONE),
    "Z": RoundRecord(RoundKind.ZERO_BYE, ZERO),
}


def field(count: int, *rounds: str) -> tuple[PlayerEntry, ...]:
    """Players 1..count, rated 2500 - 10 * number, after the given rounds."""
    history: dict[int, list[RoundRecord]] = {n: [] for n in range(1, count + 1)}
    for text in rounds:
        records: dict[int, RoundRecord] = {}
        for item in text.split(";"):
            who, what = item.split()
            if "-" not in who:
                records[int(who)] = _BYES[what]
                continue
            white, black = (int(n) for n in who.split("-"))
            records[white], records[black] = game_records(white, black, what)
        for number, past in history.items():
            past.append(records.get(number, RoundRecord(RoundKind.NOT_PAIRED, ZERO)))
    return tuple(
        PlayerEntry(PairingNumber(n), 2500 - 10 * n, tuple(past)) for n, past in history.items()
    )


def request(
    players: tuple[PlayerEntry, ...], *, total: int = 9, **options: object
) -> PairingRequest:
    round_no = len(players[0].history) + 1
    return PairingRequest(round_no, total, players, **options)  # type: ignore[arg-type]


def dubov_player(number: int, *, score: float, games: int, eligible: bool = True) -> DubovPlayer:
    """A player known by the facts Art. 3.1 looks at (nobody has met anybody)."""
    return DubovPlayer(
        entry=PlayerEntry(PairingNumber(number), 2500 - 10 * number),
        score=Fraction(score),
        preference=ColourPreference(B, Strength.MILD, 0),
        aro=0,
        games=games,
        upfloats=0,
        upfloated_last_round=False,
        maximum_upfloater=False,
        may_get_pab=eligible,
        met=frozenset(),
    )


# --- first round (spec §7) -----------------------------------------------------------------


def test_first_round_even() -> None:
    # Top half against bottom half; 5.2.1: odd TPN of the higher player -> initial colour.
    assert boards(pair_dubov(request(field(6)))) == [(1, 4), (5, 2), (3, 6)]


def test_first_round_odd_gives_the_pab_to_the_last_player() -> None:
    # Art. 3.1: all on 0 points with no games -> the largest TPN.
    pairing = pair_dubov(request(field(7)))
    assert pairing.bye == 7
    assert boards(pairing) == [(1, 4), (5, 2), (3, 6)]


def test_first_round_initial_colour_black() -> None:
    pairing = pair_dubov(request(field(6), initial_colour=B))
    assert boards(pairing) == [(4, 1), (2, 5), (6, 3)]


# --- the PAB (Art. 3.1) --------------------------------------------------------------------


def test_pab_lowest_score() -> None:
    # 3 alone has 0 points (5 had the PAB and may not get another, C2).
    players = field(5, "1-3 1-0; 4-2 =; 5 U")
    assert pair_dubov(request(players)).bye == 3


def test_pab_most_games_played_before_largest_tpn() -> None:
    # Art. 3.1.4: on 0 points 2 and 4 played one game, 6 none (forfeit loss): 4 gets the PAB
    # although 6 has the larger TPN (spec §12: py4swiss ranks this the other way round).
    players = field(7, "1-4 1-0; 5-2 1-0; 3-6 +-; 7 U")
    assert pair_dubov(request(players)).bye == 4


def test_pab_allowed_after_a_half_point_bye() -> None:
    # C2 / Basic Rule 4: half a point without playing is not a win's points. 5 alone has the
    # lowest score (0.5) after a half-point bye and a loss.
    players = field(5, "1-3 =; 2-4 =; 5 H", "1-5 1-0; 3-2 =; 4 U")
    assert pair_dubov(request(players)).bye == 5


def test_pab_not_to_a_player_blocked_by_c2() -> None:
    # Art. 3.1.1 / C2: 6 (forfeit win) and 7 (full-point bye) rank first by 3.1.3-3.1.5
    # (lowest score, most games, largest TPN), but may not get the PAB; 5 is next.
    players = [
        dubov_player(3, score=2, games=3),
        dubov_player(4, score=2, games=3),
        dubov_player(5, score=1, games=2),
        dubov_player(6, score=1, games=2, eligible=False),
        dubov_player(7, score=1, games=2, eligible=False),
    ]
    assert choose_pab(players, BracketRules(last_round=False)).number == 5


def test_pab_order_score_then_games_then_tpn() -> None:
    players = [
        dubov_player(1, score=1, games=1),
        dubov_player(2, score=0.5, games=1),
        dubov_player(3, score=0.5, games=2),
        dubov_player(4, score=0.5, games=2),
        dubov_player(5, score=0.5, games=1),
    ]
    assert choose_pab(players, BracketRules(last_round=False)).number == 4


def test_pab_keeps_the_rest_pairable() -> None:
    # Art. 3.1.2: everybody on 0.5 except 5; 4 (largest TPN) would leave 3 with no possible
    # opponent (3 met 1; 2 and 5 are forbidden for 3), so 3 gets the PAB.
    players = field(5, "1-3 =; 4-2 =; 5 U")
    forbidden = frozenset(
        {
            frozenset({PairingNumber(3), PairingNumber(2)}),
            frozenset({PairingNumber(3), PairingNumber(5)}),
        }
    )
    assert pair_dubov(request(players, forbidden_pairs=forbidden)).bye == 3


def test_no_legal_round_pairing_is_an_error() -> None:
    players = field(2, "1-2 =")
    with pytest.raises(NoValidPairing):
        pair_dubov(request(players))


# --- colours (Art. 5.2) --------------------------------------------------------------------


def colours_for(
    players: tuple[PlayerEntry, ...], a: int, b: int, initial: Colour = W
) -> tuple[int, int]:
    by_number = {int(p.number): p for p in dubov_players(request(players))}
    board = allocate_colours(by_number[a], by_number[b], initial)
    return board.white, board.black


def test_colours_5_2_1_neither_has_played() -> None:
    # Disputed s1001-n103-r11-p2 in miniature: 2 and 4 both lost round 1 by forfeit; HRP 2
    # (equal score, smaller TPN) is even, so 2 gets the colour opposite to the initial one.
    players = field(4, "1-2 +-; 3-4 +-")
    assert colours_for(players, 2, 4) == (4, 2)
    assert colours_for(players, 2, 4, initial=B) == (2, 4)


def test_colours_5_2_2_both_preferences() -> None:
    players = field(4, "1-3 =; 4-2 =")
    assert colours_for(players, 1, 2) == (2, 1)  # 1 played White, 2 Black


def test_colours_5_2_3_stronger_preference() -> None:
    # 1: B W (+ half-point bye) -> mild Black; 2: W B W -> strong Black. Both want Black; the
    # stronger preference is granted, so 1 (the higher-ranked player) gets White.
    players = field(
        6,
        "4-1 =; 2-5 =; 3-6 =",
        "1-6 =; 3-2 =; 4-5 =",
        "2-4 =; 1 H; 3-5 =; 6 H",
    )
    by_number = {int(p.number): p for p in dubov_players(request(players))}
    assert (by_number[1].preference.colour, by_number[1].preference.strength) == (B, Strength.MILD)
    assert (by_number[2].preference.colour, by_number[2].preference.strength) == (
        B,
        Strength.STRONG,
    )
    assert colours_for(players, 1, 2) == (1, 2)


def test_colours_5_2_4_alternate_from_the_latest_difference() -> None:
    # 1: B W B and 2: B B W, both strong White. In their latest games 1 had Black and 2 White,
    # so 1 gets White -- although 2 is the higher-ranked player (5.2.5 comes later).
    players = field(
        6,
        "4-1 =; 5-2 =; 3-6 =",
        "1-5 =; 6-2 =; 4-3 =",
        "3-1 =; 2-4 1-0; 6-5 =",
    )
    by_number = {int(p.number): p for p in dubov_players(request(players))}
    assert by_number[1].preference == by_number[2].preference
    assert by_number[2].score > by_number[1].score
    assert colours_for(players, 1, 2) == (1, 2)


def test_colours_5_2_5_higher_ranked_player() -> None:
    # 1 and 2 both played W then B: same mild White preference and no round in which their
    # colours differed, so the higher-ranked player (1: equal score, smaller TPN) gets White.
    players = field(4, "1-3 =; 2-4 =", "3-1 =; 4-2 =")
    assert colours_for(players, 1, 2) == (1, 2)
    assert colours_for(players, 2, 1) == (1, 2)


# --- board order (C.04.2 Art. 3.6) -------------------------------------------------------------


def test_board_order_by_higher_players_score_then_sum_then_tpn() -> None:
    # C.04.2 Art. 3.6: score of the higher-ranked player, then the sum, then its TPN.
    players = field(8, "1-5 1-0; 6-2 0-1; 3-7 =; 8-4 =")
    scores = {int(p.number): p.score for p in players}
    order = boards(pair_dubov(request(players)))

    def key(board: tuple[int, int]) -> tuple[Fraction, Fraction, int]:
        top = min(board, key=lambda n: (-scores[n], n))
        return (-scores[top], -(scores[board[0]] + scores[board[1]]), top)

    assert len(order) == 4
    assert order == sorted(order, key=key)


# --- absolute rules on random tournaments ----------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_random_tournaments_keep_the_absolute_rules(seed: int) -> None:
    # C1 (no second game), C2 (PAB eligibility), C3 and Basic Rules 6-7 (no colour difference
    # beyond +-2, no colour three times running: Dubov has no exception), everyone paired.
    chances = Chances(half_bye=0.05, zero_bye=0.02, forfeit=0.05, withdraw=0.01, late_entry=0.05)
    for step in simulate(pair_dubov, seed=seed, players=25 + 4 * seed, rounds=9, chances=chances):
        check_absolute_rules(step.request, step.pairing)


@pytest.mark.parametrize("module", [dubov_module, dubov_bracket_module])
def test_docstring_examples(module: ModuleType) -> None:
    # The examples in the docstrings (spec §7 first round, Art. 4.3.3 numbering) run as written.
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
