"""The use cases that read the loaded FIDE players list: register a listed player, and
update every listed player's rating before round 1."""

from __future__ import annotations

from typing import Any

from engine.messages import Message
from events.directory import LoadedList, PlayerDirectory
from events.errors import InvalidCommand
from events.projections import TournamentState
from events.ratings import UpdateRatings, decide_rating_update, rating_kind, registration
from events.types import Event
from server.service.runner import CommandResult, CommandRunner, WriteOptions

__all__ = ["RatingUseCases"]


class RatingUseCases(CommandRunner):
    def register_listed(
        self,
        directory: PlayerDirectory,
        tournament_id: str,
        fide_id: int,
        *,
        options: WriteOptions | None = None,
        **given: Any,
    ) -> CommandResult:
        """Register the player ``fide_id`` of the loaded FIDE list with the rating of the
        tournament's time control; ``given`` fields override the list's. The same for
        ``arbiter register --fide-id`` and ``POST .../players`` with ``fide_id`` alone.

        :raises InvalidCommand: when no list is loaded or the id is not in it.
        """
        loaded = _loaded(directory)
        entry = directory.get(fide_id)
        if entry is None:
            raise InvalidCommand(
                Message("FIDE id %(fide_id)s is not in the loaded list (%(month)s)",
                        fide_id=fide_id, month=loaded.month),
                field="fide_id",
            )  # fmt: skip
        kind = rating_kind(self.load(tournament_id))
        command = registration(entry, rating_type=kind, month=loaded.month, **given)
        return self.execute(tournament_id, command, **(options or {}))

    def update_ratings(
        self,
        directory: PlayerDirectory,
        tournament_id: str,
        *,
        options: WriteOptions | None = None,
    ) -> tuple[UpdateRatings, CommandResult | None]:
        """Set every listed player's rating to the loaded list's (before round 1 only); the
        result is ``None`` when no rating changes, and nothing is written then.

        :raises RoundAlreadyPaired: once round 1 is paired, citing FIDE's rule.
        """
        loaded = _loaded(directory)
        state = self.load(tournament_id)
        kind = rating_kind(state)
        ratings, k_factors = {}, {}
        for player in state.players:
            entry = directory.get(player.fide_id) if player.fide_id is not None else None
            if entry is not None:
                ratings[entry.fide_id] = entry.rating(kind) or 0
                if (k := entry.k_factor(kind)) is not None:
                    k_factors[entry.fide_id] = k
        command = UpdateRatings(list_month=loaded.month, ratings=ratings, k_factors=k_factors)
        if not decide_rating_update(state, command):
            return command, None

        def decision(current: TournamentState) -> list[Event]:
            events = decide_rating_update(current, command)
            if not events:  # another writer got there first
                raise InvalidCommand(
                    Message("every rating is already the list's (%(month)s)", month=loaded.month)
                )
            return events

        return command, self.run(tournament_id, decision, request=command, **(options or {}))


def _loaded(directory: PlayerDirectory) -> LoadedList:
    loaded = directory.loaded_list()
    if loaded is None:
        raise InvalidCommand(
            Message("no FIDE players list is loaded: load one first (arbiter ratings load LIST)"),
            field="fide_id",
        )
    return loaded
