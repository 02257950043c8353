"""The engine's own account of a Dutch pairing (``--explain``), built from what the bracket
procedure recorded: who was in each bracket, which MDPs it paired, who moved down and why,
which quality criteria the chosen pairing could not meet and for whom, and which colour
rule decided each board."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from fractions import Fraction

from engine.common import Float
from engine.dutch.bracket import BracketRecord
from engine.dutch.colours import ColourRule
from engine.dutch.players import DutchPlayer
from engine.messages import Message
from engine.model import (
    BracketTrace,
    Colour,
    ColourDecision,
    FloatReason,
    PairingNumber,
    PairingTrace,
    UnmetCriterion,
)

__all__ = ["WORDING_2017", "WORDING_2026", "Allocation", "Wording", "build_trace"]

Allocation = tuple[DutchPlayer, DutchPlayer, Colour, ColourRule]
"""(higher-ranked, lower-ranked, colour of the higher-ranked, deciding rule)."""

_COLOUR_NAMES = {Colour.WHITE: Message("White"), Colour.BLACK: Message("Black")}


def build_trace(
    players: list[DutchPlayer],
    records: list[BracketRecord],
    allocations: list[Allocation],
    bye: int | None,
    neighbours: Mapping[int, AbstractSet[int]],
    wording: Wording | None = None,
) -> PairingTrace:
    """The account of a pairing in the words of ``wording`` (the 2026 text's by default)."""
    words = wording or WORDING_2026
    colour_of: dict[int, Colour] = {}
    for high, low, colour, _rule in allocations:
        colour_of[high.index] = colour
        colour_of[low.index] = colour.opposite
    # The PAB is given in the lowest bracket; above it the same player only moved down.
    lowest = len(records) - 1
    brackets = tuple(
        _bracket(players, record, colour_of, bye if at == lowest else None, neighbours, words)
        for at, record in enumerate(records)
    )
    colours = tuple(_colour_decision(*allocation, words) for allocation in allocations)
    bye_reason = ""
    if bye is not None:
        player = players[bye]
        bye_reason = words.bye_reason(player.number, player.score, player.played_games)
    return PairingTrace(brackets=brackets, colours=colours, bye_reason=bye_reason)


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
    words: Wording,
) -> BracketTrace:
    p = players
    floaters = tuple(
        FloatReason(p[i].number, words.float_reason(words, p, record, i, bye, neighbours))
        for i in record.downfloaters
    )
    return BracketTrace(
        score=record.score,
        residents=_n(p, record.residents),
        moved_down=_n(p, record.mdps),
        pairs=tuple((p[u].number, p[v].number) for u, v in record.pairs),
        floaters=floaters,
        unmet=_unmet(p, record, colour_of, words),
        notes=tuple(words.notes(p, record)),
    )


def _notes(p: list[DutchPlayer], record: BracketRecord) -> list[Message]:
    notes = [
        Message("%(entered)s MDP(s) entered, %(paired)s paired here (M1)",
                entered=len(record.mdps), paired=len(record.selected_mdps)),
        Message("%(pairs)s pair(s) from %(players)s players",
                pairs=len(record.pairs), players=len(record.mdps) + len(record.residents)),
    ]  # fmt: skip
    if record.exchanges:
        notes.append(
            Message("%(exchanges)s exchange(s) between S1 and S2 in the remainder",
                    exchanges=record.exchanges)
        )  # fmt: skip
    return notes


def _float_reason(
    words: Wording,
    p: list[DutchPlayer],
    record: BracketRecord,
    i: int,
    bye: int | None,
    neighbours: Mapping[int, AbstractSet[int]],
) -> Message:
    members = set(record.mdps) | set(record.residents)
    if len(members) == 1:
        return Message("the only player of the bracket")
    legal = neighbours.get(i, set()) & members
    if i in record.mdps:
        if not legal & set(record.residents):
            return Message(
                "MDP with no legal opponent among the residents (%(c1)s/%(c3)s): stays in the "
                "Limbo", c1=words["C1"], c3=words["C3"],
            )  # fmt: skip
        return Message(
            "MDP left in the Limbo: only %(paired)s of the %(mdps)s MDPs can be paired in a "
            "best pairing (%(c6)s/%(c7)s); the paired set is the first valid one (%(art)s)",
            paired=len(record.selected_mdps), mdps=len(record.mdps), c6=words["C6"],
            c7=words["C7"], art=words["Art. 4.4"],
        )  # fmt: skip
    if not legal:
        return Message(
            "no legal opponent in the bracket (%(c1)s: already met, or %(c3)s: colours)",
            c1=words["C1"], c3=words["C3"],
        )  # fmt: skip
    if i == bye:
        return Message("left over from the last bracket: receives the PAB")
    if len(members) % 2 and len(record.downfloaters) == 1:
        return Message(
            "the bracket has an odd number of players, so one moves down; the criteria "
            "%(quality)s, then the generation order, chose this player", quality=words.quality,
        )  # fmt: skip
    completion = (
        Message("leave the round incomplete or raise the PAB score (%(c4)s/%(c5)s)",
                c4=words["C4"], c5=words["C5"])
        if words.has("C5")
        else Message("leave the round incomplete (%(c4)s)", c4=words["C4"])
    )  # fmt: skip
    return Message(
        "not paired in the best candidate: pairing it would %(completion)s, or pair fewer "
        "players or higher scores here or in the next bracket (%(c6)s-%(c8)s)",
        completion=completion, c6=words["C6"], c8=words["C8"],
    )  # fmt: skip


