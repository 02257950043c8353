"""The engine's account of a 2012 Dutch pairing (``--explain``), in the articles of that text.

Each bracket says what kind it is (A.3), its parameters (P0, M0, M1 of A.6 and p of A.9), which
floats its pairs give (A.4) and why each player who leaves it moves down (C.1, C.6, C.12-C.14);
each board names the colour rule E.1-E.5 that decided it; the bye names A.5 and B.1b.
"""

from __future__ import annotations

from fractions import Fraction

from engine.common import Float
from engine.dutch.bracket import BracketRecord
from engine.dutch.colours import ColourRule
from engine.dutch.explain import Allocation
from engine.dutch.players import DutchPlayer
from engine.dutch.rules2012.colours import ARTICLES
from engine.model import (
    BracketTrace,
    Colour,
    ColourDecision,
    FloatReason,
    PairingNumber,
    PairingTrace,
    UnmetCriterion,
)

__all__ = ["build_trace_2012"]


def build_trace_2012(
    players: list[DutchPlayer],
    records: list[BracketRecord],
    allocations: list[Allocation],
    bye: int | None,
    conflicts: dict[int, set[int]],
) -> PairingTrace:
    everyone = {player.index for player in players}
    neighbours = {i: everyone - conflicts[i] - {i} for i in everyone}
    colour_of: dict[int, Colour] = {}
    for high, low, colour, _rule in allocations:
        colour_of[high.index] = colour
        colour_of[low.index] = colour.opposite
    lowest = len(records) - 1
    brackets = tuple(
        _bracket(players, record, colour_of, bye if position == lowest else None, neighbours)
        for position, record in enumerate(records)
    )
    return PairingTrace(
        brackets=brackets,
        colours=tuple(_colour(*allocation) for allocation in allocations),
        bye_reason=_bye_reason(players, bye),
    )


def _numbers(
    p: list[DutchPlayer], indices: tuple[int, ...] | list[int]
) -> tuple[PairingNumber, ...]:
    return tuple(p[i].number for i in indices)


def _bracket(
    p: list[DutchPlayer],
    record: BracketRecord,
    colour_of: dict[int, Colour],
    bye: int | None,
    neighbours: dict[int, set[int]],
) -> BracketTrace:
    size = len(record.mdps) + len(record.residents)
    notes = [_kind(record, size)]
    how = (
        "paired as in a homogeneous bracket (A.3)"
        if 2 * len(record.mdps) >= size
        else "players moved down are paired first (A.3, C.6)"
    )
    for high, low in record.pairs:
        if p[high].score != p[low].score:
            notes.append(
                f"{p[high].number}-{p[low].number}: {p[high].number} floats down and "
                f"{p[low].number} up (A.4); {how}"
            )
    floaters = tuple(
        FloatReason(p[i].number, _float_reason(p, record, i, bye, neighbours))
        for i in record.downfloaters
    )
    return BracketTrace(
        score=record.score,
        residents=_numbers(p, record.residents),
        moved_down=_numbers(p, record.mdps),
        pairs=tuple((p[u].number, p[v].number) for u, v in record.pairs),
        floaters=floaters,
        unmet=_unmet(p, record, colour_of),
        notes=tuple(notes),
    )


def _kind(record: BracketRecord, size: int) -> str:
    parameters = f"P0 = {size // 2}, M0 = {len(record.mdps)} (A.6)"
    if not record.mdps:
        return f"homogeneous score bracket (A.3); {parameters}; p = {len(record.pairs)} (A.9)"
    if 2 * len(record.mdps) >= size:
        return (
            f"at least half of it moved down, so treated as homogeneous (A.3); {parameters}; "
            f"p = {len(record.pairs)} (A.9)"
        )
    return (
        f"heterogeneous score bracket (A.3); {parameters}; M1 = {len(record.selected_mdps)}, "
        f"p = M1 for the moved-down players, then the remainder is homogeneous (A.9, C.6)"
    )


