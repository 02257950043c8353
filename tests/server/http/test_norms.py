"""Title norms over HTTP: the JSON, the public page in English and Spanish, the printout and
the certificate. The tournament is the hand-worked case A of tests/events/test_norms.py
(7/9, a GM norm: Ra 2387, Rp 2607), exported as TRF and imported (the import numbers players by rating: the candidate is found
by name)."""

from __future__ import annotations

import dataclasses
import re
from datetime import date
from fractions import Fraction
from html import unescape

import msgspec
import pytest

from events.norms import NormTitle
from events.projections import TournamentState
from events.results import Result
from server.http.pages import i18n
from server.printouts import Language
from server.printouts.norms import chief_arbiter, norm_certificate
from tests.events.test_norms import ALL_ESP, CASE_A, FEDS, results, tournament
from tests.server.http.support import Api, Client
from tests.server.http.test_pages import open_tournament, post_form, sign_in
from tests.server.http.test_trf import upload
from trf import export_document, write_trf


async def norm_event(client: Client, rounds_played: int = 9, total: Fraction = Fraction(7)) -> None:
    state = tournament(CASE_A, results(total, rounds_played))
    data = write_trf(export_document(state)).encode()
    status, body = await upload(client, "norm", data)
    assert status == 201, body


async def test_the_api_gives_every_check(client: Client) -> None:
    await norm_event(client)
    async with client.get("/tournaments/norm/norms") as response:
        assert response.status == 200
        body = await response.json()
    assert (body["after_round"], body["regulations"], body["host_federation"]) == (9, "2024", "ESP")
    (gm,) = [
        p for p in body["players"] if p["name"] == "Candidate" and p["norm"] == NormTitle.GM.value
    ]
    assert (gm["achieved_after"], gm["average"], gm["performance"]) == (9, 2387, 2607)
    assert all(check["met"] for check in gm["checks"])


async def test_the_last_round_need_reaches_the_api(client: Client) -> None:
    # Case A after eight rounds at 6/8 (ratings 19280): a draw needs 2622 (test_norms.py).
    await norm_event(client, rounds_played=8, total=Fraction(6))
    async with client.get("/tournaments/norm/norms") as response:
        body = await response.json()
    (gm,) = [p for p in body["players"] if p["name"] == "Candidate" and p["norm"] == "GM"]
    assert {"score": 0.5, "min_rating": 2622, "titles": None, "not_from": []} in gm["next_game"]


async def test_the_page_in_english_and_spanish(client: Client) -> None:
    await norm_event(client, rounds_played=8, total=Fraction(6))
    async with client.get("/t/norm/norms", headers={"Accept-Language": "en"}) as response:
        english = await response.text()
    assert "needs in the last round" in english and "2622" in english
    async with client.get("/t/norm/norms", headers={"Accept-Language": "es"}) as response:
        spanish = await response.text()
    assert "necesita en la última ronda" in spanish and "2622" in spanish


def certificate_fields(page: str) -> dict[str, str]:
    """The certificate's labelled lines, label to value (empty: a line to fill by hand)."""
    pairs = re.findall(r'<dt>(.*?)</dt><dd(?: class="blank")?>(.*?)</dd>', page)
    return {unescape(label): unescape(value) for label, value in pairs}


