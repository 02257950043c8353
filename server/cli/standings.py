"""Standings with FIDE tie-breaks on the command line, for stored tournaments and TRF files.

``arbiter standings --trf FILE --rules 2026 --tiebreaks "BH/C1 BH SB"`` ranks someone
else's event straight from its report file; ``arbiter crosstable`` prints every round too.
The tie-break list and edition may also come from the file's ``212``/``202`` line or from
the stored tournament's declaration; an edition is never guessed.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from events.tiebreaks import Edition, Standings, TiebreakError, rank
from server.cli.support import CliContext, as_of_options, language_option, pass_service
from server.printouts import Language
from server.printouts.ranking import render_standings, tournament_printout
from trf import read_trf_file
from trf.tiebreak_input import crosstable_from_trf

__all__ = ["COMMANDS", "crosstable", "show_standings"]

_TIEBREAK_OPTIONS = (
    click.option("--trf", "trf_file", type=click.Path(exists=True, dir_okay=False, path_type=Path),
                 help="Rank the tournament of this TRF file instead of a stored one."),
    click.option("--rules", type=click.Choice([e.value for e in Edition]),
                 help="C.07 edition of the tie-break rules (never guessed)."),
    click.option("--tiebreaks", help='Tie-break list, e.g. "PTS BH/C1 BH SB DE" '
                 "(default: the file's 212/202 line or the tournament's declaration)."),
    click.option("--unrated", "unrated_rating", type=click.IntRange(0, 4000),
                 help="Rating unrated players count with in ARO, TPR, PTP, APRO, APPO, RTNG."),
)  # fmt: skip


def _with_options(command: Callable[..., Any], *options: Callable[..., Any]) -> Callable[..., Any]:
    for option in reversed(options):
        command = option(command)
    return command


def _tiebreak_options(command: Callable[..., Any]) -> Callable[..., Any]:
    return _with_options(command, *_TIEBREAK_OPTIONS)


def _standings_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """``--trf``, ``--rules``, ``--tiebreaks``, ``--unrated`` and ``--format text|csv|json``."""
    output = click.option("--format", "output_format", type=click.Choice(["text", "csv", "json", "html"]),
                          default="text", show_default=True, help="Output format.")  # fmt: skip
    return _with_options(command, *_TIEBREAK_OPTIONS, output)


def _rank_file(
    trf_file: Path, round_no: int | None, rules: str | None, tiebreaks: str | None,
    unrated_rating: int | None,
) -> Standings:  # fmt: skip
    document, problems = read_trf_file(trf_file)
    for problem in problems:
        if problem.severity == "error":
            click.echo(f"{trf_file.name}: {problem}", err=True)
    declared = document.tiebreak_list
    sequence = tiebreaks or (declared.value if declared else None)
    if not sequence:
        raise TiebreakError("no tie-break list: give --tiebreaks (the file has no 212/202 line)")
    if rules is None:
        raise TiebreakError("give --rules 2024 or --rules 2026: the C.07 edition is never guessed")
    table = crosstable_from_trf(document, round_no)
    return rank(table, sequence, Edition(rules), unrated_rating=unrated_rating)


def _trf_standings(
    *,
    trf_file: Path,
    round_no: int | None,
    rules: str | None,
    tiebreaks: str | None,
    unrated_rating: int | None,
    output_format: str,
    full: bool = False,
) -> str:
    """Standings (or with ``full`` the crosstable) of a TRF file, rendered.

    :raises TiebreakError: without a list or an edition, or for a file that cannot be ranked.
    """  # fmt: skip
    standings = _rank_file(trf_file, round_no, rules, tiebreaks, unrated_rating)
    return render_standings(standings, output_format, full=full)


@click.command("standings")
@click.argument("tournament", required=False)
@as_of_options
@_standings_options
@language_option
@pass_service
def show_standings(
    ctx: CliContext,
    /,
    tournament: str | None,
    round_no: int | None,
    to_version: int | None,
    trf_file: Path | None,
    language: Language,
    **tiebreak_options: Any,
) -> None:
    """Show the standings: score, then the tie-breaks (FIDE C.07) declared or given.

    With --trf, rank the tournament of a TRF file (someone else's event) instead.

    Example:

        arbiter standings spring-open --round 5

        arbiter standings --trf open.trf --rules 2026 --tiebreaks "BH/C1 BH SB" --format json
    """
    if trf_file is not None:
        click.echo(_trf_standings(trf_file=trf_file, round_no=round_no, **tiebreak_options))
        return
    if tournament is None:
        raise click.UsageError("give a TOURNAMENT or --trf FILE")
    state = ctx.service(read_only=True).load(
        tournament, to_version=to_version, after_round=round_no
    )
    click.echo(tournament_printout(state, language=language, **tiebreak_options))


@click.command("crosstable")
@click.argument("tournament", required=False)
@click.option(
    "--round", "round_no", type=click.IntRange(min=1), help="As of the end of this round."
)
@_tiebreak_options
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "csv", "html"]),
    default="text",
    show_default=True,
    help="Output format (html: one page that prints on A4).",
)
@language_option
@pass_service
def crosstable(
    ctx: CliContext,
    /,
    tournament: str | None,
    round_no: int | None,
    trf_file: Path | None,
    output_format: str,
    language: Language,
    **options: Any,
) -> None:
    """Print the crosstable: every round's opponent, colour and result, then the tie-breaks.

    Each round shows the opponent's start rank, w/b and 1, = or 0 (forfeits + and -);
    byes show as PAB, FPB, HPB or ZPB. A stored round-robin prints its all-play-all table:
    a row per pairing number, a column per opponent with the results against him.

    Example:

        arbiter crosstable --trf open.trf --rules 2026 --tiebreaks "BH/C1 BH SB"

        arbiter crosstable spring-open --format html --lang es > crosstable.html
    """  # fmt: skip
    if trf_file is not None:
        click.echo(_trf_standings(trf_file=trf_file, round_no=round_no, output_format=output_format,
                                 full=True, **options))  # fmt: skip
        return
    if tournament is None:
        raise click.UsageError("give a TOURNAMENT or --trf FILE")
    state = ctx.service(read_only=True).load(tournament, after_round=round_no)
    click.echo(tournament_printout(state, output_format, full=True, language=language, **options))


COMMANDS = (show_standings, crosstable)
