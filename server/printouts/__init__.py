"""Printouts for the notice board and the report: a round's pairing list (by board, or by
name: "who plays where"), its results, the standings and the crosstable, each as plain
text, CSV or one self-contained HTML page that prints on A4.

Every printout is first a :class:`Printout` (a title, a header, rows and notes), built from
the tournament state; :func:`render` then writes it in a format. The HTML page comes from
the Jinja2 template ``templates/printout.html`` with autoescaping on (player names are
input), and the HTML pages of the web edge (``server/http/pages/``) may reuse both. A CSV
cell a spreadsheet would run as a formula is written as text (:func:`csv_table`).

>>> print(render(Printout("Round 1", ("board", "white"), [(1, "Aune, Ingrid")]), "text"))
Round 1
board  white
1      Aune, Ingrid
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence, Set
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import Literal

import jinja2

from events.errors import InvalidCommand
from events.projections import TournamentState, points_str
from events.tiebreaks import crosstable_from_state
from events.types import PlayerId

__all__ = [
    "FORMATS",
    "Format",
    "Printout",
    "as_format",
    "counted_scores",
    "csv_table",
    "pairing_list",
    "render",
    "result_list",
    "text_table",
]

Format = Literal["text", "csv", "html"]
FORMATS: tuple[Format, ...] = ("text", "csv", "html")


def as_format(text: str) -> Format:
    """``text`` as a :data:`Format`.

    :raises ValueError: when it names none.
    """
    for output_format in FORMATS:
        if output_format == text:
            return output_format
    raise ValueError(f"format {text!r} is not one of {', '.join(FORMATS)}")


@dataclass(frozen=True, slots=True)
class Printout:
    """A table to print: ``right`` holds the indexes of right-aligned (numeric) columns."""

    title: str
    header: tuple[str, ...]
    rows: Sequence[Sequence[object]]
    subtitle: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    right: Set[int] = field(default_factory=frozenset)


def text_table(
    header: Sequence[str], rows: Sequence[Sequence[object]], *, right: Set[int] = frozenset()
) -> list[str]:
    """Plain-text columns two blanks apart, left-aligned except the ``right`` column indexes.

    >>> text_table(("name", "pts"), [("Anna", "2.5"), ("Bo", "10")], right={1})
    ['name  pts', 'Anna  2.5', 'Bo     10']
    """
    cells = [[str(cell) for cell in row] for row in [header, *rows]]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
    return [
        "  ".join(
            c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(row, widths))
        ).rstrip()
        for row in cells
    ]


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?")


def _as_text(cell: object) -> str:
    """A cell a spreadsheet shows as written: one starting like a formula (OWASP's CSV
    injection list) gets a leading ``'``, unless it is a plain number.

    >>> print(_as_text('=HYPERLINK("http://evil.example")'), _as_text("-/+"), _as_text(-1.5))
    '=HYPERLINK("http://evil.example") '-/+ -1.5
    """
    text = str(cell)
    if text.startswith(_FORMULA_START) and not _NUMBER.fullmatch(text):
        return "'" + text
    return text


def csv_table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A header line and rows as CSV, with no formula a spreadsheet would run, and no final
    line break (``click.echo`` ends the last line)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow([_as_text(cell) for cell in header])
    writer.writerows([[_as_text(cell) for cell in row] for row in rows])
    return buffer.getvalue().removesuffix("\n")


def render(printout: Printout, output_format: Format) -> str:
    """The printout as text (title, table, notes), CSV (the table only) or an HTML page."""
    if output_format == "csv":
        return csv_table(printout.header, printout.rows)
    if output_format == "html":
        return _template().render(printout=printout)
    return "\n".join(
        [
            printout.title,
            *printout.subtitle,
            *text_table(printout.header, printout.rows, right=printout.right),
            *printout.notes,
        ]
    )


@cache
def _template() -> jinja2.Template:
    environment = jinja2.Environment(
        loader=jinja2.PackageLoader("server.printouts"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
    )
    return environment.get_template("printout.html")


def _heading(state: TournamentState, what: str) -> tuple[str, tuple[str, ...]]:
    settings = state.require_settings()
    where = ", ".join(part for part in (settings.place, _dates(state)) if part)
    return f"{settings.name}: {what}", (where,) if where else ()


def _dates(state: TournamentState) -> str:
    settings = state.require_settings()
    if settings.start_date and settings.end_date and settings.end_date != settings.start_date:
        return f"{settings.start_date.isoformat()} to {settings.end_date.isoformat()}"
    return settings.start_date.isoformat() if settings.start_date else ""


def _round(state: TournamentState, round_no: int) -> None:
    """:raises InvalidCommand: when the round is not paired."""
    if not 1 <= round_no <= state.rounds_paired:
        raise InvalidCommand(
            f"round {round_no} is not paired (rounds paired: {state.rounds_paired})",
            field="round",
        )


def pairing_list(
    state: TournamentState, round_no: int, *, by: Literal["board", "name"] = "board"
) -> Printout:
    """A round's pairing list: by board (board, ids, names, ratings, points before the
    round, result) or alphabetically by name, saying where and with which colour each
    player plays (or why not)."""
    _round(state, round_no)
    round_ = state.round(round_no)
    title, subtitle = _heading(state, f"pairings of round {round_no}")
    absent = {entry.player_id: entry.reason.value.replace("-", " ") for entry in round_.not_paired}

    def points(player_id: int) -> str:
        return points_str(state.player(player_id).rounds[round_no - 1].score_before)

    if by == "name":
        places: list[tuple[str, int, str, str, str]] = []
        for board in round_.boards:
            for me, other, colour in (
                (board.white, board.black, "white"),
                (board.black, board.white, "black"),
            ):
                opponent = state.player(other)
                places.append(
                    (state.player(me).name, me, str(board.number), colour,
                     f"{opponent.name} (id {opponent.player_id})")
                )  # fmt: skip
        if round_.pab is not None:
            places.append(
                (state.player(round_.pab).name, round_.pab, "", "", "pairing-allocated bye")
            )
        for player_id, reason in absent.items():
            places.append((state.player(player_id).name, player_id, "", "", reason))
        places.sort(key=lambda place: (place[0].casefold(), place[1]))
        return Printout(
            title, ("name", "id", "board", "colour", "opponent"), places,
            subtitle=subtitle, right={1, 2},
        )  # fmt: skip
    rows = []
    for board in round_.boards:
        white, black = state.player(board.white), state.player(board.black)
        rows.append(
            (board.number, white.player_id, white.name, white.rating or "", points(board.white),
             board.result.value if board.result else "", points(board.black), black.rating or "",
             black.name, black.player_id)
        )  # fmt: skip
    notes = []
    if round_.pab is not None:
        pab = state.player(round_.pab)
        notes.append(f"Pairing-allocated bye: {pab.name} (id {pab.player_id})")
    notes += [
        f"Not paired: {state.player(player_id).name} (id {player_id}), {reason}"
        for player_id, reason in absent.items()
    ]
    header = ("board", "id", "white", "rtg", "pts", "result", "pts", "rtg", "black", "id")
    return Printout(
        title, header, rows, subtitle=subtitle, notes=tuple(notes), right={0, 1, 3, 4, 6, 7, 9}
    )


def counted_scores(state: TournamentState) -> dict[PlayerId, Fraction]:
    """Each player's points as every listing shows them: by the standings' one counting
    rule (:func:`events.tiebreaks.counting_note` states it), so a pairing-allocated bye of a
    round still being played counts nowhere before the round is complete."""
    return {
        player.player_id: player.points
        for player in crosstable_from_state(state).players
        if player.player_id is not None
    }


def result_list(state: TournamentState, round_no: int) -> Printout:
    """A round's results, board by board; a board still being played shows ``…``."""
    _round(state, round_no)
    round_ = state.round(round_no)
    title, subtitle = _heading(state, f"results of round {round_no}")
    rows = [
        (board.number, state.player(board.white).name,
         board.result.value if board.result else "…", state.player(board.black).name)
        for board in round_.boards
    ]  # fmt: skip
    missing = round_.missing_results
    notes: tuple[str, ...] = ()
    if missing:
        notes = (f"Still being played: board(s) {', '.join(map(str, missing))}",)
    if round_.pab is not None:
        notes += (f"Pairing-allocated bye: {state.player(round_.pab).name}",)
    return Printout(
        title, ("board", "white", "result", "black"), rows, subtitle=subtitle, notes=notes,
        right={0},
    )  # fmt: skip
