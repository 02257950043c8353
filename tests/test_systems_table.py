"""A new pairing system is one row of :data:`engine.systems.SYSTEMS` (issue 26): a fake row
reaches TRF detection and import, the export and generator titles, the CLI's choices, the
OpenAPI enum and the create decision without another edit."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine import generate, systems
from engine.generator import GeneratorSettings
from events.projections import fold
from events.types import TournamentCreated
from tests.fake_system import MONRAD
from trf import export_document
from trf.checker import identify_system
from trf.generated import generated_document
from trf.mapping import import_events
from trf.reader import read_trf

ROOT = Path(__file__).resolve().parents[1]
PLAYER = "001    1      Test0001 Player0001               2778                             0.0    1"


@pytest.fixture
def monrad(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(systems, "SYSTEMS", (*systems.SYSTEMS, MONRAD))


def header(line: str) -> tuple[str | None, str | None]:
    return identify_system(read_trf(f"012 Open\n{line}\n")[0])


@pytest.mark.usefixtures("monrad")
def test_a_new_row_is_detected_on_trf_header_lines_and_imported() -> None:
    assert header("092 Individual: Swiss-System (Monrad), rules fide-2030") == (
        "monrad",
        "fide-2030",
    )
    assert header("092 MONRAD_2030") == ("monrad", "fide-2030")
    assert header("192 Monrad lite") == ("monrad-lite", None)
    doc = read_trf(f"012 Open\n092 Individual: Swiss-System (Monrad)\nXXR 5\n{PLAYER}\n")[0]
    created = import_events(doc, tournament_id="t")[0][0]
    assert isinstance(created, TournamentCreated) and created.system == "monrad"


@pytest.mark.usefixtures("monrad")
def test_a_new_row_gives_the_titles_of_exports_and_generated_files() -> None:
    state = fold([TournamentCreated(tournament_id="t", name="Open", rounds=5, system="monrad")])
    assert export_document(state).header("092") == "Individual: Swiss-System (Monrad)"
    settings = GeneratorSettings(players=6, rounds=2, system="monrad", rules_edition="fide-2030")
    doc = generated_document(generate(settings, seed=1))
    assert doc.header("092") == "Individual: Swiss-System (Monrad), rules fide-2030"


_OUTSIDE = """
import json, sys
from engine import systems
from tests.fake_system import MONRAD
systems.SYSTEMS = (*systems.SYSTEMS, MONRAD)  # as an edit of the table would, before any import

from click.testing import CliRunner
from server.cli import main
from server.http.openapi import build_openapi

helps = {
    name: CliRunner().invoke(main, [*name.split(), "--help"], terminal_width=200).output
    for name in ("pair", "create-tournament", "generate", "check")
}
schema = build_openapi()["components"]["schemas"]["CreateTournament"]

import msgspec
from events.decisions import CreateTournament, decide
from events.errors import InvalidCommand
from events.projections import EMPTY

def create(system, edition):
    body = {"tournament_id": "t", "name": "Open", "rounds": 5, "system": system, "rules_edition": edition}
    try:
        return type(decide(EMPTY, msgspec.json.decode(json.dumps(body), type=CreateTournament))[0]).__name__
    except InvalidCommand as error:
        return [error.field, str(error)]

json.dump({
    "help": helps,
    "rules_edition": schema["properties"]["rules_edition"],
    "created": [create("monrad", "fide-2030"), create("dutch", "fide-2030")],
}, sys.stdout)
"""


def test_a_new_row_reaches_the_cli_choices_the_openapi_enum_and_the_create_decision() -> None:
    # The CLI's options and the command types (decoding, OpenAPI) are built at import: the
    # row goes in first, in a process of its own.
    result = subprocess.run(
        [sys.executable, "-c", _OUTSIDE], cwd=ROOT, capture_output=True, text=True, check=True
    )
    seen = json.loads(result.stdout)
    pair_help = seen["help"]["pair"]
    assert "--monrad " in pair_help and "Pair by the Monrad system." in pair_help
    assert "--monrad-lite" in pair_help and "[1997|2012|2017|2026|2030]" in pair_help
    assert (
        "[fide-2026|fide-2017|fide-2012|fide-1997|fide-2030]" in seen["help"]["create-tournament"]
    )
    assert "monrad" in seen["help"]["generate"] and "monrad-lite" in seen["help"]["check"]
    enum = seen["rules_edition"]["enum"]
    assert sorted(enum) == ["fide-1997", "fide-2012", "fide-2017", "fide-2026", "fide-2030"]
    assert "`fide-2030` (monrad)" in seen["rules_edition"]["description"]
    refused = (
        "the dutch system has no fide-2030 edition; its editions: fide-2026, fide-2017, fide-2012"
    )
    assert seen["created"] == ["TournamentCreated", ["rules_edition", refused]]
