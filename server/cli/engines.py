"""``arbiter pair``: the JaVaFo / bbpPairings command line, so that other programs can call
Arbiter exactly as they call those engines.

``arbiter pair --dutch INPUT.trf -p [OUTPUT]`` pairs the round the file asks for and writes
the number of pairs, then ``white black`` per board and the PAB as ``N 0`` (to stdout when
OUTPUT is omitted). ``-c`` re-pairs every round of a complete file and lists the rounds whose
recorded pairing differs. Exit codes are bbpPairings' (0 ok, 1 no valid pairing, 3 invalid
input, 5 file access), the ones every ``arbiter`` command exits with: each error class
carries its own, and the group reads it. Each registered pairing system gets its own flag
(``--dutch``, ...).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import click

from engine import pair, system_names, systems
from server.service.explanation import explanation_lines
from server.service.trf_pairing import read_document, read_round, render_pairing
from trf import TrfDocument
from trf.checker import check_document, deciding_facts, edition_name, identify_system

__all__ = ["COMMANDS", "pair_command"]


def _system_flags(function: click.Command) -> click.Command:
    for name in reversed(system_names()):
        function = click.option(
            f"--{name}",
            "system",
            flag_value=name,
            help=f"Pair by the {systems.title(name)} system.",
        )(function)
    return function


@click.command("pair")
@click.argument("input_file", metavar="INPUT.trf", type=click.Path(path_type=Path), required=False)
@click.option(
    "-p",
    "output",
    is_flag=False,
    flag_value="-",
    default=None,
    metavar="[OUTPUT]",
    help="Pair the file's next round; write the pairing to OUTPUT (stdout if omitted).",
)
@click.option("-c", "check", is_flag=True, help="Re-pair every round and list those that differ.")
@click.option(
    "--explain",
    is_flag=True,
    help="Also print why each bracket was paired as it was (with -c: why a differing round "
    "differs; with --batch: into NAME.explanation.txt).",
)
@click.option("--maxi", is_flag=True, help="Maxi-tournament: 100-point rating limits (with --lim).")
@click.option(
    "--rules",
    "rules",
    type=click.Choice(sorted(edition.removeprefix("fide-") for edition in systems.edition_names())),
    default=None,
    help="FIDE rules edition by its year (default: 2026; with -c, the edition the file's "
    "092/192 line names); the system must have it.",
)
@click.option(
    "--batch",
    metavar="DIR|-",
    default=None,
    help="Pair the next round of every *.trf in DIR (or of each file named on a line of "
    "stdin, with -) in this one process, writing NAME.pairing.txt beside each.",
)
@click.option(
    "--out-dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="With --batch: write the pairings into this folder instead.",
)
def _pair(
    input_file: Path | None,
    output: str | None,
    check: bool,
    explain: bool,
    maxi: bool,
    rules: str | None,
    batch: str | None,
    out_dir: Path | None,
    system: str | None,
) -> int:
    """Pair a TRF file like bbpPairings / JaVaFo do, or a batch of files in one process.

    With --batch, a file that cannot be paired is named on stderr with its error and the
    others are still paired; the last line says how many were, and the exit code is the
    first failure's (0 when every file was paired).

    Example:

        arbiter pair --dutch round5.trf -p pairing.txt
        arbiter pair --dutch --batch rounds/ --out-dir pairings/
    """
    chosen = system or systems.DEFAULT_SYSTEM
    if batch is not None:
        if input_file is not None or output is not None or check:
            raise click.UsageError("--batch pairs the files it finds: give no INPUT.trf, -p or -c")
        return _pair_batch(_batch_files(batch), out_dir, chosen, rules, maxi, explain)
    if input_file is None:
        raise click.UsageError("missing INPUT.trf (or --batch DIR)")
    document = _read(input_file)
    if check:
        click.echo(_check(document, chosen, rules, explain), nl=False)
    elif output is not None or explain:
        file_round = read_round(document, system=chosen, rules=rules, maxi=maxi, explain=explain)
        pairing = pair(file_round.request, file_round.system)
        _write(render_pairing(pairing), output or "-")
        if explain:
            click.echo("\n".join(explanation_lines(pairing)), err=output in (None, "-"))
    else:
        raise click.UsageError("say what to do: -p [OUTPUT] to pair, -c to check")
    return 0


pair_command = _system_flags(_pair)
COMMANDS = (pair_command,)


def _read(path: Path) -> TrfDocument:
    """:raises OSError: (file access) naming the file; :raises TrfError: its errors."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise OSError(f"cannot read {path}: {error.strerror or error}") from error
    return read_document(data)


