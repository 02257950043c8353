"""The event log in words: one sentence per recorded event, in the page's language.

Each event type's sentence is the English message id in its row of
:data:`events.projections.EVENT_KINDS`, translated through the catalogs; its named
placeholders let a translation put the name, round and board where its grammar wants them.
The values themselves (names, numbers, results) are filled in untranslated.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import msgspec

from events.envelope import RecordedEvent
from events.projections import EMPTY, EVENT_KINDS, TournamentState, apply
from events.results import Result
from events.types import ByeKind, DrawMethod, Event, PairingNumbersDrawn, PlayerId
from server.http.pages.views import result_text
from server.printouts.legend import N_

__all__ = ["Gettext", "LogLine", "describe", "log_lines"]

Gettext = Callable[[str], str]


@dataclass(frozen=True, slots=True)
class LogLine:
    version: int
    recorded_at: datetime
    text: str
    source: str
    """Which edge wrote it (``http``, ``cli``, ``desk`` …), from the event's metadata."""
    actor: str
    """Who wrote it: the account's name, or ``cli:<os user>`` (empty for events written
    before accounts); shown where the tournament or the reader's role allows."""


def _name(state: TournamentState, player_id: int) -> str:
    return state.player(player_id).name if state.has_player(player_id) else f"#{player_id}"


def _game(state: TournamentState, round_no: int, board: int) -> str:
    """``White – Black`` of a board of a paired round."""
    if round_no > state.rounds_paired or board > len(state.round(round_no).boards):
        return "?"
    paired = state.round(round_no).boards[board - 1]
    return f"{state.player(paired.white).surname} – {state.player(paired.black).surname}"


SETTING_NAMES = {
    "initial_colour": N_("initial colour"),
    "tiebreaks": N_("tie-breaks"),
    "tiebreak_rules": N_("tie-break rules"),
    "avoid_same_club": N_("avoid pairing club mates"),
    "avoid_same_federation": N_("avoid pairing compatriots"),
    "acceleration": N_("acceleration"),
    "rating_system": N_("rating system"),
    "federation": N_("host federation"),
    "norm_event": N_("kind of event for the title norms"),
    "rounds": N_("number of rounds"),
}
"""The regulations a ``SettingsChanged`` event can change, as its log sentence names them."""


def _bye(kind: ByeKind, _: Gettext) -> str:
    return {ByeKind.HALF: _("half-point bye"), ByeKind.ZERO: _("zero-point bye"),
            ByeKind.FULL: _("full-point bye")}[kind]  # fmt: skip


def _word(value: Any, kind: Any, state: TournamentState, _: Gettext) -> object:
    """One field's value as the sentence shows it."""
    if kind is PlayerId:
        return _name(state, value)
    if isinstance(value, Result):
        return result_text(value.value)
    if isinstance(value, ByeKind):
        return _bye(value, _)
    if isinstance(value, tuple):
        return len(value)
    return value


def _values(event: Event, state: TournamentState, _: Gettext) -> dict[str, object]:
    """The placeholders :mod:`events.projections.kinds` promises its sentences."""
    fields = msgspec.structs.fields(event)
    values = {
        field.name: _word(getattr(event, field.name), field.type, state, _)
        for field in fields
        if getattr(event, field.name) is not msgspec.UNSET
    }
    values["changed"] = ", ".join(
        _(SETTING_NAMES.get(field.name, field.name.replace("_", " ")))
        for field in fields
        if field.default is msgspec.UNSET and getattr(event, field.name) is not msgspec.UNSET
    )
    if "round_no" in values and "board" in values:
        values["game"] = _game(state, getattr(event, "round_no"), getattr(event, "board"))
    if values.get("rating") == 0:
        values["rating"] = "–"  # unrated
    if isinstance(event, PairingNumbersDrawn):
        values["method"] = _draw(event, _)
        values["order"] = ", ".join(
            f"{number} {_name(state, player)}" for number, player in enumerate(event.order, 1)
        )
    return values


def _draw(event: PairingNumbersDrawn, _: Gettext) -> str:
    """How the numbers were drawn, with the seed that repeats a draw by lots."""
    if event.method is DrawMethod.ARBITER:
        return _("in the arbiter's order")
    method = _("by lots") if event.method is DrawMethod.LOTS else _("by the Varma tables")
    return _("%(method)s (seed %(seed)s)") % {"method": method, "seed": event.seed}


def describe(event: Event, state: TournamentState, _: Gettext) -> str:
    """One event as a sentence; ``state`` names the players."""
    return _(EVENT_KINDS[type(event)].sentence) % _values(event, state, _)


def log_lines(history: list[RecordedEvent], _: Gettext) -> list[LogLine]:
    """Newest first (the page is read for what just happened); each event is told with
    the tournament as it stood right after it, so names and boards are those of the time."""
    lines = []
    state = EMPTY
    for recorded in history:
        state = apply(state, recorded.event)
        source = recorded.metadata.get("via") or recorded.metadata.get("source") or ""
        lines.append(
            LogLine(recorded.stream_version, recorded.recorded_at,
                    describe(recorded.event, state, _), str(source),
                    str(recorded.metadata.get("actor", "")))
        )  # fmt: skip
    return lines[::-1]
