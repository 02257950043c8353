"""The next round as a draft only the desk sees: the engine's pairing with its explanation,
which the arbiter may change (boards, colours, opponents, the bye) and check before
publishing it.

A draft is never stored: it is the engine's proposal for the tournament as it is now
(engines are deterministic, so the same state gives the same draft), and an edit travels
in the draft's own form until it is published (the ``pair`` form of
:mod:`~server.http.pages.actions`). Nothing of it reaches the public pages or the API
before then.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlencode

from aiohttp import web

from engine import PairingError
from events.decisions import departures, placement_problem
from events.errors import ArbiterError
from events.projections import PlayerState, TournamentState
from events.types import PairedBoard
from server.http import keys
from server.http.pages import i18n, refusals
from server.http.pages.desk import taken_flash
from server.http.pages.forms import Edit, drafted, edit_fields
from server.http.pages.public import guarded, load, tournament_id
from server.http.pages.render import page
from server.http.pages.session import check_csrf, check_origin, posted_form, signed_in
from server.service import TournamentService

__all__ = ["Draft", "check_draft", "draft_page", "make_draft"]


@dataclass(frozen=True, slots=True)
class Draft:
    """The next round as the desk shows it before it is published."""

    state: TournamentState
    """What the draft was made on (its ``version`` goes with the published form)."""
    proposal: Edit
    """The engine's pairing."""
    edit: Edit
    """What the desk shows: the proposal, or the arbiter's change of it."""
    problem: str | None
    """Why the edit cannot be published (a player placed twice or left out)."""
    breaks: tuple[str, ...]
    """The FIDE criteria the edit breaks, absolute ones first (none for the proposal)."""
    explanation: tuple[str, ...]

    @property
    def changed(self) -> bool:
        return self.edit != self.proposal

    @property
    def players(self) -> list[tuple[int, PlayerState]]:
        """Whoever the round pairs, with their pairing numbers (the explanation's numbers)."""
        available, _ = self.state.availability(self.state.next_round)
        numbers = {pid: number for number, pid in enumerate(self.state.order, 1)}
        return sorted((numbers[pid], self.state.player(pid)) for pid in available)

    @property
    def odd(self) -> bool:
        return len(self.players) % 2 == 1


def make_draft(
    service: TournamentService, tid: str, form: Mapping[str, str], language: str
) -> Draft:
    """The draft of the next round: the engine's, or the edit ``form`` sends, with what it
    breaks compared with the engine's, and the engine's account, in ``language``.

    :raises ArbiterError: when the round cannot be paired now (results missing ...).
    """
    said = i18n.saying(language)
    state = service.load(tid)
    proposed = service.proposal(state)
    proposal: Edit = (proposed.boards, proposed.pab)
    edit = drafted(form) or proposal
    problem = placement_problem(state, *edit) if edit != proposal else None
    broken = departures(state, *edit, proposal).all if edit != proposal and not problem else ()
    try:
        explanation = tuple(map(said, service.explain_next(state)))
    except PairingError as error:
        explanation = (refusals.refusal(error, i18n.translations(language).gettext),)
    return Draft(state, proposal, edit, problem and said(problem), tuple(map(said, broken)),
                 explanation)  # fmt: skip


@guarded
async def draft_page(request: web.Request) -> web.StreamResponse:
    session = await signed_in(request)
    service = request.app[keys.SERVICE]
    tid = tournament_id(request)
    language = i18n.choose(request)
    gettext = i18n.translations(language).gettext
    flash = await taken_flash(request, session)
    making = functools.partial(make_draft, service, tid, request.query, language)
    try:
        draft: Draft | None = await asyncio.get_running_loop().run_in_executor(
            request.app[keys.PAIRERS], making
        )
    except ArbiterError as error:
        draft, flash = None, [*flash, ("error", refusals.refusal(error, gettext))]
    state = draft.state if draft else (await load(request)).state
    return page(
        request, "desk_draft.html", state=state, t=state.require_settings(), draft=draft,
        flash=flash, csrf=session.csrf, signed_in=True, boards=_numbered(draft),
        reason=request.query.get("reason", ""), force=request.query.get("force") == "1",
    )  # fmt: skip


def _numbered(draft: Draft | None) -> list[tuple[int, PairedBoard]]:
    return list(enumerate(draft.edit[0], 1)) if draft else []


async def check_draft(request: web.Request) -> web.StreamResponse:
    """ "Check the changes": the draft page again, showing the edit and what it breaks
    (nothing is written; the edit travels in the address)."""
    check_origin(request)
    session = await signed_in(request)
    posted = await posted_form(request)
    check_csrf(request, session, posted.get("csrf"))
    form = {key: str(value) for key, value in posted.items()}
    kept = {"reason": form.get("reason", ""), "force": form.get("force", "")}
    try:
        edit = drafted(form)
    except ArbiterError:
        edit = None
    query = urlencode({**(edit_fields(edit) if edit else {}), **kept})
    raise web.HTTPSeeOther(f"/t/{tournament_id(request)}/desk/draft?{query}")
