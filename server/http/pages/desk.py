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
from collections.abc import Callable
from concurrent.futures import Executor

from aiohttp import web

from engine import PairingError
from events.errors import ArbiterError
from events.types import ByeKind
from server.http import keys
from server.http.auth import off_loop
from server.http.pages import actions, i18n, refusals, views
from server.http.pages.forms import Form
from server.http.pages.public import guarded, load, tournament_id
from server.http.pages.render import html, page
from server.http.pages.session import (
    COOKIE,
    Session,
    check_csrf,
    check_origin,
    current,
    posted_form,
    save_flash,
    signed_in,
    to_session,
)
from server.http.problems import Problem
from server.printouts.legend import N_
from server.service.accounts import OpenedSession
from server.settings import token_matches

__all__ = [
    "act",
    "desk",
    "explain",
    "sign_in",
    "sign_in_form",
    "sign_out",
    "taken_flash",
]

NORM_EVENTS = (
    ("", N_("none of these: the normal foreigner requirement")),
    ("national-championship", N_("final stage of a national championship (1.4.3a)")),
    ("national-team-championship", N_("national team championship (1.4.3b)")),
    ("zonal", N_("zonal or sub-zonal tournament (1.4.3c)")),
)
"""The desk's choices of ``norm_event``, each with its words."""

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
    raise to_session(request, target, opened.session_id)


async def sign_out(request: web.Request) -> web.StreamResponse:
    check_origin(request)
    session = await current(request)
    if session is not None:
        check_csrf(request, session, (await posted_form(request)).get("csrf"))
        ended = session.session_sha256
        await off_loop(request, lambda: request.app[keys.ACCOUNTS].store.end_session(ended))
    redirect = web.HTTPSeeOther("/t/")
    redirect.del_cookie(COOKIE, path="/")
    raise redirect


async def taken_flash(request: web.Request, session: Session) -> list[tuple[str, str]]:
    """The messages the session's next page shows, taken: a reload does not say them again."""
    flash = session.flash
    if flash:
        await save_flash(request, session, [])
    return flash


@guarded
async def desk(request: web.Request) -> web.StreamResponse:
    session = await signed_in(request)
    loaded = await load(request)
    state = loaded.state
    settings = state.require_settings()
    latest = state.rounds[-1] if state.rounds else None
    flash = await taken_flash(request, session)
    at = request.query.get("at", "")
    focus = int(at) if at.isdigit() else None
    boards = views.boards(state, latest) if latest else []
    if focus is None or not 1 <= focus <= len(boards):
        focus = latest.missing_results[0] if latest and latest.missing_results else None
    return page(
        request, "desk.html", state=state, t=settings, csrf=session.csrf, signed_in=True,
        round=latest, boards=boards, results=RESULTS,
        flash=flash, focus=focus, announced_at=focus if at.isdigit() else None,
        byes=[bye for bye in state.byes if bye.round_no >= state.next_round],
        bye_kinds=[kind.value for kind in ByeKind], norm_events=NORM_EVENTS,
        finished=latest is not None and state.rounds_paired >= settings.rounds
        and not latest.missing_results,
        can_unpair=latest is not None and len(latest.missing_results) == len(latest.boards),
        withdrawn=[p for p in state.players if p.withdrawn_from is not None],
        checkin=state.availability(state.next_round)[0] if state.next_round <= settings.rounds
        else (),
    )  # fmt: skip


@guarded
async def explain(request: web.Request) -> web.StreamResponse:
    session = await signed_in(request)
    loaded = await load(request)
    round_no = int(request.match_info["round_no"])
    loaded.state.round(round_no)  # 404 for a round not paired
    loop = asyncio.get_running_loop()
    service = request.app[keys.SERVICE]
    language = i18n.choose(request)
    explaining = functools.partial(service.explain_round, tournament_id(request), round_no)
    try:
        lines = list(map(i18n.saying(language), await loop.run_in_executor(
            request.app[keys.PAIRERS], explaining
        )))  # fmt: skip
    except (ArbiterError, PairingError) as error:
        lines = [refusals.refusal(error, i18n.translations(language).gettext)]
    return page(request, "explain.html", state=loaded.state, t=loaded.state.require_settings(),
                round_no=round_no, lines=lines, signed_in=True, csrf=session.csrf)  # fmt: skip


# -- forms ---------------------------------------------------------------------------------


async def act(request: web.Request) -> web.StreamResponse:
    """Run one desk form: check the session, origin and CSRF token; ask first when the
    action publishes or takes something away; run the command; say what happened at the
    board it was about."""
    check_origin(request)
    session = await signed_in(request)
    posted = await posted_form(request)
    check_csrf(request, session, posted.get("csrf"))
    action = request.match_info["action"]
    if action not in actions.ACTIONS:
        raise web.HTTPNotFound()
    form: Form = {}
    files: dict[str, bytes] = {}
    for key, value in posted.items():
        if isinstance(value, web.FileField):
            files[key] = value.file.read()
        else:
            form[key] = str(value)
    gettext = i18n.translations(i18n.choose(request)).gettext
    if actions.needs_confirmation(action, form):
        return await _confirm(request, session, action, form, gettext)
    meta = {"source": "http", "via": "desk", "request_id": str(uuid.uuid4())}
    executor: Executor = request.app[keys.PAIRERS if action == "pair" else keys.WRITER]
    service = request.app[keys.SERVICE].acting(session.actor)
    run = actions.Run(service, tournament_id(request), form, meta,
                      request.app[keys.SETTINGS].db, files)  # fmt: skip
    try:
        ran = await asyncio.get_running_loop().run_in_executor(
            executor, actions.ACTIONS[action], run
        )
    except ArbiterError as error:
        outcome = actions.Outcome(
            "error", refusals.refusal(error, gettext), actions.refused_at(action, form)
        )
    else:
        request.app[keys.FEED].notify()
        outcome = actions.done(action, form, ran, gettext)
    await save_flash(request, session, [*session.flash, (outcome.kind, outcome.message)])
    where = f"/t/{tournament_id(request)}/desk"
    where += actions.returns_to(action, form, refused=outcome.kind == "error")
    if outcome.focus is not None:
        where += f"?at={outcome.focus}#board-{outcome.focus}"
    raise web.HTTPSeeOther(where)


async def _confirm(
    request: web.Request,
    session: Session,
    action: str,
    form: Form,
    gettext: Callable[[str], str],
) -> web.StreamResponse:
    """The question, with the form's fields to send again confirmed (or go back)."""
    loaded = await load(request)
    fields = {k: v for k, v in form.items() if k not in {"csrf", "confirm"}}
    return page(
        request, "desk_confirm.html", state=loaded.state, t=loaded.state.require_settings(),
        csrf=session.csrf, signed_in=True, action=action, fields=fields,
        question=actions.question(action, form, loaded.state, gettext),
        confirmed=actions.CONFIRMED,
    )  # fmt: skip
