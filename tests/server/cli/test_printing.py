"""Printouts (issue 19 item 5): pairing lists by board and by name, results, standings and
crosstable as text, CSV and one self-contained HTML page for A4."""

from __future__ import annotations

import csv
import io
import re

from tests.server.cli.test_commands import Arbiter


def test_pairing_list_by_board_and_by_name(spring: Arbiter) -> None:
    spring("request-bye", "spring-open", "5", "1")
    spring("pair-round", "spring-open")
    by_board = spring("pairings", "spring-open", "--round", "1").stdout.splitlines()
    assert by_board[0] == "Spring Open: pairings of round 1"
    assert by_board[1:4] == ["Place: Oslo", "Dates: Apr 1, 2026", "Round: 1"]
    assert by_board[4].split() == [
        "board", "id", "white", "rtg", "pts", "result", "pts", "rtg", "black", "id",
    ]  # fmt: skip
    assert re.match(
        r"\s*1\s+2\s+Aune, Ingrid\s+2412\s+0\s+0\s+2385\s+Costa, Marta\s+3$", by_board[5]
    )
    assert by_board[-1] == "Not paired: Eriksen, Sofie (id 5), half-point bye"
    by_name = spring("pairings", "spring-open", "--by", "name", "--format", "csv").stdout
    rows = list(csv.reader(io.StringIO(by_name)))
    assert rows[0] == ["name", "id", "board", "colour", "opponent"]
    assert [row[0] for row in rows[1:]] == [
        "Aune, Ingrid", "Brandt, Jonas", "Costa, Marta", "Dahl, Erik", "Eriksen, Sofie",
    ]  # fmt: skip
    assert rows[3] == ["Costa, Marta", "3", "1", "black", "Aune, Ingrid (id 2)"]
    assert rows[5] == ["Eriksen, Sofie", "5", "", "", "half-point bye"]


def test_results_list(spring: Arbiter) -> None:
    spring("pair-round", "spring-open")
    spring("record-result", "spring-open", "1", "1", "1-0")
    text = spring("results", "spring-open", "--round", "1").stdout.splitlines()
    assert text[0] == "Spring Open: results of round 1"
    assert re.match(r"\s*1\s+Aune, Ingrid\s+1-0\s+Costa, Marta", text[5])
    assert re.match(r"\s*2\s+Brandt, Jonas\s+…\s+Dahl, Erik", text[6])
    assert "Still being played: board(s) 2" in text
    assert "round 4 is not paired" in spring.error("results", "spring-open", "--round", "4")


def test_html_pages_are_self_contained_escaped_and_for_a4(spring: Arbiter) -> None:
    spring("register", "spring-open", "<b>Bold</b>, Eve", "--rating", "1000")
    spring("pair-round", "spring-open")
    for command in (
        ["pairings", "spring-open", "--format", "html"],
        ["results", "spring-open", "--format", "html"],
        ["standings", "spring-open", "--format", "html"],
        ["crosstable", "spring-open", "--format", "html", "--tiebreaks", "BH", "--rules", "2026"],
        ["standings", "spring-open", "--format", "html", "--tiebreaks", "BH", "--rules", "2026"],
    ):
        page = spring(*command).stdout
        assert page.startswith("<!DOCTYPE html>"), command
        assert "@page { size: A4" in page
        assert "&lt;b&gt;Bold&lt;/b&gt;, Eve" in page and "<b>Bold" not in page
        assert not re.search(r"<(link|script|img)\b|src=|href=", page)
        assert "<thead>" in page


def test_a_players_card(spring: Arbiter) -> None:
    """Issue 30 item 3: a player's card as text and as an A4 page in the language asked."""
    spring("request-bye", "spring-open", "5", "1")
    spring("pair-round", "spring-open")
    spring("record-result", "spring-open", "1", "1", "1-0")
    spring("record-result", "spring-open", "1", "2", "0-1")
    text = spring("card", "spring-open", "Aune").stdout.splitlines()
    assert text[0] == "Spring Open: player card: IM Aune, Ingrid"
    assert text[1:4] == ["Place: Oslo", "Dates: Apr 1, 2026", "Round: 1"]
    assert text[4].split() == ["round", "board", "colour", "opponent", "rtg", "result", "float",
                               "pts"]  # fmt: skip
    assert re.match(r"\s*1\s+1\s+white\s+Costa, Marta \(id 3\)\s+2385\s+1\s+1$", text[5])
    assert text[-1].startswith("Starting number: 1 · Rating: 2412 · Points: 1 · Performance:")
    bye = spring("card", "spring-open", "5", "--format", "csv").stdout
    # A bye with points counts as a downfloat (the float rules of engine.common, as the
    # player's page shows it).
    assert list(csv.reader(io.StringIO(bye)))[1] == [
        "1", "", "", "half-point bye", "", "0.5", "down", "0.5",
    ]  # fmt: skip
    page = spring("card", "spring-open", "2", "--format", "html", "--lang", "es").stdout
    assert page.startswith("<!DOCTYPE html>") and '<html lang="es">' in page
    assert "@page { size: A4;" in page and "Ficha del jugador: IM Aune, Ingrid" in page
    assert "<dt>Lugar:</dt><dd>Oslo</dd>" in page
