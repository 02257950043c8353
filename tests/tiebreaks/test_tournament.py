"""Standings of a stored tournament: its declared tie-breaks applied to the folded events."""

from __future__ import annotations

from decimal import Decimal

import pytest

from engine.model import RoundKind
from events import MemoryEventStore
from events.codec import decode_event
from events.decisions import CreateTournament, RegisterPlayer
from events.errors import CommandRejected
from events.projections import EMPTY, fold
from events.tiebreaks import (
    Edition,
    TiebreakError,
    crosstable_from_state,
    parse_sequence,
    rank,
    tournament_standings,
)
from events.types import NotPairedReason, TournamentCreated
from server.service import TournamentService, read_import
from tests.tiebreaks.examples import play_worked_example, worked_example
from trf import read_trf, write_trf
from trf.export import export_document
from trf.tiebreak_input import crosstable_from_trf


@pytest.fixture
def service() -> TournamentService:
    return TournamentService(MemoryEventStore())


def test_the_played_events_give_the_example_crosstable(service: TournamentService) -> None:
    play_worked_example(service, "ex")
    table = crosstable_from_state(service.load("ex"))
    for got, want in zip(table.players, worked_example().players, strict=True):
        if got.pairing_number != 4:
            assert got.rounds == want.rounds
    # #4 withdrew before round 3: a zero-point bye by 16.1.1, kept as a withdrawal.
    assert table.players[3].rounds[2].kind is RoundKind.NOT_PAIRED
    assert table.players[3].rounds[2].reason is NotPairedReason.WITHDRAWN
    assert table.players[3].rounds[2].voluntary


def test_declared_list_ranks_the_tournament(service: TournamentService) -> None:
    play_worked_example(service, "ex", tiebreaks="BH SB", tiebreak_rules="2024")
    standings = tournament_standings(service.load("ex"))
    assert standings is not None
    bh = {row.pairing_number: row.values["BH"] for row in standings.rows}
    # spec §5.8, 2024 column: the withdrawal behaves as the zero-point bye it is (16.1.1)
    assert (bh[1], bh[4], bh[5], bh[6], bh[7]) == tuple(
        Decimal(v) for v in ("3.5", "2.5", "4.5", "5", "4.5")
    )


def test_a_list_given_at_query_time_overrides_the_declaration(service: TournamentService) -> None:
    play_worked_example(service, "ex", tiebreaks="BH", tiebreak_rules="2024")
    standings = tournament_standings(service.load("ex"), tiebreaks="BH", rules="2026")
    assert standings is not None
    # [2026] caps: #5 3.5, #6 4.5 (spec §5.8)
    bh = {row.pairing_number: row.values["BH"] for row in standings.rows}
    assert (bh[5], bh[6]) == (Decimal("3.5"), Decimal("4.5"))


def test_a_new_tournament_gets_the_swiss_list_under_the_current_edition(
    service: TournamentService,
) -> None:
    # spec/tiebreaks.md §8: BH-C1, BH, DE, SB, WIN, BWG, stated in the event (issue 28 item 4)
    play_worked_example(service, "ex")
    created = service.history("ex")[0].event
    assert isinstance(created, TournamentCreated)
    assert (created.tiebreaks, created.tiebreak_rules) == ("BH/C1 BH DE SB WIN BWG", "2026")
    standings = tournament_standings(service.load("ex"))
    assert standings.edition is Edition.C07_2026
    assert standings.labels == ("PTS", "BH/C1", "BH", "DE", "SB", "WIN", "BWG")
    # #2, #3, #5 and #7 share 1.5 points; BH-C1 (2026 caps, spec §5.8) orders them
    assert [row.pairing_number for row in standings.rows][:2] == [1, 6]


def test_the_default_list_reaches_the_trf_export_and_back(service: TournamentService) -> None:
    play_worked_example(service, "ex")
    text = write_trf(export_document(service.load("ex"), profile="trf26"))
    document, _ = read_trf(text)
    assert document.header("212") == "PTS,BH/C1,BH,DE,SB,WIN,BWG"
    assert "### C.07 2026" in text
    service.import_trf(read_import(text.encode(), tournament_id="again"))
    created = service.history("again")[0].event
    assert isinstance(created, TournamentCreated) and created.tiebreak_rules == "2026"
    assert parse_sequence(created.tiebreaks) == parse_sequence("PTS BH/C1 BH DE SB WIN BWG")


