"""``arbiter norms``: who has made a title norm (FIDE B.01), or how far each player is, and
the norm certificate (the fields of FIDE's form IT1) as a page for A4."""

from __future__ import annotations

import click

from events.decisions import find_player
from events.norms import NormTitle
from server.cli.printing import FORMAT_OPTION
from server.cli.support import CliContext, language_option, pass_service
from server.printouts import Language, as_format, render
from server.printouts.norms import norm_certificate, norm_list, render_certificate

__all__ = ["COMMANDS"]


@click.command("norms")
@click.argument("tournament")
@click.option(
    "--round",
    "round_no",
    type=click.IntRange(min=1),
    help="After this round (default: the last complete one).",
)
@FORMAT_OPTION
@click.option(
    "--certificate",
    "player",
    metavar="PLAYER",
    help="Print the norm certificate of this player (id, FIDE id or name) as HTML.",
)
@click.option(
    "--norm",
    type=click.Choice([t.value for t in NormTitle], case_sensitive=False),
    help="With --certificate: the norm (default: the highest the player made).",
)
@language_option
@pass_service
def norms(
    ctx: CliContext,
    tournament: str,
    round_no: int | None,
    output_format: str,
    player: str | None,
    norm: str | None,
    language: Language,
) -> None:
    """List title norms (FIDE B.01): made, still open (what the last round must bring), or
    out of reach and why.

    Example:

        arbiter norms spring-open --round 8

        arbiter norms spring-open --certificate "Costa" --norm WGM --lang es > norm.html
    """  # fmt: skip
    state = ctx.service(read_only=True).load(tournament)
    if player is None:
        printout = norm_list(state, after_round=round_no, language=language)
        click.echo(render(printout, as_format(output_format)))
        return
    player_id = find_player(state, player)
    title = NormTitle(norm.upper()) if norm else None
    certificate = norm_certificate(state, player_id, title, after_round=round_no, language=language)
    click.echo(render_certificate(certificate, language))


COMMANDS = (norms,)
