"""One request as a handler sees it, already checked: token, If-Match, key, body, query.

Handlers stay thin (parse, call the service, render). The service is synchronous, so a
handler never calls it on the event loop: :meth:`Call.read` runs a query on the reader
threads, :meth:`Call.command` runs a command on the single writer thread, wakes the live
event streams, and renders what was appended as a :class:`~server.http.schemas.WriteResult`.
"""

from __future__ import annotations

import asyncio
import functools
import uuid
from collections.abc import Callable, Mapping
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any, Generic, NamedTuple, TypeVar, cast

from aiohttp import web
from multidict import CIMultiDict

from events.errors import TournamentNotFound, WrongExpectedVersion
from events.projections import TournamentState
from server.http import keys
from server.http.paging import Listing, page
from server.http.problems import Problem
from server.http.reads import not_modified
from server.http.schemas import PageQuery, WriteResult, encode, event_out
from server.service import CommandResult, TournamentService
from server.service.access import PUBLIC, Actor
from server.settings import Settings

__all__ = ["Call", "View", "as_of_round", "etag", "paired_round", "respond"]

B = TypeVar("B")
Q = TypeVar("Q")
T = TypeVar("T")


def etag(version: int) -> str:
    """A stream version as a strong entity tag: the value to send back in ``If-Match``."""
    return f'"{version}"'


def respond(
    value: Any,
    *,
    status: int = 200,
    version: int | None = None,
    location: str | None = None,
    headers: Mapping[str, str] | None = None,
) -> web.Response:
    """A JSON response; ``version`` becomes the ETag."""
    extra = dict(headers or {})
    if version is not None:
        extra["ETag"] = etag(version)
    if location is not None:
        extra["Location"] = location
    return web.Response(
        body=encode(value), status=status, content_type="application/json", headers=extra
    )


def as_of_round(
    service: TournamentService, tournament_id: str, version: int, round_no: int | None
) -> TournamentState:
    """The tournament at stream version ``version``, as of the end of round ``round_no``
    (``None``: as it is).

    :raises Problem: (404) for a round past the last one paired: there is no "after" it yet.
    """
    state = service.load(tournament_id, to_version=version, after_round=round_no)
    if round_no is not None and state.rounds_paired < round_no:
        raise Problem(
            "not-found",
            f"round: {round_no} is past the last paired round ({state.rounds_paired})",
            errors=[{"parameter": "round", "detail": f"at most {state.rounds_paired}"}],
        )
    return state


def paired_round(state: TournamentState, round_no: int) -> int:
    """``round_no`` when that round is paired.

    :raises Problem: (404) for a round not paired (yet), like any path naming nothing.
    """
    if not 1 <= round_no <= state.rounds_paired:
        raise Problem("not-found", f"round {round_no} is not paired ({state.rounds_paired} are)")
    return round_no


class View(NamedTuple):
    """A rendered read with headers of its own (a build may return bytes alone)."""

    body: bytes
    headers: list[tuple[str, str]]
    """Sent after ``ETag``, in order; a name may repeat (one ``Warning`` per warning)."""


