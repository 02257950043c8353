"""The engine's account of a 2012 Dutch pairing (``--explain``), in the articles of that text.

The account is built by :func:`engine.dutch.explain.build_trace`; this module words it. Each
bracket says what kind it is (A.3), its parameters (P0, M0, M1 of A.6 and p of A.9) and which
floats its pairs give (A.4); each player who leaves it, why (C.1, C.6, C.12-C.14); each unmet
criterion is B.2 (topscorers), B.4, B.5 or B.6; each board names the colour rule E.1-E.5 that
decided it; the bye names A.5 and B.1b.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet

from engine.dutch.bracket import BracketRecord
from engine.dutch.colours import ColourRule
from engine.dutch.explain import Wording
from engine.dutch.players import DutchPlayer
from engine.dutch.rules2012.pairer import RepairedRecord
from engine.messages import Message

__all__ = ["WORDING_2012"]


def _notes(p: list[DutchPlayer], record: BracketRecord) -> list[Message]:
    size = len(record.mdps) + len(record.residents)
    notes = [_kind(record, size)]
    if isinstance(record, RepairedRecord):
        notes.append(Message(
            "re-paired (C.12): the first pairing moved down a player who could not be paired "
            "in the next bracket; this one moves down players who all can"
        ))  # fmt: skip
    how = (
        Message("paired as in a homogeneous bracket (A.3)")
        if 2 * len(record.mdps) >= size
        else Message("players moved down are paired first (A.3, C.6)")
    )
    for high, low in record.pairs:
        if p[high].score != p[low].score:
            notes.append(Message(
                "%(high)s-%(low)s: %(high)s floats down and %(low)s up (A.4); %(how)s",
                high=p[high].number, low=p[low].number, how=how,
            ))  # fmt: skip
    return notes


def _kind(record: BracketRecord, size: int) -> Message:
    p0, m0, pairs = size // 2, len(record.mdps), len(record.pairs)
    if not record.mdps:
        return Message("homogeneous score bracket (A.3); P0 = %(p0)s, M0 = %(m0)s (A.6); "
                       "p = %(pairs)s (A.9)", p0=p0, m0=m0, pairs=pairs)  # fmt: skip
    if 2 * len(record.mdps) >= size:
        return Message(
            "at least half of it moved down, so treated as homogeneous (A.3); P0 = %(p0)s, "
            "M0 = %(m0)s (A.6); p = %(pairs)s (A.9)", p0=p0, m0=m0, pairs=pairs,
        )  # fmt: skip
    return Message(
        "heterogeneous score bracket (A.3); P0 = %(p0)s, M0 = %(m0)s (A.6); M1 = %(m1)s, "
        "p = M1 for the moved-down players, then the remainder is homogeneous (A.9, C.6)",
        p0=p0, m0=m0, m1=len(record.selected_mdps),
    )  # fmt: skip


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
        return Message("alone in its score bracket: moves down to the next one (A.3)")
    if i == bye:
        return Message("left over by the lowest score bracket: gets the bye (A.5, C.13)")
    if not neighbours.get(i, set()) & members:
        return Message(
            "C.1: no opponent in this bracket without breaking %(c1)s or %(c3)s, so moves down",
            c1=words["C1"], c3=words["C3"],
        )  # fmt: skip
    if isinstance(record, RepairedRecord):
        return Message(
            "C.12: the bracket was re-paired so that every player it moves down can be paired "
            "in the next bracket; for that it may give up floats (B.5, B.6), and colour "
            "preferences (B.4) when the next bracket is heterogeneous (A.3) or this one "
            "resumes the transposition of its moved-down players marked at C.6"
        )
    if i in record.mdps:
        return Message(
            "C.14.b: only M1 = %(m1)s of the %(mdps)s players moved down can be paired here "
            "with the lower brackets still pairable (C.12, C.13); the others move down again, "
            "the lowest-ranked first (D.3)", m1=len(record.selected_mdps), mdps=len(record.mdps),
        )  # fmt: skip
    if len(members) % 2 and len(record.downfloaters) == 1:
        return Message(
            "the bracket has an odd number of players, so P0 pairs leave one over (A.6); "
            "this one by %(quality)s, then the transposition and exchange order (C.6-C.8, "
            "D.1, D.2)", quality=words.quality,
        )  # fmt: skip
    return Message(
        "C.14: fewer pairs than P0 here (P1 lowered), because pairing this player would leave a "
        "lower bracket unpairable (C.12, C.13)"
    )


WORDING_2012 = Wording(
    # The 2026 criteria this text has too. No second meeting is B.1 and no meeting of two
    # absolute preferences B.2; colour difference and repetition among topscorers are the B.2
    # exception; a preference not granted is B.4 (strong ones are not counted apart); a float
    # repeated from the previous round is B.5, from two rounds before B.6, for players moved
    # down (current C18, C20) as for residents (C14-C17).
    articles={
        "C1": "B.1",
        "C3": "B.2",
        "C10": "B.2",
        "C11": "B.2",
        "C12": "B.4",
        "C14": "B.5",
        "C15": "B.5",
        "C16": "B.6",
        "C17": "B.6",
        "C18": "B.5",
        "C20": "B.6",
    },
    quality="B.3-B.6",
    colours={
        ColourRule.BOTH_PREFERENCES: ("E.1", lambda high: Message("both preferences granted")),
        ColourRule.STRONGER_PREFERENCE: (
            "E.2",
            lambda high: Message("the stronger preference is granted"),
        ),
        ColourRule.ALTERNATION: (
            "E.3",
            lambda high: Message("colours alternate from the latest round in which they differed"),
        ),
        ColourRule.HIGHER_RANKED_PREFERENCE: (
            "E.4",
            lambda high: Message("the higher-ranked player's preference is granted"),
        ),
        ColourRule.PAIRING_NUMBER_PARITY: (
            "E.5",
            lambda high: Message(
                "neither has played a game: %(high)s, the higher ranked, gets the colour its "
                "pairing number's parity gives (round 1: odd numbers the colour drawn by lot; "
                "later rounds, where the text is silent: even numbers, as JaVaFo 1.4 does)",
                high=high,
            ),
        ),
    },
    notes=_notes,
    float_reason=_float_reason,
    bye_reason=lambda number, score, games: Message(
        "%(number)s (score %(score)s) is the player the lowest bracket leaves over (A.5, C.13) "
        "and has not yet scored without playing (B.1b)",
        number=number,
        score=score,
    ),
    moves_on=Message("moves down again, not paired in this bracket"),
)
"""The 2012 text's words for the shared account."""
