"""A whole event at the desk, in Chromium only (issue 28 item 7): from an empty database to
the TRF download, with no command line and no API call from the test. Keyboard first, at a
desktop's size in English for the first rounds and a phone's in Spanish for the rest;
a refused entry, a player absent at check-in, a late entry, a correction with a reason, an
edited draft, a withdrawal, a close and a reopen on the way.

Set ``ARBITER_SCREENSHOTS=<dir>`` to keep a screenshot of each stage there.
"""

from __future__ import annotations

import os
import random
import re
from pathlib import Path
from typing import Any

import pytest

from bench.screenshots import TOKEN, serve
from tests.server.http import chromium
from trf import read_trf

pytestmark = pytest.mark.slow

sync_api = chromium.playwright()
browser = chromium.browser  # the fixture, for this module
expect = sync_api.expect

ROUNDS = 9
DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
SURNAMES = ["Aune", "Berg", "Costa", "Dahl", "Eik", "Fors", "Gran", "Holm", "Iversen", "Jensen",
            "Kraft", "Lund", "Moe", "Nilsen", "Olsen", "Pettersen", "Qvist", "Riis", "Strand",
            "Tangen", "Ulstein", "Vik", "Wold", "Xu", "Ystad", "Zahl", "Ås", "Øien", "Åsen"]  # fmt: skip


def _csv(bad_line: bool) -> bytes:
    """28 players (the 29th and 30th are typed in); with ``bad_line``, line 5's rating is
    no number, which refuses the whole list."""
    lines = ["Name,Rating,Federation,FIDE id"]
    for number, surname in enumerate(SURNAMES[1:], 1):
        rating = "lots" if bad_line and number == 4 else str(2500 - number * 23)
        lines.append(f'"{surname}, Player{number}",{rating},NOR,{1_500_000 + number}')
    return ("\n".join(lines) + "\n").encode()


class Desk:
    """The arbiter's browser: a page, the base address and where screenshots go."""

    def __init__(self, page: Any, base: str, tid: str) -> None:
        self.page, self.base, self.tid = page, base, tid
        self.shots = os.environ.get("ARBITER_SCREENSHOTS")

    def shot(self, name: str) -> None:
        if self.shots:
            self.page.screenshot(path=str(Path(self.shots) / f"{name}.png"), full_page=True)

    def goto(self, path: str) -> None:
        self.page.goto(self.base + path)

    def submit(self, selector: str) -> None:
        """Focus a field and press Enter: the form goes as a keyboard sends it."""
        with self.page.expect_navigation():
            self.page.locator(selector).focus()
            self.page.keyboard.press("Enter")

    def outcome(self) -> Any:
        return self.page.locator("#outcome")

    def sign_in(self, then: str) -> None:
        self.goto(then)
        assert "/signin" in self.page.url
        self.page.locator("#token").fill(TOKEN)
        self.submit("#token")
        assert self.page.url.endswith(then)

    def results_by_keyboard(self, rng: random.Random) -> None:
        """Every open board of the round, a key each, the focus moving on by itself."""
        while self.page.locator("select[data-board]").count():
            focused = self.page.locator("select[data-board]:focus")
            expect(focused).to_have_count(1)
            with self.page.expect_navigation():
                self.page.keyboard.press(rng.choice("10=10"))

    def pair(self, round_no: int, *, heading: str) -> None:
        """The next round: its draft, then published as the engine made it."""
        self.goto(f"/t/{self.tid}/desk")
        self.submit("#pair-next")
        expect(self.page.locator("h1")).to_have_text(heading % round_no)
        self.submit("#publish")


