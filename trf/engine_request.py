"""From a TRF document to the engine's :class:`~engine.model.PairingRequest`.

This is how Arbiter reads a file the way JaVaFo and bbpPairings do when asked to pair its
next round (trf.md §6): the rounds written on the ``001`` lines are history; a round column
holding only announced byes (``0000 - H``/``F``/``Z``) is the round to pair, and the players
with such a bye there, or listed on an ``XXZ`` line or in a ``240`` record for that round,
are not paired. The score column is not trusted: scores are recomputed from the results
(the fixtures' files, like JaVaFo's, include announced byes in it; bbpPairings accepts both).

:func:`round_request` builds the request for any round of a complete file, which is what
the checker mode (``arbiter pair -c``) replays.
"""

from __future__ import annotations

import functools
from decimal import Decimal
from fractions import Fraction

from engine import PairingRequest
from engine.generator import baku_acceleration
from engine.model import Colour, PairingNumber, PlayerEntry, RoundKind, RoundRecord
from events.names import name_str, parse_name
from trf.codes import entry_kind, pending
from trf.errors import TrfError
from trf.model import (
    AcceleratedRounds,
    ByeRecord,
    ForbiddenPairs,
    Header,
    Player,
    TrfDocument,
    TrfProblem,
    XxaAcceleration,
    XxzAbsent,
)
from trf.scoring import ScoredRounds, point_system, scored_rounds
from trf.validate import ABSENT, announced_round, joins_round, withdrawn_from

__all__ = ["next_round", "next_round_request", "paired_rounds", "round_request"]

_TOOK_PART = {RoundKind.PLAYED, RoundKind.FORFEIT_WIN, RoundKind.FORFEIT_LOSS, RoundKind.PAB}
_COLOURS = {"w": Colour.WHITE, "b": Colour.BLACK}
"""A played game's colour letter (a block whose kind is ``PLAYED`` has one of these)."""


def next_round(doc: TrfDocument) -> int:
    """The round a file asks to be paired: its bye-only column, else the one after the last."""
    announced = announced_round(doc)
    return announced if announced is not None else doc.rounds_in_file + 1


def paired_rounds(doc: TrfDocument) -> int:
    """How many rounds of the file have a pairing (for the checker)."""
    announced = announced_round(doc)
    return doc.rounds_in_file - (1 if announced is not None else 0)


def next_round_request(doc: TrfDocument) -> PairingRequest:
    """The request for the round the file asks to pair.

    :raises TrfError: when the file cannot be paired as it stands (no total number of
        rounds, a result that is not a result, a round beyond the announced total).
    """
    return round_request(doc, next_round(doc), replay=False)


def round_request(doc: TrfDocument, round_no: int, *, replay: bool) -> PairingRequest:
    """The request for ``round_no``: rounds before it are history.

    With ``replay`` (checker mode) the players to pair are those the file shows paired in
    ``round_no`` (a game, a forfeit or the PAB), and every absence is a zero-point bye, as
    the reference engines and the generator read it; otherwise everybody except the players
    announced absent for it, and the rounds before a late entry or after a withdrawal are
    ``NOT_PAIRED``, as in the request of the imported file (docs/rulings.md).
    """
    total = doc.total_rounds
    if total is None and replay:
        total = paired_rounds(doc)
    if total is None:
        raise _error("the total number of rounds is not given (XXR or 142 line)")
    if round_no > total:
        raise _error(f"round {round_no} is beyond the {total} rounds the file announces")
    points = point_system(doc).engine_points()
    absent = _announced_absent(doc, round_no)
    accelerations = _accelerations(doc, total)
    entries = []
    paired = paired_rounds(doc)
    if not replay and doc.players:
        _read_round_lists(doc)
    for player in sorted(doc.players, key=lambda p: p.pairing_no):
        scored = scored_rounds(doc, player, round_no - 1)
        # The checker replays rounds as the reference engines read them: every Z a bye.
        # Otherwise a player's rounds outside their entry matter only to their absences.
        outside = (range(0), paired + 1)
        if not replay and any(kind in scored.kinds for kind in ABSENT):
            outside = _outside_entry(doc, player, paired, total)
        this_round = entry_kind(player.entry(round_no))
        if replay:
            available = this_round in _TOOK_PART
        else:
            available = player.pairing_no not in absent and this_round is RoundKind.NOT_PAIRED
        entries.append(
            PlayerEntry(
                number=PairingNumber(player.pairing_no),
                rating=player.rating or 0,
                history=_history(doc, player, scored, outside),
                available=available,
                acceleration=accelerations.get(player.pairing_no, {}),
                name=name_str(*parse_name(player.name)),
            )
        )
    return PairingRequest(
        round_no=round_no,
        total_rounds=total,
        players=tuple(entries),
        points=points,
        initial_colour=_initial_colour(doc),
        forbidden_pairs=_forbidden_pairs(doc, round_no),
    )


