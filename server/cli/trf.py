"""TRF on the command line: ``arbiter trf check``, ``arbiter import`` and ``arbiter export``.

A file that is not acceptable is reported one problem per line on stderr ("FILE:LINE:COLUMN:
severity: message", the format editors jump to) and exits with 3, invalid input; an import
that is refused writes nothing.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import NoReturn

import click

from events.projections import TournamentState
from events.tiebreaks import Edition
from server.cli.support import CliContext, pass_service
from server.service import read_import
from trf import TrfDocument, TrfError, export_document, gate_trf, write_trf
from trf.export import Profile, export_warnings
from trf.model import TrfProblem

__all__ = ["COMMANDS", "export_command", "import_command", "trf_group"]

INVALID_INPUT = 3


def _report(path: Path, problems: list[TrfProblem] | tuple[TrfProblem, ...]) -> None:
    for problem in problems:
        click.echo(
            f"{path}:{problem.line}:{problem.column}: {problem.severity}: {problem.message}",
            err=True,
        )


def _refuse(path: Path, problems: list[TrfProblem] | tuple[TrfProblem, ...]) -> NoReturn:
    _report(path, problems)
    errors = sum(1 for p in problems if p.severity == "error")
    click.echo(f"{path}: {errors} error(s); nothing written", err=True)
    raise click.exceptions.Exit(INVALID_INPUT)


@click.group("trf")
def trf_group() -> None:
    """Tournament report files (TRF16, TRF-2026, JaVaFo/bbpPairings extensions)."""


@trf_group.command("check")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--strict", is_flag=True, help="Fail on warnings too.")
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="json: one object on stdout (ok, counts, problems) for scripts.",
)
def check_command(file: Path, strict: bool, output_format: str) -> None:
    """Report every problem of a TRF file; exit 3 if import or pair would refuse it.

    Checks what the lines say, what they say about each other, and what ``arbiter
    import`` and ``arbiter pair`` refuse, with the same messages. ``--strict`` also fails
    on warnings.

    Example:

        arbiter trf check open-2026.trf --strict --format json
    """
    doc, problems = gate_trf(file.read_bytes())
    errors = sum(1 for p in problems if p.severity == "error")
    failed = errors > 0 or (strict and len(problems) > 0)
    if output_format == "json":
        click.echo(json.dumps(_check_summary(file, doc, problems, ok=not failed)))
    else:
        _report(file, problems)
        click.echo(
            f"{file}: {len(doc.players)} players, {doc.rounds_in_file} rounds; "
            f"{errors} error(s), {len(problems) - errors} warning(s)"
            + ("; refused" if failed else "")
        )
    if failed:
        raise click.exceptions.Exit(INVALID_INPUT)


def _check_summary(
    file: Path, doc: TrfDocument, problems: list[TrfProblem], *, ok: bool
) -> dict[str, object]:
    errors = sum(1 for p in problems if p.severity == "error")
    return {
        "file": str(file),
        "ok": ok,
        "players": len(doc.players),
        "rounds": doc.rounds_in_file,
        "errors": errors,
        "warnings": len(problems) - errors,
        "problems": [
            {"line": p.line, "column": p.column, "severity": p.severity, "message": p.message}
            for p in problems
        ],
    }


def _default_id(path: Path) -> str:
    """A tournament id from the file name (ids allow letters, digits, ``.``, ``_``, ``-``)."""
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", path.stem).strip("-._")[:64] or "imported"


@click.command("import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--id", "tournament_id", help="Tournament id (default: from the file name).")
@click.option(
    "--tiebreak-rules",
    type=click.Choice([e.value for e in Edition]),
    help="Take the file's tie-break list (212, else 202) under this C.07 edition, "
    "whatever the file says; by default the edition its '### C.07' line states.",
)
@pass_service
def import_command(
    ctx: CliContext, file: Path, tournament_id: str | None, tiebreak_rules: str | None
) -> None:
    """Import a TRF file as a new tournament, with its whole history.

    The file must be consistent (see ``arbiter trf check``); otherwise the problems are
    listed and nothing is written. The file's tie-breaks are taken under the C.07 edition
    it states (Arbiter's TRF-2026 export writes it in a ``### C.07`` comment), or the one
    ``--tiebreak-rules`` names; without either they are reported and not taken. Warnings
    are printed on stderr.

    Example:

        arbiter import open-2026.trf --id open-2026 --tiebreak-rules 2026
    """
    tournament_id = tournament_id or _default_id(file)
    edition = Edition(tiebreak_rules) if tiebreak_rules else None
    try:
        prepared = read_import(
            file.read_bytes(), tournament_id=tournament_id, tiebreak_rules=edition
        )
    except TrfError as error:
        _refuse(file, error.problems)
    result = ctx.service().import_trf(prepared, metadata={"source": "trf", "file": file.name})
    _report(file, prepared.warnings)
    state = result.state
    settings = state.require_settings()
    declared = (
        f"; tie-breaks {settings.tiebreaks} (C.07 {settings.tiebreak_rules})"
        if settings.tiebreaks
        else ""
    )
    click.echo(
        f"imported {tournament_id}: {len(state.players)} players, "
        f"{state.rounds_paired} rounds paired ({len(prepared.command.events)} events){declared}"
    )


@click.command("export")
@click.argument("tournament")
@click.option(
    "--round",
    "round_no",
    type=click.IntRange(min=0),
    help="As of the end of this round (default: now).",
)
@click.option(
    "--format",
    "profile",
    type=click.Choice(["trf16", "trf26"]),
    default="trf16",
    show_default=True,
    help="TRF16 (+ XXR/XXC) or TRF-2026 tags as well.",
)
@click.option(
    "--output",
    "-o",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write here instead of stdout.",
)
@pass_service
def export_command(
    ctx: CliContext, tournament: str, round_no: int | None, profile: Profile, output: Path | None
) -> None:
    """Write a tournament as a TRF file, as of a round.

    Example:

        arbiter export open-2026 --round 5 --format trf26 -o open-after-r5.trf
    """
    state: TournamentState = ctx.service(read_only=True).load(tournament, after_round=round_no)
    text = write_trf(export_document(state, profile=profile))
    if output is None:
        click.echo(text, nl=False)
    else:
        output.write_bytes(text.encode("utf-8"))
        click.echo(f"wrote {output}")
    for warning in export_warnings(state, profile=profile):
        click.echo(f"warning: {warning}", err=True)


COMMANDS = (trf_group, import_command, export_command)
