"""Plain-text views of a tournament for the command line (one function per view)."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from events.envelope import RecordedEvent
from events.projections import RoundState, TournamentState, points_str
from events.tiebreaks import counting_note
from server.printouts import counted_scores, text_table

__all__ = ["render_log", "render_round", "render_state", "text_table"]


def render_state(state: TournamentState) -> str:
    """The tournament header, its players in TPN order (points as the standings count
    them, with the line saying so), and every paired round."""
    settings = state.settings
    assert settings is not None
    status = (
        "closed" if state.closed else f"{state.rounds_paired} of {settings.rounds} rounds paired"
    )
    lines = [
        (
            f"{settings.name} ({settings.tournament_id}): {settings.rounds} rounds, "
            f"{settings.system}, rules {settings.rules_edition}; {status}; "
            f"stream version {state.version}"
        ),
    ]
    if settings.place or settings.start_date:
        lines.append(" ".join(part for part in (settings.place, _dates(state)) if part))
    lines += ["", "Players"]
    rows = []
    scores = counted_scores(state)
    for number, player_id in enumerate(state.order, 1):
        player = state.player(player_id)
        notes = []
        if player.joins_round > 1:
            notes.append(f"late entry from round {player.joins_round}")
        if player.withdrawn_from is not None:
            notes.append(f"withdrawn from round {player.withdrawn_from}")
        notes += [
            f"{bye.kind.value}-point bye round {bye.round_no}"
            for bye in state.byes
            if bye.player_id == player_id and bye.round_no >= state.next_round
        ]
        rows.append(
            (
                player_id,
                number,
                player.name,
                player.title,
                player.rating or "",
                player.federation,
                points_str(scores[player_id]),
                "; ".join(notes),
            )
        )
    lines += text_table(("id", "TPN", "name", "title", "rating", "fed", "pts", "notes"), rows)
    lines.append(counting_note(state))
    for round_ in state.rounds:
        lines += ["", *render_round(state, round_).splitlines()]
    return "\n".join(lines)


def _dates(state: TournamentState) -> str:
    settings = state.settings
    assert settings is not None
    if settings.start_date and settings.end_date and settings.end_date != settings.start_date:
        return f"{settings.start_date.isoformat()} to {settings.end_date.isoformat()}"
    return settings.start_date.isoformat() if settings.start_date else ""


def render_round(state: TournamentState, round_: RoundState) -> str:
    """One round: boards with results, then the PAB and who was not paired, and why."""
    lines = [f"Round {round_.round_no} ({round_.system})"]
    rows = []
    for board in round_.boards:
        white, black = state.player(board.white), state.player(board.black)
        before_white = white.rounds[round_.round_no - 1].score_before
        before_black = black.rounds[round_.round_no - 1].score_before
        rows.append(
            (
                board.number,
                white.player_id,
                f"{white.name} ({points_str(before_white)})",
                board.result.value if board.result else "…",
                black.player_id,
                f"{black.name} ({points_str(before_black)})",
            )
        )
    lines += text_table(("board", "id", "white", "result", "id", "black"), rows, right={0, 1, 4})
    if round_.pab is not None:
        pab = state.player(round_.pab)
        lines.append(f"pairing-allocated bye: {pab.name} (id {pab.player_id})")
    for entry in round_.not_paired:
        player = state.player(entry.player_id)
        lines.append(f"not paired: {player.name} (id {player.player_id}, {entry.reason.value})")
    return "\n".join(lines)


def render_log(events: Sequence[RecordedEvent]) -> str:
    """The audit trail: version, position, time, who (the actor), type and payload."""
    rows = []
    for recorded in events:
        payload = msgspec.to_builtins(recorded.event)
        del payload["type"]
        rows.append(
            (
                recorded.stream_version,
                recorded.global_position,
                recorded.recorded_at.strftime("%Y-%m-%d %H:%M:%S"),
                str(recorded.metadata.get("actor", "")),
                recorded.event_type,
                msgspec.json.encode(payload).decode(),
            )
        )
    header = ("version", "position", "recorded (UTC)", "actor", "type", "payload")
    return "\n".join(text_table(header, rows))
