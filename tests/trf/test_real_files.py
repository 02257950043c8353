"""One test per file of fixtures/trf-real (issue 3 part 6).

Each fact below was read off the file itself (its lines, columns and SOURCES.md), not from
the reader's output. Every file is also written back and re-read (part 3): same document.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

import pytest

from engine.model import RoundKind
from tests.corpus import shared_files, shared_path
from trf import TrfDocument, check_trf, read_trf, write_trf
from trf.codes import entry_kind, normalise_title, pending
from trf.model import (
    ByeRecord,
    Comment,
    ForbiddenPairs,
    NationalRating,
    OpaqueRecord,
    PointValues,
    TrfProblem,
    Unrecognised,
    XxaAcceleration,
    XxzAbsent,
)

REAL = ("fixtures", "trf-real")


def kinds(doc: TrfDocument, kind: RoundKind) -> int:
    """Round blocks of one kind. The counts asserted with it were taken apart from the reader:
    awk over the ``001`` lines, the blocks at columns 92 + 10(r - 1) with no opponent, by
    result letter (Z or -, H or =, U; trf.md §4.3)."""
    return sum(entry_kind(e) is kind for p in doc.players for e in p.rounds)


def errors(problems: list[TrfProblem]) -> list[TrfProblem]:
    return [p for p in problems if p.severity == "error"]


def opaque(doc: TrfDocument, code: str) -> int:
    return sum(r.code == code for r in doc.records_of(OpaqueRecord))


def c5(doc: TrfDocument, problems: list[TrfProblem]) -> None:
    assert len(doc.players) == 6 and doc.total_rounds == 3
    assert doc.header("012") == "Dutch 2025 C5 test"
    assert kinds(doc, RoundKind.ZERO_BYE) == 1  # next-round absence in column 3
    assert doc.players[0].points == Decimal("2.0")
    assert problems == []


def c9(doc: TrfDocument, problems: list[TrfProblem]) -> None:
    assert len(doc.players) == 5 and doc.total_rounds == 3 and doc.rounds_in_file == 1
    assert entry_kind(doc.players[4].entry(1)) is RoundKind.ZERO_BYE
    assert problems == []


def issue_7(doc: TrfDocument, problems: list[TrfProblem]) -> None:
    # Bare-CR file: without CR splitting it would be one line.
    assert len(doc.records) == 62 and len(doc.players) == 60
    assert doc.total_rounds == 15 and doc.rounds_in_file == 14
    first = doc.players[0]
    assert (first.name, first.rating, first.points) == (
        "Test0001 Player0001",
        2720,
        Decimal("10.5"),
    )
    assert problems == []


def fedorov(doc: TrfDocument, problems: list[TrfProblem]) -> None:
    assert len(doc.players) == 14 and doc.total_rounds == 7
    first = doc.players[0]
    assert (first.name, first.title, normalise_title(first.title)) == (
        "Vitaly Boiarintsev",
        "F",
        "FM",
    )
    assert (first.rating, first.fide_id, first.birth_date) == (2427, 34128384, "1982")
    assert doc.players[13].rating is None  # written 0000
    assert doc.header("012") == "XII SDS - Classic"  # trailing blanks dropped
    # SOURCES.md: every Points field is 0.0 although results exist (Pts≠Σ = 14).
    assert len(errors(problems)) == 14 and all(p.column == 81 for p in problems)


def large_lichess(doc: TrfDocument, problems: list[TrfProblem]) -> None:
    assert len(doc.players) == 112 and doc.total_rounds == 21 and doc.rounds_in_file == 20
    assert doc.pair_by_physical_order and doc.initial_colour == "w"  # XXC rank white1
    first = doc.players[0]
    assert (first.name, first.rating, first.points) == ("sherwin--tiu", 2529, Decimal("14.5"))
    assert entry_kind(doc.players[111].entry(3)) is RoundKind.ZERO_BYE  # lichess "-"
    assert errors(problems) == []


def accelerated_gros(doc: TrfDocument, problems: list[TrfProblem]) -> None:
    assert len(doc.players) == 52 and doc.total_rounds == 9
    xxa = doc.records_of(XxaAcceleration)
    assert len(xxa) == 26
    assert xxa[0].pairing_no == 1 and xxa[0].points == tuple(
        map(Decimal, ["1.0", "1.0", "1.0", "0.5", "0.5"])
    )
    assert normalise_title(doc.players[0].title) == "GM"  # written "g"
    assert errors(problems) == []


def late_entries(doc: TrfDocument, problems: list[TrfProblem]) -> None:
    assert len(doc.players) == 13 and doc.total_rounds == 5 and doc.initial_colour == "w"
    assert doc.header("012") is None  # no header at all
    assert [entry_kind(e) for e in doc.players[12].rounds] == [RoundKind.ZERO_BYE] * 4
    assert entry_kind(doc.players[0].entry(4)) is RoundKind.PAB
    assert problems == []


def comments(doc: TrfDocument, problems: list[TrfProblem]) -> None:
    assert doc.records[0] == Comment(text="# This is a TRF file")
    assert len(doc.players) == 7 and doc.rounds_in_file == 0
    assert doc.initial_colour == "b" and doc.total_rounds == 5
    assert problems == []


def incorrect_points(doc: TrfDocument, problems: list[TrfProblem]) -> None:
    # Player 2 (line 2): 0 + 1 + ½ + ½ + 1 = 3.0, the field says 4.0.
    assert len(doc.players) == 7
    (problem,) = problems
    assert (problem.line, problem.column, problem.severity) == (2, 81, "error")


def javafo_example(doc: TrfDocument, problems: list[TrfProblem]) -> None:
    assert len(doc.players) == 52 and doc.total_rounds == 9 and doc.initial_colour == "w"
    (xxs,) = doc.records_of(PointValues)
    assert len(xxs.values) == 12 and xxs.values[0] == ("WW", Decimal("1.0"))
    assert doc.records_of(XxzAbsent)[0].ids == (22, 28, 43)
    assert opaque(doc, "013") == 1
    first = doc.players[0]
    assert (first.name, first.federation, first.fide_id) == ("Mirzoev Azer", "AZE", 13400304)
    assert first.birth_date == "1978/00/00"
    assert errors(problems) == []


def lichess_2021(doc: TrfDocument, problems: list[TrfProblem]) -> None:
    assert len(doc.players) == 9 and doc.total_rounds == 5 and doc.initial_colour == "b"
    last = doc.players[8]
    assert last.name == "keralachess80"
    assert [entry_kind(last.entry(r)) for r in (1, 2)] == [RoundKind.HALF_BYE, RoundKind.ZERO_BYE]
    assert kinds(doc, RoundKind.PAB) == 2 and kinds(doc, RoundKind.HALF_BYE) == 1
    assert errors(problems) == []


def tornelo(doc: TrfDocument, problems: list[TrfProblem]) -> None:
    # 10 good player lines, three malformed "001…" lines and two stray lines kept verbatim.
    assert len(doc.players) == 10 and opaque(doc, "DAT") == 14 and opaque(doc, "XRS") == 1
    assert len(doc.records_of(Unrecognised)) == 5
    assert doc.players[0].points is None and doc.players[0].rank is None  # blank
    assert doc.players[5].entry(1).result == "W"  # game of less than one move
    bad = errors(problems)
    assert (bad[0].line, bad[0].column) == (43, 109)  # non-ASCII result of #10, round 2
    assert [p.line for p in bad[1:]] == [46, 50, 51]


def lichess_2020(doc: TrfDocument, problems: list[TrfProblem]) -> None:
    assert len(doc.players) == 13 and doc.total_rounds == 10
    assert doc.header("032") == "Lichess" and doc.header("042") == "May 29, 2020"
    defrank = doc.players[4]
    assert defrank.name == "defrank"
    assert [entry_kind(defrank.entry(r)) for r in (1, 2)] == [
        RoundKind.HALF_BYE,
        RoundKind.ZERO_BYE,
    ]
    assert doc.headers("112") == ("",)
    assert errors(problems) == []


def lichess_2021_03(doc: TrfDocument, problems: list[TrfProblem]) -> None:
    assert len(doc.players) == 9 and doc.rounds_in_file == 9
    for round_no in range(1, 10):  # odd field: one PAB per round
        assert sum(entry_kind(p.entry(round_no)) is RoundKind.PAB for p in doc.players) == 1
    assert errors(problems) == []


def example_trf26(doc: TrfDocument, problems: list[TrfProblem]) -> None:
    assert len(doc.players) == 249 and doc.total_rounds == 14 and doc.initial_colour == "w"
    assert doc.header("192") == "FIDE_TEAM_BAKU" and doc.header("222") == "40/6000+30:900+30"
    assert len(doc.records_of(ByeRecord)) == 18  # grep -c '^240'
    ruler = doc.records[30]
    assert isinstance(ruler, Unrecognised) and ruler.text.startswith("1234567890")
    assert opaque(doc, "310") == 50 and opaque(doc, "300") == 141  # grep -c '^310', '^300'


def team_import(doc: TrfDocument, problems: list[TrfProblem]) -> None:
    assert len(doc.players) == 26 and doc.total_rounds == 3
    first = doc.players[0]
    assert (first.name, first.rating, first.federation) == ("SIMON, Vincent", 1997, "FRA")
    assert entry_kind(first.entry(1)) is RoundKind.PAB
    assert pending(first.entry(2))  # published pairing, no result
    assert len(doc.records_of(NationalRating)) == 5  # grep -c '^FRA'
    assert sum("points" in p.message for p in errors(problems)) == 10  # SOURCES: Pts≠Σ = 10


def grandmommy(doc: TrfDocument, problems: list[TrfProblem]) -> None:
    assert len(doc.players) == 249 and doc.total_rounds == 14 and doc.initial_colour == "b"
    assert doc.players[0].fide_id == 70123454321  # 11 digits
    assert len(doc.records_of(NationalRating)) == 15  # IND lines (grep -c '^IND')
    no_show = sum(e.opponent is None and e.result == "-" for p in doc.players for e in p.rounds)
    assert no_show == 1328  # "0000 - -" (SOURCES.md)
    assert len(doc.records_of(Comment)) == 16  # grep -c '^###'


def javafo_sample2(doc: TrfDocument, problems: list[TrfProblem]) -> None:
    assert len(doc.players) == 52 and doc.total_rounds == 9 and doc.rounds_in_file == 5
    assert doc.players[0].title == "g" and doc.players[0].birth_date == "1978"
    assert entry_kind(doc.players[51].entry(1)) is RoundKind.PAB
    assert doc.headers("112") == ("",)
    assert errors(problems) == []


def trf26_team(doc: TrfDocument, problems: list[TrfProblem]) -> None:
    assert len(doc.players) == 2 and doc.total_rounds == 5 and doc.initial_colour == "w"
    kasparov = doc.players[0]
    assert (kasparov.sex, kasparov.title, kasparov.fide_id) == ("m", "GM", 4100018363)
    assert kasparov.birth_date == "1963/04/13"  # written one column right, recovered
    (bye,) = doc.records_of(ByeRecord)
    assert (bye.kind, bye.round_no, bye.ids) == ("H", 1, (1,))
    (prohibited,) = doc.records_of(ForbiddenPairs)
    assert (prohibited.first_round, prohibited.last_round, prohibited.ids) == (1, 2, (1, 2))
    assert doc.records_of(NationalRating)[0].federation == "RUS"
    assert len(errors(problems)) == 2  # Points left 0 / not matching (SOURCES: Pts≠Σ = 2)


def aeroflot(doc: TrfDocument, problems: list[TrfProblem]) -> None:
    assert len(doc.players) == 169 and doc.total_rounds == 9 and doc.rounds_in_file == 8
    assert doc.initial_colour == "b"
    first = doc.players[0]
    assert (first.name, first.rating, first.points) == ("Nepomniachtchi Ian", 2723, Decimal("7.0"))
    assert kinds(doc, RoundKind.ZERO_BYE) == 27 and kinds(doc, RoundKind.PAB) == 5
    assert problems == []


def budapest(doc: TrfDocument, problems: list[TrfProblem]) -> None:
    # XXR 5 with 4 rounds played: plausible as "total", so no error (XXR sanity check).
    assert len(doc.players) == 104 and doc.total_rounds == 5 and doc.rounds_in_file == 4
    assert doc.players[0].name == "Aditya, Mittal" and doc.players[0].rating == 2610
    assert problems == []


def graz(doc: TrfDocument, problems: list[TrfProblem]) -> None:
    assert len(doc.players) == 275 and doc.total_rounds == 9
    cedric = doc.players_by_number()[69]
    assert (cedric.name, cedric.rating, cedric.points) == (
        "Oberhofer, Cédric",
        2311,
        Decimal("4.5"),
    )
    assert kinds(doc, RoundKind.HALF_BYE) == 6 and kinds(doc, RoundKind.ZERO_BYE) == 24
    assert kinds(doc, RoundKind.PAB) == 4
    assert problems == []


def lichess_2026(doc: TrfDocument, problems: list[TrfProblem]) -> None:
    assert len(doc.players) == 43 and doc.total_rounds == 15 and doc.rounds_in_file == 14
    assert kinds(doc, RoundKind.ZERO_BYE) == 339 and kinds(doc, RoundKind.HALF_BYE) == 24
    assert kinds(doc, RoundKind.PAB) == 7
    assert errors(problems) == []  # ranks hold the pairing numbers: warnings only


def cpp_baku(doc: TrfDocument, problems: list[TrfProblem]) -> None:
    assert len(doc.players) == 20 and doc.total_rounds is None
    assert opaque(doc, "ACC") == 1
    assert doc.players[0].fide_id is None and doc.players[0].birth_date == "0000/00/00"
    assert problems == []


def cpp_parsing(doc: TrfDocument, problems: list[TrfProblem]) -> None:
    assert len(doc.players) == 20
    assert [opaque(doc, code) for code in ("TNR", "BYE", "FOR")] == [1, 2, 1]
    assert doc.players[0].rating == 2977
    assert problems == []


def bilkent(doc: TrfDocument, problems: list[TrfProblem]) -> None:
    assert [p.pairing_no for p in doc.players[:3]] == [2, 1, 3]  # physical order kept
    assert len(doc.players) == 21 and doc.total_rounds == 6 and doc.rounds_in_file == 0
    assert doc.players[0].fide_id is None and doc.players[0].birth_date == "2024"
    assert problems == []


def bonus_299(doc: TrfDocument, problems: list[TrfProblem]) -> None:
    assert len(doc.players) == 5 and doc.total_rounds == 3 and doc.initial_colour == "w"
    assert errors(problems) == []  # P4's 2.0 = a loss + the 299 bonus of 2.0


FACTS: dict[str, Callable[[TrfDocument, list[TrfProblem]], None]] = {
    "BieremaBoyzProgramming__bbpPairings__dutch_2025_C5.input": c5,
    "BieremaBoyzProgramming__bbpPairings__dutch_2025_C9.input": c9,
    "BieremaBoyzProgramming__bbpPairings__issue_7.input": issue_7,
    "FedorovVladimir__clojure-chess-match__test.trf": fedorov,
    "GrzegorzKi__CompetiChess__testLargeFile.trf": large_lichess,
    "GrzegorzKi__CompetiChess__testTrfFile.txt": accelerated_gros,
    "Moritz72__py4swiss__burstein_late_entries.trf": late_entries,
    "Moritz72__py4swiss__comments.trf": comments,
    "Moritz72__py4swiss__incorrect_points.trf": incorrect_points,
    "Moritz72__py4swiss__javafo_example.trf": javafo_example,
    "OpenSwissPairings__openswisspairings_lib__lichess_swiss_2021.02.20_sniu3bgA_fm-maurizio-brancaleoni-pract.trf": lichess_2021,
    "OpenSwissPairings__openswisspairings_lib__test_file.trf": tornelo,
    "Sharly-Chess__bbpPairings__indiv_299_bonus.input": bonus_299,
    "Sharly-Chess__sharly-chess__2020_06.trf": lichess_2020,
    "Sharly-Chess__sharly-chess__2021_03.trf": lichess_2021_03,
    "Sharly-Chess__sharly-chess__example_trf26.trf": example_trf26,
    "Sharly-Chess__sharly-chess__trf-team-import-test.trf": team_import,
    "echecsjs__trf__grandmommyscup.trf": grandmommy,
    "echecsjs__trf__javafo_sample2.trf": javafo_sample2,
    "echecsjs__trf__trf26_team.trf": trf26_team,
    "gbtami__swisspairing__aeroflot_open_2026_r09.trf": aeroflot,
    "gbtami__swisspairing__budapest_spring_festival_2026_group_a_2200_r05.trf": budapest,
    "gbtami__swisspairing__international_chessopen_graz_2026_a_r09.trf": graz,
    "gbtami__swisspairing__lichess_swiss_2026.03.03_7TYuxURK_bullet-increment.trf": lichess_2026,
    "pierotofy__CPPDubovSystem__baku_test.trf": cpp_baku,
    "pierotofy__CPPDubovSystem__parsing_test.trf": cpp_parsing,
    "umut-er__Bilkent-Swiss__test.trf": bilkent,
}

REAL_FILES = [p for p in shared_files("*", *REAL) if p.name != "SOURCES.md"]


def test_every_real_file_has_facts() -> None:
    names = {p.name for p in shared_path(*REAL).iterdir() if p.name != "SOURCES.md"}
    assert names == set(FACTS)


@pytest.mark.parametrize("path", REAL_FILES, ids=lambda p: p.name)
def test_real_file_facts(path: Path) -> None:
    doc, problems = check_trf(shared_path(*REAL, path.name).read_bytes())
    FACTS[path.name](doc, problems)


@pytest.mark.parametrize("path", REAL_FILES, ids=lambda p: p.name)
def test_read_write_read_is_identity(path: Path) -> None:
    doc, problems = read_trf(shared_path(*REAL, path.name).read_bytes())
    again, again_problems = read_trf(write_trf(doc).encode("utf-8"))
    assert again == doc
    if not errors(problems):
        assert errors(again_problems) == []


def test_team_lines_are_read_on_demand() -> None:
    # trf.md §4.4: 013 name 5-36, members from 37; 310 number 5-7, name 9-40, members from 74.
    from trf.teams import Team, read_team

    def teams(name: str) -> list[Team]:
        doc, _ = read_trf(shared_path(*REAL, name).read_bytes())
        found = [read_team(r) for r in doc.records_of(OpaqueRecord) if r.code in ("013", "310")]
        assert None not in found
        return [t for t in found if t is not None]

    gros = teams("Moritz72__py4swiss__javafo_example.trf")
    assert gros == [Team(code="013", name="Example", members=(1, 2))]
    grandmommy = teams("echecsjs__trf__grandmommyscup.trf")
    assert len(grandmommy) == 100  # 50 teams, each as 013 and 310
    india = {t.code: t for t in grandmommy if t.name == "India"}
    assert {code: t.members for code, t in india.items()} == {
        "013": (1, 5, 15, 28, 44),
        "310": (1, 5, 15, 28, 44),
    }
    assert india["310"].team_no == 1 and india["310"].nickname == "IND"
    erp = teams("Sharly-Chess__sharly-chess__trf-team-import-test.trf")[0]
    assert (erp.team_no, erp.name, erp.nickname, erp.members) == (
        1,
        "ERP A",
        "ERP A",
        (7, 10, 15, 14),
    )
