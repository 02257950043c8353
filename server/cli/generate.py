"""``arbiter generate`` and ``arbiter check``: FIDE's two endorsement tools (C.02).

``generate`` writes a random, complete tournament paired round by round by Arbiter's own
engine (:mod:`engine.generator`), as a TRF file other programs read; ``check`` re-pairs every
round of a finished file and says which rounds differ (:mod:`trf.checker`).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import fields
from fractions import Fraction
from pathlib import Path
from typing import Any

import click

from engine import InvalidRequest, generate, system_names, systems
from engine.generator import GeneratorSettings
from engine.model import Colour, PointSystem
from engine.round_robin import rounds_for
from trf import TrfError, check_trf, write_trf
from trf.checker import check_document, deciding_facts, edition_name, identify_system
from trf.generated import generated_document

__all__ = ["COMMANDS", "check_command", "generate_command", "read_config"]

EXIT_DIFFERS = 1


def _one_in(value: str) -> float:
    n = float(value)
    if n <= 0:
        raise ValueError(f"a rate is one in N with N > 0, not {value}")
    return min(1.0, 1 / n)


_CONFIG_KEYS: dict[str, tuple[str, Callable[[str], Any]]] = {
    "PlayersNumber": ("players", int),
    "RoundsNumber": ("rounds", int),
    "DrawPercentage": ("draw_share", lambda v: float(v) / 100),
    "ForfeitRate": ("forfeit_rate", _one_in),
    "RetiredRate": ("zero_bye_rate", _one_in),
    "HalfPointByeRate": ("half_bye_rate", _one_in),
    "WithdrawalRate": ("withdraw_rate", _one_in),
    "LateEntryRate": ("late_entry_rate", _one_in),
    "LowestRating": ("lowest_rating", int),
    "HighestRating": ("highest_rating", int),
    "PointsForWin": ("win", Fraction),
    "PointsForDraw": ("draw", Fraction),
    "PointsForLoss": ("loss", Fraction),
    "PointsForZPB": ("zero_bye", Fraction),
    "PointsForForfeitLoss": ("forfeit_loss", Fraction),
    "PointsForPAB": ("pab", Fraction),
    "ForbiddenPairs": ("forbidden_pairs", int),
}
"""JaVaFo / bbpPairings generator keys (plus Arbiter's ``WithdrawalRate``, ``LateEntryRate``,
``ForbiddenPairs``) -> the setting each gives. Rates are "one in N"."""

_POINT_FIELDS = {f.name for f in fields(PointSystem)}


def read_config(text: str, warn: Callable[[str], None]) -> dict[str, Any]:
    """Settings from a JaVaFo / bbpPairings ``key=value`` generator file.

    Blank lines and ``#`` comments are skipped; a key Arbiter does not know is reported
    through ``warn`` and ignored (scripts written for other generators still run).

    :raises InvalidRequest: naming the line of a malformed line or value.

    >>> read_config("PlayersNumber=20\\nDrawPercentage=30\\nForfeitRate=50", print)
    {'players': 20, 'draw_share': 0.3, 'forfeit_rate': 0.02}
    """
    found: dict[str, Any] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, equals, value = (part.strip() for part in line.partition("="))
        if not equals:
            raise InvalidRequest(f"config line {number}: expected key=value, got {line!r}")
        if key not in _CONFIG_KEYS:
            warn(f"config line {number}: unknown key {key!r} ignored")
            continue
        name, convert = _CONFIG_KEYS[key]
        try:
            found[name] = convert(value)
        except (ValueError, ZeroDivisionError) as error:
            raise InvalidRequest(f"config line {number}: {key}={value!r}: {error}") from None
    return found


def _points(text: str) -> dict[str, Fraction]:
    """``W/D/L`` or ``W/D/L/PAB`` (e.g. ``3/1/0``): win, draw, loss and PAB points."""
    try:
        values = [Fraction(part) for part in text.split("/")]
    except ValueError:
        values = []
    if len(values) not in (3, 4):
        raise InvalidRequest(f"--points takes W/D/L or W/D/L/PAB, e.g. 3/1/0, not {text!r}")
    names = ("win", "draw", "loss", "pab")
    return dict(zip(names, values, strict=False))


def _point_system(values: dict[str, Any]) -> PointSystem:
    """The points a win, draw and loss give also value a forfeit win and a full-point bye
    (a win), a half-point bye (a draw) and, unless given, the PAB (a win): as TRF and
    bbpPairings read the bye letters."""
    win = values.get("win", Fraction(1))
    return PointSystem(
        win=win,
        draw=values.get("draw", Fraction(1, 2)),
        loss=values.get("loss", Fraction(0)),
        forfeit_win=win,
        forfeit_loss=values.get("forfeit_loss", Fraction(0)),
        pab=values.get("pab", win),
        full_bye=win,
        half_bye=values.get("draw", Fraction(1, 2)),
        zero_bye=values.get("zero_bye", Fraction(0)),
    )


_RESULTS_MODEL = """\b
Results model: ratings are uniform in the range, pairing numbers follow them. White's
expected score is E = 1 / (1 + 10^((Rb - Rw) / 400)); a game is drawn with
probability d = DRAW_SHARE * 2 * min(E, 1 - E), won by White with E - d/2 and by
Black with 1 - E - d/2. A game is forfeited with FORFEIT_RATE: by White, by Black
(9 in 20 each) or by both (1 in 20). Each player, with the given rate, asks for one
half-point bye (never in the last round), is absent one round (zero-point bye),
withdraws after a round before the last, or enters late (round 2 up to R/2, earlier
rounds zero-point byes). A round-robin (--system round-robin or double-round-robin)
plays every round of its Berger table (its rounds by default), pairing numbers drawn
by lot; a player who is not there (absent, asking for a bye, withdrawn, not yet entered)
keeps his board and loses it by forfeit, and the table's bye is a zero-point bye.
The same seed gives the same file on every machine."""


@click.command("generate", epilog=_RESULTS_MODEL)
@click.option(
    "--system",
    type=click.Choice(list(system_names())),
    default=systems.DEFAULT_SYSTEM,
    show_default=True,
    help="The system (or variant) that pairs every round.",
)
@click.option("--rules", "rules", default=None, help="Rules edition, e.g. 2026 or 2017.")
@click.option("--players", type=int, default=None, help="Number of players.")
@click.option(
    "--rounds", type=int, default=None, help="Number of rounds (a round-robin: its table's)."
)
@click.option("--seed", type=int, default=1, show_default=True, help="Random seed (integer).")
@click.option("-o", "output", type=click.Path(path_type=Path), default=None, help="Output file.")
@click.option(
    "--format",
    "profile",
    type=click.Choice(["trf16", "trf26"]),
    default="trf16",
    show_default=True,
    help="TRF16 with JaVaFo's XX lines, or TRF-2026.",
)
@click.option(
    "--config",
    "config",
    type=click.Path(path_type=Path, dir_okay=False),
    default=None,
    help="JaVaFo/bbpPairings generator file (PlayersNumber=, RoundsNumber=, DrawPercentage=, "
    "ForfeitRate=, RetiredRate=, HalfPointByeRate=, LowestRating=, HighestRating=, "
    "PointsForWin= ...); options given on the command line win.",
)
@click.option("--rating-range", default=None, metavar="LOW-HIGH", help="Default 1400-2700.")
@click.option("--draw-share", type=float, default=None, help="Draw chance at equal ratings (0.3).")
@click.option("--forfeit-rate", type=float, default=None, help="Chance a game is forfeited (0).")
@click.option("--half-bye-rate", type=float, default=None, help="Share of players with a ½ bye.")
@click.option("--zero-bye-rate", type=float, default=None, help="Share absent for a round.")
@click.option("--withdraw-rate", type=float, default=None, help="Share who withdraw.")
@click.option("--late-entry-rate", type=float, default=None, help="Share who enter late.")
@click.option("--points", "points", default=None, metavar="W/D/L[/PAB]", help="e.g. 3/1/0.")
@click.option(
    "--initial-colour",
    type=click.Choice(["white", "black", "random"]),
    default="white",
    show_default=True,
    help="Colour of the top player in round 1 (random: drawn from the seed).",
)
@click.option("--accelerate/--no-accelerate", default=False, help="Baku acceleration (C.04.7).")
@click.option("--forbidden-pairs", type=int, default=None, help="Random pairs that must not meet.")
@click.option(
    "--progress/--no-progress", default=None, help="Report each round on stderr (default: a tty)."
)
def generate_command(
    system: str,
    rules: str | None,
    output: Path | None,
    profile: str,
    config: Path | None,
    seed: int,
    progress: bool | None,
    **options: Any,
) -> None:
    """Write a random tournament, every round paired by Arbiter's own engine.

    Example:

        arbiter generate --system dutch --players 40 --rounds 9 --seed 7 -o t.trf

        arbiter generate --system double-round-robin --players 10 --seed 7 -o rr.trf
    """
    values: dict[str, Any] = {}
    if config is not None:
        values.update(read_config(_read_text(config), lambda m: click.echo(m, err=True)))
    values.update(_command_line(options))
    if "players" in values and "rounds" not in values and systems.is_round_robin(system):
        values["rounds"] = rounds_for(values["players"], systems.cycles(system))
    for name in ("players", "rounds"):
        if name not in values:
            raise InvalidRequest(f"give --{name} (or its key in the --config file)")
    settings = GeneratorSettings(
        system=system,
        rules_edition=edition_name(rules or systems.DEFAULT_EDITION),
        points=_point_system(values),
        **{k: v for k, v in values.items() if k not in _POINT_FIELDS},
    )
    if progress is None:
        progress = sys.stderr.isatty()
    started = time.monotonic()

    def report(round_no: int, total: int) -> None:
        elapsed = time.monotonic() - started
        click.echo(f"round {round_no}/{total} paired ({elapsed:.1f} s)", err=True)

    tournament = generate(settings, seed, report if progress else None)
    text = write_trf(generated_document(tournament, "trf26" if profile == "trf26" else "trf16"))
    if output is None:
        click.echo(text, nl=False)
    else:
        output.write_text(text, encoding="utf-8", newline="")


def _command_line(options: dict[str, Any]) -> dict[str, Any]:
    """The settings the command line gives (options left out give nothing)."""
    values = {k: v for k, v in options.items() if v is not None}
    values.pop("rating_range", None)
    values.pop("points", None)
    values.pop("initial_colour", None)
    if options["rating_range"] is not None:
        low, dash, high = options["rating_range"].partition("-")
        if not (dash and low.strip().isdigit() and high.strip().isdigit()):
            raise InvalidRequest(
                f"--rating-range takes LOW-HIGH, e.g. 1400-2700, not {options['rating_range']!r}"
            )
        values["lowest_rating"], values["highest_rating"] = int(low), int(high)
    if options["points"] is not None:
        values.update(_points(options["points"]))
    colour = options["initial_colour"]
    values["initial_colour"] = None if colour == "random" else Colour(colour[0])
    return values


def _read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError as error:
        raise OSError(f"cannot read {path}: {error.strerror or error}") from error


@click.command("check")
@click.argument("input_file", metavar="FILE.trf", type=click.Path(path_type=Path))
@click.option(
    "--system",
    type=click.Choice(list(system_names())),
    default=None,
    help="The system to check by (default: the one the file's 092/192 line names).",
)
@click.option("--rules", default=None, help="Rules edition, e.g. 2017 (default: from the file).")
@click.option("--explain", is_flag=True, help="Say why a differing round differs.")
def check_command(input_file: Path, system: str | None, rules: str | None, explain: bool) -> None:
    """Re-pair every round of a finished tournament and list the rounds that differ.

    Exits 1 when any round differs from the pairing the rules give.

    Example:

        arbiter check tournament.trf --explain
    """
    try:
        data = input_file.read_bytes()
    except OSError as error:
        raise OSError(f"cannot read {input_file}: {error.strerror or error}") from error
    document, problems = check_trf(data)
    errors = [problem for problem in problems if problem.severity == "error"]
    if errors:
        raise TrfError(errors)
    named_system, named_edition = identify_system(document)
    chosen = system or named_system
    if chosen is None:
        raise InvalidRequest(
            f"{input_file} does not name its pairing system on a 092/192 line; give --system"
        )
    edition = edition_name(rules) if rules else named_edition
    report = check_document(document, chosen, edition, explain=explain)
    source = "given" if system else "from the file"
    click.echo(
        f"{input_file}: {chosen} ({source}), rules {edition or systems.DEFAULT_EDITION + ' (default)'}"
    )
    click.echo(f"{'round':>5}  {'pairs':>6}  result")
    for round_check in report.rounds:
        verdict = round_check.line().partition(": ")[2]
        click.echo(f"{round_check.round_no:>5}  {len(round_check.recorded):>6}  {verdict}")
        if explain and not round_check.ok:
            for fact in deciding_facts(round_check):
                click.echo(f"{'':>15}{fact}")
    differing = len(report.differing)
    click.echo(
        f"{len(report.rounds)} rounds checked: {len(report.rounds) - differing} agree, "
        f"{differing} differ"
    )
    if differing:
        sys.exit(EXIT_DIFFERS)


COMMANDS = (generate_command, check_command)
