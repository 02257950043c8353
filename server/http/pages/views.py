"""What each page shows, built from a folded tournament: plain values for the templates.

Pure functions of a :class:`TournamentState` (no request, no language), so a page is as
testable as a projection and the templates only lay things out.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from engine.common import Float
from engine.model import Colour, PairingNumber, RoundKind
from events.projections import PlayerState, RoundState, TournamentState, points_str
from events.tiebreaks import (
    RatingContext,
    Standings,
    crosstable_from_state,
    performance_rating,
    tournament_standings,
)
from server.printouts.crosstable import crosstable_rows, standings_table

__all__ = [
    "BoardRow",
    "CardRow",
    "Side",
    "StandingsView",
    "WhereRow",
    "boards",
    "card",
    "crosstable",
    "performance",
    "ranking",
    "where_to_play",
]


@dataclass(frozen=True, slots=True)
class Side:
    """One player as a board shows them: name, title, rating and the score paired with."""

    player_id: int
    name: str
    title: str
    rating: int
    score: Fraction


@dataclass(frozen=True, slots=True)
class BoardRow:
    number: int
    white: Side
    black: Side
    result: str
    """The result as written (``1-0``, ``½-½``, ``+/-``), empty while the game is on."""


def _side(state: TournamentState, player_id: int, round_no: int) -> Side:
    player = state.player(player_id)
    record = player.rounds[round_no - 1]
    return Side(player_id, player.name, player.title, player.rating, record.score_before)


def result_text(value: str) -> str:
    """A stored result as a wall chart writes it.

    >>> result_text("1/2-1/2"), result_text("+/-")
    ('½-½', '+/-')
    """
    return value.replace("1/2", "½")


def boards(state: TournamentState, round_: RoundState) -> list[BoardRow]:
    number = round_.round_no
    return [
        BoardRow(
            board.number,
            _side(state, board.white, number),
            _side(state, board.black, number),
            result_text(board.result.value) if board.result else "",
        )
        for board in round_.boards
    ]


@dataclass(frozen=True, slots=True)
class WhereRow:
    """A player's place in a round, for the alphabetical "where do I play" list."""

    player_id: int
    name: str
    board: int | None
    colour: str
    """``"w"``, ``"b"``, or empty when not on a board."""
    opponent: str
    status: str
    """Empty for a board; else ``"pab"`` or the reason for not being paired."""


def where_to_play(state: TournamentState, round_: RoundState) -> list[WhereRow]:
    rows = []
    for board in round_.boards:
        white, black = state.player(board.white), state.player(board.black)
        rows.append(WhereRow(white.player_id, white.name, board.number, "w", black.name, ""))
        rows.append(WhereRow(black.player_id, black.name, board.number, "b", white.name, ""))
    if round_.pab is not None:
        rows.append(WhereRow(round_.pab, state.player(round_.pab).name, None, "", "", "pab"))
    for entry in round_.not_paired:
        name = state.player(entry.player_id).name
        rows.append(WhereRow(entry.player_id, name, None, "", "", entry.reason.value))
    return sorted(rows, key=lambda row: (row.name.casefold(), row.player_id))


@dataclass(frozen=True, slots=True)
class StandingsView:
    """Rows of cells in rank order: rank, start number, name, rating, then one per round
    (crosstable only) and one per label; ``players`` holds each row's player id."""

    after_round: int
    labels: list[str]
    rounds: int
    rows: list[list[str]]
    players: list[int]
    titles: list[str]
    withdrawn: list[bool]
    warnings: list[str]
    edition: str


def _view(standings: Standings, rounds: int, rows: list[list[str]]) -> StandingsView:
    players = [row.player for row in standings.rows]
    edition = standings.edition.value if standings.edition else ""
    return StandingsView(
        standings.rounds, list(standings.labels), rounds, rows,
        [p.player_id or 0 for p in players], [p.title for p in players],
        [p.withdrawn for p in players], list(standings.warnings), edition,
    )  # fmt: skip


def ranking(state: TournamentState) -> StandingsView:
    """The standings with the tournament's declared tie-breaks, else by points alone."""
    ranked = tournament_standings(state)
    _, rows = standings_table(ranked)
    return _view(ranked, 0, rows)


def crosstable(state: TournamentState) -> StandingsView:
    """Every complete round per player (opponent's start number, colour, result), ranked
    by the declared tie-breaks, else by points."""
    ranked = tournament_standings(state)
    _, rows = crosstable_rows(ranked)
    return _view(ranked, ranked.rounds, rows)


@dataclass(frozen=True, slots=True)
class CardRow:
    """One round of a player's card."""

    round_no: int
    kind: str
    """The round kind's value (``played``, ``pab``, ``half-bye`` …); empty while pending."""
    board: int | None
    colour: str
    opponent: Side | None
    result: str
    """From this player's side: ``1``, ``½``, ``0``, ``+``, ``-``; empty while pending."""
    points: Fraction
    float: str
    """``"up"``, ``"down"`` or empty."""
    score_after: Fraction
    reason: str


_OWN_RESULT = {RoundKind.FORFEIT_WIN: "+", RoundKind.FORFEIT_LOSS: "-"}


def card(state: TournamentState, player: PlayerState) -> list[CardRow]:
    rows = []
    score = Fraction(0)
    for record in player.rounds:
        score += record.points
        opponent = (
            _side(state, record.opponent, record.round_no) if record.opponent is not None else None
        )
        if record.kind is None:
            result = ""
        elif record.kind is RoundKind.PLAYED:
            result = points_str(record.points).replace("0.5", "½")
        else:
            result = _OWN_RESULT.get(record.kind, "")
        rows.append(
            CardRow(
                round_no=record.round_no,
                kind=record.kind.value if record.kind else "",
                board=record.board,
                colour="w" if record.colour is Colour.WHITE else "b" if record.colour else "",
                opponent=opponent,
                result=result,
                points=record.points,
                float=record.float.value if isinstance(record.float, Float) else "",
                score_after=score,
                reason=record.reason.value if record.reason else "",
            )
        )
    return rows


def performance(state: TournamentState, player: PlayerState) -> int | None:
    """The tournament performance rating (C.07 TPR) over complete rounds: unrated opponents
    rated as the tournament says (its unrated rating), else their games left out; None when
    no game is left."""
    table = crosstable_from_state(state)
    settings = state.require_settings()
    context = RatingContext(table, settings.unrated_rating, unrated_left_out=True)
    return performance_rating(
        context, table.by_number[PairingNumber(state.pairing_number(player.player_id))]
    )
