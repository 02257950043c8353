"""Printouts for the notice board and the report: a round's pairing list (by board, or by
name: "who plays where"), its results, the standings and the crosstable, each as plain
text, CSV or one self-contained HTML page that prints on A4.

Every printout is first a :class:`Printout` (the event, a heading of place, dates, round
and chief arbiter, a title, a header, rows and notes), built from the tournament state in a
:class:`Language`; :func:`render` then writes it in a format. The HTML page comes from the
Jinja2 template ``templates/printout.html`` with autoescaping on (player names are input),
and the HTML pages of the web edge (``server/http/pages/``) may reuse both. A CSV cell a
spreadsheet would run as a formula is written as text (:func:`csv_table`).

>>> print(render(Printout("Round 1", ("board", "white"), [(1, "Aune, Ingrid")]), "text"))
Round 1
board  white
1      Aune, Ingrid
"""

from __future__ import annotations

import csv
import gettext
import io
import re
from collections.abc import Sequence, Set
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import Literal, TypedDict

import jinja2
from babel.dates import format_date
from babel.numbers import get_decimal_symbol

from engine.messages import Message, Number, english_number, translated
from events.errors import InvalidCommand
from events.projections import TournamentState
from events.rating_changes import RatingChanges
from events.tiebreaks import completed_rounds, crosstable_from_state
from events.types import NotPairedReason, PlayerId
from server.printouts.collation import name_key

