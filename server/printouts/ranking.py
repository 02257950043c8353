"""Standings and crosstables as printed, the same on the command line and over HTTP: with the
declared (or given) C.07 tie-breaks when there are any, else points only, and always the
line saying which rounds they count."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from events.projections import TournamentState, counting_note
from events.tiebreaks import Crosstable, Standings, crosstable_from_state, tournament_standings
from server.printouts import Printout, as_format, render, standings_list
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
    standings: Standings,
    table: Crosstable,
    output_format: str,
    *,
    full: bool,
    ids: Mapping[int, int] | None = None,
) -> str:
    """Ranked standings (with ``full``: the crosstable) as text, CSV, JSON or an A4 page;
    ``ids`` maps start ranks to the player ids commands take."""
    if output_format == "html":
        header, rows = (crosstable_table if full else standings_table)(standings, table, ids)
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
            crosstable_csv(standings, table, ids)
            if output_format == "csv"
            else crosstable_text(standings, table, ids)
        )
    if output_format == "json":
        return standings_json(standings)
    return (
        standings_csv(standings, table, ids)
        if output_format == "csv"
        else standings_text(standings, table, ids)
    )


def tournament_printout(
    state: TournamentState,
    output_format: str,
    *,
    tiebreaks: str | None = None,
    rules: str | None = None,
    unrated_rating: int | None = None,
    full: bool = False,
) -> str | None:
    """A stored tournament's standings (or with ``full`` its crosstable) in ``output_format``:
    ranked by ``tiebreaks`` under ``rules`` or else the declared list, with the counting
    line. Without any list: points-only standings as text, CSV or HTML, and ``None`` for
    JSON or a crosstable (which need tie-breaks).

    :raises TiebreakError: for a list or edition that cannot rank this tournament.
    """
    standings = tournament_standings(
        state, tiebreaks=tiebreaks, rules=rules, unrated_rating=unrated_rating
    )
    if standings is None:
        if full or output_format == "json":
            return None
        return render(standings_list(state), as_format(output_format))
    ids = dict(enumerate(state.order, 1))
    table = crosstable_from_state(state)
    note = counting_note(state)
    if output_format == "html":
        noted = dataclasses.replace(standings, warnings=(*standings.warnings, note))
        return render_standings(noted, table, output_format, full=full, ids=ids)
    text = render_standings(standings, table, output_format, full=full, ids=ids)
    return text + "\n" + note if output_format == "text" else text