def _write(text: str, output: str) -> None:
    if output == "-":
        click.echo(text, nl=False)
        return
    try:
        Path(output).write_text(text)
    except OSError as error:
        raise OSError(f"cannot write {output}: {error.strerror or error}") from error


def _check(document: TrfDocument, system: str, rules: str | None, explain: bool) -> str:
    """One line per round: whether the recorded pairing is the one the rules give, under
    ``rules``, else the edition the file names for ``system`` (as ``arbiter check`` reads
    it), else the newest."""
    report = check_document(document, system, _edition(document, system, rules), explain=explain)
    lines = []
    for round_check in report.rounds:
        lines.append(round_check.line())
        if explain and not round_check.ok:
            lines += [f"  {fact}" for fact in deciding_facts(round_check)]
    return "\n".join(lines) + "\n"


def _edition(document: TrfDocument, system: str, rules: str | None) -> str | None:
    """The edition to check by: ``rules``, else the file's own when its ``092``/``192``
    line names this system (or none), since its rounds were paired by it; None: the newest.

    >>> from trf.reader import read_trf
    >>> doc = read_trf("092 FIDE_DUTCH")[0]  # bbpPairings v5's code: the 2017 rules
    >>> _edition(doc, "dutch", None), _edition(doc, "dutch", "2026"), _edition(doc, "lim", None)
    ('fide-2017', 'fide-2026', None)
    """
    if rules is not None:
        return edition_name(rules)
    named_system, named_edition = identify_system(document)
    return named_edition if named_system in (None, system) else None


def _batch_files(batch: str) -> Iterator[Path]:
    """The files ``--batch`` names: a folder's ``*.trf`` in name order, or stdin's lines."""
    if batch == "-":
        return (Path(line.strip()) for line in sys.stdin if line.strip())
    folder = Path(batch)
    if not folder.is_dir():
        raise click.BadParameter(f"{batch} is not a folder", param_hint="--batch")
    return iter(sorted(folder.glob("*.trf")))


def _pair_batch(
    files: Iterator[Path],
    out_dir: Path | None,
    system: str,
    rules: str | None,
    maxi: bool,
    explain: bool,
) -> int:
    """Pair each file; an error is reported and the next file paired. The exit code is the
    first failure's."""
    from server.cli import describe, exit_code

    if out_dir is not None:
        out_dir.mkdir(parents=True, exist_ok=True)
    paired = failed = first_failure = 0
    for path in files:
        target = (out_dir or path.parent) / path.with_suffix("").name
        try:
            file_round = read_round(
                _read(path), system=system, rules=rules, maxi=maxi, explain=explain
            )
            pairing = pair(file_round.request, file_round.system)
            _write(render_pairing(pairing), f"{target}.pairing.txt")
            if explain:
                _write("\n".join(explanation_lines(pairing)) + "\n", f"{target}.explanation.txt")
        except Exception as error:  # noqa: BLE001 -- reported per file, the batch goes on
            click.echo(f"{path}: {describe(error)}", err=True)
            failed += 1
            first_failure = first_failure or exit_code(error)
        else:
            paired += 1
    click.echo(f"paired {paired} of {paired + failed} files")
    return first_failure