__all__ = [
    "ENGLISH",
    "FORMATS",
    "Format",
    "Language",
    "Printout",
    "as_format",
    "counted_scores",
    "csv_table",
    "event_dates",
    "heading",
    "pairing_list",
    "rating_change_list",
    "reason_label",
    "render",
    "result_list",
    "template",
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
class Language:
    """The language a printout speaks: ``code`` for its dates, its name order and the page's
    ``lang``, ``messages`` for its words (the pages' catalogue; English: the msgids).

    >>> ENGLISH("pairings of round %(round)s", round=3)
    'pairings of round 3'
    """

    code: str = "en"
    messages: gettext.NullTranslations = field(default_factory=gettext.NullTranslations)

    def __call__(self, message: str, **values: object) -> str:
        text = self.messages.gettext(message)
        return text % values if values else text

    def number(self, value: Number) -> str:
        """Points or a score with this language's decimal sign.

        >>> Language("es").number(Fraction(3, 2)), ENGLISH.number(Fraction(2))
        ('1,5', '2')
        """
        return english_number(value).replace(".", get_decimal_symbol(self.code))

    def said(self, text: str) -> str:
        """A sentence the code wrote in this language: a :class:`~engine.messages.Message`
        (an engine's explanation, a refusal's reason, a warning) in its words, numbers with
        its decimal sign; any other text as it is."""
        return translated(text, self.messages.gettext, self.number)


ENGLISH = Language()


@dataclass(frozen=True, slots=True)
class Printout:
    """A table to print: ``heading`` holds (label, value) lines under the ``event``'s name,
    ``right`` the indexes of right-aligned (numeric) columns; a ``landscape`` page is for a
    table too wide for A4 upright (the crosstable)."""

    title: str
    header: tuple[str, ...]
    rows: Sequence[Sequence[object]]
    event: str = ""
    heading: tuple[tuple[str, str], ...] = ()
    notes: tuple[str, ...] = ()
    right: Set[int] = field(default_factory=frozenset)
    language: str = "en"
    landscape: bool = False


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
        return template("printout.html").render(printout=printout)
    return "\n".join(
        [
            f"{printout.event}: {printout.title}" if printout.event else printout.title,
            *(f"{label}: {value}" for label, value in printout.heading),
            *text_table(printout.header, printout.rows, right=printout.right),
            *printout.notes,
        ]
    )


@cache
def template(name: str) -> jinja2.Template:
    """A page template of ``templates/``, autoescaped (player names are input)."""
    environment = jinja2.Environment(
        loader=jinja2.PackageLoader("server.printouts"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
    )
    return environment.get_template(name)


def heading(
    state: TournamentState, language: Language, round_no: int | None = None
) -> tuple[tuple[str, str], ...]:
    """What every sheet for the hall says under the event's name, in ``language``: place,
    dates, the round (when the sheet is about one) and the chief arbiter; empty ones left out.
    """
    settings = state.require_settings()
    lines = (
        (language("Place"), settings.place),
        (language("Dates"), event_dates(state, language.code)),
        (language("Round"), str(round_no) if round_no else ""),
        (language("Chief arbiter"), settings.chief_arbiter),
    )
    return tuple((label, value) for label, value in lines if value)


def event_dates(state: TournamentState, code: str) -> str:
    """The first and last day in the words of ``code``; empty when no start is set."""
    settings = state.require_settings()
    start, end = settings.start_date, settings.end_date
    if start is None:
        return ""
    first = format_date(start, format="medium", locale=code)
    if end is None or end == start:
        return first
    return f"{first} – {format_date(end, format='medium', locale=code)}"


def _round(state: TournamentState, round_no: int) -> None:
    """:raises InvalidCommand: when the round is not paired."""
    if not 1 <= round_no <= state.rounds_paired:
        raise InvalidCommand(
            Message("round %(round)s is not paired (rounds paired: %(paired)s)", round=round_no,
                    paired=state.rounds_paired),
            field="round",
        )  # fmt: skip


_REASONS = {
    NotPairedReason.HALF_BYE: "half-point bye",
    NotPairedReason.ZERO_BYE: "zero-point bye",
    NotPairedReason.FULL_BYE: "full-point bye",
    NotPairedReason.WITHDRAWN: "withdrawn",
    NotPairedReason.LATE_ENTRY: "late entry",
}
"""Why a player is not on a board, as the catalogue words it."""

_BYES = {
    "pab": "pairing-allocated bye", "half-bye": "half-point bye", "zero-bye": "zero-point bye",
    "full-bye": "full-point bye", "not-paired": "not paired",
    **{reason.value: label for reason, label in _REASONS.items()},
}  # fmt: skip
"""A round a player did not play, by its kind or reason, as the catalogue words it."""


def reason_label(value: str, language: Language) -> str:
    """Why a player did not play a round (``pab``, ``half-point-bye``, ``withdrawn`` ...)
    in ``language``; an unknown value as it is."""
    return language(_BYES[value]) if value in _BYES else value


def pairing_list(
    state: TournamentState,
    round_no: int,
    *,
    by: Literal["board", "name"] = "board",
    language: Language = ENGLISH,
) -> Printout:
    """A round's pairing list in ``language``: by board (board, ids, names, ratings, points
    before the round, result) or alphabetically by name, saying where and with which colour
    each player plays (or why not)."""
    _round(state, round_no)
    round_ = state.round(round_no)
    _ = language
    sheet = _sheet(state, language, round_no)
    absent = {entry.player_id: _(_REASONS[entry.reason]) for entry in round_.not_paired}

    def points(player_id: int) -> str:
        return language.number(state.player(player_id).rounds[round_no - 1].score_before)

    if by == "name":
        places: list[tuple[str, int, str, str, str]] = []
        for board in round_.boards:
            for me, other, colour in (
                (board.white, board.black, _("white")),
                (board.black, board.white, _("black")),
            ):
                opponent = state.player(other)
                places.append(
                    (state.player(me).name, me, str(board.number), colour,
                     f"{opponent.name} (id {opponent.player_id})")
                )  # fmt: skip
        if round_.pab is not None:
            places.append(
                (state.player(round_.pab).name, round_.pab, "", "", _("pairing-allocated bye"))
            )
        for player_id, reason in absent.items():
            places.append((state.player(player_id).name, player_id, "", "", reason))
        by_name = name_key(language.code)
        places.sort(key=lambda place: (by_name(place[0]), place[1]))
        columns = (_("name"), "id", _("board"), _("colour"), _("opponent"))
        return Printout(
            _("pairings of round %(round)s", round=round_no), columns, places,
            right={1, 2}, **sheet,
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
        notes.append(_("Pairing-allocated bye: %(name)s", name=f"{pab.name} (id {pab.player_id})"))
    notes += [
        _("Not paired: %(name)s, %(reason)s", name=f"{state.player(player_id).name} (id {player_id})",
          reason=reason)
        for player_id, reason in absent.items()
    ]  # fmt: skip
    header = (_("board"), "id", _("white"), _("rtg"), _("pts"), _("result"), _("pts"), _("rtg"),
              _("black"), "id")  # fmt: skip
    return Printout(
        _("pairings of round %(round)s", round=round_no), header, rows, notes=tuple(notes),
        right={0, 1, 3, 4, 6, 7, 9}, **sheet,
    )  # fmt: skip


class _Sheet(TypedDict):
    event: str
    heading: tuple[tuple[str, str], ...]
    language: str


def _sheet(state: TournamentState, language: Language, round_no: int | None) -> _Sheet:
    """The fields every sheet of a stored tournament shares: its name, heading, language."""
    return _Sheet(
        event=state.require_settings().name,
        heading=heading(state, language, round_no),
        language=language.code,
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


def result_list(state: TournamentState, round_no: int, *, language: Language = ENGLISH) -> Printout:
    """A round's results, board by board; a board still being played shows ``…``."""
    _round(state, round_no)
    round_ = state.round(round_no)
    _ = language
    rows = [
        (board.number, state.player(board.white).name,
         board.result.value if board.result else "…", state.player(board.black).name)
        for board in round_.boards
    ]  # fmt: skip
    missing = round_.missing_results
    notes: tuple[str, ...] = ()
    if missing:
        notes = (_("Still being played: board(s) %(boards)s", boards=", ".join(map(str, missing))),)
    if round_.pab is not None:
        notes += (_("Pairing-allocated bye: %(name)s", name=state.player(round_.pab).name),)
    return Printout(
        _("results of round %(round)s", round=round_no),
        (_("board"), _("white"), _("result"), _("black")),
        rows,
        notes=notes,
        right={0},
        **_sheet(state, language, round_no),
    )


def rating_change_list(
    state: TournamentState, changes: RatingChanges, *, language: Language = ENGLISH
) -> Printout:
    """Each player's rating change over the complete rounds, in pairing-number order: K,
    rated games, score and expected score in them, the change and the rating it gives; an
    unrated player's first rating from this event (``*``: not published yet)."""
    _ = language
    rows: list[tuple[object, ...]] = []
    for change in changes.players:
        name = state.player(state.order[change.pairing_number - 1]).name
        score = _.number(Fraction(change.score))
        # The last five cells; blank for a rated player without a counted game yet.
        rating: object = change.rating
        k: object = change.k
        expected: object = ""
        gain: object = ""
        new: object = ""
        if change.rating is None:
            initial = change.initial
            first = "" if initial is None or initial.rating is None else str(initial.rating)
            mark = "" if initial is None or initial.published or not first else " *"
            rating, k, new = "", "", first + mark
        elif change.change is not None and change.expected is not None:
            expected, gain = _.number(change.expected), _.number(change.change)
            new = change.new_rating
        rows.append((change.pairing_number, name, rating, k, len(change.games), score,
                     expected, gain, new))  # fmt: skip
    system = changes.system
    rounds = completed_rounds(state)
    return Printout(
        _("rating changes after round %(round)s", round=rounds),
        (_("No."), _("name"), _("rating"), "K", _("games"), _("score"), _("expected"),
         _("change"), _("new rating")),
        rows,
        notes=(
            _("Rated by %(title)s (%(source)s).", title=_.said(system.title), source=system.source),
            _("Unrated players: the first rating this event gives; * not published yet "
              "(too few games against rated opponents, or below the rating floor)."),
        ),
        right={0, 2, 3, 4, 5, 6, 7, 8},
        **_sheet(state, language, None),
    )  # fmt: skip
