"""Which FIDE pairing criteria a pairing made by hand breaks (dutch.md §3), so that a manual
pairing is published knowing what it costs and the log says so.

The engine measures them (:func:`engine.dutch.audit_pairing`), on the pairing and on the
engine's own pairing of the same round. Absolute criteria (C1-C3) are checked on the
pairing itself; one it breaks is refused unless forced with a reason. The quality criteria
(C5-C21, C8 seen through the following bracket's C6 and C7) are compared with the engine's
pairing: a failure value worse than the engine's is a departure. They are the Dutch 2026
rules' criteria, so they are compared for a tournament paired by those; for any other
system or edition only the absolute criteria are checked. The arbiter's forbidden pairs
count for C1; same-club or same-federation wishes are no criterion.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from engine.dutch import ABSOLUTE, Failure, audit_pairing
from engine.messages import Message
from engine.model import Board, PairingNumber, PairingRequest
from events.projections.state import TournamentState
from events.types import PairedBoard, PlayerId

__all__ = ["LABELS", "Departures", "departures"]

LABELS = {
    "C1": Message("players who may not meet (already played each other, or a forbidden pair)"),
    "C2": Message("the pairing-allocated bye to a player who may not receive it"),
    "C3": Message("non-topscorers with the same absolute colour preference paired together"),
    "C5": Message("score of the player given the pairing-allocated bye"),
    "C6": Message("players paired out of their score group (downfloaters)"),
    "C7": Message("scores of the downfloaters, highest first"),
    "C9": Message("unplayed games of the player given the pairing-allocated bye"),
    "C10": Message("topscorers or their opponents with a colour difference beyond 2"),
    "C11": Message("topscorers or their opponents with one colour three times running"),
    "C12": Message("players not given their colour preference"),
    "C13": Message("players not given their strong colour preference"),
    "C14": Message("downfloaters who also downfloated in the previous round"),
    "C15": Message("opponents of moved-down players who also upfloated in the previous round"),
    "C16": Message("downfloaters who also downfloated two rounds before"),
    "C17": Message("opponents of moved-down players who also upfloated two rounds before"),
    "C18": Message("moved-down players who also downfloated in the previous round"),
    "C19": Message(
        "upfloaters paired with moved-down players who also upfloated in the previous round"
    ),
    "C20": Message("moved-down players who also downfloated two rounds before"),
    "C21": Message(
        "upfloaters paired with moved-down players who also upfloated two rounds before"
    ),
}
"""What each criterion minimises, as a departure names it (dutch.md §3.1, §3.3, §3.4)."""


@dataclass(frozen=True, slots=True)
class Departures:
    """What a pairing breaks: absolute criteria (refused unless forced) and quality
    criteria on which it does worse than the engine's pairing."""

    absolute: tuple[Message, ...]
    quality: tuple[Message, ...]

    @property
    def all(self) -> tuple[Message, ...]:
        return (*self.absolute, *self.quality)


def departures(
    state: TournamentState,
    boards: Sequence[PairedBoard],
    pab: PlayerId | None,
    engine: tuple[Sequence[PairedBoard], PlayerId | None] | None,
) -> Departures:
    """The criteria ``boards`` and ``pab`` break for the next round; quality criteria are
    compared with ``engine`` (the engine's boards and PAB), when there is one."""
    from events.decisions.rounds import pairing_request  # rounds imports this module

    request = pairing_request(state, wishes=False)
    mine = _audit(state, request, boards, pab)
    absolute = tuple(
        line for name in ABSOLUTE if name in mine for line in _absolute(state, mine[name])
    )
    settings = state.require_settings()
    if engine is None or (settings.system, settings.rules_edition) != ("dutch", "fide-2026"):
        return Departures(absolute, ())
    theirs = _audit(state, request, *engine)
    quality = []
    for name, failure in mine.items():
        if name in ABSOLUTE:
            continue
        reference = theirs.get(name)
        if failure.value > (reference.value if reference else ()):
            quality.append(Message(
                "%(criterion)s: %(label)s: %(value)s (the engine's pairing: %(engine)s); "
                "%(players)s", criterion=name, label=LABELS[name], value=_show(name, failure),
                engine=_show(name, reference), players=_who(state, failure),
            ))  # fmt: skip
    return Departures(absolute, tuple(sorted(quality, key=_criterion_order)))


def _audit(
    state: TournamentState,
    request: PairingRequest,
    boards: Sequence[PairedBoard],
    pab: PlayerId | None,
) -> dict[str, Failure]:
    def number(player_id: PlayerId) -> PairingNumber:
        return PairingNumber(state.pairing_number(player_id))

    given = [Board(white=number(b.white), black=number(b.black)) for b in boards]
    return audit_pairing(request, given, number(pab) if pab is not None else None)


def _absolute(state: TournamentState, failure: Failure) -> list[Message]:
    """One line per pair (or PAB) that breaks an absolute criterion, naming the players."""
    if failure.criterion == "C2":
        name = _name(state, failure.players[0])
        return [
            Message("C2: %(player)s already had the pairing-allocated bye or a win without "
                    "playing", player=name)
        ]  # fmt: skip
    lines = []
    for a, b in zip(failure.players[::2], failure.players[1::2]):
        names = {"first": _name(state, a), "second": _name(state, b)}
        if failure.criterion == "C3":
            lines.append(Message("C3: %(first)s and %(second)s both have an absolute preference "
                                 "for one colour", **names))  # fmt: skip
        elif state.order[b - 1] in state.player(state.order[a - 1]).opponents:
            lines.append(Message("C1: %(first)s and %(second)s have already played each other",
                                 **names))  # fmt: skip
        else:
            lines.append(Message("C1: %(first)s and %(second)s are a pair the arbiter forbade",
                                 **names))  # fmt: skip
    return lines


def _name(state: TournamentState, number: PairingNumber) -> str:
    player = state.player(state.order[number - 1])
    return f"{player.name} (id {player.player_id})"


def _who(state: TournamentState, failure: Failure) -> str:
    return ", ".join(dict.fromkeys(_name(state, n) for n in failure.players))


def _show(name: str, failure: Failure | None) -> str:
    values = failure.value if failure else ()
    if name == "C7":
        return "[" + ", ".join(_points(v) for v in values) + "]"
    return _points(values[0]) if values else "0" if name != "C5" else Message("no bye")


def _points(value: Fraction) -> str:
    return f"{float(value):g}"


def _criterion_order(line: Message) -> int:
    return int(line.split(":", 1)[0].removeprefix("C"))
