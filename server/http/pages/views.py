"""What each page shows, built from a folded tournament: plain values for the templates.

Pure functions of a :class:`TournamentState` (no request, no language), so a page is as
testable as a projection and the templates only lay things out.
"""

from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from decimal import Decimal
from fractions import Fraction

from engine import systems
from engine.model import PairingNumber
from events.norms import NormReport, PlayerNorm
from events.projections import PlayerState, RoundState, TournamentState
from events.rating_changes import PlayerChange, tournament_rating_changes
from events.tiebreaks import Standings, crosstable_from_state, tournament_standings
from events.types import TournamentCreated
from server.printouts import Language
from server.printouts.card import Side, side
from server.printouts.collation import name_key
from server.printouts.crosstable import by_opponent_rows, crosstable_rows, standings_table
from server.printouts.norms import exemption_words, norm_status

__all__ = [
    "STATUSES",
    "BoardRow",
    "Listed",
    "StandingsView",
    "WhereRow",
    "boards",
    "crosstable",
    "find_players",
    "international",
    "listing",
    "ranking",
    "status",
    "where_to_play",
]


@dataclass(frozen=True, slots=True)
class BoardRow:
    number: int
    white: Side
    black: Side
    result: str
    """The result as written (``1-0``, ``½-½``, ``+/-``), empty while the game is on."""


def international(state: TournamentState) -> bool:
    """Whether the field holds more than one federation: only then does a name need its
    federation beside it."""
    return len({state.player(pid).federation for pid in state.order} - {""}) > 1


_UNDECOMPOSED = str.maketrans({"ø": "o", "đ": "d", "ł": "l", "ħ": "h", "ı": "i", "æ": "ae",
                               "œ": "oe", "þ": "th"})  # fmt: skip
"""Letters with a stroke or ligatures, which Unicode does not decompose into a base letter
and a mark, as a keyboard without them types them."""


def folded(text: str) -> str:
    """``text`` as a search compares it: without case or accents.

    >>> folded("Ñúñez Álvarez"), folded("MÜLLER"), folded("Ødegaard Łukasz")
    ('nunez alvarez', 'muller', 'odegaard lukasz')
    """
    decomposed = unicodedata.normalize("NFKD", text.casefold()).translate(_UNDECOMPOSED)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def find_players(state: TournamentState, text: str) -> list[PlayerState]:
    """The players, in start order, whose name holds every word of ``text``, whatever the
    case and accents: "nunez" finds Ñúñez, "garcia jo" finds García, José. A ``text``
    with no word finds no one (not everyone)."""
    words = folded(text).replace(",", " ").split()
    if not words:
        return []
    players = (state.player(player_id) for player_id in state.order)
    return [p for p in players if all(word in folded(p.name) for word in words)]


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
            side(state, board.white, number),
            side(state, board.black, number),
            result_text(board.result.value) if board.result else "",
        )
        for board in round_.boards
    ]


@dataclass(frozen=True, slots=True)
class WhereRow:
    """A player's place in a round, for the alphabetical "where do I play" list."""

    player_id: int
    name: str
    federation: str
    board: int | None
    colour: str
    """``"w"``, ``"b"``, or empty when not on a board."""
    opponent: str
    status: str
    """Empty for a board; else ``"pab"`` or the reason for not being paired."""


def where_to_play(state: TournamentState, round_: RoundState, language: str) -> list[WhereRow]:
    """Every player of the round in the alphabetical order of ``language``."""
    rows = []
    for board in round_.boards:
        white, black = state.player(board.white), state.player(board.black)
        for player, colour, opponent in ((white, "w", black), (black, "b", white)):
            rows.append(WhereRow(player.player_id, player.name, player.federation,
                                 board.number, colour, opponent.name, ""))  # fmt: skip
    alone = [(round_.pab, "pab")] if round_.pab is not None else []
    alone += [(entry.player_id, entry.reason.value) for entry in round_.not_paired]
    for player_id, why in alone:
        player = state.player(player_id)
        rows.append(WhereRow(player_id, player.name, player.federation, None, "", "", why))
    by_name = name_key(language)
    return sorted(rows, key=lambda row: (by_name(row.name), row.player_id))


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
    federations: list[str]
    withdrawn: list[bool]
    warnings: list[str]
    edition: str
    rating_changes: list[str] = field(default_factory=list)
    """Each row's rating change (``+3.20``; empty: unrated); empty list: no such column."""
    by_opponent: bool = False
    """A round-robin's table: rows by pairing number, a column per opponent's number."""


def _view(
    state: TournamentState, standings: Standings, rounds: int, rows: list[list[str]]
) -> StandingsView:
    players = [row.player for row in standings.rows]
    federations = [state.player(p.player_id).federation if p.player_id else "" for p in players]
    edition = standings.edition.value if standings.edition else ""
    return StandingsView(
        standings.rounds, list(standings.labels), rounds, rows,
        [p.player_id or 0 for p in players], [p.title for p in players],
        federations, [p.withdrawn for p in players], list(standings.warnings), edition,
    )  # fmt: skip