def _float_reason(
    p: list[DutchPlayer],
    record: BracketRecord,
    i: int,
    bye: int | None,
    neighbours: dict[int, set[int]],
) -> str:
    members = set(record.mdps) | set(record.residents)
    if len(members) == 1:
        return "alone in its score bracket: moves down to the next one (A.3)"
    if i == bye:
        return "left over by the lowest score bracket: gets the bye (A.5, C.13)"
    if not neighbours.get(i, set()) & members:
        return "C.1: no opponent in this bracket without breaking B.1 or B.2, so moves down"
    if i in record.mdps:
        return (
            f"C.14.b: only M1 = {len(record.selected_mdps)} of the {len(record.mdps)} players "
            "moved down can be paired here with the lower brackets still pairable (C.12, "
            "C.13); the others move down again, the lowest-ranked first (D.3)"
        )
    if len(members) % 2 and len(record.downfloaters) == 1:
        return (
            "the bracket has an odd number of players, so P0 pairs leave one over (A.6); "
            "this one by B.3-B.6, then the transposition and exchange order (C.6-C.8, D.1, D.2)"
        )
    return (
        "C.14: fewer pairs than P0 here (P1 lowered), because pairing this player would leave a "
        "lower bracket unpairable (C.12, C.13)"
    )


def _unmet(
    p: list[DutchPlayer], record: BracketRecord, colour_of: dict[int, Colour]
) -> tuple[UnmetCriterion, ...]:
    found: list[UnmetCriterion] = []
    paired = [i for pair in record.pairs for i in pair]
    missed = [i for i in paired if p[i].wants is not None and colour_of[i] != p[i].wants]
    if missed:
        found.append(UnmetCriterion("B.4", _numbers(p, missed), "colour preference not granted"))
    residents = set(record.residents)
    ups = [low for high, low in record.pairs if p[high].score > p[low].score]
    downs = [high for high, low in record.pairs if p[high].score > p[low].score]
    downs += [i for i in record.downfloaters if i in residents]
    for back, article in ((1, "B.5"), (2, "B.6")):
        when = "the previous round" if back == 1 else "two rounds before"
        again_down = [i for i in downs if _moved(p[i], back) is Float.DOWN]
        again_up = [i for i in ups if _moved(p[i], back) is Float.UP]
        if again_down:
            detail = f"floats down again, as in {when}"
            found.append(UnmetCriterion(article, _numbers(p, again_down), detail))
        if again_up:
            detail = f"floats up again, as in {when}"
            found.append(UnmetCriterion(article, _numbers(p, again_up), detail))
    return tuple(found)


def _moved(player: DutchPlayer, back: int) -> Float | None:
    return player.float_previous if back == 1 else player.float_before_previous


_DETAILS = {
    "E.1": "both preferences granted",
    "E.2": "the stronger preference is granted",
    "E.3": "colours alternate from the latest round in which they differed",
    "E.4": "the higher-ranked player's preference is granted",
}


def _colour(
    high: DutchPlayer, low: DutchPlayer, colour: Colour, rule: ColourRule
) -> ColourDecision:
    white, black = (high, low) if colour is Colour.WHITE else (low, high)
    article = ARTICLES[rule]
    detail = _DETAILS.get(article) or (
        f"neither has played a game: {high.number}, the higher ranked, gets the colour its "
        "pairing number's parity gives (round 1: odd numbers the colour drawn by lot; later "
        "rounds, where the text is silent: even numbers, as JaVaFo 1.4 does)"
    )
    return ColourDecision(
        white.number, black.number, article, f"{_who(high)}; {_who(low)}: {detail}"
    )


def _who(player: DutchPlayer) -> str:
    if player.wants is None:
        return f"{player.number} has no preference (A.7)"
    strength = player.preference.strength.name.lower()
    name = "White" if player.wants is Colour.WHITE else "Black"
    return f"{player.number} {strength} {name} (A.7)"


def _bye_reason(p: list[DutchPlayer], bye: int | None) -> str:
    if bye is None:
        return ""
    player = p[bye]
    return (
        f"{player.number} (score {_text(player.score)}) is the player the lowest bracket leaves "
        "over (A.5, C.13) and has not yet scored without playing (B.1b)"
    )


def _text(value: Fraction) -> str:
    return str(float(value)) if value.denominator != 1 else str(value.numerator)
