"""Players: register, list, get, correct details, withdraw, request and cancel byes. The
path names a player as commands do: an id, a FIDE id or part of the name
(:mod:`server.service.naming`)."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from engine.model import PairingNumber
from events.decisions import (
    CancelBye,
    CorrectPlayerDetails,
    RegisterPlayer,
    RequestBye,
    WithdrawPlayer,
    find_player,
)
from events.rating_changes import tournament_rating_changes
from server.http.handlers.call import Call, respond
from server.http.paging import Listing, listing
from server.http.schemas import (
    ByeBody,
    PageQuery,
    PlayerCorrection,
    PlayerEventsOut,
    PlayerList,
    Withdrawal,
    WriteResult,
    encode,
    player_events_out,
    player_out,
)
from server.printouts import counted_scores
from server.service import TournamentService, deferred

__all__ = [
    "cancel_bye",
    "correct_player",
    "fide_player_events",
    "get_player",
    "list_players",
    "player_location",
    "register_player",
    "registration_events",
    "request_bye",
    "withdraw_player",
]


def _players(service: TournamentService, tournament_id: str, version: int) -> Listing:
    state = service.load(tournament_id, to_version=version)
    scores = service.derived(tournament_id, state, counted_scores)
    changes = service.derived(tournament_id, state, tournament_rating_changes).players
    players = [
        player_out(state, state.player(p), scores[p], change)
        for p, change in zip(state.order, changes, strict=True)
    ]
    return listing(PlayerList(players=players, total=len(players), next=None), "players")


def _player(service: TournamentService, tournament_id: str, version: int, text: str) -> bytes:
    state = service.load(tournament_id, to_version=version)
    player_id = find_player(state, text)
    score = service.derived(tournament_id, state, counted_scores)[player_id]
    changes = service.derived(tournament_id, state, tournament_rating_changes)
    change = changes.player(PairingNumber(state.pairing_number(player_id)))
    return encode(player_out(state, state.player(player_id), score, change))


def _registration_events(
    service: TournamentService, tournament_id: str, text: str
) -> PlayerEventsOut:
    player_id = find_player(service.load(tournament_id), text)
    return player_events_out(service.player_events.by_registration(tournament_id, player_id))


async def registration_events(call: Call[None, None]) -> web.Response:
    """Every event on the server of a tournament's player (never cached: other
    tournaments move on their own)."""
    return respond(
        await call.read(_registration_events, call.service, call.tournament_id, _named(call))
    )


async def fide_player_events(call: Call[None, None]) -> web.Response:
    """Every event on the server of the player with a FIDE id."""
    fide_id = int(call.request.match_info["fide_id"])
    entries = await call.read(call.service.player_events.by_fide_id, fide_id)
    return respond(player_events_out(entries))


def _named(call: Call[Any, Any]) -> str:
    return call.request.match_info["player"]


async def list_players(call: Call[None, PageQuery]) -> web.Response:
    return await call.view(_players, paged=call.query)


async def get_player(call: Call[None, None]) -> web.Response:
    return await call.view(_player, _named(call))


def player_location(call: Call[Any, Any], written: WriteResult) -> str:
    """Where the player a write registered is found."""
    player_id = getattr(written.events[0].event, "player_id")
    return call.url("player", tournament_id=written.tournament_id, player=player_id)


async def register_player(call: Call[RegisterPlayer, None]) -> web.Response:
    return await call.command(
        call.service.execute, call.tournament_id, call.body, status=201,
        location=lambda written: player_location(call, written),
    )  # fmt: skip


async def correct_player(call: Call[PlayerCorrection, None]) -> web.Response:
    command = deferred(CorrectPlayerDetails, call.body, player_id=_named(call))
    return await call.command(call.service.execute, call.tournament_id, command)


async def withdraw_player(call: Call[Withdrawal, None]) -> web.Response:
    command = deferred(WithdrawPlayer, call.body, player_id=_named(call))
    return await call.command(call.service.execute, call.tournament_id, command)


async def request_bye(call: Call[ByeBody, None]) -> web.Response:
    command = deferred(RequestBye, call.body, player_id=_named(call))

    def location(written: WriteResult) -> str:
        event = written.events[0].event
        return call.url(
            "bye",
            tournament_id=written.tournament_id,
            player=getattr(event, "player_id"),
            round_no=getattr(event, "round_no"),
        )

    return await call.command(
        call.service.execute, call.tournament_id, command, status=201, location=location
    )


async def cancel_bye(call: Call[None, None]) -> web.Response:
    command = deferred(CancelBye, player_id=_named(call), round_no=call.number("round_no"))
    return await call.command(call.service.execute, call.tournament_id, command)
