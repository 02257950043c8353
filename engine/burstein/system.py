"""Entry point of the Burstein system, C.04.4.2 as applied from 1 February 2026
(burstein.md §1-§10): ``PairingRequest -> Pairing``. The rules in force until 31 January
2026 are the subpackage :mod:`engine.burstein.rules2017`.

The first ``min(⌊R/2⌋, 4)`` rounds are seeding rounds paired by the Dutch system (1.6).
After them: the Index of every player (1.7, 1.8), the PAB (3.1), then the brackets from the
highest score down - residents of a score group plus the floaters left over above - each
paired by C4-C8 and the Article 4.3 order (:mod:`engine.burstein.bracket`); colours
by 5.2 and the board order of C.04.2.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from engine.burstein.bracket import BracketPlayers, pair_bracket_2026, player_adjacency
from engine.burstein.colours import ColourFacts, colour_2026
from engine.common import (
    ColourPreference,
    Strength,
    board_order,
    check_request,
    colour_preference,
    in_pairing_order,
    opponents,
    pab_eligible,
    pairing_score,
    played_colours,
)
from engine.errors import InvalidRequest, NoValidPairing
from engine.matching import bitmask_matching
from engine.messages import Message, indented
from engine.model import (
    Board,
    Colour,
    Pairing,
    PairingNumber,
    PairingRequest,
    RoundKind,
)
from engine.systems import pair as pair_by_system

__all__ = ["Seeded", "index_values", "pair", "seeding_rounds"]

_ZERO_BYES = (RoundKind.ZERO_BYE, RoundKind.NOT_PAIRED)


def seeding_rounds(total_rounds: int) -> int:
    """Article 1.6: the first ``min(⌊R/2⌋, 4)`` rounds are paired by the Dutch system.

    >>> [seeding_rounds(r) for r in (5, 7, 8, 9, 11)]
    [2, 3, 4, 4, 4]
    """
    return min(total_rounds // 2, 4)


@dataclass(frozen=True, slots=True)
class Seeded:
    """A player to be paired after the seeding rounds."""

    number: PairingNumber
    available: bool
    colour_rank: int
    """The TPN whose parity 5.2.1 reads: players never paired and absent now are left out
    of the count (general.md §3.3 engine note), as in the Dutch engine."""
    score: Fraction
    pairing_score: Fraction
    buchholz: Fraction
    sonneborn_berger: Fraction
    preference: ColourPreference
    colours: tuple[Colour, ...]
    met: frozenset[PairingNumber]
    may_get_pab: bool
    games: int

    @property
    def index_key(self) -> tuple[Fraction, Fraction, int]:
        """Article 1.8 ranking, highest first: Buchholz, Sonneborn-Berger, TPN."""
        return (-self.buchholz, -self.sonneborn_berger, self.number)

    @property
    def wants(self) -> Colour | None:
        return self.preference.colour


def index_values(request: PairingRequest) -> dict[PairingNumber, tuple[Fraction, Fraction]]:
    """Buchholz and Sonneborn-Berger of every player (Article 1.7).

    Opponents count with their current scores; an unplayed round counts as a game against
    the player himself with the points he was given (1.7.2.1); a player whose zero-point
    byes run up to the last round played has each of them counted as a draw where his
    score serves his real opponents (1.7.2.2); virtual points never count (1.7.2.3).
    """
    draw = request.points.draw
    scores = {e.number: e.score for e in request.players}
    as_opponent = {}
    for entry in request.players:
        trailing = 0
        for record in reversed(entry.history):
            if record.kind not in _ZERO_BYES:
                break
            trailing += 1
        run = entry.history[len(entry.history) - trailing :]
        as_opponent[entry.number] = (
            scores[entry.number] - sum((r.points for r in run), Fraction(0)) + draw * trailing
        )
    values = {}
    for entry in request.players:
        buchholz = sonneborn = Fraction(0)
        for round_no, record in enumerate(entry.history, 1):
            if record.kind.played:
                if record.opponent not in as_opponent:
                    raise InvalidRequest(
                        f"player {entry.number}, round {round_no}: opponent "
                        f"{record.opponent} is not a player of this tournament"
                    )
                value = as_opponent[record.opponent]
            else:
                value = scores[entry.number]
            buchholz += value
            sonneborn += record.points * value
        values[entry.number] = (buchholz, sonneborn)
    return values


def pair(request: PairingRequest) -> Pairing:
    """Pair ``request.round_no`` by the 2026 Burstein rules.

    >>> from engine.model import PlayerEntry
    >>> field = tuple(PlayerEntry(PairingNumber(n), rating=2500 - 10 * n) for n in range(1, 8))
    >>> seeding = pair(PairingRequest(1, 5, field))  # a seeding round: Dutch
    >>> [(b.white, b.black) for b in seeding.boards], seeding.bye
    ([(1, 4), (5, 2), (3, 6)], 7)

    :raises InvalidRequest: when the request contradicts itself
        (:func:`engine.common.check_request`).
    :raises NoValidPairing: when no round-pairing complies with C1-C4 (the arbiter decides).
    """
    check_request(request)
    seeding = seeding_rounds(request.total_rounds)
    if request.round_no <= seeding:
        dutch = pair_by_system(request, "dutch")  # loaded on first use, as every system
        note = Message("seeding round %(round)s of %(seeding)s: paired by the Dutch system (1.6)",
                       round=request.round_no, seeding=seeding)  # fmt: skip
        return Pairing(dutch.boards, dutch.bye, (note, *dutch.explanation))
    players = _players(request)
    ranked = sorted(
        (p for p in players if p.available), key=lambda p: (-p.pairing_score, p.index_key)
    )
    trace: list[str] = []
    bye = None
    if len(ranked) % 2:
        bye = _choose_pab(ranked, request)
        ranked = [p for p in ranked if p is not bye]
        trace.append(Message("PAB %(player)s: score %(score)s, %(games)s games played (3.1)",
                             player=bye.number, score=bye.pairing_score, games=bye.games))  # fmt: skip
    elif not _pairable(ranked, request):
        raise NoValidPairing("the players cannot all be paired without breaking C1 or C3")
    boards = []
    for high, low in _pair_brackets(ranked, request, trace):
        colour = colour_2026(
            _facts(high), _facts(low), request.initial_colour, x_higher=_higher_ranked(high, low)
        )
        white, black = (high, low) if colour is Colour.WHITE else (low, high)
        boards.append(Board(white=white.number, black=black.number))
    ordered = board_order(
        boards, {p.number: p.score for p in players}, {p.number: int(p.number) for p in players}
    )
    return Pairing(boards=ordered, bye=bye.number if bye else None, explanation=tuple(trace))


def _players(request: PairingRequest) -> list[Seeded]:
    """Every registered player with the facts the 2026 rules read."""
    values = index_values(request)
    counted = [
        e.number for e in sorted(request.players, key=lambda e: e.number) if in_pairing_order(e)
    ]
    colour_rank = {number: i + 1 for i, number in enumerate(counted)}
    result = []
    for entry in request.players:
        buchholz, sonneborn = values[entry.number]
        colours = played_colours(entry)
        result.append(
            Seeded(
                number=entry.number,
                available=entry.available,
                colour_rank=colour_rank.get(entry.number, 0),
                score=entry.score,
                pairing_score=pairing_score(entry, request.round_no),
                buchholz=buchholz,
                sonneborn_berger=sonneborn,
                preference=colour_preference(entry),
                colours=colours,
                met=opponents(entry),
                may_get_pab=pab_eligible(entry, request.points),
                games=len(colours),
            )
        )
    return result


def _adjacency(players: list[Seeded], request: PairingRequest) -> list[int]:
    """C1 (no rematch, arbiter-forbidden pairs) and C3 (no two equal absolute
    preferences), as bit masks over ``players``."""
    return player_adjacency(
        [p.number for p in players],
        [p.met for p in players],
        [p.wants if p.preference.strength is Strength.ABSOLUTE else None for p in players],
        request.forbidden_pairs,
    )


def _pairable(players: list[Seeded], request: PairingRequest) -> bool:
    return all(other != -1 for other in bitmask_matching(_adjacency(players, request)))


def _choose_pab(ranked: list[Seeded], request: PairingRequest) -> Seeded:
    """Article 3.1: eligible (C2), leaving the others pairable (C4), lowest score, most
    games played, lowest ranking by Article 1.8 (lowest Index, then largest TPN).

    :raises NoValidPairing: when no eligible player leaves a pairable field.
    """
    candidates = sorted(
        (p for p in ranked if p.may_get_pab),
        key=lambda p: (p.pairing_score, -p.games, p.buchholz, p.sonneborn_berger, -p.number),
    )
    for candidate in candidates:
        if _pairable([p for p in ranked if p is not candidate], request):
            return candidate
    raise NoValidPairing(
        "no player can take the pairing-allocated bye (C2) and leave the others pairable (C4)"
    )


def _pair_brackets(
    ranked: list[Seeded], request: PairingRequest, trace: list[str]
) -> list[tuple[Seeded, Seeded]]:
    """The bracket loop of Article 3.2, highest score group first; returns each pair as
    (the member who chose, his opponent)."""
    levels = sorted({p.pairing_score for p in ranked}, reverse=True)
    groups = [[p for p in ranked if p.pairing_score == s] for s in levels]
    pairs: list[tuple[Seeded, Seeded]] = []
    floaters: list[Seeded] = []
    for position, residents in enumerate(groups):
        members = sorted(residents + floaters, key=lambda p: p.index_key)
        following = groups[position + 1] if position + 1 < len(groups) else []
        lower = [p for group in groups[position + 2 :] for p in group]
        vertices = members + following + lower
        adjacency = _adjacency(vertices, request)
        outcome = pair_bracket_2026(
            BracketPlayers(
                members=len(members),
                following=len(following),
                lower=len(lower),
                adjacency=adjacency,
                scores=[p.pairing_score for p in vertices],
                wants=[_sign(p.wants) for p in vertices],
            )
        )
        line = Message("bracket %(score)s: %(players)s", score=levels[position],
                       players=" ".join(str(p.number) for p in members))  # fmt: skip
        if floaters:
            line = Message("%(line)s (floaters in: %(floaters)s)", line=line,
                           floaters=" ".join(str(p.number) for p in floaters))  # fmt: skip
        trace.append(line)
        trace.append(indented(Message("Index (Buchholz/SB): %(index)s", index=", ".join(
            f"{p.number} {_points(p.buchholz)}/{_points(p.sonneborn_berger)}" for p in members
        ))))  # fmt: skip
        for x, y in outcome.pairs:
            pairs.append((members[x], members[y]))
            trace.append(f"  {members[x].number}-{members[y].number}")
        if outcome.clashes:
            trace.append(indented(Message(
                "C8: %(count)s player(s) without their colour preference", count=outcome.clashes
            )))  # fmt: skip
        floaters = [members[f] for f in outcome.floaters]
        if floaters:
            down = " ".join(str(p.number) for p in floaters)
            trace.append(indented(Message("floats down: %(players)s", players=down)))
    if floaters:
        raise NoValidPairing("players are left over below the lowest bracket (C4)")
    return pairs


def _higher_ranked(x: Seeded, y: Seeded) -> bool:
    """Whether ``x`` is the higher-ranked player for 5.2: for a first game (5.2.1) more
    points, then the smaller TPN; otherwise (5.2.5) the Article 1.8 ranking."""
    if not x.colours and not y.colours:
        return (x.score, -x.number) > (y.score, -y.number)
    return x.index_key < y.index_key


def _facts(player: Seeded) -> ColourFacts:
    return ColourFacts(player.preference, player.colours, player.colour_rank)


def _sign(colour: Colour | None) -> int:
    return 0 if colour is None else 1 if colour is Colour.WHITE else -1


def _points(value: Fraction) -> str:
    return f"{float(value):g}"
