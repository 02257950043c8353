"""Event core figures: fold, SQLite append and read for a large Swiss (500 players, 11 rounds).

Run: ``.venv/bin/python bench/event_core.py`` (prints figures; not part of the test suite).
"""

from __future__ import annotations

import random
import tempfile
import time
from pathlib import Path

from events import SqliteEventStore
from events.envelope import NO_STREAM
from events.projections import fold
from events.results import Result
from events.types import (
    PairedBoard,
    PlayerId,
    PlayerRegistered,
    ResultRecorded,
    RoundPaired,
    TournamentCreated,
)


def scripted(players: int, rounds: int) -> list:
    rng = random.Random(1)
    events: list = [TournamentCreated(tournament_id="bench", name="Bench", rounds=rounds)]
    events += [
        PlayerRegistered(player_id=PlayerId(n), surname=f"P{n}", rating=rng.randint(1000, 2700))
        for n in range(1, players + 1)
    ]
    for round_no in range(1, rounds + 1):
        ids = list(range(1, players + 1))
        rng.shuffle(ids)
        events.append(
            RoundPaired(
                round_no=round_no,
                boards=tuple(
                    PairedBoard(white=PlayerId(ids[i]), black=PlayerId(ids[i + 1]))
                    for i in range(0, players, 2)
                ),
            )
        )
        events += [
            ResultRecorded(round_no=round_no, board=b, result=rng.choice(list(Result)))
            for b in range(1, players // 2 + 1)
        ]
    return events


def timed(label: str, action, count: int) -> None:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    action()
    elapsed = time.perf_counter() - start
    print(f"{label:<40} {elapsed * 1000:8.1f} ms   {count / elapsed:10.0f} events/s")


def main() -> None:
    events = scripted(500, 11)
    print(f"{len(events)} events (500 players, 11 rounds)")
    timed("fold (projection from zero)", lambda: fold(events), len(events))
    with tempfile.TemporaryDirectory() as folder:
        store = SqliteEventStore(Path(folder) / "bench.db")
        timed(
            "SQLite append, one batch",
            lambda: store.append("tournament-bench", events, expected_version=NO_STREAM),
            len(events),
        )
        singles = events[:300]

        def one_by_one() -> None:
            for version, event in enumerate(singles):
                store.append("tournament-single", [event], expected_version=version)

        timed("SQLite append, one event per command", one_by_one, len(singles))
        timed(
            "SQLite read_stream + decode",
            lambda: store.read_stream("tournament-bench"),
            len(events),
        )
        timed(
            "load (read + fold)",
            lambda: fold(r.event for r in store.read_stream("tournament-bench")),
            len(events),
        )
        store.close()


if __name__ == "__main__":
    main()
