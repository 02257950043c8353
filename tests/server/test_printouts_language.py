"""The sheets for the hall (issue 30 item 3): every A4 printout carries the event's name,
place, dates, round and chief arbiter, in the language asked for, with no English message
left where the catalogue has Spanish; the crosstable's page is A4 landscape."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from html import unescape

import pytest
from babel.messages.pofile import read_po

from events.projections import TournamentState
from server.http.pages import i18n
from server.printouts import ENGLISH, Language, pairing_list, render, result_list
from server.printouts.card import player_card
from server.printouts.ranking import tournament_printout
from tests.server.hall import EVENT, hall

SPANISH = Language("es", i18n.translations("es"))

Sheet = Callable[[TournamentState, Language], str]

SHEETS: dict[str, Sheet] = {
    "pairings": lambda s, lang: render(pairing_list(s, 9, language=lang), "html"),
    "where": lambda s, lang: render(pairing_list(s, 9, by="name", language=lang), "html"),
    "results": lambda s, lang: render(result_list(s, 9, language=lang), "html"),
    "standings": lambda s, lang: tournament_printout(s, "html", language=lang),
    "crosstable": lambda s, lang: tournament_printout(s, "html", full=True, language=lang),
    "card": lambda s, lang: render(player_card(s, 1, language=lang), "html"),
}


@pytest.fixture(scope="module")
def state() -> TournamentState:
    return hall()


def shown(page: str) -> str:
    """What a reader sees: the text without the markup and the style."""
    body = page.split("<body>", 1)[-1]
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", body)).split())


@cache
def english_only() -> list[str]:
    """The literal runs (placeholders cut out) of each message Spanish words differently,
    short words included: a sheet's column heads are short."""
    source = i18n.LOCALE / "es" / "LC_MESSAGES" / "messages.po"
    with source.open("rb") as po:
        messages = [m for m in read_po(po) if m.id and m.string and m.string != m.id]
    runs = []
    for message in messages:
        english = message.id if isinstance(message.id, str) else message.id[0]
        runs += [run.strip(" ;:,") for run in re.split(r"%\(\w+\)s", english)]
    return [run for run in runs if len(run) > 1 and re.search("[a-z]", run)]  # no bare code (C1)


def words(text: str) -> set[str]:
    return set(re.findall(r"[\w-]+(?: [\w-]+)*", text))


@pytest.mark.parametrize("sheet", sorted(SHEETS))
def test_a_spanish_sheet_has_its_heading_and_no_english_message_left(
    state: TournamentState, sheet: str
) -> None:
    english, spanish = SHEETS[sheet](state, ENGLISH), SHEETS[sheet](state, SPANISH)
    assert '<html lang="es">' in spanish and '<html lang="en">' in english
    heading = re.search(r'<header class="event">(.*?)</header>', spanish, re.DOTALL)
    assert heading is not None
    said = shown(heading.group(1))
    assert EVENT in said and "Lugar: Sevilla" in said
    assert "Fechas: 1 abr 2026 – 5 abr 2026" in said
    assert "Árbitro principal: Lucía Ortega Márquez" in said
    assert "Ronda: 9" in said  # the round paired, or the last one the standings count
    assert "Dates: Apr 1, 2026 – Apr 5, 2026" in shown(english)
    english_text, spanish_text = shown(english), shown(spanish)
    runs = [run for run in english_only() if re.search(rf"\b{re.escape(run)}\b", english_text)]
    assert len(runs) >= 5, runs  # the comparison has something to find
    left = [run for run in runs if re.search(rf"\b{re.escape(run)}\b", spanish_text)]
    assert left == []


def test_the_spanish_column_heads(state: TournamentState) -> None:
    def heads(page: str) -> list[str]:
        return re.findall(r"<th[^>]*>([^<]*)</th>", page)

    assert heads(SHEETS["pairings"](state, SPANISH)) == [
        "tablero", "id", "blancas", "elo", "ptos", "resultado", "ptos", "elo", "negras", "id",
    ]  # fmt: skip
    assert heads(SHEETS["standings"](state, SPANISH)) == [
        "Pos", "id", "TPN", "Nombre", "Elo", "PTS", "BH/C1", "BH", "SB",
    ]  # fmt: skip
    assert "Cuentan: rondas 1-9." in shown(SHEETS["standings"](state, SPANISH))
    assert heads(SHEETS["card"](state, SPANISH)) == [
        "ronda", "tablero", "color", "rival", "elo", "resultado", "flotación", "ptos",
    ]  # fmt: skip
    card = shown(SHEETS["card"](state, SPANISH))
    assert "Ficha del jugador: Jugadorlargo01, Maximiliano" in card
    assert "blancas" in card and "abajo" in card and "Número inicial: 1" in card


def test_only_the_crosstable_is_printed_landscape(state: TournamentState) -> None:
    pages = {name: sheet(state, ENGLISH) for name, sheet in SHEETS.items()}
    assert "@page { size: A4 landscape;" in pages["crosstable"]
    assert [name for name, page in pages.items() if "landscape" in page] == ["crosstable"]
    assert all("@page { size: A4;" in page for name, page in pages.items() if name != "crosstable")
