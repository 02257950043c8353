"""``arbiter demo``: a small tournament to look at, created in the current database."""

from __future__ import annotations

from datetime import date

import click

from events.decisions import CreateTournament, RegisterPlayer
from events.errors import InvalidCommand, PairingSystemUnavailable
from server.cli.render import render_state
from server.cli.support import CliContext, pass_service

__all__ = ["COMMANDS", "demo"]

DEMO_ID = "demo"

# Invented players; ratings and titles chosen so the TPN order shows every ranking key.
_PLAYERS = (
    RegisterPlayer(surname="Aune", given_name="Ingrid", rating=2412, title="IM", federation="NOR"),
    RegisterPlayer(surname="Brandt", given_name="Jonas", rating=2385, title="FM", federation="GER"),
    RegisterPlayer(surname="Costa", given_name="Marta", rating=2385, title="WGM", federation="POR"),
    RegisterPlayer(surname="Dahl", given_name="Erik", rating=2210, federation="NOR"),
    RegisterPlayer(
        surname="Eriksen", given_name="Sofie", rating=2105, title="WFM", federation="DEN"
    ),
    RegisterPlayer(surname="Fischer", given_name="Lena", rating=1980, federation="AUT"),
    RegisterPlayer(surname="Garcia", given_name="Pablo", rating=0, federation="ESP"),
)


@click.command("demo")
@pass_service
def demo(ctx: CliContext) -> None:
    """Create a demo tournament (7 players, 5 rounds), pair round 1 if an engine is
    installed, and print it. Run again, it shows the same tournament.

    Example:

        arbiter --db demo.db demo
    """
    service = ctx.service()
    if DEMO_ID in service.tournament_ids():
        click.echo(f"(tournament {DEMO_ID!r} already exists in {ctx.db}; showing it)")
    else:
        service.create(
            CreateTournament(
                tournament_id=DEMO_ID,
                name="Arbiter Demo Open",
                rounds=5,
                place="Oslo",
                start_date=date(2026, 4, 1),
                end_date=date(2026, 4, 3),
                chief_arbiter="A. Arbiter",
                time_control="90+30",
            )
        )
        for player in _PLAYERS:
            service.execute(DEMO_ID, player)
        try:
            service.pair_round(DEMO_ID)
        except (PairingSystemUnavailable, InvalidCommand) as error:
            click.echo(f"(round 1 not paired: {error})")
    click.echo(render_state(service.load(DEMO_ID)))


COMMANDS = (demo,)
