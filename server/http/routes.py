"""The one routes table: every operation with its method, path, handler and wire types.

Read it top to bottom to know the whole API. Each :class:`Route` carries what the OpenAPI
document needs and what the request checks need, so the two cannot disagree: the same
entry that documents a body type is the one that decodes it. Before a handler runs, its
route has checked the bearer token (writes), ``If-Match`` (writes to an existing
tournament), ``Idempotency-Key``, the query and the body, in that order; a request that
fails a check has not touched the store.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import msgspec
from aiohttp import web

from events.decisions import (
    CancelWithdrawal,
    ChangeSettings,
    CloseTournament,
    CreateTournament,
    DrawLots,
    ForbidPair,
    GiveVirtualPoints,
    PairRound,
    RegisterMany,
    RegisterPlayer,
    RemoveRegistration,
    ReopenTournament,
    SwapBoards,
    SwapColours,
)
from server.http import keys, schemas
from server.http.auth import authenticate, check_token
from server.http.handlers import (
    accounts,
    desk,
    events,
    meta,
    pairings,
    players,
    ratings,
    rounds,
    tournaments,
    trf,
)
from server.http.handlers.call import Call
from server.http.idempotency import HEADER as IDEMPOTENCY_KEY
from server.http.idempotency import parse_key
from server.http.problems import Problem, body_problem, query_problem
from server.service.access import PUBLIC, Actor

__all__ = ["CSV", "HTML", "IF_MATCH", "JSON", "ROUTES", "TEXT", "Route", "setup_routes"]

JSON = "application/json"
TEXT = "text/plain"
CSV = "text/csv"
HTML = "text/html"

Handler = Callable[[Call[Any, Any]], Awaitable[web.StreamResponse]]

TOURNAMENT = "/tournaments/{tournament_id}"
# Numbers in paths have at most as many digits as their bounds (events.bounds) allow: a
# longer one is not found by the router, and never reaches int().
# A player is named as commands name one: an id, a FIDE id or part of the name.
PLAYER = TOURNAMENT + r"/players/{player:[^/]{1,100}}"
ROUND = TOURNAMENT + r"/rounds/{round_no:\d{1,2}}"
RESULT = ROUND + r"/boards/{board:\d{1,4}}/result"


@dataclass(frozen=True, slots=True)
class Route:
    """One operation. ``name`` names the resource (shared by the methods on one path);
    ``operation`` is the OpenAPI operationId. ``write`` operations need the token;
    ``versioned`` ones act on an existing stream and need ``If-Match``."""

    method: str
    path: str
    handler: Handler
    name: str
    operation: str
    summary: str
    tag: str
    response: Any = None
    status: int = 200
    body: Any = None
    body_media: str = JSON
    body_optional: bool = False
    query: Any = None
    write: bool = False
    versioned: bool = False
    response_media: str = JSON
    token: bool = False
    """Needs the bearer token though it writes nothing (every ``write`` needs it)."""
    acts: bool = True
    """The handler acts as the token's actor (looked up in the store). False for one that
    only needs a good token (its ``call.actor`` is the public one)."""
    streams: bool = False
    """Also answers ``Accept: text/event-stream`` with Server-Sent Events."""
    warns: str = ""
    """What the success answer's ``Warning`` headers say, when it may carry any."""
    also_media: tuple[str, ...] = ()
    """Other media types of the success answer (a printout's, chosen by ``format``)."""
    also_statuses: tuple[int, ...] = ()
    """Statuses this operation may answer beyond those its kind implies (see
    :func:`server.http.openapi.statuses`): 304 for a conditional read, 501 for pairing."""


def _write(
    method: str,
    path: str,
    handler: Handler,
    name: str,
    operation: str,
    summary: str,
    tag: str,
    **options: Any,
) -> Route:
    options.setdefault("versioned", True)
    options.setdefault("response", schemas.WriteResult)
    return Route(method, path, handler, name, operation, summary, tag, write=True, **options)


def _desk(
    path: str, name: str, operation: str, summary: str, body: Any, tag: str,
    command: Any = None,
) -> Route:  # fmt: skip
    """A desk command: its body is the command, handed to the service as it is; or, with
    ``command``, the command's wire body naming players (found when it is decided)."""
    handler = desk.naming(command) if command is not None else desk.execute
    return _write("POST", TOURNAMENT + path, handler, name, operation, summary, tag,
                  body=body)  # fmt: skip


