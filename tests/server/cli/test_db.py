"""``arbiter db migrate`` and ``arbiter db copy``: a log moved SQLite -> PostgreSQL -> SQLite
reads the same and keeps its event ids and positions."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from events import SqliteEventStore, open_store
from events.decisions import RegisterPlayer
from events.projections import fold
from server.cli import main
from server.service import TournamentService
from tests.server.test_service import CREATE, fake_engines


def _run(*args: str) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def _tournaments(db: str | Path) -> None:
    service = TournamentService(open_store(db), engines=fake_engines)
    for tournament in ("open", "rapid"):
        service.create(CREATE.__class__(tournament_id=tournament, name=tournament, rounds=3))
        for name in "ABCDE":
            service.execute(tournament, RegisterPlayer(surname=name, rating=2000))
        service.pair_round(tournament)
    service.store.close()


def _log(db: str | Path) -> list[tuple[object, ...]]:
    store = open_store(db)
    rows = store.read_rows(limit=10_000)
    states = [fold(r.event for r in store.read_stream(sid)) for sid in store.stream_ids()]
    store.close()
    # Everything but the JSON text, which PostgreSQL's jsonb normalises (key order, spaces).
    return [
        (r.global_position, r.event_id, r.stream_id, r.stream_version, r.event_type,
         r.schema_version, r.recorded_at)
        for r in rows
    ] + states  # type: ignore[operator]  # fmt: skip


@pytest.mark.slow
def test_round_trip_through_postgres_keeps_ids_positions_and_state(
    tmp_path: Path, postgres_url: str
) -> None:
    first, back = tmp_path / "first.db", tmp_path / "back.db"
    _tournaments(first)
    assert "copied 14 events of 2 streams" in _run("db", "copy", str(first), postgres_url)
    _run("db", "copy", postgres_url, str(back))
    assert _log(postgres_url) == _log(first) == _log(back)
    # The copy goes on where the original stopped.
    service = TournamentService(open_store(back), engines=fake_engines)
    appended = service.execute("open", RegisterPlayer(surname="F"))
    assert appended.append.first_position == 15
    service.store.close()


def test_copy_into_a_store_with_events_is_refused(tmp_path: Path) -> None:
    _tournaments(tmp_path / "a.db")
    _tournaments(tmp_path / "b.db")
    result = CliRunner().invoke(
        main, ["db", "copy", str(tmp_path / "a.db"), str(tmp_path / "b.db")]
    )
    assert result.exit_code != 0 and "already holds events" in result.output
    assert len(SqliteEventStore(tmp_path / "b.db").read_all(limit=100)) == 14


def test_migrate_both_backends(tmp_path: Path, postgres_url: str) -> None:
    for db in (str(tmp_path / "new.db"), postgres_url):
        assert "schema up to date" in _run("--db", db, "db", "migrate")