def test_a_nine_round_event_from_an_empty_database_to_the_trf_download(
    browser: Any, tmp_path: Path
) -> None:
    rng = random.Random(28)
    with serve(tmp_path / "event.db", sse_poll_seconds=0.5) as base:
        context = browser.new_context(viewport=DESKTOP, locale="en-GB")
        desk = Desk(context.new_page(), base, "oslo-26")
        page = desk.page
        # A new tournament: the systems table's systems, typed in by keyboard.
        desk.sign_in("/desk/new")
        # The first field has the focus (autofocus); wait for it, or a loaded machine types
        # into a page still loading and the keys are lost.
        expect(page.locator("input[name=tournament_id]")).to_be_focused()
        page.keyboard.type("oslo-26")
        page.keyboard.press("Tab")
        page.keyboard.type("Oslo Open 2026")
        page.locator("input[name=rounds]").fill(str(ROUNDS))
        page.locator("input[name=tiebreaks]").fill("BH/C1 BH SB")
        page.locator("input[name=time_control]").fill("90+30")
        desk.shot("01-new-tournament")
        desk.submit("input[name=time_control]")
        expect(desk.outcome()).to_have_text("Tournament created.")
        # Players: a CSV list refused whole for one line, then accepted; two typed in.
        upload = page.locator("input[type=file]")
        upload.set_input_files(files=[{"name": "players.csv", "mimeType": "text/csv",
                                       "buffer": _csv(bad_line=True)}])  # fmt: skip
        desk.submit("button:has-text('Register the list')")
        expect(desk.outcome()).to_contain_text("line 5: rating 'lots' is not a number")
        upload.set_input_files(files=[{"name": "players.csv", "mimeType": "text/csv",
                                       "buffer": _csv(bad_line=False)}])  # fmt: skip
        desk.submit("button:has-text('Register the list')")
        expect(desk.outcome()).to_have_text("Players registered from the file.")
        for surname, rating in (("Aune", "2480"), ("Bakke", "1700")):
            page.locator("#register input[name=surname]").fill(surname)
            page.locator("#register input[name=rating]").fill(rating)
            desk.submit("#register input[name=rating]")
            expect(desk.outcome()).to_have_text("Player registered.")
        # A refused entry: a FIDE id already registered.
        page.locator("#register input[name=surname]").fill("Twin")
        page.locator("#register input[name=fide_id]").fill("1500001")
        desk.submit("#register input[name=fide_id]")
        expect(desk.outcome()).to_have_attribute("role", "alert")
        # A correction of a player's details, with its reason.
        page.locator("#correct-30").focus()
        page.keyboard.press("Enter")
        row = page.locator("tr", has=page.locator("#correct-30"))
        row.locator("input[name=rating]").fill("1750")
        row.locator("input[name=reason]").fill("rating misread")
        desk.submit("tr:has(#correct-30) input[name=reason]")
        expect(desk.outcome()).to_have_text("Player's details corrected.")
        desk.shot("02-players")
        # Check-in before round 1: one player is absent (a zero-point bye, not paired).
        desk.goto(f"/t/{desk.tid}/desk")
        desk.submit("button[aria-label='Mark Zahl, Player25 absent']")
        expect(page.locator(".flash.ok")).to_have_text("Bye granted.")

        for round_no in range(1, 5):
            if round_no == 2:  # an edited draft: board 1's colours swapped, with a reason
                desk.goto(f"/t/{desk.tid}/desk")
                desk.submit("#pair-next")
                white = page.locator("#white-1").input_value()
                black = page.locator("#black-1").input_value()
                page.locator("#white-1").select_option(black)
                page.locator("#black-1").select_option(white)
                desk.submit("button:has-text('Check the changes')")
                expect(page.locator("#breaks")).to_contain_text("not the engine's pairing")
                desk.shot("03-edited-draft")
                page.locator("input[name=reason]").fill("camera board")
                desk.submit("#publish")
                expect(page.locator(".flash.ok")).to_have_text("Next round paired.")
            else:
                desk.pair(round_no, heading="Draft of round %s")
            desk.results_by_keyboard(rng)
            expect(desk.outcome()).to_contain_text(f"Round {round_no} is complete")
        desk.shot("04-desk-desktop")
        context.close()

        # The rest on a phone, in Spanish.
        context = browser.new_context(viewport=PHONE, locale="es-ES")
        desk = Desk(context.new_page(), base, "oslo-26")
        page = desk.page
        desk.sign_in(f"/t/{desk.tid}/desk")
        # A late entry, joining round 5.
        desk.goto(f"/t/{desk.tid}/desk/players")
        page.locator("#register input[name=surname]").fill("Sen")
        page.locator("#register input[name=rating]").fill("1600")
        desk.submit("#register input[name=rating]")
        expect(desk.outcome()).to_have_text("Jugador inscrito.")
        # A withdrawal from round 5, confirmed.
        desk.goto(f"/t/{desk.tid}/desk")
        page.locator("form[action$='/withdraw'] select[name=player]").select_option(
            label="Holm, Player7"
        )
        page.locator("form[action$='/withdraw'] input[name=reason]").fill("ill")
        desk.submit("form[action$='/withdraw'] input[name=reason]")
        desk.submit("button[autofocus]")
        expect(desk.outcome()).to_have_text("Jugador retirado.")
        for round_no in range(5, ROUNDS + 1):
            desk.pair(round_no, heading="Borrador de la ronda %s")
            if round_no == 5:
                desk.shot("05-desk-phone-es")
            desk.results_by_keyboard(rng)
            expect(desk.outcome()).to_contain_text(f"La ronda {round_no} está completa")
        # Closed, reopened with a reason, a result corrected with a reason.
        page.locator("form[action$='/close'] input[name=reason]").fill("prize giving")
        desk.submit("form[action$='/close'] input[name=reason]")
        desk.submit("button[autofocus]")
        page.locator("form[action$='/reopen'] input[name=reason]").fill("appeal on board 3")
        desk.submit("form[action$='/reopen'] input[name=reason]")
        expect(desk.outcome()).to_have_text("Torneo reabierto.")
        page.locator("#board-3").focus()
        page.keyboard.press("Enter")
        form = page.locator("tr:has(#board-3) form")
        saved = page.locator("tr:has(#board-3) .saved").inner_text()
        form.locator("select[name=result]").select_option("1-0" if saved != "1-0" else "0-1")
        form.locator("input[name=reason]").fill("appeal upheld")
        desk.submit("tr:has(#board-3) input[name=reason]")
        expect(desk.outcome()).to_contain_text("Tablero 3:")
        desk.shot("06-finished-phone-es")
        # The TRF files, downloaded from the desk.
        with page.expect_download() as downloaded:
            page.locator("a[href$='format=trf26']").click()
        trf26 = Path(downloaded.value.path()).read_text(encoding="utf-8")
        with page.expect_download() as downloaded:
            page.locator("a[href$='format=trf16']").click()
        trf16 = Path(downloaded.value.path()).read_text(encoding="latin-1")
        context.close()

    document, problems = read_trf(trf26)
    assert [p for p in problems if p.severity == "error"] == []
    assert len(document.players) == 31
    assert re.search(r"^012 Oslo Open 2026", trf26, re.MULTILINE)
    assert all(len(player.rounds) == ROUNDS for player in document.players)
    assert "001" in trf16 and "Holm" in trf16
