"""``POST /pairings``: the next round of a TRF file, paired and answered, nothing stored: the
service behind programs that pair many events (``arbiter pair`` without a process start).

The whole answer (the file read, the round paired, the JSON written) is made in the
pairing pool (a warm worker process, under the server's time limit) while a pairer thread
waits for it: the event loop never reads or pairs, and only bytes cross between processes. The body is bounded by the server's size limit like every other, and each bearer
token by its rate (:class:`~server.http.rates.TokenRates`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

import msgspec
from aiohttp import web

from engine import Pairing, pair, system_names, systems
from server.http import keys
from server.http.handlers.call import Call
from server.http.schemas import encode
from server.service.explanation import explanation_lines
from server.service.trf_pairing import FileRound, read_document, read_round, render_pairing

__all__ = ["BoardPairing", "FilePairingOut", "PairingQuery", "answer", "pair_file"]

if TYPE_CHECKING:  # Literals built from the systems table are runtime values to mypy
    SystemChoice = str
    RulesYear = str
else:
    SystemChoice = Annotated[
        Literal[system_names()], msgspec.Meta(description="The pairing system (or variant).")
    ]
    RulesYear = Annotated[
        Literal[tuple(edition.removeprefix("fide-") for edition in systems.edition_names())],
        msgspec.Meta(description="The FIDE rules edition by its year; the system must have it."),
    ]


class PairingQuery(msgspec.Struct, kw_only=True):
    """``arbiter pair``'s options."""

    system: SystemChoice = systems.DEFAULT_SYSTEM
    rules: RulesYear | None = None
    """Default: the newest edition the system has, as ``arbiter pair -p`` pairs (the
    file's ``092``/``192`` line is not read for this)."""
    maxi: bool = False
    """Maxi-tournament: 100-point rating limits (the Lim system)."""
    explain: bool = False
    """Also say why each bracket was paired as it was."""


class BoardPairing(msgspec.Struct, kw_only=True):
    board: int
    white: int
    black: int


class FilePairingOut(msgspec.Struct, kw_only=True):
    """The next round of the file, by pairing numbers; ``text`` is the same in the
    reference engines' output format (``arbiter pair -p``, bbpPairings, JaVaFo)."""

    round: int
    system: str
    rules_edition: str
    boards: list[BoardPairing]
    bye: int | None
    """Who gets the pairing-allocated bye."""
    text: str
    explanation: list[str] | None = None


def _out(file_round: FileRound, pairing: Pairing, explain: bool) -> FilePairingOut:
    return FilePairingOut(
        round=file_round.request.round_no,
        system=file_round.system,
        rules_edition=file_round.request.rules_edition,
        boards=[
            BoardPairing(board=number, white=board.white, black=board.black)
            for number, board in enumerate(pairing.boards, start=1)
        ],
        bye=pairing.bye,
        text=render_pairing(pairing),
        explanation=explanation_lines(pairing) if explain else None,
    )


def answer(data: bytes, query: PairingQuery) -> bytes:
    """The JSON answer to ``data`` under ``query``, made whole where it runs (a pairing
    worker): the file read, its round paired and rendered; only bytes cross back.

    :raises TrfError: naming each line and column; the engine's errors as it raises them.
    """
    file_round = read_round(
        read_document(data),
        system=query.system,
        rules=query.rules,
        maxi=query.maxi,
        explain=query.explain,
    )
    pairing = pair(file_round.request, file_round.system)
    return encode(_out(file_round, pairing, query.explain))


async def pair_file(call: Call[bytes, PairingQuery]) -> web.Response:
    """A TRF error comes back as ``invalid-trf`` naming each line and column, a round that
    cannot be paired as the engine's error; nothing is written either way."""
    app = call.request.app
    app[keys.PAIRING_RATES].take(call.request)
    body = await app[keys.PAIRING].run_on_loop(app[keys.PAIRERS], answer, call.body, call.query)
    return web.Response(body=body, content_type="application/json")
