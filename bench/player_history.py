"""A player's events across many tournaments (#34 item 3): the index against reading every
tournament per request.

``.venv/bin/python -m bench.player_history [--tournaments 200] [--players 40] [--rounds 7]``
fills a SQLite store with scripted tournaments whose players share FIDE ids (every player
is in every tournament) and prints, each as a ratio to the naive request (load every
tournament from a warm cache and work out its entries): the first request of a server just
started over a store that keeps no entries (what every start cost before the entries were
kept: every tournament folded and worked out), the first request of a server started again
over the same store (the entries it kept are read), a request when nothing moved, and one
after a change in one tournament.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import msgspec

from bench.scale import stream
from events import open_store
from events.decisions import CorrectPlayerDetails
from events.envelope import NO_STREAM
from events.types import Event, PlayerRegistered
from server.service import TournamentService
from server.service.history import EventEntry, event_entries

FIDE_BASE = 1_000_000


def _with_fide_ids(events: list[Event]) -> list[Event]:
    return [
        msgspec.structs.replace(e, fide_id=FIDE_BASE + e.player_id)
        if isinstance(e, PlayerRegistered)
        else e
        for e in events
    ]


def _timed(run: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        run()
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tournaments", type=int, default=200)
    parser.add_argument("--players", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "bench.db")
        store = open_store(db)
        for n in range(args.tournaments):
            events = _with_fide_ids(stream(f"t{n}", args.players, args.rounds, total_rounds=99))
            store.append(f"tournament-t{n}", events, expected_version=NO_STREAM)
        store.close()
        wanted = FIDE_BASE + 1

        def first_request() -> float:
            """A server started over the store: its first request, cold."""
            started = time.perf_counter()
            found = TournamentService(open_store(db)).player_events.by_fide_id(wanted)
            assert len(found) == args.tournaments
            return (time.perf_counter() - started) * 1000

        nothing_kept_ms = first_request()  # keeps every tournament's entries as it goes
        restarted_ms = first_request()
        service = TournamentService(open_store(db))
        for tid in service.tournament_ids():  # a warm cache: the naive request's best case
            service.load(tid)

        def naive() -> list[EventEntry]:
            found: list[EventEntry] = []
            for tid in service.tournament_ids():
                found += [e for e in event_entries(service.load(tid)) if e.fide_id == wanted]
            return found

        naive_ms = _timed(naive, 3)
        assert len(service.player_events.by_fide_id(wanted)) == len(naive()) == args.tournaments
        warm_ms = _timed(lambda: service.player_events.by_fide_id(wanted), 20)

        def after_a_change() -> None:
            service.execute("t0", CorrectPlayerDetails(player_id=2, club=f"c{time.time_ns()}"))
            service.player_events.by_fide_id(wanted)

        moved_ms = _timed(after_a_change, 5)
        print(f"{args.tournaments} tournaments x {args.players} players x {args.rounds} rounds")
        print(f"{'naive (every tournament, warm cache):':50}{naive_ms:9.2f} ms  1.0000")
        for label, ms in (
            ("first request, nothing kept (before; keeps them)", nothing_kept_ms),
            ("first request after a restart (entries kept)", restarted_ms),
            ("index, nothing moved", warm_ms),
            ("index, one tournament moved (+write)", moved_ms),
        ):
            print(f"{label + ':':50}{ms:9.2f} ms  {ms / naive_ms:.4f}")
        print(f"restart with entries kept / without: {restarted_ms / nothing_kept_ms:.4f}")


if __name__ == "__main__":
    main()
