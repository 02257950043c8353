"""The arbiter's desk: sign in with the server token, then results, byes, withdrawals and
rounds from the browser.

Every form runs the same service command as the API (on the same writer or pairer
thread, waking the same live streams): players are found by the service when the command
is decided (:func:`server.service.deferred`), a round is paired under the service's
one-pairing-per-tournament guard, and an explanation is the service's use case. So the
event log cannot tell a form from an API call except by the ``via: desk`` its metadata
carries. Forms post, then redirect back (post/redirect/get), and a refused command comes
back as a message on the desk.
"""

from __future__ import annotations

import asyncio
import functools
import uuid
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor
from typing import Any

from aiohttp import web

from engine import PairingError
from events.decisions import (
    CancelBye,
    CorrectResult,
    PairRound,
    RecordResult,
    RequestBye,
    UnpairRound,
    WithdrawPlayer,
)
from events.errors import ArbiterError
from events.projections import TournamentState
from events.results import parse_result
from events.types import ByeKind
from server.http import keys
from server.http.auth import off_loop
from server.http.pages import i18n, views
from server.http.pages.public import guarded, load, tournament_id
from server.http.pages.render import html, page
from server.http.pages.session import (
    COOKIE,
    LIFETIME_SECONDS,
    Session,
    check_csrf,
    check_origin,
    current,
    posted_form,
    save_flash,
    secure_cookie,
)
from server.http.problems import Problem
from server.service import CommandResult, Deferred, NamedRequest, TournamentService, deferred
from server.service.accounts import OpenedSession
from server.settings import token_matches

__all__ = ["ACTIONS", "act", "desk", "explain", "sign_in", "sign_in_form", "sign_out"]

RESULTS = ("1-0", "0-1", "1/2-1/2", "+/-", "-/+", "-/-", "0-0", "1/2-0", "0-1/2")
"""The desk's result choices, the usual first."""


def _safe_next(target: str | None, default: str) -> str:
    """Only a path on this site (no ``//host``): a sign-in link cannot send anyone away."""
    if target and target.startswith("/") and not target.startswith("//"):
        return target
    return default


async def sign_in_form(request: web.Request) -> web.StreamResponse:
    return page(request, "signin.html", next=_safe_next(request.query.get("next"), "/t/"),
                failed=False, wait=0, name="")  # fmt: skip


async def sign_in(request: web.Request) -> web.StreamResponse:
    """Open a session for an account's name and password, or for the server token in force
    now. A failure counts against the address (and the account named) as a wrong bearer
    token does; past the limit a password is not even checked (429)."""
    check_origin(request)
    form = await posted_form(request)
    target = _safe_next(str(form.get("next", "")), "/t/")
    name = str(form.get("name", "")).strip()
    client = request.remote or "unknown"
    app = request.app
    accounts, failures = app[keys.ACCOUNTS], app[keys.FAILED_AUTH]
    token_now = app[keys.SETTINGS].current_token_sha256()

    def open_session() -> OpenedSession | None:
        if name:
            failures.check(client, account=name)
            actor = accounts.sign_in(name, str(form.get("password", "")))
        elif token_matches(str(form.get("token", "")), token_now):
            actor = accounts.server_token_actor()
            return accounts.open_session(actor, server_token_sha256=token_now, address=client)
        else:
            actor = None
        if actor is None:
            failures.failed(client, account=name or None)
            return None
        return accounts.open_session(actor, address=client)

    context = {"next": target, "failed": True, "wait": 0, "fragment": False, "name": name}
    try:
        opened = await off_loop(request, open_session)
    except Problem as refused:
        wait = int(refused.headers["Retry-After"])
        answer = html(request, "signin.html", {**context, "wait": wait}, status=429)
        answer.headers.update(refused.headers)
        return answer
    if opened is None:
        return html(request, "signin.html", context, status=401)
    redirect = web.HTTPSeeOther(target)
    redirect.set_cookie(
        COOKIE, opened.session_id, httponly=True, samesite="Strict", path="/",
        max_age=LIFETIME_SECONDS, secure=secure_cookie(request),
    )  # fmt: skip
    raise redirect