def test_the_default_list_follows_a_chosen_edition(service: TournamentService) -> None:
    service.create(CreateTournament(tournament_id="t", name="T", rounds=5, tiebreak_rules="2024"))
    created = service.history("t")[0].event
    assert isinstance(created, TournamentCreated)
    assert (created.tiebreaks, created.tiebreak_rules) == ("BH/C1 BH DE SB WIN BWG", "2024")


def test_pts_alone_ranks_by_points_alone(service: TournamentService) -> None:
    # What the desk's field says to type for no tie-breaks.
    play_worked_example(service, "ex", tiebreaks="PTS")
    standings = tournament_standings(service.load("ex"))
    assert (standings.labels, standings.edition) == (("PTS",), Edition.C07_2026)
    assert [row.rank for row in standings.rows] == [1, 2, 3, 3, 3, 3, 7]


def test_a_stored_creation_without_tie_breaks_keeps_none() -> None:
    # Tournaments created before the default keep what they stored: points alone.
    created = decode_event(
        "tournament-created", 1, '{"tournament_id": "old", "name": "Old", "rounds": 5}'
    )
    state = fold([created], EMPTY)
    assert state.settings is not None and state.settings.tiebreaks == ""
    assert tournament_standings(state).labels == ("PTS",)


def test_no_declaration_ranks_by_points_alone(service: TournamentService) -> None:
    play_worked_example(service, "ex", tiebreaks="")
    standings = tournament_standings(service.load("ex"))
    assert (standings.edition, standings.labels, standings.rounds) == (None, ("PTS",), 3)
    # #1 2.5, #6 2; #2, #3, #5 and #7 1.5 share third place (listed by TPN); #4 0
    assert [(row.rank, row.pairing_number) for row in standings.rows] == [
        (1, 1), (2, 6), (3, 2), (3, 3), (3, 5), (3, 7), (7, 4)
    ]  # fmt: skip
    with pytest.raises(TiebreakError, match="edition"):
        tournament_standings(service.load("ex"), tiebreaks="BH")


def test_rounds_without_every_result_are_left_out(service: TournamentService) -> None:
    play_worked_example(service, "ex", tiebreaks="BH", tiebreak_rules="2026")
    events = service.history("ex")
    state = service.load("ex", to_version=len(events) - 1)  # round 3's last result missing
    assert crosstable_from_state(state).rounds == 2


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        # Without an edition the list is read under the current one (issue 28), and checked.
        ({"tiebreaks": "BH/C1 QQ"}, "'QQ': unknown tie-break code"),
        ({"tiebreaks": "BH/X", "tiebreak_rules": "2026"}, "unknown modifier"),
        ({"tiebreaks": "STD", "tiebreak_rules": "2024"}, "2026 edition"),
    ],
)
def test_creating_a_tournament_checks_its_tie_breaks(
    service: TournamentService, settings: dict[str, str], message: str
) -> None:
    with pytest.raises(CommandRejected, match=message):
        service.create(CreateTournament(tournament_id="t", name="T", rounds=5, **settings))  # type: ignore[arg-type]


def test_before_any_result_every_value_is_zero(service: TournamentService) -> None:
    service.create(CreateTournament(tournament_id="t", name="T", rounds=5, tiebreaks="BH FB SB",
                                    tiebreak_rules="2026"))  # fmt: skip
    for surname in ("A", "B"):
        service.execute("t", RegisterPlayer(surname=surname))
    standings = tournament_standings(service.load("t"))
    assert standings is not None and standings.rounds == 0
    assert {v for row in standings.rows for v in row.values.values()} == {Decimal(0)}


def test_trf_2026_export_writes_the_list_as_record_212(service: TournamentService) -> None:
    # trf.md §5.1: 212 holds the tie-breaks defining the standings, starting with PTS.
    play_worked_example(service, "ex", tiebreaks="bh-c1 BH SB", tiebreak_rules="2024")
    text = write_trf(export_document(service.load("ex"), profile="trf26"))
    document, _ = read_trf(text)
    assert document.header("212") == "PTS,BH/C1,BH,SB"
    # and the exported file ranks as the stored tournament does
    from_file = rank(crosstable_from_trf(document), document.header("212") or "", Edition.C07_2024)
    stored = tournament_standings(service.load("ex"))
    assert stored is not None
    assert [(r.pairing_number, r.rank, r.values) for r in from_file.rows] == [
        (r.pairing_number, r.rank, r.values) for r in stored.rows
    ]