def _unmet(
    p: list[DutchPlayer],
    record: BracketRecord,
    colour_of: dict[int, Colour],
    words: Wording,
) -> tuple[UnmetCriterion, ...]:
    found = _Found(words.articles)
    paired = [i for pair in record.pairs for i in pair]
    missed = [i for i in paired if p[i].wants is not None and colour_of[i] != p[i].wants]
    ten = [i for i in paired if abs(_difference_after(p[i], colour_of[i])) > 2]
    eleven = [i for i in paired if p[i].repeated is not None and p[i].repeated == colour_of[i]]
    strong = [i for i in missed if p[i].strong]
    for name, who, detail in (
        ("C10", ten, Message("colour difference beyond ±2 (topscorer pairing)")),
        ("C11", eleven, Message("same colour three times running (topscorer pairing)")),
        ("C12", missed, Message("colour preference not granted")),
        ("C13", strong, Message("strong colour preference not granted")),
    ):
        if who:
            found.append(name, _n(p, who), detail)
    residents = set(record.residents)
    mdps = set(record.mdps)
    resident_floaters = [i for i in record.downfloaters if i in residents]
    mdp_opponents = [v for u, v in record.pairs if u in mdps] + [
        u for u, v in record.pairs if v in mdps
    ]
    for back, down, up in ((1, "C14", "C15"), (2, "C16", "C17")):
        when = Message("the previous round") if back == 1 else Message("two rounds before")
        repeated = [i for i in resident_floaters if p[i].floated(back) is Float.DOWN]
        if repeated:
            found.append(
                down, _n(p, repeated), Message("downfloats again, as in %(when)s", when=when)
            )
        ups = [i for i in mdp_opponents if i in residents and p[i].floated(back) is Float.UP]
        if ups:
            found.append(up, _n(p, ups), Message("upfloats again, as in %(when)s", when=when))
    opponents = dict(record.pairs) | {v: u for u, v in record.pairs}
    for back, down, up in ((1, "C18", "C19"), (2, "C20", "C21")):
        repeated_mdps = [m for m in record.mdps if p[m].floated(back) is Float.DOWN]
        if repeated_mdps:
            each = tuple(
                Message("%(player)s: %(why)s", player=p[m].number,
                        why=_difference(p[m].score - p[opponents[m]].score)
                        if m in opponents else words.moves_on)
                for m in repeated_mdps
            )  # fmt: skip
            found.append(down, _n(p, repeated_mdps), Message("%(each)s", each=each))
        ups = [i for i in mdp_opponents if i in residents and p[i].floated(back) is Float.UP]
        if ups:
            each = tuple(
                Message("%(player)s: %(why)s", player=p[i].number,
                        why=_difference(p[opponents[i]].score - p[i].score))
                for i in ups
            )  # fmt: skip
            found.append(up, _n(p, ups), Message("%(each)s", each=each))
    return tuple(found.criteria)


class _Found:
    """The unmet criteria of a bracket, each under the edition's name for it; a criterion the
    edition does not have is left out."""

    def __init__(self, names: Mapping[str, str]) -> None:
        self.names = names
        self.criteria: list[UnmetCriterion] = []

    def append(self, criterion: str, players: tuple[PairingNumber, ...], detail: Message) -> None:
        name = self.names.get(criterion)
        if name is not None:
            self.criteria.append(UnmetCriterion(name, players, detail))


def _difference_after(player: DutchPlayer, colour: Colour) -> int:
    return player.preference.difference + (1 if colour is Colour.WHITE else -1)


def _difference(value: Fraction) -> Message:
    return Message("score difference %(difference)s", difference=value)


def _colour_decision(
    high: DutchPlayer, low: DutchPlayer, colour: Colour, rule: ColourRule, words: Wording
) -> ColourDecision:
    white, black = (high, low) if colour is Colour.WHITE else (low, high)
    article, detail = words.colours[rule]
    return ColourDecision(
        white.number,
        black.number,
        article,
        Message("%(high)s; %(low)s: %(detail)s",
                high=_describe(high), low=_describe(low), detail=detail(high.number)),
    )  # fmt: skip


