"""The rating report (issue 18 item 7): ``arbiter export T --format trf26`` of a finished
event is what a federation uploads to FIDE, so every field trf.md marks mandatory for rating
must be there: the header records (§3, TRF-2026 column), and a ``001`` line per player with
FIDE id, rating, points, rank and a result in every round (§4)."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner, Result

from engine.model import RoundKind
from server.cli import main
from server.cli.support import CliContext
from tests.corpus import shared_path
from trf import TrfDocument, check_trf
from trf.codes import entry_kind

# trf.md §3: mandatory for rating in TRF-2026 (012, 022, 032, 042, 052, 102, 132).
MANDATORY_HEADERS = ("012", "022", "032", "042", "052", "102", "132")
ROUNDS = 3
# Six players of fixtures/rating-list/players_list_foa.txt with a standard rating.
FIDE_IDS = ("900000", "900111", "900148", "900185", "900222", "900296")


def arbiter(db: Path, *args: str) -> Result:
    result = CliRunner().invoke(main, list(args), obj=CliContext(db))
    assert result.exit_code == 0, (args, result.output)
    return result


def finished_event(tmp_path: Path) -> TrfDocument:
    db = tmp_path / "a.db"
    rating_list = shared_path("fixtures", "rating-list", "players_list_foa.txt")
    arbiter(db, "ratings", "load", str(rating_list), "--month", "2026-09")
    arbiter(
        db, "create-tournament", "Autumn Open", "--id", "autumn", "--rounds", str(ROUNDS),
        "--place", "Graz", "--federation", "AUT", "--start", "2026-09-04", "--end", "2026-09-06",
        "--chief-arbiter", "IA Arbiter, Chief (99999999)", "--time-control", "90+30",
        "--round-dates", "2026-09-04,2026-09-05,2026-09-06",
    )  # fmt: skip
    for fide_id in FIDE_IDS:
        arbiter(db, "register", "autumn", "--fide-id", fide_id)
    for round_no in range(1, ROUNDS + 1):
        arbiter(db, "pair-round", "autumn")
        for board, result in enumerate(("1-0", "1/2-1/2", "0-1"), start=1):
            arbiter(db, "record-result", "autumn", str(round_no), str(board), result)
    arbiter(db, "close-tournament", "autumn")
    report = tmp_path / "autumn.trf"
    arbiter(db, "export", "autumn", "--format", "trf26", "-o", str(report))
    doc, problems = check_trf(report.read_bytes())
    assert problems == []
    return doc


def test_the_export_of_a_finished_event_is_a_complete_rating_report(tmp_path: Path) -> None:
    doc = finished_event(tmp_path)
    for code in MANDATORY_HEADERS:
        assert (doc.header(code) or "").strip(), f"header {code} missing"
    assert doc.header("042") == "2026/09/04" and doc.header("052") == "2026/09/06"
    # 132: YY/MM/DD on the round grid, round r at columns 92 + 10(r - 1) (trf.md §3).
    line_132 = "132 " + (doc.header("132") or "")
    assert [line_132[91 + 10 * r : 99 + 10 * r] for r in range(ROUNDS)] == [
        "26/09/04", "26/09/05", "26/09/06",
    ]  # fmt: skip
    assert doc.total_rounds == ROUNDS

    players = doc.players
    assert sorted(str(p.fide_id) for p in players) == sorted(FIDE_IDS)
    assert [p.pairing_no for p in players] == list(range(1, len(FIDE_IDS) + 1))
    ranks = sorted(p.rank or 0 for p in players)
    assert ranks[0] == 1 and all(rank >= 1 for rank in ranks)
    for player in players:
        # Rating, federation and sex as the list has them (each a line of the sample list).
        assert player.rating is not None and 1000 <= player.rating <= 3000
        assert re.fullmatch(r"[A-Z]{3}", player.federation) and player.sex in ("m", "w")
        assert player.points is not None
        assert len(player.rounds) == ROUNDS
        for entry in player.rounds:
            assert entry_kind(entry) in (RoundKind.PLAYED, RoundKind.PAB), entry
            assert entry.result in ("1", "=", "0", "U")
