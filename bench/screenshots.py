"""Screenshots of the main pages on a phone and on a desktop, for the README and for review.

    .venv/bin/python -m bench.screenshots            # writes docs/screenshots/*.png

Serves a sample tournament (sixteen invented players, two rounds played, the third in
progress) from a throwaway database and photographs each page with Debian's Chromium
through Playwright. The browser tests use the same sample and server.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import socket
import sys
import tempfile
import threading
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

from aiohttp import web

from events import SqliteEventStore
from events.decisions import CreateTournament, RecordResult, RegisterPlayer
from events.projections import TournamentState
from events.results import Result
from server.http.app import create_app
from server.service import TournamentService
from server.settings import Settings, hash_token

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]  # fmt: skip
TOKEN = "hall-token"
SAMPLE = "demo"
OUT = Path(__file__).resolve().parents[1] / "docs" / "screenshots"

# Invented players: (surname, given name, title, rating, federation).
_FIELD = (
    ("Aune", "Ingrid", "IM", 2412, "NOR"), ("Brandt", "Jonas", "FM", 2385, "GER"),
    ("Costa", "Marta", "WGM", 2385, "POR"), ("Dahl", "Erik", "", 2210, "NOR"),
    ("Eriksen", "Sofie", "WFM", 2105, "DEN"), ("Fischer", "Lena", "", 1980, "AUT"),
    ("García", "Pablo", "", 1964, "ESP"), ("Horvath", "Bence", "CM", 2150, "HUN"),
    ("Ivanova", "Daria", "WIM", 2230, "BUL"), ("Jensen", "Mads", "", 1890, "DEN"),
    ("Kowalski", "Piotr", "FM", 2301, "POL"), ("Lindqvist", "Ebba", "", 1815, "SWE"),
    ("Moreau", "Camille", "", 2044, "FRA"), ("Nakamura", "Ren", "", 1760, "JPN"),
    ("O'Brien", "Siobhán", "", 1702, "IRL"), ("Petrov", "Nikolai", "IM", 2455, "BUL"),
)  # fmt: skip


def _result(state: TournamentState, white: int, black: int, board: int) -> Result:
    """A plausible result: the stronger side wins, every third board is drawn."""
    if board % 3 == 0:
        return Result.DRAW
    stronger = state.player(white).rating >= state.player(black).rating
    return Result.WHITE_WINS if stronger else Result.BLACK_WINS


def build_sample(service: TournamentService, *, played: int = 2, in_progress: int = 5) -> None:
    """The sample: ``played`` complete rounds, then one with ``in_progress`` results."""
    service.create(
        CreateTournament(
            tournament_id=SAMPLE, name="Arbiter Demo Open", rounds=5, place="Oslo",
            federation="NOR", start_date=date(2026, 4, 1), end_date=date(2026, 4, 3),
            chief_arbiter="A. Arbiter", time_control="90+30", tiebreaks="BH/C1 BH SB",
            tiebreak_rules="2026",
        )
    )  # fmt: skip
    for surname, given, title, rating, federation in _FIELD:
        service.execute(
            SAMPLE,
            RegisterPlayer(surname=surname, given_name=given, title=title, rating=rating,
                           federation=federation),
        )  # fmt: skip
    for round_no in range(1, played + 2):
        state = service.pair_round(SAMPLE).state
        boards = state.round(round_no).boards
        count = len(boards) if round_no <= played else in_progress
        for board in boards[:count]:
            result = _result(state, board.white, board.black, board.number)
            service.execute(
                SAMPLE, RecordResult(round_no=round_no, board=board.number, result=result)
            )


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextlib.contextmanager
def serve(db: Path, **settings: Any) -> Iterator[str]:
    """Run the real application on a free local port in a thread; yields its base URL."""
    port = _free_port()
    loop = asyncio.new_event_loop()
    app = create_app(
        Settings(db=str(db), token_sha256=hash_token(TOKEN), pairing_workers=0, **settings)
    )
    runner = web.AppRunner(app, handle_signals=False)
    started = threading.Event()

    def run() -> None:
        asyncio.set_event_loop(loop)
        loop.run_until_complete(runner.setup())
        loop.run_until_complete(web.TCPSite(runner, "127.0.0.1", port).start())
        started.set()
        loop.run_forever()

    thread = threading.Thread(target=run, name="arbiter-pages-server", daemon=True)
    thread.start()
    started.wait(30)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        asyncio.run_coroutine_threadsafe(runner.cleanup(), loop).result(30)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(30)
        loop.close()


PAGES = (
    ("home", f"/t/{SAMPLE}"),
    ("pairings", f"/t/{SAMPLE}/rounds/3"),
    ("where", f"/t/{SAMPLE}/rounds/3/where"),
    ("standings", f"/t/{SAMPLE}/standings"),
    ("crosstable", f"/t/{SAMPLE}/crosstable"),
    ("player", f"/t/{SAMPLE}/players/1"),
    ("log", f"/t/{SAMPLE}/log"),
    ("screen", f"/t/{SAMPLE}/screen"),
)

VIEWPORTS = {"phone": (360, 780), "desktop": (1920, 1080)}


def _desk(page: Any, base: str, target: Path) -> None:
    """The arbiter's desk, signed in with the token."""
    page.goto(f"{base}/t/{SAMPLE}/desk")
    page.fill("#token", TOKEN)
    page.get_by_role("button", name="Sign in with the token").click()
    page.wait_for_url(f"{base}/t/{SAMPLE}/desk")
    page.screenshot(path=str(target), full_page=True)
    print(target)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="where the PNG files go")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as workdir:
        db = Path(workdir) / "sample.db"
        service = TournamentService(SqliteEventStore(str(db)))
        build_sample(service)
        service.store.close()
        with serve(db) as base, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for device, (width, height) in VIEWPORTS.items():
                page = browser.new_page(viewport={"width": width, "height": height})
                for name, path in PAGES:
                    if device == "phone" and name == "screen":
                        continue
                    page.goto(base + path)
                    target = args.out / f"{name}-{device}.png"
                    page.screenshot(path=str(target), full_page=name != "screen")
                    print(target)
                _desk(page, base, args.out / f"desk-{device}.png")
                page.close()
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