def ranking(state: TournamentState) -> StandingsView:
    """The standings with the tournament's declared tie-breaks, else by points alone."""
    ranked = tournament_standings(state)
    _, rows = standings_table(ranked)
    changes = tournament_rating_changes(state)
    shown = [signed(changes.player(row.pairing_number).change) for row in ranked.rows]
    return replace(_view(state, ranked, 0, rows), rating_changes=shown)


def signed(change: Decimal | None) -> str:
    """A rating change as it is printed: ``+3.20``, ``-0.80``; empty for none.

    >>> signed(Decimal("3.2")), signed(Decimal("-0.8")), signed(None)
    ('+3.20', '-0.80', '')
    """
    return "" if change is None else f"{change:+.2f}"


def rating_card(state: TournamentState, player: PlayerState) -> PlayerChange:
    """The player's rating change over complete rounds, game by game."""
    changes = tournament_rating_changes(state)
    return changes.player(PairingNumber(state.pairing_number(player.player_id)))


def crosstable(state: TournamentState) -> StandingsView:
    """Every complete round per player (opponent's start number, colour, result), ranked
    by the declared tie-breaks, else by points; a round-robin's is the all-play-all table,
    by pairing number, a column per opponent."""
    ranked = tournament_standings(state)
    if systems.is_round_robin(state.require_settings().system):
        by_number = dataclasses.replace(
            ranked, rows=tuple(sorted(ranked.rows, key=lambda row: row.pairing_number))
        )
        _, rows = by_opponent_rows(crosstable_from_state(state), by_number)
        view = _view(state, by_number, len(state.order), rows)
        return dataclasses.replace(view, by_opponent=True)
    _, rows = crosstable_rows(ranked)
    return _view(state, ranked, ranked.rounds, rows)


@dataclass(frozen=True, slots=True)
class Listed:
    """One tournament on the list: what a player looks for before opening it."""

    settings: TournamentCreated
    status: str
    """``upcoming``, ``running`` or ``finished`` (:func:`status`)."""
    round_no: int
    """The latest round paired (0 before the first)."""
    players: int


STATUSES = ("upcoming", "running", "finished")


def status(state: TournamentState) -> str:
    """``upcoming`` before round 1 is paired, ``finished`` when closed or when the last
    round has every result, ``running`` in between."""
    settings = state.require_settings()
    if state.closed:
        return "finished"
    if not state.rounds:
        return "upcoming"
    done = state.rounds_paired >= settings.rounds and not state.rounds[-1].missing_results
    return "finished" if done else "running"


def listing(states: Sequence[TournamentState], *, only: str = "", text: str = "") -> list[Listed]:
    """The tournaments with status ``only`` (every one when empty) whose name or place holds
    ``text``: running first, then upcoming, then finished; the latest start first within each."""
    needle = text.casefold().strip()
    listed = []
    for state in states:
        settings = state.require_settings()
        found = status(state)
        where = f"{settings.name} {settings.place} {settings.federation}".casefold()
        if (only and found != only) or (needle and needle not in where):
            continue
        listed.append(Listed(settings, found, state.rounds_paired, len(state.order)))
    order = {"running": 0, "upcoming": 1, "finished": 2}
    listed.sort(key=lambda item: item.settings.name.casefold())
    listed.sort(key=lambda item: item.settings.start_date or date.min, reverse=True)
    listed.sort(key=lambda item: order[item.status])
    return listed


@dataclass(frozen=True, slots=True)
class NormLine:
    """One player and one norm on the norms page: the figures and where the player stands."""

    player_id: int
    name: str
    title: str
    games: int
    score: Fraction
    average: int | None
    performance: int | None
    status: str
    made: bool


@dataclass(frozen=True, slots=True)
class NormsView:
    after_round: int
    edition: str
    host: str
    exempt: bool
    event_exemption: str
    """The kind of event's exemption (1.4.3a-c), worded; empty: none."""
    swiss_article: str
    """The Swiss exemption's article as the edition numbers it (1.43e in 2017, 1.4.3d)."""
    achieved: list[NormLine]
    open: list[NormLine]
    out_of_reach: list[NormLine]


def norms(report: NormReport, language: Language) -> NormsView:
    """Norms made, norms still open (with what the last round must bring), and the rest."""

    def line(norm: PlayerNorm) -> NormLine:
        found = norm.assessment
        return NormLine(
            norm.player_id, norm.name, norm.title.value, found.games, found.score,
            found.average, found.performance, norm_status(norm, language),
            norm.achieved_after is not None,
        )  # fmt: skip

    shown = set(map(id, report.achieved + report.open))
    return NormsView(
        after_round=report.after_round,
        edition=report.regulations.name,
        host=report.host,
        exempt=report.exempt,
        event_exemption=exemption_words(report.regulations, report.event_exemption, language)
        if report.event_exemption
        else "",
        swiss_article=report.regulations.article("1.4.3d"),
        achieved=[line(n) for n in report.achieved],
        open=[line(n) for n in report.open],
        out_of_reach=[line(n) for n in report.players if id(n) not in shown],
    )
