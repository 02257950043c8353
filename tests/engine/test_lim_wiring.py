"""Lim behind the edges: ``arbiter pair --lim`` on a TRF file (``-p``, ``--explain``, ``-c``,
``--maxi``) and the server pairing tournaments created with ``system="lim"`` or ``"lim-maxi"``."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from events import MemoryEventStore
from events.decisions import CreateTournament, RecordResult, RegisterPlayer
from events.results import Result
from server.cli import main
from server.service import TournamentService

Games = list[tuple[int, int, str]]
"""(white, black, white's result "1" / "0" / "=") per board of one round."""

_OTHER = {"1": "0", "0": "1", "=": "="}
_POINTS = {"1": 1.0, "=": 0.5, "0": 0.0}


def trf(ratings: list[int], rounds: list[Games], total: int) -> str:
    """A TRF16 file: one ``001`` line per player (in the standard columns), ``XXR``, ``XXC``."""
    blocks: dict[int, list[str]] = {n: [] for n in range(1, len(ratings) + 1)}
    points = dict.fromkeys(blocks, 0.0)
    for games in rounds:
        for white, black, result in games:
            blocks[white].append(f"  {black:>4} w {result}")
            blocks[black].append(f"  {white:>4} b {_OTHER[result]}")
            points[white] += _POINTS[result]
            points[black] += _POINTS[_OTHER[result]]
    lines = ["012 Lim test"]
    for n, rating in enumerate(ratings, 1):
        lines.append(
            f"001 {n:>4} m    {f'Player {n}':<33} {rating:>4} ENG {'':>11} {'':>10} "
            f"{points[n]:>4.1f} {n:>4}" + "".join(blocks[n])
        )
    lines += [f"XXR {total}", "XXC white1"]
    return "\n".join(lines) + "\n"


def run(tmp_path: Path, text: str, *args: str) -> tuple[int, str, str]:
    path = tmp_path / "input.trf"
    path.write_text(text)
    result = CliRunner().invoke(main, ["pair", str(path), *args])
    return result.exit_code, result.stdout, result.stderr


EIGHT = [2400 - n for n in range(1, 9)]
# lim.md §9: round 1 of the worked example, then the round 2 the rules give.
ROUND_1: Games = [(1, 5, "1"), (6, 2, "0"), (3, 7, "="), (8, 4, "0")]
ROUND_2: Games = [(2, 1, "="), (4, 3, "="), (7, 6, "="), (5, 8, "=")]


def test_pair_lim_writes_the_worked_example(tmp_path: Path) -> None:
    code, out, _ = run(tmp_path, trf(EIGHT, [ROUND_1], 5), "--lim", "-p")
    assert (code, out) == (0, "4\n2 1\n4 3\n7 6\n5 8\n")


def test_pair_lim_explain_names_every_floaters_kind(tmp_path: Path) -> None:
    code, out, err = run(tmp_path, trf(EIGHT, [ROUND_1], 5), "--lim", "-p", "--explain")
    assert code == 0 and out.startswith("4\n")
    assert (
        "floater 4 down from group 1: kind d (has a compatible opponent in the next group); 2.3.4"
        in err
    )
    assert "floater 6 up from group 0: kind d" in err


def test_pair_lim_check_mode(tmp_path: Path) -> None:
    code, out, _ = run(tmp_path, trf(EIGHT, [ROUND_1, ROUND_2], 5), "--lim", "-c")
    assert (code, out) == (0, "round 1: ok\nround 2: ok\n")
    swapped: Games = [(1, 2, "="), (4, 3, "="), (7, 6, "="), (5, 8, "=")]
    code, out, _ = run(tmp_path, trf(EIGHT, [ROUND_1, swapped], 5), "--lim", "-c")
    assert out == "round 1: ok\nround 2: differs; recorded only: 1-2; rules only: 2-1\n"


def test_pair_lim_maxi_applies_the_100_point_limit(tmp_path: Path) -> None:
    # 3.2: 1 and 2 won with Black (due White), 3 with White (due Black): colours float 2, but
    # 2 is 150 points above the bottom-most, 3, so a maxi-tournament floats 3.
    ratings = [2500, 2450, 2300, 2250, 2200, 2150]
    round_1: Games = [(4, 1, "0"), (5, 2, "0"), (3, 6, "1")]
    _, plain, _ = run(tmp_path, trf(ratings, [round_1], 5), "--lim", "-p")
    _, maxi, _ = run(tmp_path, trf(ratings, [round_1], 5), "--lim", "--maxi", "-p")
    _, variant, _ = run(tmp_path, trf(ratings, [round_1], 5), "--lim-maxi", "-p")
    assert "1 3\n" in plain and "2 4\n" in plain
    assert "1 2\n" in maxi and "4 3\n" in maxi
    assert variant == maxi


def test_maxi_is_refused_for_systems_without_it(tmp_path: Path) -> None:
    code, _, err = run(tmp_path, trf(EIGHT, [ROUND_1], 5), "--dutch", "--maxi", "-p")
    assert code == 3
    assert "maxi applies to the Lim system only" in err


def test_pair_lim_reports_an_unpairable_round(tmp_path: Path) -> None:
    # Basic Rule 2: two players who have met; bbpPairings' exit code 1.
    code, _, err = run(tmp_path, trf([2000, 1900], [[(1, 2, "=")]], 3), "--lim", "-p")
    assert code == 1
    assert "cannot all be paired" in err


def test_server_pairs_lim_and_lim_maxi_tournaments() -> None:
    service = TournamentService(MemoryEventStore())
    for tournament, system in (("lim", "lim"), ("maxi", "lim-maxi")):
        service.create(
            CreateTournament(tournament_id=tournament, name="Lim", rounds=5, system=system)
        )
        for surname, rating in zip("ABCDEFGH", range(2400, 2000, -50), strict=True):
            service.execute(tournament, RegisterPlayer(surname=surname, rating=rating))
        service.pair_round(tournament)
        first = service.load(tournament).round(1)
        # 7.2: 1 v 5, 6 v 2, 3 v 7, 8 v 4 with White drawn for #1.
        assert [(b.white, b.black) for b in first.boards] == [(1, 5), (6, 2), (3, 7), (8, 4)]
        assert first.system == system
        for board, result in zip(
            first.boards,
            (Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW, Result.BLACK_WINS),
            strict=True,
        ):
            service.execute(tournament, RecordResult(round_no=1, board=board.number, result=result))
        service.pair_round(tournament)
        second = service.load(tournament).round(2)
        # lim.md §9; the ratings are 50 apart, so the maxi limits change nothing here.
        assert [(b.white, b.black) for b in second.boards] == [(2, 1), (4, 3), (7, 6), (5, 8)]
