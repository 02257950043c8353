"""Title norms over HTTP: the JSON, the public page in English and Spanish, the printout and
the certificate. The tournament is the hand-worked case A of tests/events/test_norms.py
(7/9, a GM norm: Ra 2387, Rp 2607), exported as TRF and imported (the import numbers players by rating: the candidate is found
by name)."""

from __future__ import annotations

from datetime import date
from fractions import Fraction

from events.norms import NormTitle
from events.results import Result
from server.http.pages import i18n
from server.printouts import Language
from server.printouts.norms import norm_certificate
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


async def test_the_certificate_and_the_printout(client: Client) -> None:
    await norm_event(client)
    async with client.get(
        "/tournaments/norm/players/Candidate/norm-certificate?lang=es"
    ) as response:
        assert response.status == 200
        page = await response.text()
    assert "2607" in page and "Certificado" in page
    # The edition applied (B.01 as FIDE applies it from 1 January 2024) named in Spanish too.
    assert "Reglamento de Títulos de la FIDE aplicado desde el 1 de enero de 2024" in page
    assert "sistema holandés" in page and "dutch" not in page  # the system by its Spanish name
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