def _describe(player: DutchPlayer) -> Message:
    if player.wants is None:
        return Message("%(player)s has no preference", player=player.number)
    strength = _STRENGTHS[player.preference.strength.name.lower()]
    return Message("%(player)s %(strength)s %(colour)s", player=player.number,
                   strength=strength, colour=_COLOUR_NAMES[player.wants])  # fmt: skip


_STRENGTHS = {"absolute": Message("absolute"), "strong": Message("strong"), "mild": Message("mild")}


FloatReasons = Callable[
    [
        "Wording",
        list[DutchPlayer],
        BracketRecord,
        int,
        "int | None",
        Mapping[int, AbstractSet[int]],
    ],
    Message,
]
"""Why a player left a bracket: (the edition's words, players, bracket, the player, the PAB,
legal opponents)."""


@dataclass(frozen=True)
class Wording:
    """Everything an edition's text names in the account. The procedure is shared, so an older
    edition only renames: :data:`WORDING_2026` and :data:`WORDING_2017` are here, and
    :mod:`engine.dutch.rules2012.explain` words the 2012 text."""

    articles: Mapping[str, str]
    """The edition's article for each 2026 criterion (C1-C21) and article (Art. 4.4) the
    account cites; one the edition does not have is left out of the table and of the
    account."""
    quality: str
    """The edition's span of quality criteria."""
    colours: Mapping[ColourRule, tuple[str, Callable[[int], Message]]]
    """For each colour rule, its article and what it did (given the higher-ranked player's
    number)."""
    notes: Callable[[list[DutchPlayer], BracketRecord], list[Message]]
    """A bracket's notes: its kind and parameters in the edition's terms."""
    float_reason: FloatReasons
    bye_reason: Callable[[PairingNumber, Fraction, int], Message]
    """Why the PAB went where it did (given the receiver's number, score, games played)."""
    moves_on: Message
    """An MDP repeating a downfloat because it moves on down unpaired."""

    def __getitem__(self, name: str) -> str:
        return self.articles[name]

    def has(self, name: str) -> bool:
        return name in self.articles


_COLOUR_DETAILS: dict[ColourRule, Callable[[int], Message]] = {
    ColourRule.BOTH_PREFERENCES: lambda high: Message("both preferences granted"),
    ColourRule.STRONGER_PREFERENCE: lambda high: Message("the stronger preference is granted"),
    ColourRule.ALTERNATION: lambda high: Message(
        "colours alternate from the last round in which they differed"
    ),
    ColourRule.HIGHER_RANKED_PREFERENCE: lambda high: Message(
        "%(high)s, the higher ranked, gets its preference", high=high
    ),
    ColourRule.PAIRING_NUMBER_PARITY: lambda high: Message(
        "%(high)s's pairing number parity and the initial colour", high=high
    ),
}
"""What each colour rule did, in the words of the 2026 and 2017 texts."""

WORDING_2026 = Wording(
    articles={
        **{f"C{n}": f"C{n}" for n in range(1, 22)},
        "Art. 4.4": "Art. 4.4",
    },
    quality="C5-C21",
    colours={rule: (rule.value, _COLOUR_DETAILS[rule]) for rule in ColourRule},
    notes=_notes,
    float_reason=_float_reason,
    bye_reason=lambda number, score, games: Message(
        "%(number)s gets the PAB: eligible (C2), score %(score)s is the lowest a complete "
        "pairing can leave over (C5), %(games)s game(s) played (C9)",
        number=number,
        score=score,
        games=games,
    ),
    moves_on=Message("moves down again from the Limbo"),
)
"""The 2026 text (C.04.3 from February 2026): Arts 1-5, criteria C1-C21, colour rules
5.2.1-5.2.5."""

WORDING_2017 = Wording(
    articles={
        **{f"C{n}": f"C.{n}" for n in range(1, 5)},
        **{f"C{n}": f"C.{n - 1}" for n in range(6, 9)},
        **{f"C{n}": f"C.{n - 2}" for n in range(10, 22)},
        "Art. 4.4": "D.3",
    },
    quality="C.5-C.19",
    colours={rule: (f"E.{rule.value[-1]}", _COLOUR_DETAILS[rule]) for rule in ColourRule},
    notes=_notes,
    float_reason=_float_reason,
    bye_reason=lambda number, score, games: Message(
        "%(number)s gets the PAB: eligible (C.2), score %(score)s, left over by the last "
        "bracket (A.9: the bye is part of its pairing)",
        number=number,
        score=score,
    ),
    moves_on=WORDING_2026.moves_on,
)
"""The 2017 text (Baku 2016 / Goynuk 2017): sections A-E, criteria C.1-C.19 and no PAB
criteria (the 2026 C5 and C9), so the 2026 C6-C8 are its C.5-C.7 and C10-C21 its C.8-C.19;
colour rules E.1-E.5."""
