"""What every ``arbiter`` command shares: the database option's context, which opens the
store and the service only when a command needs them (so that ``arbiter pair`` starts
without loading the event store's libraries), and the ``--round``/``--version`` options of
the views.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from events import EventStore
    from server.printouts import Language
    from server.service import CommandResult, EngineResolver, TournamentService
    from server.service.access import Actor
    from server.service.accounts import AccountService

__all__ = [
    "CliContext",
    "DatabaseMissing",
    "as_of_options",
    "language_option",
    "pass_service",
    "player_of",
]


class DatabaseMissing(FileNotFoundError):
    """A read-only command was pointed at a database file that does not exist (file access;
    the HTTP edge's word for a store it cannot reach is 503)."""

    status = 503
    exit_code = 5

    def __init__(self, path: Path) -> None:
        super().__init__(2, "no such database", str(path))

    def __str__(self) -> str:
        return (
            f"no database at {self.filename} (give --db PATH or set ARBITER_DB; "
            "commands that only read never create one)"
        )


@dataclass
class CliContext:
    """Holds ``--db`` (and the engine resolver) and opens the store only when a command
    needs it. Tests pass their own as ``obj`` to swap in a fake engine."""

    db: str | Path
    """A SQLite file or a ``postgresql://`` URL."""
    engines: EngineResolver | None = None
    """Finds a pairing system by name; None: the installed engines."""
    acting_as: str | None = None
    """``--as NAME``: act as that account (its token in ``ARBITER_TOKEN``, or its password
    asked); ``None``: the local administrator, ``cli:<os user>``."""
    token: str | None = field(default=None, repr=False)
    _service: TournamentService | None = field(default=None, repr=False)
    _actor: Actor | None = field(default=None, repr=False)

    def service(self, *, read_only: bool = False) -> TournamentService:
        """The service over ``--db``; a ``read_only`` command refuses a missing database
        instead of creating an empty one (a typo in ``--db`` must not look like a new event).

        :raises DatabaseMissing: for a read-only command when the file does not exist.
        """
        if self._service is None:
            from events import is_postgres, open_store

            if read_only and not is_postgres(self.db) and not Path(self.db).exists():
                raise DatabaseMissing(Path(self.db))
            from server.service import TournamentService, installed_engine

            store = open_store(self.db)
            click.get_current_context().call_on_close(store.close)
            service = TournamentService(
                store,
                engines=self.engines or installed_engine,
                # The actor (Actor.local(): "cli:<os user>", an administrator) is stamped
                # by the service; the HTTP event log shows only public metadata.
                metadata={"source": "cli"},
            )
            self._actor = self._sign_in(store)
            self._service = service.acting(self._actor)
        return self._service

    def accounts(self) -> AccountService:
        """The accounts kept in ``--db``'s database."""
        from server.service.accounts import AccountService

        return AccountService(self.service().store)

    def actor(self) -> Actor:
        """Who the command acts as: the local administrator, or the ``--as`` account once
        its token or password is checked.

        :raises Forbidden: when the token is not the account's (or is revoked or expired),
            or the password is wrong.
        """
        self.service()
        assert self._actor is not None  # service() signs in as it opens the store
        return self._actor

    def _sign_in(self, store: EventStore) -> Actor:
        from server.service.access import Actor, Forbidden
        from server.service.accounts import AccountService

        if self.acting_as is None:
            return Actor.local()
        accounts = AccountService(store)
        if self.token:
            actor = accounts.token_actor(self.token)
            if actor is None or actor.name != self.acting_as:
                raise Forbidden(
                    f"ARBITER_TOKEN is not a valid token of {self.acting_as!r} (revoked, "
                    "expired, another account's, or its account is disabled)"
                )
            return actor
        password = click.prompt(f"Password of {self.acting_as}", hide_input=True, err=True)
        signed_in = accounts.sign_in(self.acting_as, password)
        if signed_in is None:
            raise Forbidden(f"wrong password for {self.acting_as!r}, or the account is disabled")
        return signed_in


def player_of(result: CommandResult) -> int:
    """The player a command about one player was about: PLAYER arguments are text (an id,
    a FIDE id or part of the name), found by the service when the command is decided
    (:func:`server.service.deferred`), and its first event names the id found."""
    player_id: int = getattr(result.events[0], "player_id")
    return player_id


pass_service = click.make_pass_decorator(CliContext)
"""Decorator giving a command the :class:`CliContext` (call ``.service()`` on it)."""


_AS_OF = (
    click.option(
        "--round", "round_no", type=click.IntRange(min=0), help="Replay to the end of this round."
    ),
    click.option(
        "--version", "to_version", type=click.IntRange(min=0), help="Replay to this stream version."
    ),
)


def as_of_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """``--round`` and ``--version``: show a tournament as it was."""
    for option in reversed(_AS_OF):
        command = option(command)
    return command


def _language(_ctx: click.Context, param: click.Parameter, code: str) -> Language:
    # Imported here: the catalogues and the page templates load for a printout only, not
    # for every command (``arbiter pair`` loads what pairing needs and nothing more).
    from server.http.pages import i18n
    from server.printouts import Language

    if code not in i18n.LANGUAGES:
        raise click.BadParameter(f"{code!r} is not one of {', '.join(i18n.LANGUAGES)}", param=param)
    return Language(code, i18n.translations(code))


language_option = click.option(
    "--lang",
    "language",
    default="en",
    show_default=True,
    callback=_language,
    help="The language of a printout's words and dates: en, or a language with a catalogue (es).",
)
"""``--lang``: the :class:`server.printouts.Language` a printout speaks, from the pages'
catalogues."""