def _outside_entry(doc: TrfDocument, player: Player, paired: int, total: int) -> tuple[range, int]:
    """The paired rounds a player was not in the event: before a late entry joined and
    from a withdrawal on, read as the import reads them (:func:`joins_round`,
    :func:`withdrawn_from`), so that both builders of a request give these rounds the same
    kind, ``NOT_PAIRED`` (docs/rulings.md, "a round-1 Z")."""
    try:
        joins = joins_round(doc, player, paired)
        withdrawn = withdrawn_from(doc, player, paired, total)
    except ValueError as error:
        raise _error(str(error)) from None
    return range(1, joins if joins is not None else paired + 1), withdrawn or paired + 1


def _history(
    doc: TrfDocument,
    player: Player,
    scored: ScoredRounds,
    outside: tuple[range, int],
) -> tuple[RoundRecord, ...]:
    """The records of a player's round blocks, round 1 first, from their kinds and points
    (:func:`scored_rounds`); an absence in a round ``outside`` the player's entry
    (:func:`_outside_entry`) is ``NOT_PAIRED``."""
    before, withdrawn = outside
    entries = player.entries(len(scored.kinds))
    records = []
    for round_no, (entry, kind, points) in enumerate(zip(entries, *scored), start=1):
        if kind is None:
            what = "no result for the game" if pending(entry) else "invalid round entry"
            raise _error(
                f"player {player.pairing_no}, round {round_no}: {what}",
                line=next(n for n, record in enumerate(doc.records, start=1) if record is player),
                column=92 + 10 * (round_no - 1),
            )
        value = _fraction(points)
        # ``kind.played`` and the colours' table, not ``RoundKind.PLAYED`` or ``Colour.WHITE``:
        # reading an enum's member off its class is several times slower than either.
        if kind.played:
            records.append(RoundRecord(kind, value, entry.opponent, _COLOURS[entry.colour]))
        elif kind in ABSENT and (round_no in before or round_no >= withdrawn):
            records.append(RoundRecord(RoundKind.NOT_PAIRED, value))
        else:
            records.append(RoundRecord(kind, value, entry.opponent))
    return tuple(records)


def _read_round_lists(doc: TrfDocument) -> None:
    """Refuse a ``late entries`` or ``withdrawn`` comment that cannot be read, whether or not
    any player's absences ask what it says (:func:`_outside_entry`)."""
    try:
        doc.round_list("late entries")
        doc.round_list("withdrawn")
    except ValueError as error:
        raise _error(str(error)) from None


def _error(message: str, *, line: int = 0, column: int = 0) -> TrfError:
    return TrfError([TrfProblem(line=line, column=column, message=message)])


@functools.cache
def _fraction(value: Decimal) -> Fraction:
    """``value`` as a Fraction, made once per value: a file holds a handful of values, and
    making one costs microseconds, a hundred times per player."""
    return Fraction(value)


