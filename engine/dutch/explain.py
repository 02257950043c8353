"""The engine's own account of a Dutch pairing (``--explain``), built from what the bracket
procedure recorded: who was in each bracket, which MDPs it paired, who moved down and why,
which quality criteria the chosen pairing could not meet and for whom, and which colour
rule decided each board.

The 2026 and 2017 texts share the procedure but number it differently (and 2017 has no PAB
criteria): :data:`NAMES_2026` and :data:`NAMES_2017` map each article the account cites to
the edition's own number, so that ``--explain`` speaks the text the round is paired by."""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from fractions import Fraction

from engine.common import Float
from engine.dutch.bracket import BracketRecord
from engine.dutch.colours import ColourRule
from engine.dutch.players import DutchPlayer
from engine.model import (
    BracketTrace,
    Colour,
    ColourDecision,
    FloatReason,
    PairingNumber,
    PairingTrace,
    UnmetCriterion,
)

__all__ = ["NAMES_2017", "NAMES_2026", "Allocation", "EditionNames", "build_trace"]

Allocation = tuple[DutchPlayer, DutchPlayer, Colour, ColourRule]
"""(higher-ranked, lower-ranked, colour of the higher-ranked, deciding rule)."""

_COLOUR_NAMES = {Colour.WHITE: "White", Colour.BLACK: "Black"}


@dataclass(frozen=True, slots=True)
class EditionNames:
    """How one edition numbers what the account cites, keyed by the 2026 number.

    ``articles`` has no entry for a criterion the edition does not have (2017: the PAB
    criteria C5 and C9); ``quality`` is the edition's span of quality criteria.
    """

    articles: Mapping[str, str]
    quality: str
    colours: Mapping[ColourRule, str]

    def __getitem__(self, name: str) -> str:
        return self.articles[name]

    def has(self, name: str) -> bool:
        return name in self.articles


_CRITERIA_2026 = [f"C{n}" for n in range(1, 22)]
NAMES_2026 = EditionNames(
    articles={**{c: c for c in _CRITERIA_2026}, "Art. 4.2": "Art. 4.2", "Art. 4.4": "Art. 4.4"},
    quality="C5-C21",
    colours={rule: rule.value for rule in ColourRule},
)
"""The 2026 text (C.04.3 from February 2026): Arts 1-5, criteria C1-C21."""

NAMES_2017 = EditionNames(
    articles={
        **{f"C{n}": f"C.{n}" for n in range(1, 5)},
        **{f"C{n}": f"C.{n - 1}" for n in range(6, 9)},
        **{f"C{n}": f"C.{n - 2}" for n in range(10, 22)},
        "Art. 4.2": "D.1",
        "Art. 4.4": "D.3",
    },
    quality="C.5-C.19",
    colours={rule: f"E.{rule.value[-1]}" for rule in ColourRule},
)
"""The 2017 text (Baku 2016 / Goynuk 2017): sections A-E, criteria C.1-C.19, no PAB criteria;
the 2026 C6-C8 are its C.5-C.7 and C10-C21 its C.8-C.19, colour rules E.1-E.5."""


def build_trace(
    players: list[DutchPlayer],
    records: list[BracketRecord],
    allocations: list[Allocation],
    bye: int | None,
    neighbours: Mapping[int, AbstractSet[int]],
    names: EditionNames = NAMES_2026,
) -> PairingTrace:
    colour_of: dict[int, Colour] = {}
    for high, low, colour, _rule in allocations:
        colour_of[high.index] = colour
        colour_of[low.index] = colour.opposite
    brackets = tuple(
        _bracket(players, record, colour_of, bye, neighbours, names) for record in records
    )
    colours = tuple(_colour_decision(*allocation, names) for allocation in allocations)
    return PairingTrace(
        brackets=brackets, colours=colours, bye_reason=_bye_reason(players, bye, names)
    )