def _printout(
    path: str, handler: Handler, name: str, operation: str, summary: str, **options: Any
) -> Route:
    options = {"query": schemas.PrintoutQuery, **options}
    return Route("GET", path, handler, name, operation, summary, "printouts",
                 response_media=HTML, also_media=(TEXT, CSV), **options)  # fmt: skip


DESK: tuple[Route, ...] = (
    _desk("/reopen", "reopen", "reopenTournament", "Reopen a closed tournament",
          ReopenTournament, "corrections"),
    _desk("/withdrawal-cancellations", "withdrawalCancellations", "cancelWithdrawal",
          "Cancel a withdrawal", schemas.WithdrawalCancellation, "corrections",
          CancelWithdrawal),
    _desk("/registration-removals", "registrationRemovals", "removeRegistration",
          "Remove a registration made in error (before the player is paired)",
          schemas.RegistrationRemoval, "corrections", RemoveRegistration),
    _desk("/colour-swaps", "colourSwaps", "swapColours",
          "Swap the colours of a board before its result", SwapColours, "corrections"),
    _desk("/board-swaps", "boardSwaps", "swapBoards",
          "Swap two boards of a round before their results", SwapBoards, "corrections"),
    _desk("/settings", "settings", "changeSettings",
          "Change the regulations the engine pairs with", ChangeSettings, "regulations"),
    _desk("/forbidden-pairs", "forbiddenPairs", "forbidPair",
          "Forbid two players to meet", schemas.ForbiddenPair, "regulations", ForbidPair),
    _desk("/draws", "draws", "drawLots",
          "Draw a round-robin's pairing numbers: by lots or the Varma tables from a seed, or "
          "in the arbiter's order", DrawLots, "regulations"),
    _desk("/virtual-points", "virtualPoints", "giveVirtualPoints",
          "Give a player acceleration points", schemas.VirtualPoints, "regulations",
          GiveVirtualPoints),
    _desk("/player-lists", "playerLists", "registerMany",
          "Register several players, all or none", RegisterMany, "players"),
    _write("POST", TOURNAMENT + "/player-lists/csv", desk.register_csv, "playerListsCsv",
           "registerManyCsv", "Register the players of a CSV file, all or none; `problems` "
           "lists each refused line by number", "players", body=bytes, body_media=CSV),
    _write("POST", TOURNAMENT + "/manual-pairings", desk.pair_manually, "manualPairings",
           "pairManually", "Publish the next round paired by hand", "rounds",
           status=201, body=schemas.ManualPairing),
    _printout(ROUND + "/pairings", desk.pairings_printout, "pairingsPrintout",
              "getPairingList", "A round's pairing list (by board or by name)"),
    _printout(ROUND + "/results", desk.results_printout, "resultsPrintout",
              "getResultList", "A round's results"),
    _printout(PLAYER + "/card", desk.card_printout, "cardPrintout", "getPlayerCard",
              "A player's card: every round (board, colour, opponent, result, float, score)"),
    _printout(TOURNAMENT + "/standings/printout", desk.standings_printout,
              "standingsPrintout", "getStandingsPrintout",
              "Printable standings with the declared tie-breaks (after any round)",
              query=schemas.StandingsPrintoutQuery),
    _printout(TOURNAMENT + "/norms/printout", desk.norms_printout, "normsPrintout",
              "getNormsPrintout", "Printable title norms (B.01): made, open, out of reach"),
    Route("GET", PLAYER + "/norm-certificate", desk.norm_certificate_page, "normCertificate",
          "getNormCertificate", "A norm's certificate with the fields of FIDE's form IT1 (A4)",
          "printouts", query=schemas.NormCertificateQuery, response_media=HTML,
          also_statuses=(422,)),  # a player without that norm: invalid-command
    _printout(TOURNAMENT + "/crosstable/printout", desk.crosstable_printout,
              "crosstablePrintout", "getCrosstablePrintout",
              "Printable crosstable with the declared tie-breaks (by points when none are declared)",
              query=schemas.StandingsPrintoutQuery),
    _printout(TOURNAMENT + "/rating-changes/printout", desk.rating_changes_printout,
              "ratingChangesPrintout", "getRatingChangesPrintout",
              "Printable rating changes (FIDE B.02 in the edition of the start date)"),
)  # fmt: skip
"""The arbiter's desk (issue 19): corrections, regulations, manual pairing, printouts."""

