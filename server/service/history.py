"""A player across events: every tournament on the server where a player played, with
score, performance and rating change, found by FIDE id (or, for a player without one, by
the same name in events where they have none).

Kept fast with many tournaments: :class:`PlayerHistory` indexes each tournament's entries
once per stream version (:meth:`Queries.derived`, beside the state cache) and learns which
tournaments changed from the log's global positions (one query per request when nothing
did), so a request never folds every stream. Each tournament's entries are also kept in the
store (``derived_values``, tagged with the stream version and this code's digest), so the
first request after a server starts reads them instead of folding every tournament: only
the tournaments that moved since, or whose entries older code made, are worked out again.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import msgspec

from engine.model import PairingNumber
from events.directory import fold_name
from events.envelope import Snapshot
from events.projections import TournamentState, code_digest
from events.rating_changes import performances, tournament_rating_changes
from events.tiebreaks import completed_rounds, crosstable_from_state
from events.types import PlayerId
from server.service.queries import Queries, stream_id

__all__ = ["EventEntry", "PlayerHistory", "event_entries"]

PAGE = 1000
"""Log rows read at a time while catching up."""
KEPT_AS = "player-history"
"""The read model's name among the store's ``derived_values``."""


@dataclass(frozen=True, slots=True)
class EventEntry:
    """One player's record in one tournament."""

    tournament_id: str
    tournament: str
    start_date: date | None
    end_date: date | None
    player_id: PlayerId
    name: str
    fide_id: int | None
    rating: int
    score: Fraction
    games: int
    """Games played over the board in the complete rounds."""
    rounds: int
    """The tournament's complete rounds."""
    performance: int | None
    rating_change: Decimal | None
    new_rating: int | None


def event_entries(state: TournamentState) -> tuple[EventEntry, ...]:
    """Every registered player's entry in the tournament ``state`` holds."""
    settings = state.require_settings()
    table = crosstable_from_state(state)
    performance = performances(state, table)
    changes = tournament_rating_changes(state)
    rounds = completed_rounds(state)
    entries = []
    for record in table.players:
        assert record.player_id is not None  # a stored tournament's players all have one
        player = state.player(record.player_id)
        change = changes.player(record.pairing_number)
        entries.append(
            EventEntry(
                tournament_id=settings.tournament_id,
                tournament=settings.name,
                start_date=settings.start_date,
                end_date=settings.end_date,
                player_id=player.player_id,
                name=player.name,
                fide_id=player.fide_id,
                rating=player.rating,
                score=record.points,
                games=sum(1 for entry in record.rounds if entry.played),
                rounds=rounds,
                performance=performance[PairingNumber(record.pairing_number)],
                rating_change=change.change,
                new_rating=change.new_rating,
            )
        )
    return tuple(entries)


_ENTRIES = tuple[EventEntry, ...]
_ENCODER = msgspec.msgpack.Encoder(enc_hook=str)  # a Fraction as "3/2"
_DECODER = msgspec.msgpack.Decoder(
    _ENTRIES, dec_hook=lambda kind, value: Fraction(value) if kind is Fraction else value
)


ENTRIES_VERSION = code_digest(Path(__file__).resolve().parents[2], (__name__,))
"""The digest of the code entries are made by (:func:`event_entries` and what it imports):
entries kept by other code are worked out again."""


class PlayerHistory:
    """Each tournament's entries, indexed by FIDE id and by name, caught up from the log
    and kept in the store."""

    def __init__(self, queries: Queries) -> None:
        self._queries = queries
        self._lock = threading.Lock()
        self._position: int | None = None
        """The last global position indexed; None until the first request."""
        self._entries: dict[str, tuple[EventEntry, ...]] = {}
        self._by_fide_id: dict[int, dict[str, EventEntry]] = {}
        self._by_name: dict[str, dict[str, EventEntry]] = {}

    def by_fide_id(self, fide_id: int) -> list[EventEntry]:
        """Every event of the player with ``fide_id``, the latest first."""
        with self._lock:
            self._catch_up()
            return _latest_first(self._by_fide_id.get(fide_id, {}).values())

    def by_registration(self, tournament_id: str, player_id: PlayerId) -> list[EventEntry]:
        """Every event of the player registered as ``player_id`` in ``tournament_id``: by
        FIDE id when the registration has one, else the events where a player of the same
        name has none.

        :raises TournamentNotFound, PlayerNotFound: for an unknown tournament or player.
        """
        player = self._queries.load(tournament_id).player(player_id)
        if player.fide_id is not None:
            return self.by_fide_id(player.fide_id)
        with self._lock:
            self._catch_up()
            return _latest_first(self._by_name.get(fold_name(player.name), {}).values())

    def _catch_up(self) -> None:
        """Re-index the tournaments whose streams moved since the last position seen."""
        if self._position is None:
            self._position = self._start()
        changed: set[str] = set()
        while rows := self._queries.store.read_rows(after=self._position, limit=PAGE):
            self._position = rows[-1].global_position
            changed.update(row.stream_id for row in rows)
        for sid in sorted(changed):
            self._index(sid)

    def _start(self) -> int:
        """Index every tournament from the entries the store keeps, working out again (and
        keeping) those of a tournament that moved since, or that other code made; returns
        the log's position read first, so an event recorded meanwhile is read again."""
        store = self._queries.store
        position = store.last_position()
        kept = store.read_derived(KEPT_AS)
        for sid in store.stream_ids():
            value = kept.get(sid)
            if (
                value is None
                or value.projection_version != ENTRIES_VERSION
                or value.stream_version != store.current_version(sid)
            ):
                self._index(sid)
            else:
                self._replace(sid, _DECODER.decode(value.state))
        return position

    def _index(self, sid: str) -> None:
        """Work out a tournament's entries (once per version) and keep them in the store."""
        prefix = stream_id("")
        if not sid.startswith(prefix):
            return
        tournament_id = sid.removeprefix(prefix)
        state = self._queries.load(tournament_id)
        entries = self._queries.derived(tournament_id, state, event_entries)
        self._replace(sid, entries)
        value = Snapshot(state.version, ENTRIES_VERSION, _ENCODER.encode(entries))
        self._queries.store.write_derived(KEPT_AS, sid, value)

    def _replace(self, sid: str, entries: tuple[EventEntry, ...]) -> None:
        for entry in self._entries.get(sid, ()):
            self._index_of(entry).pop(sid, None)
        self._entries[sid] = entries
        for entry in entries:
            self._index_of(entry)[sid] = entry

    def _index_of(self, entry: EventEntry) -> dict[str, EventEntry]:
        """The entries, by tournament, of the player ``entry`` is: by FIDE id, else by name."""
        if entry.fide_id is not None:
            return self._by_fide_id.setdefault(entry.fide_id, {})
        return self._by_name.setdefault(fold_name(entry.name), {})


def _latest_first(entries: Iterable[EventEntry]) -> list[EventEntry]:
    return sorted(
        entries,
        key=lambda e: (e.end_date or e.start_date or date.min, e.tournament_id),
        reverse=True,
    )
