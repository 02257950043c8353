"""Standings and crosstables as printed, the same on the command line and over HTTP: with the
declared (or given) C.07 tie-breaks when there are any, else points only, and for a stored
tournament the line saying which rounds they count."""

from __future__ import annotations

import dataclasses

from engine import systems
from events.projections import TournamentState
from events.tiebreaks import (
    COUNTING_RULE,
    Crosstable,
    Standings,
    completed_rounds,
    counting_note,
    crosstable_from_state,
    tournament_standings,
)
from server.printouts import ENGLISH, Language, Printout, heading, render
from server.printouts.crosstable import (
    crosstable_csv,
    crosstable_table,
    crosstable_text,
    standings_csv,
    standings_json,
    standings_table,
    standings_text,
)

__all__ = ["counting_line", "render_standings", "tournament_printout"]


_LEAD = {"Rk": "Rk", "Name": "Name", "Rtg": "Rtg"}
"""The lead columns a language words (ids, TPN and tie-break labels are the same in all)."""


def render_standings(
    standings: Standings,
    output_format: str,
    *,
    full: bool,
    ids: bool = False,
    sheet: Printout | None = None,
    language: Language = ENGLISH,
    table: Crosstable | None = None,
) -> str:
    """Ranked standings (with ``full``: the crosstable) as text, CSV, JSON or an A4 page;
    with ``ids``, the player ids commands take (a stored tournament's players have them).
    The page speaks ``language`` and takes the event and heading of ``sheet``; a crosstable
    page is A4 landscape. With a round-robin's ``table``, the crosstable is the all-play-all
    one, by pairing number."""
    if output_format == "html":
        header, rows = (
            crosstable_table(standings, ids=ids, table=table)
            if full
            else standings_table(standings, ids=ids)
        )
        _ = language
        basis = (
            f"C.07 {standings.edition.value}: {' '.join(standings.labels)}"
            if standings.edition
            else _("points")
        )
        what = "crosstable after round %(round)s" if full else "standings after round %(round)s"
        page = Printout(
            f"{_(what, round=standings.rounds)} ({basis})",
            tuple(_(_LEAD[name]) if name in _LEAD else name for name in header),
            rows,
            notes=tuple(_("Note: %(note)s", note=_.said(w)) for w in standings.warnings),
            right={i for i, name in enumerate(header) if name != "Name" and not name.isdigit()},
            language=language.code,
            landscape=full,
        )
        if sheet is not None:
            page = dataclasses.replace(page, event=sheet.event, heading=sheet.heading)
        return render(page, "html")
    if full:
        return (
            crosstable_csv(standings, ids=ids, table=table)
            if output_format == "csv"
            else crosstable_text(standings, ids=ids, table=table)
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
    language: Language = ENGLISH,
) -> str:
    """A stored tournament's standings (or with ``full`` its crosstable) in ``output_format``:
    ranked by ``tiebreaks`` under ``rules``, else by the declared list, else by points
    alone, with the counting line; an A4 page speaks ``language`` under the event's heading.
    A round-robin's crosstable is the all-play-all table, as on its web page.

    :raises TiebreakError: for a list or edition that cannot rank this tournament.
    """
    standings = tournament_standings(
        state, tiebreaks=tiebreaks, rules=rules, unrated_rating=unrated_rating
    )
    round_robin = full and systems.is_round_robin(state.require_settings().system)
    table = crosstable_from_state(state) if round_robin else None
    if output_format == "html":
        noted = dataclasses.replace(
            standings, warnings=(*standings.warnings, counting_line(state, language))
        )
        sheet = Printout("", (), (), event=state.require_settings().name,
                         heading=heading(state, language, standings.rounds or None))  # fmt: skip
        return render_standings(
            noted, output_format, full=full, ids=True, sheet=sheet, language=language, table=table
        )
    text = render_standings(standings, output_format, full=full, ids=True, table=table)
    return text + "\n" + counting_note(state) if output_format == "text" else text


def counting_line(state: TournamentState, language: Language) -> str:
    """:func:`events.tiebreaks.counting_note` in ``language``: which rounds the standings
    count, naming a round still being played, and the rule."""
    _ = language
    counted = completed_rounds(state)
    if counted > 1:
        basis = _("Counted: rounds 1-%(last)s", last=counted)
    else:
        basis = _("Counted: round 1") if counted else _("Counted: no round yet")
    if state.rounds_paired > counted:
        basis += _("; round %(round)s is in progress and not counted", round=counted + 1)
    return f"{basis}. {_(COUNTING_RULE[0].upper() + COUNTING_RULE[1:])}."