ACCOUNT = r"/accounts/{name:[^/]{1,100}}"
_ADMIN_STATUSES = (401, 403, 422, 429)
"""An account route needs the token (401, 429 past the guesses), and the role (403)."""


def _account(
    method: str, path: str, handler: Handler, name: str, operation: str, summary: str,
    response: Any, **options: Any,
) -> Route:  # fmt: skip
    return Route(method, path, handler, name, operation, summary, "accounts", response=response,
                 token=True, also_statuses=_ADMIN_STATUSES, **options)  # fmt: skip


ACCOUNTS: tuple[Route, ...] = (
    _account("GET", "/accounts", accounts.list_accounts, "accounts", "listAccounts",
             "Every account (administrators)", accounts.AccountList),
    _account("POST", "/accounts", accounts.add_account, "accounts", "addAccount",
             "Add an account (administrators); without a password, with a one-time sign-in "
             "link", accounts.AddedAccount, status=201, body=accounts.NewAccount),
    _account("PATCH", ACCOUNT, accounts.change_account, "account", "changeAccount",
             "Disable an account (its sessions end, its tokens stop) or enable it",
             accounts.AccountOut, body=accounts.AccountChange),
    _account("GET", ACCOUNT + "/tokens", accounts.list_tokens, "tokens", "listTokens",
             "An account's API tokens (its own, or any for an administrator)",
             accounts.TokenList),
    _account("POST", ACCOUNT + "/tokens", accounts.issue_token, "tokens", "issueToken",
             "Issue an API token, narrowed to tournaments and a role; shown only here",
             accounts.IssuedTokenOut, status=201, body=accounts.TokenRequest),
    _account("DELETE", ACCOUNT + r"/tokens/{token_id:\d{1,18}}", accounts.revoke_token,
             "token", "revokeToken", "Revoke an API token at once", accounts.TokenOut),
    _account("GET", ACCOUNT + "/sessions", accounts.list_sessions, "sessions", "listSessions",
             "An account's open browser sessions", accounts.SessionList),
    _account("DELETE", ACCOUNT + r"/sessions/{session:[0-9a-f]{64}}", accounts.end_session,
             "session", "endSession", "End a browser session (named by its SHA-256)",
             accounts.SessionList),
    _account("GET", TOURNAMENT + "/roles", accounts.list_roles, "roles", "listRoles",
             "Who holds a role in the tournament (its chief, administrators)",
             accounts.GrantList),
    _account("PUT", TOURNAMENT + "/roles/{name:[^/]{1,100}}", accounts.grant_role, "role",
             "grantRole", "Make an account the tournament's chief or deputy",
             accounts.GrantList, body=accounts.RoleBody),
    _account("DELETE", TOURNAMENT + "/roles/{name:[^/]{1,100}}", accounts.revoke_role, "role",
             "revokeRole", "Take an account's role in the tournament away", accounts.GrantList),
)  # fmt: skip
"""Accounts, API tokens, sessions and a tournament's roles (issue 29): the token's actor
must be allowed by the accounts service."""

