"""Amalfi behind the edges: ``arbiter pair --amalfi`` on a TRF file (``-p``, ``--explain``,
``-c``) and the server pairing a tournament created with ``system="amalfi"``."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from events import MemoryEventStore
from events.decisions import CreateTournament, RecordResult, RegisterPlayer
from events.results import Result
from server.cli import main
from server.service import TournamentService

Games = list[tuple[int, int, str]]
"""(white, black, TRF result of white) per board of one round."""

_OTHER_SIDE = {"1": "0", "0": "1", "=": "="}

# §C of spec/amalfi.md: A..J are 1..10; all games drawn; A met C, H met J (round 4 of 5).
C_ROUNDS: list[Games] = [
    [(1, 3, "="), (8, 10, "="), (4, 2, "="), (7, 5, "="), (6, 9, "=")],
    [(5, 1, "="), (2, 6, "="), (3, 4, "="), (10, 7, "="), (9, 8, "=")],
    [(1, 10, "="), (4, 9, "="), (6, 5, "="), (7, 3, "="), (8, 2, "=")],
]


def trf(players: int, rounds: list[Games], total: int) -> str:
    """A TRF16 file (001 lines in the standard columns) with ``XXR`` and ``XXC white1``."""
    blocks: dict[int, list[str]] = {n: [] for n in range(1, players + 1)}
    points = dict.fromkeys(blocks, 0.0)
    for games in rounds:
        for white, black, result in games:
            blocks[white].append(f"  {black:>4} w {result}")
            blocks[black].append(f"  {white:>4} b {_OTHER_SIDE[result]}")
            for number, mine in ((white, result), (black, _OTHER_SIDE[result])):
                points[number] += {"1": 1.0, "=": 0.5, "0": 0.0}[mine]
    lines = ["012 Amalfi test"]
    for n in range(1, players + 1):
        name = f"Player {n}"
        lines.append(
            f"001 {n:>4} m    {name:<33} {2400 - n:>4} ITA {'':>11} {'':>10} "
            f"{points[n]:>4.1f} {n:>4}" + "".join(blocks[n])
        )
    lines += [f"XXR {total}", "XXC white1"]
    return "\n".join(lines) + "\n"


def run(tmp_path: Path, text: str, *args: str) -> tuple[int, str, str]:
    path = tmp_path / "input.trf"
    path.write_text(text)
    result = CliRunner().invoke(main, ["pair", "--amalfi", str(path), *args])
    return result.exit_code, result.stdout, result.stderr


def test_pair_amalfi_writes_the_worked_round(tmp_path: Path) -> None:
    # §C round 4: A-B, C-E, D-F, G-H, I-J; colours by B.3.4 (see test_amalfi.py).
    code, out, _ = run(tmp_path, trf(10, C_ROUNDS, 5), "-p")
    assert code == 0
    assert out == "5\n2 1\n3 5\n6 4\n8 7\n9 10\n"


def test_pair_amalfi_explain_gives_the_engine_decisions(tmp_path: Path) -> None:
    code, out, err = run(tmp_path, trf(10, C_ROUNDS, 5), "-p", "--explain")
    assert code == 0 and out.startswith("5\n")
    assert "d = min(R - r + 1, floor(N/2)) = min(2, 5) = 2" in err
    assert (
        "pos 7 #7: target pos 9; refused pos 9 #9 would leave the others unpairable "
        "(B.3.1 look-ahead); paired with pos 8 #8 (nearer, distance 1)"
    ) in err


def test_pair_amalfi_check_mode(tmp_path: Path) -> None:
    # §C round 1 (1-6, 7-2, 3-8, 9-4, 5-10) is the rules' pairing; 1-7, 6-2, ... is not.
    right: Games = [(1, 6, "1"), (7, 2, "="), (3, 8, "0"), (9, 4, "1"), (5, 10, "=")]
    code, out, _ = run(tmp_path, trf(10, [right], 5), "-c")
    assert (code, out) == (0, "round 1: ok\n")
    wrong: Games = [(1, 7, "1"), (6, 2, "="), (3, 8, "0"), (9, 4, "1"), (5, 10, "=")]
    code, out, _ = run(tmp_path, trf(10, [wrong], 5), "-c")
    assert out == "round 1: differs; recorded only: 1-7, 6-2; rules only: 1-6, 7-2\n"


def test_pair_amalfi_reports_an_unpairable_round(tmp_path: Path) -> None:
    # B.3.3.5: four players who have all met; bbpPairings' exit code 1.
    rounds: list[Games] = [
        [(1, 2, "="), (3, 4, "=")],
        [(3, 1, "="), (4, 2, "=")],
        [(1, 4, "="), (2, 3, "=")],
    ]
    code, _, err = run(tmp_path, trf(4, rounds, 4), "-p")
    assert code == 1
    assert "the arbiter decides" in err


def test_server_pairs_by_the_tournament_system_with_a_late_entrant() -> None:
    service = TournamentService(MemoryEventStore())
    service.create(CreateTournament(tournament_id="it", name="Amalfi", rounds=3, system="amalfi"))
    for surname, rating in zip("ABCDEF", (2400, 2300, 2200, 2100, 2000, 1900), strict=True):
        service.execute("it", RegisterPlayer(surname=surname, rating=rating))
    service.pair_round("it")
    first = service.load("it").round(1)
    # Round 1 of 3, d = 3: 1-4, 2-5, 3-6, colours alternating from White (B.3.4).
    assert [(b.white, b.black) for b in first.boards] == [(1, 4), (5, 2), (3, 6)]
    for board in first.boards:
        service.execute("it", RecordResult(round_no=1, board=board.number, result=Result.DRAW))
    # G enters for round 2, rated above everybody: ½ point like the others (B.2), so first in
    # the list. F, last, gets the bye; d = 2: G-B, A-C, D-E.
    service.execute("it", RegisterPlayer(surname="G", rating=2500, joins_round=2))
    service.pair_round("it")
    second = service.load("it").round(2)
    assert second.system == "amalfi"
    assert second.pab == 6
    assert {frozenset((b.white, b.black)) for b in second.boards} == {
        frozenset((7, 2)),
        frozenset((1, 3)),
        frozenset((4, 5)),
    }
