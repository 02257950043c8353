"""Standings and crosstables as printed, the same on the command line and over HTTP: with the
declared (or given) C.07 tie-breaks when there are any, else points only, and for a stored
tournament the line saying which rounds they count."""

from __future__ import annotations

import dataclasses

from events.projections import TournamentState
from events.tiebreaks import Standings, counting_note, tournament_standings
from server.printouts import Printout, render
from server.printouts.crosstable import (
    crosstable_csv,
    crosstable_table,
    crosstable_text,
    standings_csv,
    standings_json,
    standings_table,
    standings_text,
    standings_title,
)

__all__ = ["render_standings", "tournament_printout"]


def render_standings(
    standings: Standings, output_format: str, *, full: bool, ids: bool = False
) -> str:
    """Ranked standings (with ``full``: the crosstable) as text, CSV, JSON or an A4 page;
    with ``ids``, the player ids commands take (a stored tournament's players have them)."""
    if output_format == "html":
        header, rows = (crosstable_table if full else standings_table)(standings, ids=ids)
        return render(
            Printout(
                standings_title(standings, full=full),
                tuple(header),
                rows,
                notes=tuple(f"Note: {warning}" for warning in standings.warnings),
                right={i for i, name in enumerate(header) if name != "Name" and not name.isdigit()},
            ),
            "html",
        )
    if full:
        return (
            crosstable_csv(standings, ids=ids)
            if output_format == "csv"
            else crosstable_text(standings, ids=ids)
        )
    if output_format == "json":
        return standings_json(standings)
    return (
        standings_csv(standings, ids=ids)
        if output_format == "csv"
        else standings_text(standings, ids=ids)
    )


def tournament_printout(
    state: TournamentState,
    output_format: str,
    *,
    tiebreaks: str | None = None,
    rules: str | None = None,
    unrated_rating: int | None = None,
    full: bool = False,
) -> str:
    """A stored tournament's standings (or with ``full`` its crosstable) in ``output_format``:
    ranked by ``tiebreaks`` under ``rules``, else by the declared list, else by points
    alone, with the counting line.

    :raises TiebreakError: for a list or edition that cannot rank this tournament.
    """
    standings = tournament_standings(
        state, tiebreaks=tiebreaks, rules=rules, unrated_rating=unrated_rating
    )
    note = counting_note(state)
    if output_format == "html":
        noted = dataclasses.replace(standings, warnings=(*standings.warnings, note))
        return render_standings(noted, output_format, full=full, ids=True)
    text = render_standings(standings, output_format, full=full, ids=True)
    return text + "\n" + note if output_format == "text" else text
