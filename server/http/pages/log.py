"""The event log in words: one sentence per recorded event, in the page's language.

Sentences come from the catalogs with named placeholders, so a translation may put the
name, round and board where its grammar wants them; the values themselves (names,
numbers, results) are filled in untranslated.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from events.envelope import RecordedEvent
from events.projections import EMPTY, TournamentState, apply
from events.types import (
    ByeCancelled,
    ByeKind,
    ByeRequested,
    Event,
    PlayerDetailsCorrected,
    PlayerRegistered,
    PlayerWithdrawn,
    ResultCorrected,
    ResultRecorded,
    RoundPaired,
    RoundUnpaired,
    TournamentClosed,
    TournamentCreated,
)
from server.http.pages.views import result_text

__all__ = ["Gettext", "LogLine", "describe", "log_lines"]

Gettext = Callable[[str], str]


@dataclass(frozen=True, slots=True)
class LogLine:
    version: int
    recorded_at: datetime
    text: str
    source: str
    """Which edge wrote it (``http``, ``cli``, ``desk`` …), from the event's metadata."""


def _name(state: TournamentState, player_id: int) -> str:
    return state.player(player_id).name if state.has_player(player_id) else f"#{player_id}"


def _game(state: TournamentState, round_no: int, board: int) -> str:
    """``White – Black`` of a board of a paired round."""
    if round_no > state.rounds_paired or board > len(state.round(round_no).boards):
        return "?"
    paired = state.round(round_no).boards[board - 1]
    return f"{state.player(paired.white).surname} – {state.player(paired.black).surname}"


def _bye(kind: ByeKind, _: Gettext) -> str:
    return {ByeKind.HALF: _("half-point bye"), ByeKind.ZERO: _("zero-point bye"),
            ByeKind.FULL: _("full-point bye")}[kind]  # fmt: skip


def describe(event: Event, state: TournamentState, _: Gettext) -> str:
    """One event as a sentence; ``state`` names the players."""
    match event:
        case TournamentCreated():
            return _("Tournament “%(name)s” created: %(rounds)s rounds, %(system)s system.") % {
                "name": event.name, "rounds": event.rounds, "system": event.system,
            }  # fmt: skip
        case PlayerRegistered():
            return _("%(name)s registered (rating %(rating)s).") % {
                "name": _name(state, event.player_id), "rating": event.rating or "–",
            }  # fmt: skip
        case PlayerDetailsCorrected():
            return _("Details of %(name)s corrected.") % {"name": _name(state, event.player_id)}
        case PlayerWithdrawn():
            return _("%(name)s withdrawn from round %(round)s on.") % {
                "name": _name(state, event.player_id), "round": event.from_round,
            }  # fmt: skip
        case ByeRequested():
            return _("%(name)s granted a %(bye)s in round %(round)s.") % {
                "name": _name(state, event.player_id), "bye": _bye(event.kind, _),
                "round": event.round_no,
            }  # fmt: skip
        case ByeCancelled():
            return _("Bye of %(name)s in round %(round)s cancelled.") % {
                "name": _name(state, event.player_id), "round": event.round_no,
            }  # fmt: skip
        case RoundPaired():
            return _("Round %(round)s paired: %(boards)s boards (%(system)s).") % {
                "round": event.round_no, "boards": len(event.boards), "system": event.system,
            }  # fmt: skip
        case RoundUnpaired():
            return _("Round %(round)s unpaired.") % {"round": event.round_no}
        case ResultRecorded():
            return _("Round %(round)s, board %(board)s (%(game)s): %(result)s.") % {
                "round": event.round_no, "board": event.board,
                "game": _game(state, event.round_no, event.board),
                "result": result_text(event.result.value),
            }  # fmt: skip
        case ResultCorrected():
            return _(
                "Round %(round)s, board %(board)s (%(game)s) corrected: %(previous)s → %(result)s."
            ) % {
                "round": event.round_no, "board": event.board,
                "game": _game(state, event.round_no, event.board),
                "previous": result_text(event.previous.value),
                "result": result_text(event.result.value),
            }  # fmt: skip
        case TournamentClosed():
            return _("Tournament closed.")
    return type(event).__name__


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
                    describe(recorded.event, state, _), str(source))
        )  # fmt: skip
    return lines[::-1]