@dataclass(frozen=True, slots=True)
class Call(Generic[B, Q]):
    """A request that passed the route's checks, with its decoded body and query.

    ``versioned`` operations act on an existing stream and pass ``expected_version``, the
    version pinned by ``If-Match`` (``None`` for ``If-Match: *``), to the service.
    """

    request: web.Request
    body: B
    query: Q
    versioned: bool = False
    expected_version: int | None = None
    idempotency_key: str | None = None
    actor: Actor = PUBLIC
    """Who the request's token acts as; the service checks what it may write."""

    @property
    def service(self) -> TournamentService:
        return self.request.app[keys.SERVICE].acting(self.actor)

    @property
    def settings(self) -> Settings:
        return self.request.app[keys.SETTINGS]

    @property
    def tournament_id(self) -> str:
        return self.request.match_info["tournament_id"]

    def number(self, name: str) -> int:
        """A numeric path parameter (the route's pattern admits digits only)."""
        return int(self.request.match_info[name])

    def url(self, name: str, **parts: object) -> str:
        """The path of a named route."""
        return str(self.request.app.router[name].url_for(**{k: str(v) for k, v in parts.items()}))

    @property
    def metadata(self) -> dict[str, Any]:
        """Stamped on every event this request appends (the audit trail's "who and how")."""
        request_id = self.request.headers.get("X-Request-Id") or str(uuid.uuid4())
        return {"source": "http", "request_id": request_id[:100]}

    async def read(self, query: Callable[..., T], /, *args: Any, **kwargs: Any) -> T:
        """Run a blocking query off the event loop."""
        return await self._run(self.request.app[keys.READERS], query, *args, **kwargs)

    async def view(
        self,
        build: Callable[..., bytes | View | Listing],
        /,
        *args: Any,
        content_type: str = "application/json",
        charset: str | None = None,
        headers: Mapping[str, str] | None = None,
        paged: PageQuery | None = None,
    ) -> web.Response:
        """A read of the tournament as of its current version: ``build(service,
        tournament_id, version, *args)`` renders it (on a reader thread). Answers 304 when
        ``If-None-Match`` names the version; requests for the same view of the same version
        at the same time share one ``build``, and what it built is kept beside the cached
        state (:meth:`~server.service.queries.Queries.memo`) for every later request.
        With ``paged``, ``build`` returns the whole :class:`Listing` (``args`` name no
        page) and the answer is the page ``paged`` asks for, cut from it.

        :raises TournamentNotFound: when there is no such tournament.
        """
        service, tournament_id = self.service, self.tournament_id
        version = service.version_now(tournament_id)  # a thread hop costs more than the read
        if version is None:
            version = await self.read(service.version, tournament_id)
        if version == 0:
            raise TournamentNotFound(tournament_id)
        extra = {"ETag": etag(version), **(headers or {})}
        if not_modified(self.request, extra["ETag"]):
            return web.Response(status=304, headers=extra)
        key = (build, encode(args))
        kept = service.kept(tournament_id, version, key)  # on the loop: no thread hop
        built: bytes | View | Listing
        if kept is not None:
            built = cast("bytes | View | Listing", kept[0])
        else:
            compute = functools.partial(build, service, tournament_id, version, *args)
            built = await self.request.app[keys.SHARED_READS].run(
                (key, tournament_id, version),
                functools.partial(self.read, service.memo, tournament_id, version, key, compute),
            )
        if isinstance(built, Listing):
            assert paged is not None, "a listing is answered a page at a time"
            view = View(*page(built, paged, self.request.rel_url))
        else:
            view = built if isinstance(built, View) else View(built, [])
        return web.Response(
            body=view.body, content_type=content_type, charset=charset,
            headers=CIMultiDict([*extra.items(), *view.headers]),
        )  # fmt: skip

    async def command(
        self,
        write: Callable[..., CommandResult],
        /,
        *args: Any,
        on: Executor | None = None,
        status: int = 200,
        location: Callable[[WriteResult], str] | None = None,
        render: Callable[[WriteResult], Any] | None = None,
        **kwargs: Any,
    ) -> web.Response:
        """Run a service command (on the writer thread unless ``on`` says otherwise) with
        this request's version, key and metadata (``metadata`` adds to it), and answer
        with what it appended (passed through ``render`` if given).

        :raises Problem: 412 when ``If-Match`` named a version the stream has left.
        """
        app = self.request.app
        if self.versioned:
            kwargs["expected_version"] = self.expected_version
        metadata = {**self.metadata, **kwargs.pop("metadata", {})}

        def run() -> WriteResult:
            result = write(*args, idempotency_key=self.idempotency_key, metadata=metadata, **kwargs)
            append = result.append
            return WriteResult(
                tournament_id=result.tournament_id,
                version=append.last_version,
                replayed=append.replayed,
                events=[event_out(r) for r in append.recorded],
            )

        try:
            written = await self._run(on or app[keys.WRITER], run)
        except WrongExpectedVersion as error:
            if self.expected_version is None:
                raise
            raise Problem(
                "precondition-failed",
                f"the tournament is at version {error.actual}, not {self.expected_version}",
                headers={"ETag": etag(error.actual)},
                expected=self.expected_version,
                actual=error.actual,
            ) from None
        if not written.replayed:
            app[keys.FEED].notify()
        headers = {"Idempotent-Replayed": "true"} if written.replayed else None
        return respond(
            render(written) if render else written,
            status=status,
            version=written.version,
            location=location(written) if location else None,
            headers=headers,
        )

    async def _run(
        self, executor: Executor, function: Callable[..., T], *args: Any, **kwargs: Any
    ) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(executor, functools.partial(function, *args, **kwargs))
