"""``arbiter ratings load|search|update`` and ``arbiter register --fide-id`` (issue 18 item 6),
against the sample lists of fixtures/rating-list (facts read from the files' own lines)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner, Result

from server.cli import main
from server.cli.support import CliContext
from tests.corpus import shared_path

LISTS = ("fixtures", "rating-list")


def arbiter(db: Path, *args: str) -> Result:
    return CliRunner().invoke(main, list(args), obj=CliContext(db))


def load(db: Path, name: str, month: str) -> Result:
    return arbiter(db, "ratings", "load", str(shared_path(*LISTS, name)), "--month", month)


def test_load_reports_progress_and_the_list(tmp_path: Path) -> None:
    result = load(tmp_path / "a.db", "players_list_foa.txt", "2026-09")
    assert result.exit_code == 0, result.output
    assert (
        "loaded 60 players from players_list_foa.txt (TXT, utf-8), list of 2026-09" in result.stdout
    )
    found = arbiter(tmp_path / "a.db", "ratings", "search", "kowalski")
    assert found.stdout.split()[:2] == ["900148", "Kowalski,"]


def test_a_list_without_a_month_needs_one(tmp_path: Path) -> None:
    path = shared_path(*LISTS, "players_list_xml_foa.xml")
    result = arbiter(tmp_path / "a.db", "ratings", "load", str(path))
    assert result.exit_code == 3
    assert "does not say which month's list it is: give --month YYYY-MM" in result.stderr


def test_register_by_fide_id_takes_the_rating_of_the_time_control(tmp_path: Path) -> None:
    """900111 (TXT line 5): Núñez, Luis FRA F, GM and WGM, standard 2720, rapid 2629,
    blitz 2821, born 1983."""
    db = tmp_path / "a.db"
    assert load(db, "players_list_foa.txt", "2026-09").exit_code == 0
    for kind, rating in (("standard", 2720), ("rapid", 2629), ("blitz", 2821)):
        created = arbiter(db, "create-tournament", kind, "--rounds", "5", "--rating-type", kind)
        assert created.exit_code == 0, created.output
        registered = arbiter(db, "register", kind, "--fide-id", "900111")
        assert registered.exit_code == 0, registered.output
        assert f"Núñez, Luis (FRA, GM, rating {rating} from the 2026-09 list)" in registered.stdout
    event = json.loads(arbiter(db, "log", "blitz", "--json").stdout.splitlines()[-1])["event"]
    assert {k: event[k] for k in ("surname", "given_name", "fide_id", "federation", "sex")} == {
        "surname": "Núñez", "given_name": "Luis", "fide_id": 900111, "federation": "FRA", "sex": "f",
    }  # fmt: skip
    assert (event["title"], event["rating"], event["birth_year"], event["rating_list"]) == (
        "GM", 2821, 1983, "2026-09",
    )  # fmt: skip


def test_register_refuses_an_id_the_list_lacks(tmp_path: Path) -> None:
    db = tmp_path / "a.db"
    assert arbiter(db, "create-tournament", "Open", "--rounds", "5").exit_code == 0
    before = arbiter(db, "register", "open", "--fide-id", "900111")
    assert before.exit_code == 3 and "no FIDE players list is loaded" in before.stderr
    assert load(db, "players_list_foa.txt", "2026-09").exit_code == 0
    missing = arbiter(db, "register", "open", "--fide-id", "902220")  # only in the later list
    assert missing.exit_code == 3
    assert "FIDE id 902220 is not in the loaded list (2026-09)" in missing.stderr
    assert arbiter(db, "register", "open").exit_code == 3  # usage: neither NAME nor --fide-id


def test_update_before_round_1_then_refused_after(tmp_path: Path) -> None:
    """Registered from the September list; the October list raised 900000 (2725 -> 2737)
    and 900111 (2720 -> 2732); 900037 is unrated in both."""
    db = tmp_path / "a.db"
    steps = [
        ["create-tournament", "Open", "--rounds", "5", "--start", "2026-10-03"],
        ["register", "open", "--fide-id", "900000"],
        ["register", "open", "--fide-id", "900111"],
        ["register", "open", "--fide-id", "900037"],
        ["register", "open", "Local, Player", "--rating", "1500"],
    ]
    assert load(db, "players_list_foa.txt", "2026-09").exit_code == 0
    for step in steps:
        assert arbiter(db, *step).exit_code == 0, step

    september = arbiter(db, "ratings", "update", "open")
    assert september.exit_code == 3
    assert (
        "the list of 2026-09 is not the one in force at the start (2026-10-03)" in september.stderr
    )

    later = shared_path(*LISTS, "players_list_xml_foa.later.xml")
    assert arbiter(db, "ratings", "load", str(later), "--month", "2026-10").exit_code == 0
    updated = arbiter(db, "ratings", "update", "open")
    assert updated.exit_code == 0, updated.output
    assert "updated 2 rating(s) to the list of 2026-10" in updated.stdout
    events = [
        json.loads(line)["event"]
        for line in arbiter(db, "log", "open", "--json").stdout.splitlines()
    ]
    corrections = [e for e in events if e["type"] == "player-details-corrected"]
    assert [(e["player_id"], e["rating"], e["rating_list"]) for e in corrections] == [
        (1, 2737, "2026-10"),
        (2, 2732, "2026-10"),
    ]
    again = arbiter(db, "ratings", "update", "open")
    assert again.exit_code == 0 and "no rating changed" in again.stdout

    assert arbiter(db, "pair-round", "open").exit_code == 0
    refused = arbiter(db, "ratings", "update", "open")
    assert refused.exit_code == 3
    assert (
        "round 1 is already paired: FIDE rates a tournament with the ratings in force"
        in refused.stderr
    )


def test_the_lists_k_rates_the_event_and_the_arbiters_k_wins(tmp_path: Path) -> None:
    """players_list_foa.txt line 2: 900000 García, Ana 2725, SGm 12, SK 40; line 8: 900222
    Ivanova, Marta 2137, SGm 12, SK 20. García's K is the list's 40 (her rating alone would
    give 10, B.02 8.3.3). The event ends 6 September 2026 (B.02 as amended from October
    2025): García (2725, from 2650: the real difference) beats Ivanova: D 588, PD .98 (table
    8.1.2, 560-619), 40 × 0.02 = +0.80; Ivanova (capped at -400: .08) 20 × -0.08 = -1.60.
    With the arbiter's K 10 for García: 10 × 0.02 = +0.20."""
    db = tmp_path / "a.db"
    assert load(db, "players_list_foa.txt", "2026-09").exit_code == 0
    steps = [
        ["create-tournament", "Open", "--rounds", "5", "--start", "2026-09-05",
         "--end", "2026-09-06"],
        ["register", "open", "--fide-id", "900000"],
        ["register", "open", "--fide-id", "900222"],
        ["pair-round", "open"],
        ["record-result", "open", "1", "1", "1-0"],
    ]  # fmt: skip
    for step in steps:
        assert arbiter(db, *step).exit_code == 0, (step, arbiter(db, *step).output)

    def changes() -> dict[int, tuple[int, float]]:
        shown = arbiter(db, "ratings", "changes", "open", "--format", "json")
        assert shown.exit_code == 0, shown.output
        return {p["player_id"]: (p["k"], p["change"]) for p in json.loads(shown.stdout)["players"]}

    assert changes() == {1: (40, 0.8), 2: (20, -1.6)}
    assert arbiter(db, "correct-player", "open", "1", "--k-factor", "10").exit_code == 0
    assert changes() == {1: (10, 0.2), 2: (20, -1.6)}
    event = json.loads(arbiter(db, "log", "open", "--json").stdout.splitlines()[1])["event"]
    assert (event["rating"], event["list_k_factor"]) == (2725, 40)


def test_the_text_list_leaves_blank_what_no_rated_game_gives_yet(tmp_path: Path) -> None:
    """Before a rated game is counted a player has a rating and a K but no expected score,
    change or new rating: the sheet leaves those cells blank (it printed "None")."""
    db = tmp_path / "a.db"
    steps = [
        ["create-tournament", "Open", "--rounds", "5", "--start", "2026-09-05"],
        ["register", "open", "First, Ann", "--rating", "2000"],
        ["register", "open", "Second, Bo", "--rating", "1900"],
    ]
    for step in steps:
        assert arbiter(db, *step).exit_code == 0, step
    shown = arbiter(db, "ratings", "changes", "open")
    assert shown.exit_code == 0, shown.output
    rows = [line.split() for line in shown.stdout.splitlines() if line.lstrip().startswith("1 ")]
    # No., surname, given name, rating, K (B.02 8.3.3: 20 below 2400; no list says more),
    # games, score.
    assert rows == [["1", "First,", "Ann", "2000", "20", "0", "0"]]
    assert "None" not in shown.stdout
