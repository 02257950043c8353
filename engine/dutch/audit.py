"""The Dutch criteria (dutch.md §3) measured on a whole round pairing made elsewhere, e.g. by an
arbiter's hand, with the engine's own facts: its players (pairing scores, colour preferences,
floats, topscorers), its conflicts (C1, C3) and its account of unmet quality criteria
(:func:`engine.dutch.explain.build_trace`). Measuring the engine's own pairing the same way
gives the reference a manual pairing is compared with.

The brackets are those the pairing implies: score groups from the top, a pair belonging to
the bracket of its lower-scored player (the higher one, when the scores differ, is an MDP
there), and whoever is left unpaired in a bracket (the PAB receiver at the end) one of its
downfloaters. C4 holds for any complete pairing. C8 is not measured on its own: with the
whole round given, what the following bracket pairs and floats is that bracket's C6 and C7.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from engine.dutch.bracket import BracketRecord
from engine.dutch.colours import allocate_colours
from engine.dutch.explain import Allocation, build_trace
from engine.dutch.players import DutchPlayer, build_players
from engine.dutch.round_graph import Compatibility
from engine.dutch.system import conflicting_pairs
from engine.errors import InvalidRequest
from engine.model import Board, Colour, PairingNumber, PairingRequest

__all__ = ["ABSOLUTE", "Failure", "audit_pairing"]

ABSOLUTE = ("C1", "C2", "C3")
"""The criteria no pairing may break (dutch.md §3.1); the others are quality criteria."""


@dataclass(frozen=True, slots=True)
class Failure:
    """A criterion a pairing does not fulfil: its failure value (compared as a tuple, so a
    count ``(n,)`` and a list of scores sorted highest first compare as dutch.md §3.4
    says), the players concerned, and what went wrong."""

    criterion: str
    value: tuple[Fraction, ...]
    players: tuple[PairingNumber, ...]
    detail: str


def audit_pairing(
    request: PairingRequest, boards: Sequence[Board], bye: PairingNumber | None
) -> dict[str, Failure]:
    """Every criterion of C1-C3 and C5-C21 that ``boards`` and ``bye`` (a complete pairing
    of ``request.round_no``, colours as given) do not fulfil, by name; totals over the
    brackets.

    :raises InvalidRequest: when a board or the bye names a player not to be paired.
    """
    players = build_players(request)
    index = {player.number: player.index for player in players}
    try:
        pairs = [tuple(sorted((index[b.white], index[b.black]))) for b in boards]
        bye_index = index[bye] if bye is not None else None
    except KeyError as error:
        raise InvalidRequest(f"player {error.args[0]} is not to be paired this round") from None
    failures = _absolute(request, players, pairs, bye_index)
    records = _brackets(players, [(u, v) for u, v in pairs])
    white = {index[b.white] for b in boards}
    allocations: list[Allocation] = []
    for u, v in pairs:
        high, low = players[u], players[v]
        colour = Colour.WHITE if u in white else Colour.BLACK
        allocations.append(
            (high, low, colour, allocate_colours(high, low, request.initial_colour)[1])
        )
    neighbours = Compatibility(len(players), conflicting_pairs(players, request))
    trace = build_trace(players, records, allocations, bye_index, neighbours)
    if bye_index is not None:
        receiver = players[bye_index]
        unplayed = request.round_no - 1 - receiver.played_games
        failures["C5"] = Failure("C5", (receiver.score,), (receiver.number,),
                                 f"the PAB goes to a score of {_text(receiver.score)}")  # fmt: skip
        if unplayed:
            failures["C9"] = Failure("C9", (Fraction(unplayed),), (receiver.number,),
                                     f"the PAB receiver has {unplayed} unplayed game(s)")  # fmt: skip
    floaters = [i for record in records for i in record.downfloaters]
    if floaters:
        scores = tuple(sorted((players[i].score for i in floaters), reverse=True))
        numbers = tuple(players[i].number for i in floaters)
        failures["C6"] = Failure("C6", (Fraction(len(floaters)),), numbers,
                                 f"{len(floaters)} downfloater(s)")  # fmt: skip
        failures["C7"] = Failure("C7", scores, numbers, "downfloater scores "
                                 + ", ".join(_text(s) for s in scores))  # fmt: skip
    for bracket in trace.brackets:
        for unmet in bracket.unmet:
            found = failures.get(unmet.criterion)
            who = (*found.players, *unmet.players) if found else unmet.players
            detail = f"{found.detail}; {unmet.detail}" if found else unmet.detail
            failures[unmet.criterion] = Failure(unmet.criterion, (Fraction(len(who)),), who, detail)
    return failures


def _absolute(
    request: PairingRequest,
    players: list[DutchPlayer],
    pairs: list[tuple[int, ...]],
    bye: int | None,
) -> dict[str, Failure]:
    """C1 (a second meeting, an arbiter-forbidden pair), C2 (an ineligible PAB receiver)
    and C3 (two non-topscorers with the same absolute colour preference)."""
    conflicts = conflicting_pairs(players, request)
    found: dict[str, list[tuple[tuple[PairingNumber, ...], str]]] = {}
    for u, v in pairs:
        if v not in conflicts[u]:
            continue
        a, b = players[u], players[v]
        who = (a.number, b.number)
        if b.number in a.met:
            found.setdefault("C1", []).append((who, f"{a.number} and {b.number} have met"))
        elif frozenset(who) in request.forbidden_pairs:
            found.setdefault("C1", []).append((who, f"{a.number} and {b.number} are forbidden"))
        else:
            found.setdefault("C3", []).append(
                (who, f"{a.number} and {b.number} both must have the same colour")
            )
    if bye is not None and not players[bye].eligible_for_bye:
        number = players[bye].number
        found["C2"] = [((number,), f"{number} already had a PAB or a win without playing")]
    return {
        name: Failure(
            name,
            (Fraction(len(cases)),),
            tuple(n for who, _ in cases for n in who),
            "; ".join(detail for _, detail in cases),
        )
        for name, cases in found.items()
    }


def _brackets(players: list[DutchPlayer], pairs: list[tuple[int, int]]) -> list[BracketRecord]:
    """The brackets the pairing implies, from the highest score down (see the module)."""
    records = []
    carried: list[int] = []
    for score in sorted({player.score for player in players}, reverse=True):
        residents = [p.index for p in players if p.score == score]
        here = [(u, v) for u, v in pairs if players[v].score == score]
        paired = {i for pair in here for i in pair}
        members = carried + residents
        records.append(
            BracketRecord(
                score=score,
                mdps=tuple(carried),
                residents=tuple(residents),
                selected_mdps=tuple(m for m in carried if m in paired),
                pairs=here,
                downfloaters=tuple(i for i in members if i not in paired),
            )
        )
        carried = [i for i in members if i not in paired]
    return records


def _text(value: Fraction) -> str:
    return str(float(value)) if value.denominator != 1 else str(value.numerator)
