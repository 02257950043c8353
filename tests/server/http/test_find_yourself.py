"""Finding yourself fast (issue 30): a name search on every tournament page, a QR code that
opens the tournament's pages, federations beside names where the field is international."""

from __future__ import annotations

import re

import segno

from server.http.pages.qr import qr_svg
from tests.server.http.support import Api
from tests.server.http.test_pages import text


async def field(api: Api, federations: tuple[str, ...]) -> None:
    """A paired round of six: accents a phone keyboard rarely types, two Garcías."""
    body = {"tournament_id": "open", "name": "Open", "rounds": 3}
    assert (await api.post("/tournaments", body))[0] == 201
    names = [("Núñez", "Íñigo"), ("García", "José"), ("García", "Ana"), ("Müller", "Jörg"),
             ("Smith", "Ann"), ("Ødegaard", "Ola")]  # fmt: skip
    for number, ((surname, given), federation) in enumerate(zip(names, federations, strict=True)):
        player = {"surname": surname, "given_name": given, "rating": 2400 - number * 50,
                  "federation": federation}  # fmt: skip
        status, answer = await api.post("/tournaments/open/players", player)
        assert status == 201, answer
    assert (await api.post("/tournaments/open/rounds"))[0] == 201


def listed_names(page: str) -> list[str]:
    return re.findall(r'<a href="/t/open/players/\d+">([^<]+)</a>', page)


async def test_every_tournament_page_has_a_search_box_that_works_without_script(
    api: Api,
) -> None:
    await field(api, ("ESP",) * 6)
    for path in ("/t/open", "/t/open/rounds/1", "/t/open/standings", "/t/open/players/2",
                 "/t/open/crosstable", "/t/open/log"):  # fmt: skip
        _, page, _ = await text(api.client, path)
        form = re.search(r'<form class="find" role="search" method="get" action="([^"]+)">'
                         r'(.*?)</form>', page, re.DOTALL)  # fmt: skip
        assert form is not None, path
        assert form[1] == "/t/open/players"
        assert '<label for="find-player">Find a player</label>' in form[2]
        assert 'id="find-player" type="search" name="q"' in form[2]


async def test_one_match_opens_the_players_card_whatever_the_accents_and_case(
    api: Api,
) -> None:
    await field(api, ("ESP",) * 6)
    for typed, player in (("nunez", 1), ("NÚÑEZ", 1), ("inigo", 1), ("muller", 4),
                          ("odegaard", 6), ("garcia jose", 2), ("García, Ana", 3)):  # fmt: skip
        status, _, headers = await text(api.client, f"/t/open/players?q={typed}")
        assert (status, headers.get("Location")) == (303, f"/t/open/players/{player}"), typed


async def test_several_matches_are_listed_with_their_start_numbers_and_none_is_said(
    api: Api,
) -> None:
    await field(api, ("ESP",) * 6)
    status, page, _ = await text(api.client, "/t/open/players?q=garcia")
    assert status == 200
    assert listed_names(page) == ["García, José", "García, Ana"]
    assert re.findall(r'<td class="num">(\d+)</td>', page) == ["2", "3"]
    assert 'value="garcia"' in page  # the box keeps what was typed
    _, none, _ = await text(api.client, "/t/open/players?q=kasparov")
    assert "No player's name holds kasparov." in none and listed_names(none) == []
    _, spanish, _ = await text(api.client, "/t/open/players?q=kasparov&lang=es")
    assert "Ningún nombre de jugador contiene kasparov." in spanish
    _, everyone, _ = await text(api.client, "/t/open/players?q=+")
    assert len(listed_names(everyone)) == 6


async def test_the_big_screen_and_printed_pairings_carry_a_qr_code_to_the_tournament(
    api: Api,
) -> None:
    await field(api, ("ESP",) * 6)
    for path, figure in (("/t/open/screen", "screen-qr"), ("/t/open/rounds/1", "print-qr")):
        _, page, headers = await text(api.client, path, Host="hall.example:8080")
        block = re.search(rf'<figure class="qr {figure}">(<svg .*?</svg>)<figcaption>(.*?)'
                          r"</figcaption>", page, re.DOTALL)  # fmt: skip
        assert block is not None, path
        assert "<title>http://hall.example:8080/t/open</title>" in block[1]
        assert "http://hall.example:8080/t/open" in block[2]
        assert "img-src 'self'" in headers["Content-Security-Policy"]  # inline: no image fetched
    _, fragment, _ = await text(api.client, "/t/open/screen?fragment=1")
    assert "<svg" not in fragment  # the live refresh leaves the code in place