async def test_the_certificate_and_the_printout(client: Client) -> None:
    await norm_event(client)
    async with client.get("/tournaments/norm/players/Candidate/norm-certificate") as response:
        assert response.status == 200
        english = await response.text()
    fields = certificate_fields(english)
    # "IT1" below: FIDE's form IT1, certificate of title result, as the public template
    # KulAndy/Fide-Norm-Calculator "Norm calculator/IT1_template.rtf" (commit 454a188) words
    # its fields; "IT2": FIDE's form IT2 in the Arbiters' Manual 2025, p. 316
    # (docs/rulings.md, "The certificate"). Each field of the form, with the value case A
    # gives (tests/events/test_norms.py: 7/9 against CASE_A) or, for what only the arbiter
    # knows, an empty line to fill by hand.
    assert "☒ GM" in english and all(f"☐ {t}" in english for t in ("IM", "WGM", "WIM"))  # IT1
    assert (fields["Family name"], fields["Given name"]) == ("Candidate", "")  # IT1: name
    assert (fields["FIDE ID"], fields["Federation"]) == ("", "ESP")  # IT1: ID-number, federation
    assert fields["Event"] == "T" and fields["Dates"].startswith("May 1, 2024")  # IT1: start, close
    assert "Chief arbiter" in fields and fields["Chief arbiter's FIDE ID"] == ""  # IT1: name, ID
    assert "Rate of play" in fields  # IT1
    assert fields["Games counted"] == "9"  # IT1: number of games
    # CASE_A's opponents: GER FRA NED ENG ITA and four of ESP, all rated, 3 GM 2 IM 1 FM.
    assert fields["Federations of the opponents"] == "6"  # IT1: number of federations
    assert fields["Opponents not from the player's federation"] == "5"  # IT1
    assert fields["Rated opponents"] == "9" and fields["Unrated opponents"] == "0"  # IT1, IT2
    assert fields["Opponents from the host federation"] == "4"  # IT1
    assert fields["Title-holders"] == "6"  # IT1: total number of titled opponents
    for title, count in {"GM": 3, "IM": 2, "WGM": 0, "WIM": 0, "FM": 1, "WFM": 0}.items():
        assert f"<span>{title} {count}</span>" in english  # IT1: numbers of GM ... WFM
    # IT1's lines where 1.4.3d applies: not applied here (five foreign federations met).
    assert [fields[f"1.4.3d: {line}"] for line in ("federations", "rated foreigners",
            "of them GM, IM, WGM, WIM")] == ["-", "-", "-"]  # fmt: skip
    assert fields["Remarks"] == ""  # IT1: special remarks
    # IT1's table of games: round, opponent, ID, federation, rating, the rating 1.4.6
    # counts, title, score; round 1 against the GM of 2550 from GER, won.
    assert all(head in english for head in ("<th>round</th>", "<th>opponent</th>",
               "<th>FIDE ID</th>", "<th>fed</th>", "<th>rtg</th>", "<th>rtg counted</th>",
               "<th>title</th>", "<th>result</th>"))  # fmt: skip
    assert re.search(r"<td>1</td><td>\w+</td><td>GM</td><td>GER</td><td></td><td>2550</td>"
                     r"<td>2550</td><td>1</td>", english)  # fmt: skip
    # IT1: rating average, score required (B.01 Annex, nine rounds, GM: 7 for Ra 2380-2433),
    # score achieved, exceeding the norm by.
    assert fields["Average rating of opponents (Ra)"] == "2387"
    assert (fields["Score required"], fields["Points"], fields["Points above the norm"]) == (
        "7", "7", "0",
    )  # fmt: skip
    # IT1: the chief arbiter's signature; the federation confirming, its official's name,
    # signature and date.
    assert fields["Federation confirming the result"] == ""
    assert fields["Name of the federation official"] == ""
    assert "Chief arbiter: signature and date" in english
    assert "Federation rating officer or president: signature and date" in english
    async with client.get(
        "/tournaments/norm/players/Candidate/norm-certificate?lang=es"
    ) as response:
        assert response.status == 200
        page = await response.text()
    assert "2607" in page and "Certificado" in page
    # The edition applied (B.01 as FIDE applies it from 1 January 2024) named in Spanish too.
    assert "Reglamento de Títulos de la FIDE aplicado desde el 1 de enero de 2024" in page
    assert "sistema holandés" in page and "dutch" not in page  # the system by its Spanish name
    spanish = certificate_fields(page)
    assert spanish["Puntuación necesaria"] == "7"
    assert spanish["Rivales de la federación organizadora"] == "4"
    assert spanish["ID FIDE del árbitro principal"] == spanish["Observaciones"] == ""
    async with client.get("/tournaments/norm/players/P2/norm-certificate") as response:
        assert response.status == 422  # P2 made no norm
    async with client.get("/tournaments/norm/norms/printout?format=text") as response:
        text = await response.text()
    assert "norm made after round 9" in text


async def test_the_page_links_the_certificate_of_a_norm_made(client: Client) -> None:
    await norm_event(client)
    async with client.get("/t/norm/norms?lang=en") as response:
        page = await response.text()
    assert "norm made after round 9" in page
    assert "/norm-certificate?norm=GM&amp;lang=en" in page