def _n(
    players: list[DutchPlayer], indices: tuple[int, ...] | list[int]
) -> tuple[PairingNumber, ...]:
    return tuple(players[i].number for i in indices)


def _bracket(
    players: list[DutchPlayer],
    record: BracketRecord,
    colour_of: dict[int, Colour],
    bye: int | None,
    neighbours: Mapping[int, AbstractSet[int]],
    names: EditionNames,
) -> BracketTrace:
    p = players
    notes = [
        f"{len(record.mdps)} MDP(s) entered, {len(record.selected_mdps)} paired here (M1)",
        f"{len(record.pairs)} pair(s) from {len(record.mdps) + len(record.residents)} players",
    ]
    if record.exchanges:
        notes.append(f"{record.exchanges} exchange(s) between S1 and S2 in the remainder")
    floaters = tuple(
        FloatReason(p[i].number, _float_reason(p, record, i, bye, neighbours, names))
        for i in record.downfloaters
    )
    return BracketTrace(
        score=record.score,
        residents=_n(p, record.residents),
        moved_down=_n(p, record.mdps),
        pairs=tuple((p[u].number, p[v].number) for u, v in record.pairs),
        floaters=floaters,
        unmet=_unmet(p, record, colour_of, names),
        notes=tuple(notes),
    )


def _float_reason(
    p: list[DutchPlayer],
    record: BracketRecord,
    i: int,
    bye: int | None,
    neighbours: Mapping[int, AbstractSet[int]],
    n: EditionNames,
) -> str:
    members = set(record.mdps) | set(record.residents)
    if len(members) == 1:
        return "the only player of the bracket"
    legal = neighbours.get(i, set()) & members
    if i in record.mdps:
        if not legal & set(record.residents):
            return (
                f"MDP with no legal opponent among the residents ({n['C1']}/{n['C3']}): "
                "stays in the Limbo"
            )
        return (
            f"MDP left in the Limbo: only {len(record.selected_mdps)} of the "
            f"{len(record.mdps)} MDPs can be paired in a best pairing ({n['C6']}/{n['C7']}); "
            f"the paired set is the first valid one ({n['Art. 4.4']})"
        )
    if not legal:
        return f"no legal opponent in the bracket ({n['C1']}: already met, or {n['C3']}: colours)"
    if i == bye:
        return "left over from the last bracket: receives the PAB"
    if len(members) % 2 and len(record.downfloaters) == 1:
        return (
            "the bracket has an odd number of players, so one moves down; the criteria "
            f"{n.quality}, then the generation order, chose this player"
        )
    completion = (
        f"leave the round incomplete or raise the PAB score ({n['C4']}/{n['C5']})"
        if n.has("C5")
        else f"leave the round incomplete ({n['C4']})"
    )
    return (
        f"not paired in the best candidate: pairing it would {completion}, or pair fewer "
        f"players or higher scores here or in the next bracket ({n['C6']}-{n['C8']})"
    )


