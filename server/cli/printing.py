"""``arbiter pairings``, ``arbiter results`` and ``arbiter card``: a round's lists for the
notice board and a player's card, as text, CSV or a page that prints on A4
(:mod:`server.printouts` lays them out)."""

from __future__ import annotations

from typing import Literal

import click

from events.decisions import find_player
from server.cli.support import CliContext, language_option, pass_service
from server.printouts import FORMATS, Language, as_format, pairing_list, render, result_list
from server.printouts.card import player_card

__all__ = ["COMMANDS", "FORMAT_OPTION"]

FORMAT_OPTION = click.option(
    "--format",
    "output_format",
    type=click.Choice(FORMATS),
    default="text",
    show_default=True,
    help="text, csv, or html (one self-contained page for A4).",
)


@click.command("pairings")
@click.argument("tournament")
@click.option("--round", "round_no", type=click.IntRange(min=1), help="Default: the latest.")
@click.option(
    "--by",
    type=click.Choice(["board", "name"]),
    default="board",
    show_default=True,
    help="board: board order; name: alphabetical, who plays where.",
)
@FORMAT_OPTION
@language_option
@pass_service
def pairings(
    ctx: CliContext,
    tournament: str,
    round_no: int | None,
    by: Literal["board", "name"],
    output_format: str,
    language: Language,
) -> None:
    """Print a round's pairing list: board, ids, names, ratings, points, colours.

    Example:

        arbiter pairings spring-open --round 3 --by name --format html --lang es > round3.html
    """
    state = ctx.service(read_only=True).load(tournament)
    printout = pairing_list(state, round_no or state.rounds_paired, by=by, language=language)
    click.echo(render(printout, as_format(output_format)))


@click.command("results")
@click.argument("tournament")
@click.option("--round", "round_no", type=click.IntRange(min=1), help="Default: the latest.")
@FORMAT_OPTION
@language_option
@pass_service
def results(
    ctx: CliContext, tournament: str, round_no: int | None, output_format: str, language: Language
) -> None:
    """Print a round's results, board by board (boards still being played show …).

    Example:

        arbiter results spring-open --round 3 --format csv
    """
    state = ctx.service(read_only=True).load(tournament)
    printout = result_list(state, round_no or state.rounds_paired, language=language)
    click.echo(render(printout, as_format(output_format)))


@click.command("card")
@click.argument("tournament")
@click.argument("player")
@FORMAT_OPTION
@language_option
@pass_service
def card(
    ctx: CliContext, tournament: str, player: str, output_format: str, language: Language
) -> None:
    """Print a player's card: each round's board, colour, opponent, result, float and score.

    PLAYER is the id, a FIDE id or an unambiguous part of the name.

    Example:

        arbiter card spring-open 5 --format html --lang es > card5.html
    """
    state = ctx.service(read_only=True).load(tournament)
    printout = player_card(state, find_player(state, player), language=language)
    click.echo(render(printout, as_format(output_format)))


COMMANDS = (pairings, results, card)
