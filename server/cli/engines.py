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

from dataclasses import replace
from pathlib import Path

import click

from engine import Pairing, PairingRequest, pair, system_names
from server.service.explanation import explanation_lines
from trf import TrfDocument, TrfError, check_trf
from trf.checker import check_document, deciding_facts, edition_name
from trf.engine_request import next_round_request

__all__ = ["COMMANDS", "pair_command", "render_pairing"]


def render_pairing(pairing: Pairing) -> str:
    """The engines' output format: pairs count, ``white black`` lines, the PAB as ``N 0``.

    >>> from engine.model import Board, PairingNumber as N
    >>> print(render_pairing(Pairing((Board(N(1), N(3)),), bye=N(2))), end="")
    2
    1 3
    2 0
    """
    lines = [f"{board.white} {board.black}" for board in pairing.boards]
    if pairing.bye is not None:
        lines.append(f"{pairing.bye} 0")
    return "\n".join([str(len(lines)), *lines]) + "\n"


def _system_flags(function: click.Command) -> click.Command:
    for name in reversed(system_names()):
        function = click.option(
            f"--{name}", "system", flag_value=name, help=f"Pair by the {name.title()} system."
        )(function)
    return function


@click.command("pair")
@click.argument("input_file", metavar="INPUT.trf", type=click.Path(path_type=Path))
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
    help="Also print why each bracket was paired as it was (with -c: why a differing round differs).",
)
@click.option("--maxi", is_flag=True, help="Maxi-tournament: 100-point rating limits (with --lim).")
@click.option(
    "--rules",
    "rules",
    type=click.Choice(["2012", "2017", "2026"]),
    default=None,
    help="FIDE rules edition: 2026 (default), 2017 (in force until 31 Jan 2026) or 2012 "
    "(Dutch only: the text in force until 1 July 2017).",
)
def _pair(
    input_file: Path,
    output: str | None,
    check: bool,
    explain: bool,
    maxi: bool,
    rules: str | None,
    system: str | None,
) -> None:
    """Pair a TRF file like bbpPairings / JaVaFo do.

    Example:

        arbiter pair --dutch round5.trf -p pairing.txt
    """
    chosen = _maxi_variant(system or "dutch") if maxi else system or "dutch"
    document = _read(input_file)
    if check:
        click.echo(_check(document, chosen, rules, explain), nl=False)
    elif output is not None or explain:
        pairing = pair(_with_rules(next_round_request(document), rules), chosen)
        _write(render_pairing(pairing), output or "-")
        if explain:
            click.echo("\n".join(explanation_lines(pairing)), err=output in (None, "-"))
    else:
        raise click.UsageError("say what to do: -p [OUTPUT] to pair, -c to check")


pair_command = _system_flags(_pair)
COMMANDS = (pair_command,)


def _maxi_variant(system: str) -> str:
    """The system's maxi-tournament variant (``lim`` -> ``lim-maxi``)."""
    variant = system if system.endswith("-maxi") else f"{system}-maxi"
    if variant not in system_names():
        raise click.UsageError(f"--maxi applies to the Lim system only, not to {system}")
    return variant


def _read(path: Path) -> TrfDocument:
    """:raises OSError: (file access) naming the file; :raises TrfError: its errors."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise OSError(f"cannot read {path}: {error.strerror or error}") from error
    document, problems = check_trf(data)
    errors = [problem for problem in problems if problem.severity == "error"]
    if errors:
        raise TrfError(errors)
    return document


def _with_rules(request: PairingRequest, rules: str | None) -> PairingRequest:
    """The request under the edition ``--rules`` names (unchanged without the option)."""
    return request if rules is None else replace(request, rules_edition=f"fide-{rules}")


def _write(text: str, output: str) -> None:
    if output == "-":
        click.echo(text, nl=False)
        return
    try:
        Path(output).write_text(text)
    except OSError as error:
        raise OSError(f"cannot write {output}: {error.strerror or error}") from error


def _check(document: TrfDocument, system: str, rules: str | None, explain: bool) -> str:
    """One line per round: whether the recorded pairing is the one the rules give."""
    report = check_document(document, system, None if rules is None else edition_name(rules))
    lines = []
    for round_check in report.rounds:
        lines.append(round_check.line())
        if explain and not round_check.ok:
            lines += [f"  {fact}" for fact in deciding_facts(round_check)]
    return "\n".join(lines) + "\n"
