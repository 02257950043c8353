"""The standings of a stored tournament: its folded state as a :class:`Crosstable`, ranked.

Only rounds whose every board has a result are ranked (:data:`COUNTING_RULE`), so standings
during a round are those after the last complete round.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

from engine import systems
from engine.messages import Message
from engine.model import Colour, PairingNumber, RoundKind
from events.projections.state import PlayerRound, TournamentState
from events.tiebreaks.codes import parse_settings
from events.tiebreaks.errors import TiebreakError
from events.tiebreaks.model import Crosstable, PlayerRecord, RoundEntry
from events.tiebreaks.ranking import Standings, rank
from events.types import NotPairedReason

__all__ = [
    "COUNTING_RULE",
    "annulled_players",
    "completed_rounds",
    "counted_crosstable",
    "counting_note",
    "crosstable_from_state",
    "tournament_standings",
]

COUNTING_RULE = (
    "a round counts once every one of its results is in; until then, byes and finished "
    "games of that round count nothing"
)
"""What the standings count, with or without tie-breaks (one rule, stated in every output)."""

_PAIRED = frozenset({RoundKind.PLAYED, RoundKind.FORFEIT_WIN, RoundKind.FORFEIT_LOSS})


def _entry(state: TournamentState, record: PlayerRound) -> RoundEntry:
    assert record.kind is not None  # a complete round has a kind for everyone
    if record.kind is RoundKind.NOT_PAIRED:
        return RoundEntry.bye(record.kind, points=record.points, reason=record.reason)
    if record.kind not in _PAIRED:
        return RoundEntry.bye(record.kind, points=record.points)
    assert record.opponent is not None and record.result is not None and record.colour is not None
    opponent = PairingNumber(state.pairing_number(record.opponent))
    colour = record.colour
    if record.kind is RoundKind.PLAYED:
        outcome = record.result.white if colour is Colour.WHITE else record.result.black
        return RoundEntry.game(
            opponent=opponent, colour=colour, outcome=outcome, points=record.points
        )
    won = record.kind is RoundKind.FORFEIT_WIN
    return RoundEntry.forfeit(opponent=opponent, won=won, points=record.points, colour=colour)


def completed_rounds(state: TournamentState) -> int:
    """How many rounds, from round 1 on, have every result in: what standings count."""
    complete = 0
    for round_ in state.rounds:
        if round_.missing_results:
            break
        complete += 1
    return complete


def counting_note(state: TournamentState) -> str:
    """The line standings print about what they count, naming a round still being played.

    >>> from events.projections import EMPTY
    >>> counting_note(EMPTY)
    'Counted: no round yet. A round counts once every one of its results is in; ...'
    """
    counted = completed_rounds(state)
    basis = f"rounds 1-{counted}" if counted > 1 else "round 1" if counted else "no round yet"
    pending = (
        f"; round {counted + 1} is in progress and not counted"
        if state.rounds_paired > counted
        else ""
    )
    return f"Counted: {basis}{pending}. {COUNTING_RULE[0].upper()}{COUNTING_RULE[1:]}."


def crosstable_from_state(state: TournamentState) -> Crosstable:
    """Every registered player, numbered by pairing number, over the complete rounds."""
    rounds = completed_rounds(state)
    players = []
    for number, player_id in enumerate(state.order, start=1):
        player = state.player(player_id)
        entries = tuple(_entry(state, record) for record in player.rounds[:rounds])
        players.append(
            PlayerRecord(
                PairingNumber(number),
                entries,
                rating=player.rating or None,
                name=player.name,
                title=player.title,
                player_id=player_id,
                withdrawn=player.withdrawn_from is not None,
            )
        )
    return Crosstable(
        tuple(players), rounds, win_points=state.points.win, draw_points=state.points.draw
    )


def annulled_players(state: TournamentState) -> frozenset[PairingNumber]:
    """In a round-robin, the players who withdrew having played fewer than half of their
    games: their points, and the points scored against them, do not count in the standings
    (C.05 on withdrawals from a round-robin; the crosstable keeps every result, for the
    rating report). Half of the games the table gives them, byes not counted, is enough
    to count (docs/rulings.md, "Round-robin: a withdrawal before half of the games")."""
    settings = state.settings
    if settings is None or not systems.is_round_robin(settings.system):
        return frozenset()
    games = (len(state.order) - 1) * systems.cycles(settings.system)
    return frozenset(
        PairingNumber(number)
        for number, player_id in enumerate(state.order, start=1)
        if (player := state.player(player_id)).withdrawn_from is not None
        and 2 * sum(1 for r in player.rounds if r.kind is RoundKind.PLAYED) < games
    )


def _without(table: Crosstable, annulled: frozenset[PairingNumber]) -> Crosstable:
    """``table`` with every round of an annulled player, on both sides, counting nothing."""
    if not annulled:
        return table
    void = RoundEntry.bye(
        RoundKind.NOT_PAIRED, points=Fraction(0), reason=NotPairedReason.WITHDRAWN
    )
    players = tuple(
        dataclasses.replace(
            record,
            rounds=tuple(
                void if record.pairing_number in annulled or entry.opponent in annulled else entry
                for entry in record.rounds
            ),
        )
        for record in table.players
    )
    return dataclasses.replace(table, players=players)


def counted_crosstable(state: TournamentState) -> Crosstable:
    """What the standings rank: :func:`crosstable_from_state` with the rounds of every
    :func:`annulled_players` player counting nothing, on both sides (every ranking of the
    tournament, the TRF export's rank column included, starts from it)."""
    return _without(crosstable_from_state(state), annulled_players(state))


def tournament_standings(
    state: TournamentState,
    *,
    tiebreaks: str | None = None,
    rules: str | None = None,
    unrated_rating: int | None = None,
) -> Standings:
    """Rank the tournament by its declared tie-breaks, or by those given here instead; by
    points alone when it declares none and none is given.

    :raises TiebreakError: when a list has no explicit C.07 edition, or is invalid.
    """
    settings = state.settings
    declared_list = settings.tiebreaks if settings else ""
    declared_rules = settings.tiebreak_rules if settings else ""
    parsed = parse_settings(tiebreaks or declared_list, rules or declared_rules)
    table = counted_crosstable(state)
    if parsed is None:
        if rules:
            raise TiebreakError(Message("a C.07 edition was given but no tie-break list"))
        return rank(table)
    sequence, edition = parsed
    if unrated_rating is None and settings is not None:
        unrated_rating = settings.unrated_rating
    return rank(table, sequence, edition, unrated_rating=unrated_rating)
