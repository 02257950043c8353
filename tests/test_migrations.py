"""The one migration runner (issue 26): one numbering for both folders, each step once."""

from __future__ import annotations

import sqlite3

import pytest
import sqlite_utils

from migrations import STEPS, Step, migrate


def test_both_folders_have_one_numbering() -> None:
    """A step added for one database is added for the other under the same name."""
    names = [step.name for step in STEPS["sqlite"]]
    assert names == [step.name for step in STEPS["postgres"]]
    assert [int(name[:4]) for name in names] == list(range(1, len(names) + 1))


def test_sqlite_steps_apply_once_and_report_what_they_applied() -> None:
    db = sqlite_utils.Database(sqlite3.connect(":memory:", isolation_level=None))
    assert migrate(db) == [step.name for step in STEPS["sqlite"]]
    assert migrate(db) == []
    assert {"events", "streams", "snapshots", "player_directory"} <= set(db.table_names())


def test_a_script_splits_into_whole_statements() -> None:
    step = Step(
        "0099_trigger",
        "-- a comment\nCREATE TABLE t (x);\n\nCREATE TRIGGER t_fixed BEFORE UPDATE ON t\n"
        "BEGIN\n    SELECT RAISE(ABORT, 'no; never');\nEND;\n",
    )
    assert [s.split()[:2] for s in step.statements()] == [
        ["CREATE", "TABLE"],
        ["CREATE", "TRIGGER"],
    ]
    with pytest.raises(ValueError, match="0099_cut: incomplete SQL statement"):
        Step("0099_cut", "CREATE TABLE t (x)").statements()