async def test_the_desk_sets_the_host_federation_and_the_kind_of_event(api: Api) -> None:
    # The desk's title-norm form runs ChangeSettings like the API: the federation in capitals
    # (FIDE writes codes so), the kind of event one of B.01 1.4.3a-c's.
    await open_tournament(api)
    csrf = await sign_in(api.client)
    body = await post_form(api.client, "norm-settings", csrf=csrf, federation="por",
                           norm_event="zonal", reason="the regulations")  # fmt: skip
    assert "Title norm settings saved." in body
    assert '<option value="zonal" selected>' in body and 'name="federation" value="POR"' in body
    _, log = await api.get("/tournaments/open/events")
    last = log["events"][-1]
    assert (last["event"]["type"], last["event"]["federation"], last["event"]["norm_event"]) == (
        "settings-changed", "POR", "zonal",
    )  # fmt: skip
    assert last["metadata"]["via"] == "desk"
    _, norms = await api.get("/tournaments/open/norms")
    assert (norms["host_federation"], norms["event_exemption"]) == ("POR", "1.4.3c")
    # A federation that is no three-letter code is refused, named by its label, nothing saved.
    body = await post_form(api.client, "norm-settings", csrf=csrf, federation="PO",
                           norm_event="")  # fmt: skip
    assert 'class="flash error"' in body and "Federation" in body
    _, after = await api.get("/tournaments/open/events")
    assert len(after["events"]) == len(log["events"])
    # The page says the exemption, in Spanish too.
    async with api.client.get("/t/open/norms?lang=es") as response:
        assert "un torneo zonal o subzonal, exento del requisito de extranjeros" in (
            await response.text()
        )


async def test_the_api_and_the_page_cite_the_editions_numbering(api: Api) -> None:
    # Case A as a zonal starting in May 2019: judged by the 2017 text (B.01 0.22), which
    # numbers the articles 1.41 ... 1.49 and the zonal exemption 1.43c (1.4.3c from 2022).
    state = tournament(ALL_ESP, results(Fraction(7), 9), start=date(2019, 5, 1))
    status, body = await upload(api.client, "old", write_trf(export_document(state)).encode())
    assert status == 201, body
    setting = {"norm_event": "zonal", "reason": "the zonal"}
    changed, _ = await api.post("/tournaments/old/settings", setting, version="*")
    assert changed in (200, 201)
    _, norms = await api.get("/tournaments/old/norms")
    assert (norms["regulations"], norms["event_exemption"]) == ("2017", "1.43c")
    (gm,) = [p for p in norms["players"] if p["name"] == "Candidate" and p["norm"] == "GM"]
    assert [c["article"] for c in gm["checks"]] == [
        "1.41a", "1.43c", "1.45a", "1.45b", "1.48a", "1.48b", "1.48",
    ]  # fmt: skip
    async with api.client.get("/t/old/norms?lang=es") as response:
        page = await response.text()
    assert "1.43c: un torneo zonal o subzonal, exento del requisito de extranjeros" in page
    assert "1.4.3c" not in page


def test_the_certificate_counts_a_last_round_forfeit_as_a_lost_game() -> None:
    # B.01 1.4.2c (tests/events/test_norms.py, the same ten rounds: a PAB, 7/8 against eight
    # GMs of 2500, a forfeit win in round 10 that the player needed for nine games): the
    # certificate lists round 10 against the GM who forfeited with 0, the score the norm
    # counts, and names the exception; in Spanish too.
    opponents = [(2500, "GM", fed) for fed in ["ESP", *FEDS[:8], "NOR"]]
    rounds = [None, *results(Fraction(7), 8), Result.WHITE_WINS_BY_FORFEIT]
    state = tournament(opponents, rounds, rounds=10)
    english = norm_certificate(state, 1, NormTitle.GM)
    assert [(game[0], game[-1]) for game in english.games][-1] == (10, "0")
    summary = dict(english.summary)
    assert summary["Exceptions"] == ("1.4.2c: the last round's forfeit win counted as a lost game")
    spanish = norm_certificate(
        state, 1, NormTitle.GM, language=Language("es", i18n.translations("es"))
    )
    assert (
        "1.4.2c: la victoria por incomparecencia de la última ronda contada como partida perdida"
        in (dict(spanish.summary).values())
    )


