"""Rounds: pair the next one (the engine runs in the pairing pool), read, unpair; results."""

from __future__ import annotations

from aiohttp import web

from events.decisions import CorrectResult, PairRound, RecordResult, UnpairRound
from events.errors import ResultUnchanged
from events.results import parse_result
from server.http import keys
from server.http.handlers.call import Call, paired_round, respond
from server.http.paging import Listing, listing
from server.http.schemas import (
    BoardsQuery,
    ReasonQuery,
    ResultBody,
    ResultCorrection,
    RoundList,
    WriteResult,
    encode,
    round_out,
)
from server.service import TournamentService

__all__ = [
    "correct_result",
    "get_round",
    "list_rounds",
    "pair_round",
    "record_result",
    "unpair_round",
]


def _rounds(service: TournamentService, tournament_id: str, version: int) -> bytes:
    state = service.load(tournament_id, to_version=version)
    return encode(RoundList(rounds=[round_out(state, round_) for round_ in state.rounds]))


def _round(service: TournamentService, tournament_id: str, version: int, round_no: int) -> Listing:
    state = service.load(tournament_id, to_version=version)
    return listing(round_out(state, state.round(paired_round(state, round_no))), "boards")


async def list_rounds(call: Call[None, None]) -> web.Response:
    return await call.view(_rounds)


async def get_round(call: Call[None, BoardsQuery]) -> web.Response:
    return await call.view(_round, call.number("round_no"), paged=call.query)


async def pair_round(call: Call[PairRound, None]) -> web.Response:
    """Pair the next round. The service waits for the engine on a pairer thread (the engine
    itself runs in the pairing pool), so readers, the writer and the event loop stay free;
    the service pairs one round of a tournament at a time (:class:`PairingInProgress`), so
    a tournament never holds more than one worker."""

    def location(written: WriteResult) -> str:
        round_no = getattr(written.events[0].event, "round_no")
        return call.url("round", tournament_id=written.tournament_id, round_no=round_no)

    return await call.command(
        call.service.pair_round,
        call.tournament_id,
        call.body,
        on=call.request.app[keys.PAIRERS],
        status=201,
        location=location,
    )


async def unpair_round(call: Call[None, ReasonQuery]) -> web.Response:
    command = UnpairRound(round_no=call.number("round_no"), reason=call.query.reason)
    return await call.command(call.service.execute, call.tournament_id, command)


async def record_result(call: Call[ResultBody, None]) -> web.Response:
    round_no, board = call.number("round_no"), call.number("board")
    command = RecordResult(round_no=round_no, board=board, result=parse_result(call.body.result))
    location = call.url("round", tournament_id=call.tournament_id, round_no=round_no)
    return await call.command(
        call.service.execute, call.tournament_id, command, status=201, location=lambda _: location
    )


async def correct_result(call: Call[ResultCorrection, None]) -> web.Response:
    """PUT: sending the same correction again is not an error but the same state."""
    command = CorrectResult(
        round_no=call.number("round_no"),
        board=call.number("board"),
        result=parse_result(call.body.result),
        reason=call.body.reason,
    )
    try:
        return await call.command(call.service.execute, call.tournament_id, command)
    except ResultUnchanged:
        version = await call.read(call.service.version, call.tournament_id)
        unchanged = WriteResult(
            tournament_id=call.tournament_id, version=version, replayed=False, events=[]
        )
        return respond(unchanged, version=version)
