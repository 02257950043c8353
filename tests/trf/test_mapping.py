"""Import a TRF as events and export a tournament as TRF (issue 3 part 4)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from engine.model import Colour, RoundKind
from events.names import parse_name
from events.projections import fold, state_after_round
from events.results import Result
from events.types import (
    ByeKind,
    ByeRequested,
    PlayerRegistered,
    PlayerWithdrawn,
    ResultRecorded,
    RoundPaired,
    TournamentCreated,
)
from tests.corpus import shared_files, shared_path
from tests.trf.spec_example import LINES, TEXT, player_line
from trf import TrfDocument, TrfError, read_trf, write_trf
from trf.codes import entry_kind, normalise_title, pending
from trf.export import export_document
from trf.mapping import import_events
from trf.model import Player, RoundEntry

REAL = ("fixtures", "trf-real")


def imported(text: str | bytes) -> list[object]:
    doc, problems = read_trf(text)
    assert [p for p in problems if p.severity == "error"] == []
    events, _ = import_events(doc, tournament_id="t")
    return list(events)


def test_spec_example_becomes_the_stream_that_led_to_it() -> None:
    events = imported(TEXT)
    created = events[0]
    assert isinstance(created, TournamentCreated)
    assert (created.name, created.rounds, created.place, created.federation) == (
        "Example Open 2026",
        5,
        "Graz",
        "AUT",
    )
    assert (created.start_date, created.initial_colour) == (date(2026, 3, 1), Colour.WHITE)
    players = [e for e in events if isinstance(e, PlayerRegistered)]
    assert [p.player_id for p in players] == [1, 2, 3, 4, 5, 6, 7]  # registered in TPN order
    berta = players[1]
    assert (berta.surname, berta.given_name, berta.title, berta.sex) == (
        "Beispiel",
        "Berta",
        "WIM",
        "f",
    )
    assert (berta.birth_date, berta.birth_year) == (None, 1985)  # "1985/00/00"
    kinds = [type(e).__name__ for e in events[8:]]
    # Round 1: pairing with #7's PAB, three results. Round 2: #6's half-point bye is
    # requested before the pairing. Round 3: #4 absent, a zero-point bye (mid-event).
    assert kinds == (
        ["RoundPaired"] + ["ResultRecorded"] * 3
        + ["ByeRequested", "RoundPaired"] + ["ResultRecorded"] * 3
        + ["ByeRequested", "RoundPaired"] + ["ResultRecorded"] * 3
    )  # fmt: skip
    round_1 = events[8]
    assert isinstance(round_1, RoundPaired) and round_1.pab == 7
    assert {(b.white, b.black) for b in round_1.boards} == {(1, 4), (5, 2), (3, 6)}
    assert ByeRequested(player_id=6, round_no=2, kind=ByeKind.HALF) in events
    assert ByeRequested(player_id=4, round_no=3, kind=ByeKind.ZERO) in events
    # #4 (White) did not come to play #5: "-/+" (§4.3 forfeit).
    forfeit = next(e for e in events if isinstance(e, RoundPaired) and e.round_no == 2)
    board = next(i for i, b in enumerate(forfeit.boards, 1) if (b.white, b.black) == (4, 5))
    assert ResultRecorded(round_no=2, board=board, result=Result.BLACK_WINS_BY_FORFEIT) in events


def test_export_of_the_imported_spec_example_reproduces_it() -> None:
    # Byte for byte, except the line the events do not hold: 112 (deputy).
    state = fold(imported(TEXT))  # type: ignore[arg-type]
    expected = [line for line in LINES if line[:3] != "112"]
    assert write_trf(export_document(state)) == "".join(line + "\r\n" for line in expected)


def test_export_as_of_an_earlier_round() -> None:
    events = imported(TEXT)
    doc = export_document(state_after_round(events, 1))  # type: ignore[arg-type]
    anna = doc.players_by_number()[1]
    assert anna.rounds == (RoundEntry(opponent=4, colour="w", result="1"),)
    assert anna.points == 1
    # #6 asked for a half-point bye in round 2: written in that column, points included.
    felipe = doc.players_by_number()[6]
    assert felipe.rounds[-1] == RoundEntry(result="H") and felipe.points == 1
    assert doc.rounds_in_file == 2


def test_trf26_profile_adds_the_2026_tags() -> None:
    doc = export_document(fold(imported(TEXT)), profile="trf26")  # type: ignore[arg-type]
    text = write_trf(doc)
    assert "142 5\r\n" in text and "152 W\r\n" in text
    assert "XXR 5\r\n" in text  # engines that read only TRFx still find the rounds


def test_late_entries_and_withdrawals() -> None:
    # §4.3: missed first rounds are written 0000 - Z (late entry); a finished event's
    # remaining rounds 0000 - Z (withdrawal).
    lines = [
        player_line(1, "A", "2.0", "3 w 1", "2 b 1"),
        player_line(2, "B", "1.0", "0000 - Z", "1 w 0", "3 b 1"),
        player_line(3, "C", "1.0", "1 b 0", "0000 - U", "2 w 0"),
        player_line(4, "D", "1.0", "0000 - U", "0000 - Z", "0000 - Z"),
        "XXR 3",
    ]
    lines[0] += "  0000 - U"
    lines[0] = lines[0].replace(" 2.0", " 3.0")
    events = imported("\n".join(lines))
    joins = {e.player_id: e.joins_round for e in events if isinstance(e, PlayerRegistered)}
    assert joins == {1: 1, 2: 2, 3: 1, 4: 1}
    assert [e for e in events if isinstance(e, PlayerWithdrawn)] == [
        PlayerWithdrawn(player_id=4, from_round=2)
    ]


def test_inconsistent_file_is_refused() -> None:
    text = TEXT.replace(" 2.5    1", " 3.5    1")
    with pytest.raises(TrfError) as raised:
        import_events(read_trf(text)[0], tournament_id="t")
    assert raised.value.problems[0].line == 13


def test_abnormal_points_are_refused_not_dropped() -> None:
    text = "299           1.0    1    7\r\n" + TEXT.replace(" 1.5    6", " 2.5    6")
    with pytest.raises(TrfError, match="299"):
        import_events(read_trf(text)[0], tournament_id="t")


REFUSED = {
    "FedorovVladimir__clojure-chess-match__test.trf": "points",
    "Moritz72__py4swiss__incorrect_points.trf": "points",
    "OpenSwissPairings__openswisspairings_lib__test_file.trf": "result code 'ù' is unknown",
    "Sharly-Chess__bbpPairings__indiv_299_bonus.input": "299",
    "Sharly-Chess__sharly-chess__example_trf26.trf": "team",
    "Sharly-Chess__sharly-chess__trf-team-import-test.trf": "points",
    "echecsjs__trf__grandmommyscup.trf": "team",
    "echecsjs__trf__trf26_team.trf": "points",
}


def meaning(entry: RoundEntry) -> tuple[object, ...]:
    """What a round block says, whatever the spelling (§4.3: blank ≡ Z, 0000 - + = PAB)."""
    kind = entry_kind(entry)
    kind = RoundKind.ZERO_BYE if kind is RoundKind.NOT_PAIRED else kind
    scored = pending(entry) or kind in (
        RoundKind.PLAYED,
        RoundKind.FORFEIT_WIN,
        RoundKind.FORFEIT_LOSS,
    )
    return (
        kind,
        entry.opponent,
        entry.colour if scored else None,
        entry.result if scored else None,
    )


def identity(player: Player) -> tuple[object, ...]:
    """The player fields, up to notation: title letters, name spacing, year-only dates."""
    birth = player.birth_date.removesuffix("/00/00")
    return (
        player.pairing_no, {"f": "w"}.get(player.sex, player.sex), normalise_title(player.title),
        parse_name(player.name), player.rating, player.federation, player.fide_id,
        "" if set(birth) <= {"0", "/"} else birth, player.points,
    )  # fmt: skip


@pytest.mark.parametrize(
    "path", [p for p in shared_files("*", *REAL) if p.name != "SOURCES.md"], ids=lambda p: p.name
)
def test_import_then_export_preserves_players_and_results(path: Path) -> None:
    doc, _ = read_trf(shared_path(*REAL, path.name).read_bytes())
    if path.name in REFUSED:
        with pytest.raises(TrfError, match=REFUSED[path.name]):
            import_events(doc, tournament_id="t")
        return
    assert_preserved(doc)


def assert_preserved(doc: TrfDocument) -> None:
    """Import, export, read back: same players, same results, and exporting is a fixed point."""
    events, _ = import_events(doc, tournament_id="t")
    exported = export_document(fold(events))
    again, problems = read_trf(write_trf(exported))
    assert [p for p in problems if p.severity == "error"] == []
    before, after = doc.players_by_number(), again.players_by_number()
    assert before.keys() == after.keys()
    for number, player in before.items():
        assert identity(after[number]) == identity(player)
        rounds = range(1, max(len(player.rounds), len(after[number].rounds)) + 1)
        assert [meaning(after[number].entry(r)) for r in rounds] == [
            meaning(player.entry(r)) for r in rounds
        ]
    text = write_trf(exported)
    assert write_trf(export_document(fold(import_events(again, tournament_id="t")[0]))) == text


@pytest.mark.slow
@pytest.mark.parametrize("system", ["dutch", "burstein"])
def test_complete_generated_tournaments_survive_import_and_export(system: str) -> None:
    # Forfeits in both colours, double forfeits, PABs, half- and zero-point byes, and the
    # 3/1/0 events (dutch t03, t17: 162 + XXS; Burstein: BBW/BBD + XXS).
    files = sorted(shared_path("fixtures", system, "tournaments").glob("*.trf"))
    small = [path for path in files if int(path.name.split("-p")[1][:4]) <= 200]
    assert len(small) >= 30
    for path in small:
        doc, problems = read_trf(path.read_bytes())
        assert problems == []
        assert_preserved(doc)


def test_import_trf_refuses_on_reader_errors_and_returns_all_warnings() -> None:
    from trf import import_trf

    tornelo = shared_path(
        *REAL, "OpenSwissPairings__openswisspairings_lib__test_file.trf"
    ).read_bytes()
    with pytest.raises(TrfError) as raised:
        import_trf(tornelo, tournament_id="t")
    assert (raised.value.problems[0].line, raised.value.problems[0].column) == (43, 109)
    # A Latin-1 file is read (with a warning) and imported; the warning comes back.
    events, warnings = import_trf(
        TEXT.replace("Beispiel", "Beißpiel").encode("latin-1"), tournament_id="t"
    )
    assert any("UTF-8" in w.message for w in warnings)
    assert any(isinstance(e, PlayerRegistered) and e.surname == "Beißpiel" for e in events)