def test_the_qr_code_reads_back_as_the_address() -> None:
    """The code drawn is segno's for the address, at four pixels a module with the quiet
    zone, and nothing but its one path."""
    url = "http://hall.example:8080/t/open"
    svg = str(qr_svg(url))
    matrix = segno.make(url, error="m", micro=False).matrix
    size = len(matrix) + 8  # the quiet zone, four modules a side
    assert f'viewBox="0 0 {size * 4} {size * 4}"' in svg
    assert svg.count("<path") == 1 and "<script" not in svg


async def test_federations_are_shown_only_where_the_field_has_more_than_one(api: Api) -> None:
    await field(api, ("ESP", "ESP", "ARG", "GER", "ENG", "NOR"))
    fed = re.compile(r'<abbr class="fed" title="Federation">([A-Z]{3})</abbr>')
    _, pairings, _ = await text(api.client, "/t/open/rounds/1")
    assert sorted(fed.findall(pairings)) == ["ARG", "ENG", "ESP", "ESP", "GER", "NOR"]
    assert re.search(r">Núñez, Íñigo</a> <abbr class=\"fed\" title=\"Federation\">ESP</abbr>",
                     pairings)  # fmt: skip
    everyone = ["ARG", "ENG", "ESP", "ESP", "GER", "NOR"]
    for path, times in (("/t/open/standings", 1), ("/t/open/rounds/1/where", 1),
                        ("/t/open/screen", 2)):  # fmt: skip  # the screen: boards, standings
        _, page, _ = await text(api.client, path)
        assert sorted(fed.findall(page)) == sorted(everyone * times), path


async def test_a_field_of_one_federation_shows_none(api: Api) -> None:
    await field(api, ("ESP",) * 5 + ("",))
    for path in ("/t/open/rounds/1", "/t/open/standings", "/t/open/rounds/1/where"):
        _, page, _ = await text(api.client, path)
        assert 'class="fed"' not in page, path


async def test_a_language_asked_in_the_address_is_kept_by_the_search_and_the_links(
    api: Api,
) -> None:
    """``?lang=es`` (a shared link, a printed code) stays: the search box carries it, the
    one-match redirect keeps it, the cookie keeps it for the page's links; the switch back
    to English drops it from the page it returns to (issue 30 item 5)."""
    await field(api, ("ESP",) * 6)
    async with api.client.get("/t/open/standings?lang=es") as response:
        page = await response.text()
        assert response.cookies["lang"].value == "es"
    form = re.search(r'<form class="find".*?</form>', page, re.DOTALL)
    assert form is not None and '<input type="hidden" name="lang" value="es">' in form[0]
    api.client.session.cookie_jar.clear()  # a browser that refuses cookies
    status, _, headers = await text(api.client, "/t/open/players?q=nunez&lang=es")
    assert (status, headers["Location"]) == (303, "/t/open/players/1?lang=es")
    _, card, _ = await text(api.client, "/t/open/players/1?lang=es")
    assert '<html lang="es">' in card and "Número inicial" in card
    assert 'href="/tournaments/open/players/1/card?format=html&amp;lang=es"' in card
    # With the cookie a plain link (the navigation's) stays in Spanish.
    _, linked, _ = await text(api.client, "/t/open/crosstable")
    assert '<html lang="es">' in linked
    async with api.client.get(
        "/lang/en?next=/t/open/players/1%3Flang%3Des", allow_redirects=False
    ) as response:
        assert response.headers["Location"] == "/t/open/players/1"
        assert response.cookies["lang"].value == "en"
    _, english, _ = await text(api.client, "/t/open/players/1")
    assert '<html lang="en">' in english


async def test_the_tournament_list_filter_keeps_the_language(api: Api) -> None:
    await field(api, ("ESP",) * 6)
    _, page, _ = await text(api.client, "/t/?lang=es")
    form = re.search(r'<form class="filters.*?</form>', page, re.DOTALL)
    assert form is not None and '<input type="hidden" name="lang" value="es">' in form[0]
