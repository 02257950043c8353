"""A new tournament from the browser: the form an administrator fills in, read into the
same :class:`~events.decisions.CreateTournament` the API and ``arbiter create`` send (the
service checks who may create one). The systems and their editions are the systems table's;
an empty tie-break field gets the system's recommended list (Swiss or round-robin).
"""

from __future__ import annotations

import asyncio
import functools
import uuid
from typing import Any

from aiohttp import web

from engine import systems
from events.decisions import CreateTournament
from events.directory import RATING_KINDS
from events.errors import ArbiterError
from events.tiebreaks import ROUND_ROBIN_TIEBREAKS, SWISS_TIEBREAKS
from server.http import keys
from server.http.pages import i18n, refusals
from server.http.pages.forms import Form, command, filled, listed
from server.http.pages.render import html
from server.http.pages.session import (
    Session,
    check_csrf,
    check_origin,
    posted_form,
    save_flash,
    signed_in,
)

__all__ = ["create", "creation_form", "new_tournament"]

_TEXT = ("tournament_id", "name", "system", "rules_edition", "rounds", "place", "federation",
         "start_date", "end_date", "chief_arbiter", "time_control", "rating_type",
         "max_half_point_byes", "tiebreaks", "tiebreak_rules", "initial_colour")  # fmt: skip
_CHECKED = ("full_point_byes", "avoid_same_club", "avoid_same_federation")


def new_tournament(form: Form) -> CreateTournament:
    """The tournament ``form`` describes.

    >>> new_tournament({"tournament_id": "oslo-26", "name": "Oslo Open", "rounds": "9",
    ...     "round_dates": "2026-05-01, 2026-05-02", "full_point_byes": "1"}).round_dates
    (datetime.date(2026, 5, 1), datetime.date(2026, 5, 2))

    :raises InvalidCommand: naming the first field that is wrong.
    """
    values: dict[str, Any] = filled(form, _TEXT)
    values.update({name: True for name in _CHECKED if form.get(name) == "1"})
    if dates := listed(form.get("round_dates", "")):
        values["round_dates"] = dates
    return command(CreateTournament, values)


def _editions() -> list[tuple[str, str]]:
    """Each rules edition, and the systems that have it (the systems table)."""
    return [
        (edition, ", ".join(row.name for row in systems.rows() if edition in row.editions))
        for edition in systems.edition_names()
    ]


def _page(request: web.Request, session: Session, form: Form, refusal: str | None) -> web.Response:
    return html(
        request, "desk_new.html", {
            "csrf": session.csrf, "signed_in": True, "form": form, "refusal": refusal,
            "systems": systems.rows(), "editions": _editions(),
            "rating_kinds": RATING_KINDS, "swiss_tiebreaks": SWISS_TIEBREAKS,
            "round_robin_tiebreaks": ROUND_ROBIN_TIEBREAKS, "fragment": False,
        }, status=422 if refusal else 200,
    )  # fmt: skip


async def creation_form(request: web.Request) -> web.StreamResponse:
    session = await signed_in(request)
    defaults = {"system": systems.DEFAULT_SYSTEM, "rules_edition": systems.DEFAULT_EDITION,
                "rounds": "9", "rating_type": "standard", "initial_colour": "w"}  # fmt: skip
    return _page(request, session, defaults, None)


async def create(request: web.Request) -> web.StreamResponse:
    """Create the tournament, then go to its players page; a refusal shows the form again,
    as filled in, saying why."""
    check_origin(request)
    session = await signed_in(request)
    posted = await posted_form(request)
    check_csrf(request, session, posted.get("csrf"))
    form = {key: str(value) for key, value in posted.items() if key != "csrf"}
    gettext = i18n.translations(i18n.choose(request)).gettext
    service = request.app[keys.SERVICE].acting(session.actor)
    meta = {"source": "http", "via": "desk", "request_id": str(uuid.uuid4())}
    try:
        tournament = new_tournament(form)
        await asyncio.get_running_loop().run_in_executor(
            request.app[keys.WRITER], functools.partial(service.create, tournament, metadata=meta)
        )
    except ArbiterError as error:
        return _page(request, session, form, refusals.refusal(error, gettext))
    request.app[keys.FEED].notify()
    await save_flash(request, session, [("ok", gettext("Tournament created."))])
    raise web.HTTPSeeOther(f"/t/{tournament.tournament_id}/desk/players")