ROUTES: tuple[Route, ...] = (
    # -- the service -----------------------------------------------------------------------
    Route(
        "GET",
        "/",
        meta.index,
        "index",
        "getIndex",
        "Links to the API",
        "service",
        response=schemas.Index,
    ),
    Route(
        "GET",
        "/health",
        meta.health,
        "health",
        "getHealth",
        "Liveness check",
        "service",
        response=schemas.Health,
    ),
    Route(
        "GET",
        "/ready",
        meta.ready,
        "ready",
        "getReadiness",
        "Readiness check: the event store answers",
        "service",
        response=schemas.Health,
        also_statuses=(503,),
    ),
    Route(
        "GET",
        "/problems",
        meta.list_problems,
        "problems",
        "listProblemTypes",
        "Every problem type this server answers with",
        "service",
        response=schemas.ProblemTypeList,
    ),
    Route(
        "GET",
        "/openapi.json",
        meta.openapi,
        "openapi",
        "getOpenApi",
        "This API as an OpenAPI 3.1 document",
        "service",
    ),
    Route(
        "GET",
        "/problems/{slug}",
        meta.describe_problem,
        "problem",
        "getProblemType",
        "What a problem type means",
        "service",
        response=schemas.ProblemTypeOut,
    ),
    # -- tournaments -----------------------------------------------------------------------
    Route(
        "GET",
        "/tournaments",
        tournaments.list_tournaments,
        "tournaments",
        "listTournaments",
        "List tournaments",
        "tournaments",
        response=schemas.TournamentList,
    ),
    _write(
        "POST",
        "/tournaments",
        tournaments.create_tournament,
        "tournaments",
        "createTournament",
        "Create a tournament",
        "tournaments",
        status=201,
        body=CreateTournament,
        versioned=False,
    ),
    Route(
        "GET",
        TOURNAMENT,
        tournaments.get_tournament,
        "tournament",
        "getTournament",
        "A tournament: regulations and progress (ETag: the stream version)",
        "tournaments",
        response=schemas.TournamentOut,
        also_statuses=(304,),
    ),
    _write(
        "POST",
        TOURNAMENT + "/close",
        tournaments.close_tournament,
        "close",
        "closeTournament",
        "Close a tournament to further changes",
        "tournaments",
        body=CloseTournament,
        body_optional=True,
    ),
    Route(
        "GET",
        TOURNAMENT + "/standings",
        tournaments.get_standings,
        "standings",
        "getStandings",
        "Standings as of the end of any round, with C.07 tie-breaks, a page at a time",
        "standings",
        response=schemas.StandingsOut,
        also_statuses=(304,),
        query=schemas.StandingsQuery,
    ),
    Route(
        "GET",
        TOURNAMENT + "/rating-changes",
        tournaments.get_rating_changes,
        "rating-changes",
        "getRatingChanges",
        "Each player's rating change game by game (FIDE B.02 in the edition of the start date, "
        "or the tournament's rating system), as of the end of any round",
        "standings",
        response=schemas.RatingChangesOut,
        also_statuses=(304,),
        query=schemas.RoundQuery,
    ),
    Route(
        "GET",
        TOURNAMENT + "/norms",
        tournaments.get_norms,
        "norms",
        "getNorms",
        "Title norms (FIDE B.01) after any round: made, or how far each player is",
        "standings",
        response=schemas.NormsOut,
        also_statuses=(304,),
        query=schemas.NormsQuery,
    ),
    # -- players ---------------------------------------------------------------------------
    Route(
        "GET",
        TOURNAMENT + "/players",
        players.list_players,
        "players",
        "listPlayers",
        "Players in pairing-number order, a page at a time",
        "players",
        response=schemas.PlayerList,
        also_statuses=(304,),
        query=schemas.PageQuery,
    ),
    _write(
        "POST",
        TOURNAMENT + "/players",
        ratings.register_player,
        "players",
        "registerPlayer",
        "Register a player (a late entry with joins_round; fide_id alone: from the FIDE list)",
        "players",
        status=201,
        body=RegisterPlayer,
    ),
    Route(
        "GET",
        PLAYER,
        players.get_player,
        "player",
        "getPlayer",
        "A player with every round record",
        "players",
        response=schemas.PlayerOut,
        also_statuses=(304,),
    ),
    _write(
        "PATCH",
        PLAYER,
        players.correct_player,
        "player",
        "correctPlayer",
        "Correct a player's details",
        "players",
        body=schemas.PlayerCorrection,
    ),
    _write(
        "POST",
        PLAYER + "/withdrawal",
        players.withdraw_player,
        "withdrawal",
        "withdrawPlayer",
        "Withdraw a player from a round on",
        "players",
        body=schemas.Withdrawal,
        body_optional=True,
    ),
    _write(
        "POST",
        PLAYER + "/byes",
        players.request_bye,
        "byes",
        "requestBye",
        "Grant a requested bye for a round not yet paired",
        "players",
        status=201,
        body=schemas.ByeBody,
    ),
    _write(
        "DELETE",
        PLAYER + r"/byes/{round_no:\d{1,2}}",
        players.cancel_bye,
        "bye",
        "cancelBye",
        "Cancel a requested bye before its round is paired",
        "players",
    ),
    # -- rounds and results ----------------------------------------------------------------
    Route(
        "GET",
        TOURNAMENT + "/rounds",
        rounds.list_rounds,
        "rounds",
        "listRounds",
        "Every paired round with its boards",
        "rounds",
        response=schemas.RoundList,
        also_statuses=(304,),
    ),
    _write(
        "POST",
        TOURNAMENT + "/rounds",
        rounds.pair_round,
        "rounds",
        "pairRound",
        "Pair the next round with the pairing engine and publish it",
        "rounds",
        status=201,
        body=PairRound,
        also_statuses=(501,),
        body_optional=True,
    ),
    Route(
        "GET",
        ROUND,
        rounds.get_round,
        "round",
        "getRound",
        "A round's boards, a page at a time",
        "rounds",
        response=schemas.RoundOut,
        also_statuses=(304,),
        query=schemas.BoardsQuery,
    ),
    _write(
        "DELETE",
        ROUND,
        rounds.unpair_round,
        "round",
        "unpairRound",
        "Unpair the latest round while it has no results",
        "rounds",
        query=schemas.ReasonQuery,
    ),
    _write(
        "POST",
        RESULT,
        rounds.record_result,
        "result",
        "recordResult",
        "Record a board's result",
        "results",
        status=201,
        body=schemas.ResultBody,
    ),
    _write(
        "PUT",
        RESULT,
        rounds.correct_result,
        "result",
        "correctResult",
        "Correct a recorded result",
        "results",
        body=schemas.ResultCorrection,
    ),
    Route(
        "GET",
        PLAYER + "/events",
        players.registration_events,
        "player-events",
        "getPlayerEvents",
        "Every event on this server of a tournament's player (by FIDE id, else by name): "
        "score, performance and rating change in each",
        "players",
        response=schemas.PlayerEventsOut,
    ),
    Route(
        "GET",
        r"/players/{fide_id:\d{1,9}}/events",
        players.fide_player_events,
        "fide-player-events",
        "getFidePlayerEvents",
        "Every event on this server of the player with a FIDE id, the latest first",
        "players",
        response=schemas.PlayerEventsOut,
    ),
    # -- FIDE players lists ----------------------------------------------------------------
    Route(
        "GET",
        "/players",
        ratings.search_players,
        "directory",
        "searchPlayers",
        "Search the loaded FIDE players list by FIDE id or the start of a name",
        "ratings",
        response=ratings.DirectorySearch,
        query=ratings.PlayerSearchQuery,
    ),
    _write(
        "POST",
        TOURNAMENT + "/ratings-update",
        ratings.update_ratings_handler,
        "ratings-update",
        "updateRatings",
        "Set every player's rating to the loaded FIDE list's, before round 1 only",
        "ratings",
        response=ratings.RatingsUpdated,
    ),
    # -- TRF -------------------------------------------------------------------------------
    _write(
        "POST",
        TOURNAMENT + "/trf",
        trf.import_trf,
        "trf",
        "importTrf",
        "Import a TRF file as a new tournament with its whole history",
        "trf",
        status=201,
        body=bytes,
        body_media=TEXT,
        versioned=False,
        query=schemas.ImportQuery,
        response=schemas.ImportResult,
        warns='How many warnings, and the first: 299 - "N warning(s); first: ..." (all are in '
        "the body's warnings).",
    ),
    Route(
        "GET",
        TOURNAMENT + "/trf",
        trf.export_trf,
        "trf",
        "exportTrf",
        "The tournament as a TRF file, as of the end of any round",
        "trf",
        query=schemas.ExportQuery,
        response_media=TEXT,
        # 422 invalid-trf: a value the format's columns cannot hold (points 10.25 in 4).
        also_statuses=(304, 422),
        warns='One per thing the file cannot carry, e.g. 299 - "trf16 has no tie-break records: '
        'export trf26 to keep them (202/212)" (what arbiter export prints on stderr).',
    ),
    # -- pairing files -------------------------------------------------------------------
    Route(
        "POST",
        "/pairings",
        pairings.pair_file,
        "pairings",
        "pairTrf",
        "Pair the next round of a TRF file (TRF16 or TRF-2026); nothing is stored",
        "pairings",
        response=pairings.FilePairingOut,
        body=bytes,
        body_media=TEXT,
        query=pairings.PairingQuery,
        token=True,
        acts=False,
    ),
    # -- the event log ---------------------------------------------------------------------
    Route(
        "GET",
        TOURNAMENT + "/events",
        events.tournament_events,
        "events",
        "listEvents",
        "The event log: pages after a position, or a live SSE stream",
        "events",
        response=schemas.EventPage,
        query=schemas.EventsQuery,
        streams=True,
    ),
    *DESK,
    *ACCOUNTS,
)


