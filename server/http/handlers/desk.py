"""The arbiter's desk over HTTP: corrections, regulations, bulk registration and manual
pairing (each a command body handed to the service), and the printouts of
:mod:`server.printouts` (text, CSV or an A4 HTML page)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from events.decisions import Command, PairManually, find_player
from events.norms import NormTitle
from events.rating_changes import tournament_rating_changes
from server.http import keys
from server.http.handlers.call import Call, paired_round
from server.http.pages import i18n
from server.http.schemas import (
    NormCertificateQuery,
    PrintoutQuery,
    StandingsPrintoutQuery,
    WriteResult,
)
from server.players_csv import read_players_csv
from server.printouts import (
    Format,
    Language,
    Printout,
    as_format,
    pairing_list,
    rating_change_list,
    render,
    result_list,
)
from server.printouts.card import player_card
from server.printouts.norms import norm_certificate, norm_list, render_certificate
from server.printouts.ranking import tournament_printout
from server.service import deferred

__all__ = [
    "crosstable_printout",
    "execute",
    "naming",
    "norm_certificate_page",
    "norms_printout",
    "pair_manually",
    "pairings_printout",
    "rating_changes_printout",
    "register_csv",
    "results_printout",
    "standings_printout",
]

Handler = Callable[[Call[Any, None]], Awaitable[web.Response]]

_MEDIA = {"text": "text/plain", "csv": "text/csv", "html": "text/html"}

_PRINTOUT_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; "
        "frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}
"""A printout is one page with its own style and nothing else: no script, no request to
anywhere, whatever a player's name holds."""


async def execute(call: Call[Any, None]) -> web.Response:
    """Any command whose body says everything (a correction, a setting, a bulk entry)."""
    command: Command = call.body
    return await call.command(call.service.execute, call.tournament_id, command)


async def register_csv(call: Call[bytes, None]) -> web.Response:
    """``arbiter register-many`` over HTTP: the same CSV columns, all or none, each problem
    in the problem document's ``problems`` with its line number (the header is line 1)."""
    command = await call.read(read_players_csv, call.body)
    return await call.command(call.service.execute, call.tournament_id, command)


def naming(command: type[Command]) -> Handler:
    """The handler of a desk command whose body names players (ids, FIDE ids or parts of
    names, found when the command is decided)."""

    async def execute_named(call: Call[Any, None]) -> web.Response:
        return await call.command(
            call.service.execute, call.tournament_id, deferred(command, call.body)
        )

    return execute_named


async def pair_manually(call: Call[Any, None]) -> web.Response:
    """Publish a round paired by hand (players named as anywhere else); the engine it is
    compared with runs off the loop."""

    def location(written: WriteResult) -> str:
        round_no = getattr(written.events[0].event, "round_no")
        return call.url("round", tournament_id=written.tournament_id, round_no=round_no)

    return await call.command(
        call.service.pair_manually,
        call.tournament_id,
        deferred(PairManually, call.body),
        on=call.request.app[keys.PAIRERS],
        status=201,
        location=location,
    )


def _printed(printout: Printout, query: PrintoutQuery) -> web.Response:
    output_format = as_format(query.format)
    return _response(render(printout, output_format), output_format)


def _language(call: Call[None, Any]) -> Language:
    """The sheet's language, chosen as the pages choose theirs (``?lang=``, the cookie,
    ``Accept-Language``)."""
    code = i18n.choose(call.request)
    return Language(code, i18n.translations(code))


def _response(text: str, output_format: Format) -> web.Response:
    return web.Response(
        text=text, content_type=_MEDIA[output_format], charset="utf-8", headers=_PRINTOUT_HEADERS
    )


async def pairings_printout(call: Call[None, PrintoutQuery]) -> web.Response:
    state = await call.read(call.service.load, call.tournament_id)
    round_no = paired_round(state, call.number("round_no"))
    printout = pairing_list(state, round_no, by=call.query.by, language=_language(call))
    return _printed(printout, call.query)


async def results_printout(call: Call[None, PrintoutQuery]) -> web.Response:
    state = await call.read(call.service.load, call.tournament_id)
    round_no = paired_round(state, call.number("round_no"))
    return _printed(result_list(state, round_no, language=_language(call)), call.query)


async def card_printout(call: Call[None, PrintoutQuery]) -> web.Response:
    """A player's card (named as commands name players: id, FIDE id or name) for A4."""
    state = await call.read(call.service.load, call.tournament_id)
    player_id = find_player(state, call.request.match_info["player"])
    return _printed(player_card(state, player_id, language=_language(call)), call.query)


async def standings_printout(call: Call[None, StandingsPrintoutQuery]) -> web.Response:
    """The standings as ``arbiter standings`` prints them: by the declared tie-breaks (points
    only when none are declared), with the line saying which rounds count."""
    return await _tournament_printout(call, full=False)


async def crosstable_printout(call: Call[None, StandingsPrintoutQuery]) -> web.Response:
    """The crosstable as ``arbiter crosstable`` prints it: with the declared tie-breaks, by
    points alone when none are declared."""
    return await _tournament_printout(call, full=True)


async def rating_changes_printout(call: Call[None, PrintoutQuery]) -> web.Response:
    """Every player's rating change as ``arbiter ratings changes`` prints it."""
    state = await call.read(call.service.load, call.tournament_id)
    changes = await call.read(
        call.service.derived, call.tournament_id, state, tournament_rating_changes
    )
    return _printed(rating_change_list(state, changes, language=_language(call)), call.query)


async def _tournament_printout(
    call: Call[None, StandingsPrintoutQuery], *, full: bool
) -> web.Response:
    """As of the end of ``?round=`` when given (its heading names that round)."""
    after = call.query.round
    state = await call.read(call.service.load, call.tournament_id, after_round=after)
    output_format = as_format(call.query.format)
    text = await call.read(
        tournament_printout, state, output_format, full=full, language=_language(call)
    )
    return _response(text, output_format)


async def norms_printout(call: Call[None, PrintoutQuery]) -> web.Response:
    state = await call.read(call.service.load, call.tournament_id)
    printout = await call.read(norm_list, state, language=_language(call))
    return _printed(printout, call.query)


async def norm_certificate_page(call: Call[None, NormCertificateQuery]) -> web.Response:
    """The certificate of a norm the player made, as one HTML page for A4."""
    state = await call.read(call.service.load, call.tournament_id)
    player_id = find_player(state, call.request.match_info["player"])
    language = _language(call)
    title = NormTitle(call.query.norm) if call.query.norm else None
    certificate = await call.read(
        norm_certificate, state, player_id, title, after_round=call.query.round, language=language
    )
    return _response(render_certificate(certificate, language), "html")
