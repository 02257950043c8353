"""Reading tie-break lists in the TEC syntax of TRF-2026 records 202/212 (spec §7)."""

from __future__ import annotations

import pytest

from events.tiebreaks import Edition, Tiebreak, TiebreakError, TiebreakSyntaxError, parse_sequence
from events.tiebreaks.codes import check_edition, parse_tiebreak


def test_trf_style_list_with_commas() -> None:
    # the individual example of spec §7: "202 BH/C1,BH,DE,WIN"
    assert parse_sequence("BH/C1,BH,DE,WIN") == (
        Tiebreak("BH", cut=1),
        Tiebreak("BH"),
        Tiebreak("DE"),
        Tiebreak("WIN"),
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("bh-c1", Tiebreak("BH", cut=1)),  # Handbook prose writes a hyphen
        ("SB/M1", Tiebreak("SB", median=1)),
        ("FB/C2", Tiebreak("FB", cut=2)),
        ("ARO/C1", Tiebreak("ARO", cut=1)),
        ("PS/C1", Tiebreak("PS", cut=1)),
        ("KS/L-2", Tiebreak("KS", limit=-2)),
        ("DE/P", Tiebreak("DE", as_played=True)),
        ("AOB/F", Tiebreak("AOB", fore=True)),
    ],
)
def test_modifiers(text: str, expected: Tiebreak) -> None:
    assert parse_tiebreak(text) == expected
    assert parse_tiebreak(str(expected)) == expected


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("XYZ", "unknown tie-break code"),
        ("EDET", "team tie-break"),
        ("BH:MP", "team point types"),
        ("WIN/C1", "WIN does not take the modifier C1"),
        ("BH/C3", "unknown modifier"),
        ("KS/C1", "KS does not take"),
        ("BH/C1/M1", "cannot be combined"),
    ],
)
def test_unreadable_codes_name_the_token(text: str, reason: str) -> None:
    with pytest.raises(TiebreakSyntaxError, match=reason) as error:
        parse_tiebreak(text)
    assert error.value.token == text


def test_empty_list_is_refused() -> None:
    with pytest.raises(TiebreakSyntaxError, match="empty"):
        parse_sequence(" , ")


@pytest.mark.parametrize("code", ["STD", "TPN", "RTNG", "AOB/F"])
def test_2026_tie_breaks_are_refused_under_2024_rules(code: str) -> None:
    # STD (7.7), TPN (7.8), RTNG (10.6) and AOB of Fore Buchholz came with the 2026 edition.
    sequence = parse_sequence(code)
    check_edition(sequence, Edition.C07_2026)
    with pytest.raises(TiebreakError, match="2026 edition"):
        check_edition(sequence, Edition.C07_2024)