# -- request checks -----------------------------------------------------------------------

IF_MATCH = r'\*|"([0-9]{1,18})"|([0-9]{1,18})'
"""What ``If-Match`` may be: one stream version as an entity tag (quoted, or bare as
clients often send it), or ``*``; the OpenAPI document states the same pattern."""
_IF_MATCH = re.compile(IF_MATCH)


def _if_match(request: web.Request) -> int | None:
    """The pinned stream version, or ``None`` for ``If-Match: *``.

    >>> from aiohttp.test_utils import make_mocked_request
    >>> _if_match(make_mocked_request("POST", "/", headers={"If-Match": '"12"'}))
    12
    """
    value = request.headers.get("If-Match")
    if value is None:
        raise Problem(
            "precondition-required",
            'send If-Match: "<version>" with the ETag this change is based on (or *)',
        )
    match = _IF_MATCH.fullmatch(value.strip())
    if match is None:
        raise Problem(
            "invalid-header",
            'If-Match must be one stream version as an entity tag, e.g. "12", or *',
            header="If-Match",
        )
    version = match.group(1) or match.group(2)
    return None if version is None else int(version)


def _is_json(content_type: str) -> bool:
    return content_type == JSON or content_type.endswith("+json")


async def _body(route: Route, request: web.Request) -> Any:
    raw = await request.read()  # raises 413 past the app's client_max_size
    if not raw and route.body_optional:
        # Left out (whatever Content-Type came with nothing): every field at its default.
        return msgspec.json.decode(b"{}", type=route.body)
    given = request.content_type if "Content-Type" in request.headers else None
    if route.body is bytes:
        if given not in (None, route.body_media, TEXT, "application/octet-stream"):
            raise Problem(
                "unsupported-media-type", f"send the file as {route.body_media}, not {given}"
            )
        return raw
    if given is not None and not _is_json(given):
        raise Problem("unsupported-media-type", f"send the body as {JSON}, not {given}")
    try:
        return msgspec.json.decode(raw, type=route.body)
    except msgspec.ValidationError as error:  # (a DecodeError too: caught first)
        try:  # JSON Schema's integers include 7.0: read such numbers as integers
            numbers = _integral_numbers(_NUMBERS_EXACT.decode(raw))
            return msgspec.convert(numbers, type=route.body)
        except msgspec.DecodeError:  # a ValidationError too: the first reading's answer
            raise body_problem(error) from None
    except msgspec.DecodeError as error:
        raise body_problem(error) from None


