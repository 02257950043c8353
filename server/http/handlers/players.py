"""Players: register, list, get, correct details, withdraw, request and cancel byes."""

from __future__ import annotations

from typing import Any

import msgspec
from aiohttp import web

from events.decisions import (
    CancelBye,
    CorrectPlayerDetails,
    RegisterPlayer,
    RequestBye,
    WithdrawPlayer,
)
from server.http.handlers.call import Call
from server.http.schemas import (
    ByeBody,
    PlayerCorrection,
    PlayerList,
    Withdrawal,
    WriteResult,
    encode,
    player_out,
)
from server.service import TournamentService

__all__ = [
    "cancel_bye",
    "correct_player",
    "get_player",
    "list_players",
    "register_player",
    "request_bye",
    "withdraw_player",
]


def _players(service: TournamentService, tournament_id: str, version: int) -> bytes:
    state = service.load(tournament_id, to_version=version)
    return encode(PlayerList(players=[player_out(state, state.player(p)) for p in state.order]))


def _player(service: TournamentService, tournament_id: str, version: int, player_id: int) -> bytes:
    state = service.load(tournament_id, to_version=version)
    return encode(player_out(state, state.player(player_id)))


async def list_players(call: Call[None, None]) -> web.Response:
    return await call.view(_players)


async def get_player(call: Call[None, None]) -> web.Response:
    return await call.view(_player, call.number("player_id"))


async def register_player(call: Call[RegisterPlayer, None]) -> web.Response:
    def location(written: WriteResult) -> str:
        player_id = getattr(written.events[0].event, "player_id")
        return call.url("player", tournament_id=written.tournament_id, player_id=player_id)

    return await call.command(
        call.service.execute, call.tournament_id, call.body, status=201, location=location
    )


def _fields(body: msgspec.Struct) -> dict[str, Any]:
    return {name: getattr(body, name) for name in body.__struct_fields__}


async def correct_player(call: Call[PlayerCorrection, None]) -> web.Response:
    command = CorrectPlayerDetails(player_id=call.number("player_id"), **_fields(call.body))
    return await call.command(call.service.execute, call.tournament_id, command)


async def withdraw_player(call: Call[Withdrawal, None]) -> web.Response:
    command = WithdrawPlayer(player_id=call.number("player_id"), **_fields(call.body))
    return await call.command(call.service.execute, call.tournament_id, command)


async def request_bye(call: Call[ByeBody, None]) -> web.Response:
    command = RequestBye(player_id=call.number("player_id"), **_fields(call.body))

    def location(written: WriteResult) -> str:
        return call.url(
            "bye",
            tournament_id=written.tournament_id,
            player_id=command.player_id,
            round_no=command.round_no,
        )

    return await call.command(
        call.service.execute, call.tournament_id, command, status=201, location=location
    )


async def cancel_bye(call: Call[None, None]) -> web.Response:
    command = CancelBye(player_id=call.number("player_id"), round_no=call.number("round_no"))
    return await call.command(call.service.execute, call.tournament_id, command)