async def sign_out(request: web.Request) -> web.StreamResponse:
    check_origin(request)
    session = await current(request)
    if session is not None:
        check_csrf(session, (await posted_form(request)).get("csrf"))
        ended = session.session_sha256
        await off_loop(request, lambda: request.app[keys.ACCOUNTS].store.end_session(ended))
    redirect = web.HTTPSeeOther("/t/")
    redirect.del_cookie(COOKIE, path="/")
    raise redirect


async def _signed_in(request: web.Request) -> Session:
    """:raises web.HTTPSeeOther: to the sign-in page when there is no session."""
    session = await current(request)
    if session is None:
        raise web.HTTPSeeOther(f"/signin?next={request.path}")
    return session


@guarded
async def desk(request: web.Request) -> web.StreamResponse:
    session = await _signed_in(request)
    loaded = await load(request)
    state = loaded.state
    latest = state.rounds[-1] if state.rounds else None
    flash = session.flash
    if flash:
        await save_flash(request, session, [])
    pending_byes = [bye for bye in state.byes if bye.round_no >= state.next_round]
    return page(
        request, "desk.html", state=state, t=state.require_settings(), csrf=session.csrf,
        signed_in=True,
        round=latest, boards=views.boards(state, latest) if latest else [], results=RESULTS,
        flash=flash, byes=pending_byes, bye_kinds=[kind.value for kind in ByeKind],
        can_unpair=latest is not None and len(latest.missing_results) == len(latest.boards),
    )  # fmt: skip


@guarded
async def explain(request: web.Request) -> web.StreamResponse:
    session = await _signed_in(request)
    loaded = await load(request)
    round_no = int(request.match_info["round_no"])
    loaded.state.round(round_no)  # 404 for a round not paired
    loop = asyncio.get_running_loop()
    service = request.app[keys.SERVICE]
    try:
        lines = await loop.run_in_executor(
            request.app[keys.PAIRERS], service.explain_round, tournament_id(request), round_no
        )
    except (ArbiterError, PairingError) as error:
        lines = [str(error)]
    return page(request, "explain.html", state=loaded.state, t=loaded.state.require_settings(),
                round_no=round_no, lines=lines, signed_in=True, csrf=session.csrf)  # fmt: skip


# -- forms ---------------------------------------------------------------------------------

Form = dict[str, str]
Action = Callable[[TournamentService, str, Form, dict[str, Any]], CommandResult]


def _number(form: Form, name: str) -> int:
    value = form.get(name, "").strip()
    if not value.isdigit():
        raise ArbiterError(f"{name} must be a number, not {value!r}")
    return int(value)


def _result(
    service: TournamentService, tid: str, form: Form, meta: dict[str, Any]
) -> CommandResult:
    """A result for a board without one, else a correction (decided on the same state)."""
    round_no, board = _number(form, "round"), _number(form, "board")
    result = parse_result(form.get("result", ""))
    reason = form.get("reason", "").strip()

    def complete(state: TournamentState) -> RecordResult | CorrectResult:
        boards = state.rounds[round_no - 1].boards if 1 <= round_no <= state.rounds_paired else ()
        if 1 <= board <= len(boards) and boards[board - 1].result is not None:
            return CorrectResult(round_no=round_no, board=board, result=result, reason=reason)
        return RecordResult(round_no=round_no, board=board, result=result)

    fields = {"round_no": round_no, "board": board, "result": form.get("result"), "reason": reason}
    return service.execute(
        tid, Deferred(NamedRequest("result", fields, None), complete), metadata=meta
    )


def _pair(service: TournamentService, tid: str, form: Form, meta: dict[str, Any]) -> CommandResult:
    return service.pair_round(tid, PairRound(), metadata=meta)