_NUMBERS_EXACT = msgspec.json.Decoder(float_hook=Decimal)


def _integral_numbers(value: Any) -> Any:
    """``value`` (decoded JSON) with every number that has no fractional part as an ``int``
    (below 10**19: no body bound is larger, and ``1e999999999`` must stay cheap to refuse;
    ``adjusted`` is the exponent of the first digit, read without arithmetic that overflows).

    >>> _integral_numbers({"round_no": Decimal("7.0"), "points": [Decimal("0.5"), Decimal("1E+2")]})
    {'round_no': 7, 'points': [Decimal('0.5'), 100]}
    """
    if isinstance(value, Decimal):
        integral = value.is_finite() and value.adjusted() < 19 and value == int(value)
        return int(value) if integral else value
    if isinstance(value, dict):
        return {key: _integral_numbers(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_integral_numbers(item) for item in value]
    return value


def _query(route: Route, request: web.Request) -> Any:
    try:
        return msgspec.convert(dict(request.query), type=route.query, strict=False)
    except msgspec.ValidationError as error:
        raise query_problem(error) from None


async def _actor(route: Route, request: web.Request) -> Actor:
    """Whom the request acts as, its token checked when the route needs one."""
    if not (route.write or route.token):
        return PUBLIC
    if route.acts:
        return await authenticate(request)
    await check_token(request)
    return PUBLIC


def _endpoint(route: Route) -> Callable[[web.Request], Awaitable[web.StreamResponse]]:
    async def handle(request: web.Request) -> web.StreamResponse:
        actor = await _actor(route, request)
        expected = _if_match(request) if route.versioned else None
        key = parse_key(request.headers.get(IDEMPOTENCY_KEY)) if route.write else None
        call = Call(
            request,
            body=await _body(route, request) if route.body is not None else None,
            query=_query(route, request) if route.query is not None else None,
            versioned=route.versioned,
            expected_version=expected,
            idempotency_key=key,
            actor=actor,
        )
        with request.app[keys.IN_FLIGHT].hold(key):
            return await route.handler(call)

    handle.__name__ = route.operation
    return handle


def setup_routes(app: web.Application) -> None:
    app.router.add_routes([web.route(r.method, r.path, _endpoint(r), name=r.name) for r in ROUTES])
