"""A TRF-2026 file's tie-break list (``212``, else ``202``; trf.md §5.1, tiebreaks.md §7) on
import: taken as the tournament's only with the C.07 edition, which a file cannot state
(docs/rulings.md, "Tie-breaks of an imported TRF file")."""

from __future__ import annotations

import pytest

from events.tiebreaks import Edition
from events.types import TournamentCreated
from tests.trf.spec_example import LINES
from trf import TrfError, import_trf, read_trf
from trf.mapping import import_events

TIEBREAK_LINE = len(LINES) + 1
"""The tie-break line is appended after the spec example's last line."""


def with_lines(*extra: str) -> str:
    return "".join(line + "\r\n" for line in [*LINES, *extra])


def created(text: str, rules: Edition | None) -> TournamentCreated:
    events, _ = import_trf(text, tournament_id="t", tiebreak_rules=rules)
    first = events[0]
    assert isinstance(first, TournamentCreated)
    return first


def test_the_212_list_is_taken_with_the_edition_given() -> None:
    # tiebreaks.md §7: case-insensitive, comma- or blank-separated, hyphenated modifiers
    # accepted; stored in TEC syntax as 212 writes it: "PTS,BH/C1,BH,DE".
    tournament = created(with_lines("212 pts, bh-c1 BH DE"), Edition.C07_2024)
    assert (tournament.tiebreaks, tournament.tiebreak_rules) == ("PTS,BH/C1,BH,DE", "2024")


def test_202_is_taken_when_there_is_no_212() -> None:
    # 202 is the list that breaks ties (no PTS); 212 is the same list headed by PTS.
    assert created(with_lines("202 BH/C1,BH"), Edition.C07_2026).tiebreaks == "BH/C1,BH"
    both = with_lines("202 BH/C1,BH", "212 PTS,SB,DE")
    assert created(both, Edition.C07_2026).tiebreaks == "PTS,SB,DE"


def test_without_the_edition_the_list_is_reported_and_not_taken() -> None:
    events, warnings = import_trf(with_lines("212 PTS,BH/C1,BH"), tournament_id="t")
    first = events[0]
    assert isinstance(first, TournamentCreated)
    assert (first.tiebreaks, first.tiebreak_rules) == ("", "")
    (warning,) = [w for w in warnings if w.line == TIEBREAK_LINE]
    assert (warning.severity, warning.column) == ("warning", 5)
    assert "'PTS,BH/C1,BH' not taken" in warning.message and "2024 or 2026" in warning.message


def test_a_file_without_a_list_imports_as_before() -> None:
    events, warnings = import_trf(with_lines(), tournament_id="t", tiebreak_rules=Edition.C07_2026)
    first = events[0]
    assert isinstance(first, TournamentCreated)
    assert (first.tiebreaks, first.tiebreak_rules) == ("", "")
    assert warnings == []


def test_a_list_the_edition_does_not_define_refuses_the_import() -> None:
    # STD is new in the 2026 edition (tiebreaks.md §1: "[2026] … New STD, TPN, RTNG").
    text = with_lines("212 PTS,STD")
    with pytest.raises(TrfError) as refused:
        import_trf(text, tournament_id="t", tiebreak_rules=Edition.C07_2024)
    (problem,) = refused.value.problems
    assert (problem.line, problem.column, problem.severity) == (TIEBREAK_LINE, 5, "error")
    assert "STD" in problem.message and "2026" in problem.message
    assert created(text, Edition.C07_2026).tiebreaks == "PTS,STD"


def test_an_unreadable_list_refuses_the_import_with_its_line() -> None:
    # tiebreaks.md §7: ":MP"/":GP" are team score types; Arbiter ranks individuals.
    doc, _ = read_trf(with_lines("212 PTS,BH:MP/C1"))
    with pytest.raises(TrfError) as refused:
        import_events(doc, tournament_id="t", tiebreak_rules=Edition.C07_2026)
    assert [(p.line, p.column) for p in refused.value.problems] == [(TIEBREAK_LINE, 5)]