def _unpair(
    service: TournamentService, tid: str, form: Form, meta: dict[str, Any]
) -> CommandResult:
    command = UnpairRound(round_no=_number(form, "round"), reason=form.get("reason", "").strip())
    return service.execute(tid, command, metadata=meta)


def _bye(service: TournamentService, tid: str, form: Form, meta: dict[str, Any]) -> CommandResult:
    try:
        kind = ByeKind(form.get("kind", "half"))
    except ValueError:
        raise ArbiterError(f"no bye kind {form.get('kind')!r}") from None
    command = deferred(RequestBye, player_id=form.get("player", ""),
                       round_no=_number(form, "round"), kind=kind)  # fmt: skip
    return service.execute(tid, command, metadata=meta)


def _cancel_bye(
    service: TournamentService, tid: str, form: Form, meta: dict[str, Any]
) -> CommandResult:
    command = deferred(CancelBye, player_id=form.get("player", ""), round_no=_number(form, "round"))
    return service.execute(tid, command, metadata=meta)


def _withdraw(
    service: TournamentService, tid: str, form: Form, meta: dict[str, Any]
) -> CommandResult:
    from_round = form.get("from_round", "").strip()
    command = deferred(
        WithdrawPlayer,
        player_id=form.get("player", ""),
        from_round=int(from_round) if from_round.isdigit() else None,
        reason=form.get("reason", "").strip(),
    )
    return service.execute(tid, command, metadata=meta)


ACTIONS: dict[str, Action] = {
    "result": _result,
    "pair": _pair,
    "unpair": _unpair,
    "bye": _bye,
    "cancel-bye": _cancel_bye,
    "withdraw": _withdraw,
}


def _done_message(action: str, gettext: Callable[[str], str]) -> str:
    return {
        "result": gettext("Result saved."),
        "pair": gettext("Next round paired."),
        "unpair": gettext("Round unpaired."),
        "bye": gettext("Bye granted."),
        "cancel-bye": gettext("Bye cancelled."),
        "withdraw": gettext("Player withdrawn."),
    }[action]


def _where_next(request: web.Request, action: str, form: Form) -> str:
    """Back to the desk; after a result, at the next board, so the keyboard flow goes on."""
    base = f"/t/{tournament_id(request)}/desk"
    if action == "result" and form.get("board", "").isdigit():
        return f"{base}#board-{int(form['board']) + 1}"
    return base


async def act(request: web.Request) -> web.StreamResponse:
    """Run one desk form: check the session, origin and CSRF token, run the command."""
    check_origin(request)
    session = await _signed_in(request)
    posted = await posted_form(request)
    check_csrf(session, posted.get("csrf"))
    action = request.match_info["action"]
    if action not in ACTIONS:
        raise web.HTTPNotFound()
    form: Form = {key: str(value) for key, value in posted.items()}
    meta = {"source": "http", "via": "desk", "request_id": str(uuid.uuid4())}
    executor: Executor = request.app[keys.PAIRERS if action == "pair" else keys.WRITER]
    gettext = i18n.translations(i18n.choose(request)).gettext
    run: Callable[[], Awaitable[CommandResult]] = functools.partial(
        asyncio.get_running_loop().run_in_executor,
        executor,
        functools.partial(ACTIONS[action], request.app[keys.SERVICE].acting(session.actor),
                          tournament_id(request), form, meta),
    )  # fmt: skip
    try:
        await run()
    except (ArbiterError, KeyError, IndexError) as error:
        message = error.message if isinstance(error, ArbiterError) else str(error)
        await save_flash(request, session, [*session.flash, ("error", message)])
    else:
        request.app[keys.FEED].notify()
        await save_flash(request, session, [*session.flash, ("ok", _done_message(action, gettext))])
    raise web.HTTPSeeOther(_where_next(request, action, form))
