"""Every page in Spanish: no English message left where the catalogue has Spanish, names
in Spanish alphabetical order, dates and numbers as Spanish readers write them; and a third
language is one catalogue file."""

from __future__ import annotations

import re
import shutil
from html import unescape
from pathlib import Path

from babel.messages.pofile import read_po

from engine import system_names
from server.http.pages import i18n
from server.printouts.legend import SYSTEM_NAMES
from tests.server.http.support import Api
from tests.server.http.test_pages import PAGES, text

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "locale"


async def hall(api: Api) -> None:
    """An event with names a Spanish list orders differently from code points."""
    status, body = await api.post(
        "/tournaments",
        {"tournament_id": "open", "name": "Abierto", "rounds": 3, "place": "Madrid",
         "start_date": "2026-04-01", "end_date": "2026-04-03", "tiebreaks": "BH/C1 SB",
         "tiebreak_rules": "2026"},
    )  # fmt: skip
    assert status == 201, body
    for surname in ("Vázquez", "Álvarez", "Smith", "Sánchez", "Dubois", "Díaz", "Ñúñez", "Nuzzo"):
        assert (await api.post("/tournaments/open/players", {"surname": surname}))[0] == 201
    assert (await api.post("/tournaments/open/rounds"))[0] == 201
    for board in range(1, 5):
        path = f"/tournaments/open/rounds/1/boards/{board}/result"
        assert (await api.post(path, {"result": "1/2-1/2"}))[0] in (200, 201)
    assert (await api.post("/tournaments/open/rounds"))[0] == 201
    body = {"tiebreaks": "BH SB", "reason": "a typo"}
    assert (await api.post("/tournaments/open/settings", body))[0] in (200, 201)


def _english_only(catalogue: Path) -> list[str]:
    """The literal runs (placeholders cut out) of each message Spanish words differently,
    but for notation its Spanish keeps (``(A.6); p =``, ``maxi 3.2:``)."""
    with catalogue.open("rb") as po:
        messages = [m for m in read_po(po) if m.id and m.string and m.string != m.id]
    runs = []
    for message in messages:
        english = message.id if isinstance(message.id, str) else message.id[0]
        spanish = (
            message.string if isinstance(message.string, str) else "".join(message.string or ())
        )
        runs += [
            run.strip()
            for run in re.split(r"%\(\w+\)s", english)
            if len(run.strip()) > 6 and run.strip() not in spanish  # not notation Spanish keeps
        ]
    return [run for run in runs if re.search("[a-z]{3}", run)]  # words, not notation (A.6)


async def shown_text(api: Api, path: str, language: str) -> str:
    """What a reader sees of a page: its text and its titles, without the markup."""
    _, html, _ = await text(api.client, path + ("&" if "?" in path else "?") + "lang=" + language)
    titles = " ".join(re.findall(r'(?:title|aria-label)="([^"]*)"', html))
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html) + " " + titles).split())


async def test_no_english_message_is_left_on_a_spanish_page(api: Api) -> None:
    await hall(api)
    runs = _english_only(PAGES / "locale" / "es" / "LC_MESSAGES" / "messages.po")
    found: dict[str, list[str]] = {}
    for path in ("/t/", "/t/open", "/t/open/rounds/2", "/t/open/rounds/2/where",
                 "/t/open/standings", "/t/open/standings?round=1", "/t/open/crosstable",
                 "/t/open/players", "/t/open/players/1", "/t/open/log", "/t/open/screen"):  # fmt: skip
        english = await shown_text(api, path, "en")
        spanish = await shown_text(api, path, "es")
        shown = [run for run in runs if run in english]
        assert shown or path == "/t/open/screen", path  # the comparison has something to find
        left = [run for run in shown if run in spanish]
        if left:
            found[path] = left
    assert found == {}


async def test_spanish_names_dates_numbers_and_words(api: Api) -> None:
    await hall(api)
    _, where, _ = await text(api.client, "/t/open/rounds/2/where?lang=es")
    names = re.findall(r'<th scope="row" class="name"><a href="[^"]+">([^<]+)</a>', where)
    assert names == ["Álvarez", "Díaz", "Dubois", "Nuzzo", "Ñúñez", "Sánchez", "Smith",
                     "Vázquez"]  # fmt: skip
    _, home, _ = await text(api.client, "/t/open?lang=es")
    assert "1 abr 2026" in home and "3 abr 2026" in home and "sistema holandés" in home
    _, standings, _ = await text(api.client, "/t/open/standings?round=1&lang=es")
    assert re.search(r'<td class="num">\d,\d\d</td>', standings)  # SB with a decimal comma
    _, log, _ = await text(api.client, "/t/open/log?lang=es")
    assert "Inscripción de Vázquez" in log and "desempates" in log
    assert "inscrito" not in log  # no masculine for a field of any gender


def test_every_pairing_system_has_a_name_in_the_catalogue() -> None:
    assert set(SYSTEM_NAMES) == set(system_names())


def test_a_third_language_is_one_catalogue_file(tmp_path: Path) -> None:
    root = tmp_path / "locale"
    shutil.copytree(PAGES / "locale", root)
    shutil.copytree(FIXTURES / "fr", root / "fr")
    assert i18n.discover(root) == {"en": "English", "es": "Español", "fr": "Français"}
    french = i18n.translations("fr", root)
    assert french.gettext("Standings") == "Classement"
    assert french.gettext("Round %(round)s") % {"round": 3} == "Ronde 3"
    assert french.gettext("Players") == "Players"  # a stub: the rest stays English


async def test_a_printout_speaks_the_language_the_pages_would(api: Api) -> None:
    """``?lang=`` first, else ``Accept-Language``, as the pages choose (issue 30 item 3)."""
    await hall(api)
    paths = ("/tournaments/open/rounds/2/pairings", "/tournaments/open/rounds/2/results",
             "/tournaments/open/standings/printout", "/tournaments/open/crosstable/printout")  # fmt: skip
    for path in paths:
        _, asked, _ = await text(api.client, path + "?lang=es", **{"Accept-Language": "en"})
        _, told, _ = await text(api.client, path, **{"Accept-Language": "es-ES, en;q=0.5"})
        _, english, _ = await text(api.client, path)
        for page in (asked, told):
            assert '<html lang="es">' in page, path
            assert "<dt>Fechas:</dt><dd>1 abr 2026 – 3 abr 2026</dd>" in page, path
            assert "<dt>Lugar:</dt><dd>Madrid</dd>" in page, path
        assert '<html lang="en">' in english and "<dt>Place:</dt><dd>Madrid</dd>" in english


async def test_standings_after_any_round_print_with_that_round(api: Api) -> None:
    """Issue 30 item 3: the standings printout as of the end of ``?round=``, its heading
    naming that round, linked from the standings page of that round."""
    await hall(api)
    _, page, _ = await text(api.client, "/t/open/standings?round=1&lang=es")
    link = "/tournaments/open/standings/printout?format=html&amp;lang=es&amp;round=1"
    assert f'href="{link}"' in page
    _, sheet, _ = await text(api.client, unescape(link))
    assert "<dt>Ronda:</dt><dd>1</dd>" in sheet and "clasificación tras la ronda 1" in sheet.lower()
    _, now, _ = await text(api.client, "/tournaments/open/standings/printout?format=html")
    assert "<dt>Ronda:</dt><dd>1</dd>" in now  # round 2 is being played: round 1 counts
    _, before, _ = await text(api.client, "/tournaments/open/standings/printout?round=0")
    assert "<dt>Ronda:" not in before and "tras la ronda 0" in before  # before round 1