def _announced_absent(doc: TrfDocument, round_no: int) -> set[int]:
    """Players named on ``XXZ`` lines (JaVaFo) or in ``240`` byes for ``round_no``."""
    absent: set[int] = set()
    for line in doc.records_of(XxzAbsent):
        absent.update(line.ids)
    for record in doc.records_of(ByeRecord):
        if record.round_no == round_no:
            absent.update(record.ids)
    return absent


def _initial_colour(doc: TrfDocument) -> Colour:
    """``152`` / ``XXC white1|black1``; failing those, what round 1 shows (the reference
    engines' inference, dutch.md §7.1); failing that, White."""
    stated = doc.initial_colour
    if stated is not None:
        return Colour.WHITE if stated == "w" else Colour.BLACK
    inferred = _infer_initial_colour(doc)
    return inferred if inferred is not None else Colour.WHITE


def _infer_initial_colour(doc: TrfDocument) -> Colour | None:
    """The first round in which anyone has a colour, read off the first player (in TPN
    order) with a colour there, counting only players who had taken part in a pairing by
    then: their colour if their place in that count is odd, else the opposite."""
    players = sorted(doc.players, key=lambda p: p.pairing_no)
    coloured = [
        r
        for r in range(1, doc.rounds_in_file + 1)
        if any(p.entry(r).colour in ("w", "b") for p in players)
    ]
    if not coloured:
        return None
    first = coloured[0]
    place = 0
    for player in players:
        if not any(entry_kind(player.entry(r)) in _TOOK_PART for r in range(1, first + 1)):
            continue
        colour = player.entry(first).colour
        if colour in ("w", "b"):
            mine = Colour.WHITE if colour == "w" else Colour.BLACK
            return mine if place % 2 == 0 else mine.opposite
        place += 1
    return None


def _forbidden_pairs(doc: TrfDocument, round_no: int) -> frozenset[frozenset[PairingNumber]]:
    """``XXP`` groups (whole event) and ``260`` groups whose round range holds ``round_no``:
    every two players of a group must not meet."""
    pairs: set[frozenset[PairingNumber]] = set()
    for line in doc.records_of(ForbiddenPairs):
        if line.code == "260":
            first = line.first_round or 1
            last = line.last_round or first
            if not first <= round_no <= last:
                continue
        ids = [PairingNumber(i) for i in line.ids]
        for a, first_id in enumerate(ids):
            for second_id in ids[a + 1 :]:
                if first_id != second_id:
                    pairs.add(frozenset((first_id, second_id)))
    return frozenset(pairs)


def _accelerations(doc: TrfDocument, total: int) -> dict[int, dict[int, Fraction]]:
    """Virtual points per player and round: ``XXA`` and ``250`` lines; without them, the
    Baku method (C.04.7) when the ``192`` line asks for it."""
    found: dict[int, dict[int, Fraction]] = {}
    for line in doc.records_of(XxaAcceleration):
        rounds = found.setdefault(line.pairing_no, {})
        for index, value in enumerate(line.points):
            if value:
                rounds[index + 1] = _fraction(value)
    for record in doc.records_of(AcceleratedRounds):
        virtual = _fraction(record.game_points or Decimal(0))
        for pairing_no in range(record.first_id, record.last_id + 1):
            rounds = found.setdefault(pairing_no, {})
            for round_no in range(record.first_round, record.last_round + 1):
                rounds[round_no] = virtual
    if found or not _asks_for_baku(doc):
        return found
    return _baku(doc, total)


def _asks_for_baku(doc: TrfDocument) -> bool:
    return any(
        h.code == "192" and h.value.strip().upper().endswith("_BAKU")
        for h in doc.records_of(Header)
    )


def _baku(doc: TrfDocument, total: int) -> dict[int, dict[int, Fraction]]:
    """C.04.7 (general.md §7) over the players of the round-1 list."""
    system = point_system(doc).engine_points()
    starters = [
        PairingNumber(p.pairing_no)
        for p in doc.players
        if entry_kind(p.entry(1)) in _TOOK_PART | {RoundKind.NOT_PAIRED}
    ]
    return {int(n): rounds for n, rounds in baku_acceleration(starters, total, system.win).items()}