def exempt_with_dates() -> TournamentState:
    """2024: eight GMs of ESP rated 2600 and one unrated ESP player for an ESP candidate, 6/9,
    and 24 rated foreigners (ten GMs; GER FRA NED) playing every round among themselves; the
    schedule gives each round its day, 1 to 9 May 2024."""
    foreigners = [(2500, "GM", FEDS[i % 3]) for i in range(10)]
    foreigners += [(2300, "", FEDS[i % 3]) for i in range(14)]
    opponents = [(2600, "GM", "ESP")] * 8 + [(0, "", "ESP")]
    state = tournament(opponents, results(Fraction(6), 9), extra=foreigners)
    days = tuple(date(2024, 5, day) for day in range(1, 10))
    settings = msgspec.structs.replace(state.require_settings(), round_dates=days)
    return dataclasses.replace(state, settings=settings)


def test_the_certificate_under_the_swiss_exemption_with_an_unrated_opponent() -> None:
    # exempt_with_dates: 24 rated foreigners in every round exempt the field (1.4.3d). The
    # unrated opponent counts 1400 (1.4.6a), raised to the GM floor 2200 (1.4.6c):
    # Ra = (8 * 2600 + 2200) / 9 = 2555.6 -> 2556. The B.01 Annex (nine rounds, GM) asks 5½
    # for Ra 2520-2556: 6 is half a point above. IT1's lines where 1.4.3d applies:
    # 3 federations, 24 rated foreigners, 10 of them GM.
    certificate = norm_certificate(exempt_with_dates(), 1, NormTitle.GM)
    opponents_lines, summary = dict(certificate.opponents), dict(certificate.summary)
    assert [opponents_lines[f"1.4.3d: {line}"] for line in ("federations", "rated foreigners",
            "of them GM, IM, WGM, WIM")] == ["3", "24", "10"]  # fmt: skip
    assert (opponents_lines["Rated opponents"], opponents_lines["Unrated opponents"]) == ("8", "1")
    assert opponents_lines["Opponents from the host federation"] == "9"
    assert opponents_lines["Opponents not from the player's federation"] == "0"
    assert (summary["Average rating of opponents (Ra)"], summary["Score required"]) == (
        "2556",
        "5.5",
    )
    assert summary["Points above the norm"] == "0.5"
    assert summary["Exceptions"] == "1.4.3d: Swiss exemption from the foreigner requirement"
    # The dates of the rounds (the schedule) head a column; the unrated opponent's row shows
    # the 2200 the average counts.
    assert certificate.games_header[:3] == ("round", "date", "opponent")
    assert certificate.games[0][1] == "5/1/24"  # round 1 on 1 May 2024, short English date
    assert certificate.games[-1][-3:] == ("unrated", 2200, "0")


@pytest.mark.parametrize(
    ("line_102", "name", "fide_id"),
    [
        # The two ways real TRF files write the id (../shared/spec/trf.md, line 102; the first
        # from Moritz72/py4swiss javafo_example.trf, the second from FedorovVladimir's test.trf).
        ("IA Mikel Larreategi Arana (22232540)", "IA Mikel Larreategi Arana", "22232540"),
        ("24148296 Sakhvadze Georgy              ", "Sakhvadze Georgy", "24148296"),
        # No id: all name, the id line left to fill by hand.
        ("Arbiter, Anna", "Arbiter, Anna", ""),
        ("https://lichess.org/swiss", "https://lichess.org/swiss", ""),
        ("", "", ""),
    ],
)
def test_the_chief_arbiters_fide_id_comes_from_the_line_102_text(
    line_102: str, name: str, fide_id: str
) -> None:
    assert chief_arbiter(line_102) == (name, fide_id)
    state = tournament(CASE_A, results(Fraction(7), 9))
    settings = msgspec.structs.replace(state.require_settings(), chief_arbiter=line_102)
    certificate = norm_certificate(dataclasses.replace(state, settings=settings), 1, NormTitle.GM)
    event = dict(certificate.event)
    assert (event["Chief arbiter"], event["Chief arbiter's FIDE ID"]) == (name, fide_id)
