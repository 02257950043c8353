"""Which FIDE pairing criteria a pairing made by hand breaks (dutch.md §3), so that a manual
pairing is published knowing what it costs and the log says so.

Absolute criteria (C1-C3) are checked on the pairing itself; a manual pairing that breaks
one is refused unless forced with a reason. Quality criteria are compared with the engine's
pairing of the same round: a count worse than the engine's is a departure. The quality
criteria counted are C6 (downfloaters), C7 (their scores), C12 (colour preferences not met),
C13 (strong colour preferences not met) and C14 (downfloaters who downfloated the round
before); the finer float criteria (C8-C11, C15-C21) are not counted here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from engine.model import Colour
from events.decisions.settings import forbidden_pairs
from events.projections.tournament import Float, PlayerState, TournamentState
from events.types import PairedBoard, PlayerId

__all__ = ["Departures", "colour_preference", "departures"]


@dataclass(frozen=True, slots=True)
class Departures:
    """What a pairing breaks: absolute criteria (refused unless forced) and quality
    criteria on which it does worse than the engine's pairing."""

    absolute: tuple[str, ...]
    quality: tuple[str, ...]

    @property
    def all(self) -> tuple[str, ...]:
        return (*self.absolute, *self.quality)


def colour_preference(player: PlayerState) -> tuple[Colour | None, str]:
    """The colour a player prefers and how strongly: ``absolute``, ``strong``, ``mild`` or
    ``none`` (dutch.md §2.5, on the compressed sequence of played games)."""
    history = player.colour_history
    if not history:
        return None, "none"
    difference = sum(1 if c is Colour.WHITE else -1 for c in history)
    if difference > 1 or difference < -1:
        return (Colour.BLACK if difference > 1 else Colour.WHITE), "absolute"
    if len(history) >= 2 and history[-1] is history[-2]:
        return history[-1].opposite, "absolute"
    if difference:
        return (Colour.BLACK if difference > 0 else Colour.WHITE), "strong"
    return history[-1].opposite, "mild"


def departures(
    state: TournamentState,
    boards: Sequence[PairedBoard],
    pab: PlayerId | None,
    engine: tuple[Sequence[PairedBoard], PlayerId | None] | None,
) -> Departures:
    """The criteria ``boards`` and ``pab`` break for the next round; quality criteria are
    compared with ``engine`` (the engine's boards and PAB), when there is one."""
    absolute: list[str] = []
    forbidden = forbidden_pairs(state, state.next_round)
    for board in boards:
        white, black = state.player(board.white), state.player(board.black)
        names = f"{white.name} (id {white.player_id}) and {black.name} (id {black.player_id})"
        if board.black in white.opponents:
            absolute.append(f"C1: {names} have already played each other")
        if frozenset((board.white, board.black)) in forbidden:
            absolute.append(f"C1: {names} are a pair the arbiter forbade")
        (w_colour, w_strength), (b_colour, b_strength) = (
            colour_preference(white),
            colour_preference(black),
        )
        if (
            w_strength == b_strength == "absolute"
            and w_colour is b_colour
            and not (_topscorer(state, white) or _topscorer(state, black))
        ):
            absolute.append(f"C3: {names} both must have {w_colour.value if w_colour else ''}")
    if pab is not None and not state.player(pab).pab_eligible(state.points):
        player = state.player(pab)
        absolute.append(
            f"C2: {player.name} (id {pab}) already had the pairing-allocated bye or a win "
            "without playing"
        )
    quality: list[str] = []
    if engine is not None:
        mine, theirs = _quality(state, boards), _quality(state, engine[0])
        labels = {
            "C6": "players paired out of their score group (downfloaters)",
            "C7": "scores of the downfloaters, highest first",
            "C12": "players not given their colour preference",
            "C13": "players not given their strong colour preference",
            "C14": "downfloaters who also downfloated in the previous round",
        }
        for key, label in labels.items():
            if _worse(mine[key], theirs[key]):
                quality.append(
                    f"{key}: {label}: {_show(mine[key])} (the engine's pairing: "
                    f"{_show(theirs[key])})"
                )
    return Departures(tuple(absolute), tuple(quality))


def _topscorer(state: TournamentState, player: PlayerState) -> bool:
    settings = state.require_settings()
    if state.next_round != settings.rounds:
        return False
    return player.score > Fraction(state.rounds_paired) * state.points.win / 2


def _quality(state: TournamentState, boards: Sequence[PairedBoard]) -> dict[str, object]:
    downfloaters: list[Fraction] = []
    previous_down = 0
    unmet = strong_unmet = 0
    for board in boards:
        white, black = state.player(board.white), state.player(board.black)
        if white.score != black.score:
            higher = white if white.score > black.score else black
            downfloaters.append(higher.score)
            if higher.rounds and higher.rounds[-1].float is Float.DOWN:
                previous_down += 1
        for player, colour in ((white, Colour.WHITE), (black, Colour.BLACK)):
            wanted, strength = colour_preference(player)
            if wanted is not None and wanted is not colour:
                unmet += 1
                strong_unmet += strength in ("absolute", "strong")
    return {
        "C6": len(downfloaters),
        "C7": sorted(downfloaters, reverse=True),
        "C12": unmet,
        "C13": strong_unmet,
        "C14": previous_down,
    }


def _worse(mine: object, theirs: object) -> bool:
    if isinstance(mine, int) and isinstance(theirs, int):
        return mine > theirs
    assert isinstance(mine, list) and isinstance(theirs, list)
    return mine > theirs


def _show(value: object) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(f"{float(v):g}" for v in value) + "]"
    return str(value)