def _unmet(
    p: list[DutchPlayer], record: BracketRecord, colour_of: dict[int, Colour], n: EditionNames
) -> tuple[UnmetCriterion, ...]:
    found: list[UnmetCriterion] = []
    paired = [i for pair in record.pairs for i in pair]
    missed = [i for i in paired if p[i].wants is not None and colour_of[i] != p[i].wants]
    ten = [i for i in paired if abs(_difference_after(p[i], colour_of[i])) > 2]
    eleven = [i for i in paired if p[i].repeated is not None and p[i].repeated == colour_of[i]]
    strong = [i for i in missed if p[i].strong]
    for name, who, detail in (
        ("C10", ten, "colour difference beyond ±2 (topscorer pairing)"),
        ("C11", eleven, "same colour three times running (topscorer pairing)"),
        ("C12", missed, "colour preference not granted"),
        ("C13", strong, "strong colour preference not granted"),
    ):
        if who:
            found.append(UnmetCriterion(n[name], _n(p, who), detail))
    residents = set(record.residents)
    mdps = set(record.mdps)
    resident_floaters = [i for i in record.downfloaters if i in residents]
    mdp_opponents = [v for u, v in record.pairs if u in mdps] + [
        u for u, v in record.pairs if v in mdps
    ]
    for back, down, up in ((1, "C14", "C15"), (2, "C16", "C17")):
        when = "the previous round" if back == 1 else "two rounds before"
        repeated = [i for i in resident_floaters if _moved(p[i], back) is Float.DOWN]
        if repeated:
            detail = f"downfloats again, as in {when}"
            found.append(UnmetCriterion(n[down], _n(p, repeated), detail))
        ups = [i for i in mdp_opponents if i in residents and _moved(p[i], back) is Float.UP]
        if ups:
            found.append(UnmetCriterion(n[up], _n(p, ups), f"upfloats again, as in {when}"))
    opponents = dict(record.pairs) | {v: u for u, v in record.pairs}
    for back, down, up in ((1, "C18", "C19"), (2, "C20", "C21")):
        repeated_mdps = [m for m in record.mdps if _moved(p[m], back) is Float.DOWN]
        if repeated_mdps:
            detail = "; ".join(
                f"{p[m].number}: "
                + (
                    f"score difference {_text(p[m].score - p[opponents[m]].score)}"
                    if m in opponents
                    else "moves down again from the Limbo"
                )
                for m in repeated_mdps
            )
            found.append(UnmetCriterion(n[down], _n(p, repeated_mdps), detail))
        ups = [i for i in mdp_opponents if i in residents and _moved(p[i], back) is Float.UP]
        if ups:
            detail = "; ".join(
                f"{p[i].number}: score difference {_text(p[opponents[i]].score - p[i].score)}"
                for i in ups
            )
            found.append(UnmetCriterion(n[up], _n(p, ups), detail))
    return tuple(found)


def _difference_after(player: DutchPlayer, colour: Colour) -> int:
    return player.preference.difference + (1 if colour is Colour.WHITE else -1)


def _moved(player: DutchPlayer, back: int) -> Float | None:
    return player.float_previous if back == 1 else player.float_before_previous


def _text(value: Fraction) -> str:
    return str(float(value)) if value.denominator != 1 else str(value.numerator)


def _colour_decision(
    high: DutchPlayer, low: DutchPlayer, colour: Colour, rule: ColourRule, names: EditionNames
) -> ColourDecision:
    white, black = (high, low) if colour is Colour.WHITE else (low, high)
    detail = {
        ColourRule.BOTH_PREFERENCES: "both preferences granted",
        ColourRule.STRONGER_PREFERENCE: "the stronger preference is granted",
        ColourRule.ALTERNATION: "colours alternate from the last round in which they differed",
        ColourRule.HIGHER_RANKED_PREFERENCE: f"{high.number}, the higher ranked, gets its preference",
        ColourRule.PAIRING_NUMBER_PARITY: f"{high.number}'s pairing number parity and the initial colour",
    }[rule]
    return ColourDecision(
        white.number,
        black.number,
        names.colours[rule],
        f"{_describe(high)}; {_describe(low)}: {detail}",
    )


def _describe(player: DutchPlayer) -> str:
    if player.wants is None:
        return f"{player.number} has no preference"
    strength = player.preference.strength.name.lower()
    return f"{player.number} {strength} {_COLOUR_NAMES[player.wants]}"


def _bye_reason(p: list[DutchPlayer], bye: int | None, n: EditionNames) -> str:
    if bye is None:
        return ""
    player = p[bye]
    if not n.has("C5"):
        return (
            f"{player.number} gets the PAB: eligible ({n['C2']}), score {_text(player.score)}, "
            "left over by the last bracket (A.9: the bye is part of its pairing)"
        )
    return (
        f"{player.number} gets the PAB: eligible (C2), score {_text(player.score)} is the lowest "
        f"a complete pairing can leave over (C5), {player.played_games} game(s) played (C9)"
    )
