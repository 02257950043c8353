"""The player directory: a FIDE list in a table (issue 18 item 6), loaded whole or not at all,
in SQLite and in PostgreSQL (a throwaway cluster, tests/postgres.py) alike."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from events.directory import DirectoryPlayer, PlayerDirectory, open_directory
from events.errors import StoreError
from tests.corpus import shared_path
from trf.rating_list import open_rating_list


def sample_players() -> list[DirectoryPlayer]:
    return list(open_rating_list(shared_path("fixtures", "rating-list", "players_list_foa.txt")))


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.slow)])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where the events are: a SQLite file, or a fresh PostgreSQL database."""
    if request.param == "postgres":
        url: str = request.getfixturevalue("postgres_url")
        return url
    return str(tmp_path / "arbiter.db")


@pytest.fixture
def directory(database: str) -> Iterator[PlayerDirectory]:
    found = open_directory(database)
    yield found
    found.close()


def test_load_then_look_up_and_search(directory: PlayerDirectory) -> None:
    players = sample_players()
    assert directory.load(players, month="2026-09", source="players_list_foa.txt") == 60
    loaded = directory.loaded_list()
    assert loaded is not None and (loaded.month, loaded.players) == ("2026-09", 60)
    assert directory.get(900111) == players[3]
    # The sample has three players named "Núñez, Luis" (lines 5, 25, 45 of the TXT).
    found = directory.search("NUNEZ, L")
    assert [p.fide_id for p in found] == [900111, 900851, 901591]
    assert directory.search("núñez luis") == found
    assert [p.name for p in directory.search("900111")] == ["Núñez, Luis"]
    assert directory.search("nobody") == [] and directory.search("  ") == []
    assert len(directory.search("a", limit=2)) <= 2


def test_a_load_replaces_the_list(directory: PlayerDirectory) -> None:
    directory.load(sample_players(), month="2026-09", source="one")
    later = shared_path("fixtures", "rating-list", "players_list_xml_foa.later.xml")
    assert directory.load(open_rating_list(later), month="2026-10", source="two") == 61
    entry = directory.get(900000)
    assert entry is not None and entry.standard == 2737  # 2725 in the September list
    loaded = directory.loaded_list()
    assert loaded is not None and loaded.month == "2026-10"


def test_a_failed_load_keeps_the_previous_list(directory: PlayerDirectory) -> None:
    directory.load(sample_players(), month="2026-09", source="one")

    def broken() -> Iterator[DirectoryPlayer]:
        yield DirectoryPlayer(fide_id=1, name="First, One")
        raise ValueError("line 3: bad")

    with pytest.raises(ValueError, match="line 3"):
        directory.load(broken(), month="2026-10", source="two")
    assert directory.get(1) is None and directory.get(900111) is not None
    loaded = directory.loaded_list()
    assert loaded is not None and loaded.month == "2026-09"


def test_every_connection_sees_the_one_list(database: str) -> None:
    """What several server processes need: a list loaded through one connection is the list
    every other one searches, and a load through one replaces it for all."""
    loader, reader = open_directory(database), open_directory(database)
    assert reader.loaded_list() is None and reader.search("nunez") == []
    loader.load(sample_players(), month="2026-09", source="players_list_foa.txt")
    assert [p.fide_id for p in reader.search("nunez, l")] == [900111, 900851, 901591]
    later = shared_path("fixtures", "rating-list", "players_list_xml_foa.later.xml")
    loader.load(open_rating_list(later), month="2026-10", source="later")
    entry = reader.get(900000)
    assert entry is not None and entry.standard == 2737
    assert [p.fide_id for p in reader.search("núñez")] == [900111, 900851, 901591]
    loader.close()
    reader.close()


def test_a_list_with_one_id_twice_is_refused_whole(directory: PlayerDirectory) -> None:
    directory.load(sample_players(), month="2026-09", source="one")
    twice = [*sample_players(), DirectoryPlayer(fide_id=900111, name="Again, Someone")]
    with pytest.raises(StoreError, match="cannot load the players list"):
        directory.load(twice, month="2026-10", source="two")
    assert [p.name for p in directory.search("900111")] == ["Núñez, Luis"]
    loaded = directory.loaded_list()
    assert loaded is not None and loaded.month == "2026-09"


def test_every_driver_error_arrives_as_a_store_error(
    database: str, directory: PlayerDirectory
) -> None:
    """Lookups as well as loads (issue 26): the driver's error is the cause."""
    directory.load(sample_players(), month="2026-09", source="one")
    if database.startswith("postgresql://"):
        import psycopg

        driver_error: type[Exception] = psycopg.Error
        with psycopg.connect(database, autocommit=True) as conn:
            conn.execute("ALTER TABLE player_directory RENAME TO gone")
            conn.execute("ALTER TABLE player_directory_list RENAME TO list_gone")
    else:
        driver_error = sqlite3.Error
        with contextlib.closing(sqlite3.connect(database, isolation_level=None)) as conn:
            conn.execute("ALTER TABLE player_directory RENAME TO gone")
            conn.execute("ALTER TABLE player_directory_list RENAME TO list_gone")
    lookups: list[Callable[[], object]] = [
        lambda: directory.get(900111),
        lambda: directory.search("nunez"),
        directory.loaded_list,
    ]
    for lookup in lookups:
        with pytest.raises(StoreError) as caught:
            lookup()
        assert isinstance(caught.value.__cause__, driver_error)
