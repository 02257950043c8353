"""Pairing the next round of a TRF file, nothing stored: what ``arbiter pair`` (the
bbpPairings / JaVaFo drop-in, one file or a batch) and ``POST /pairings`` share.

Light on purpose: it loads the reader and the engine, never the event store, so a process
started to pair one round pays for nothing else (``tests/server/cli/test_startup.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine import InvalidRequest, Pairing, PairingRequest, system_names, systems
from trf import TrfDocument, TrfError, check_trf
from trf.engine_request import next_round_request

__all__ = ["FileRound", "read_document", "read_round", "render_pairing", "system_variant"]


@dataclass(frozen=True, slots=True)
class FileRound:
    """A file's next round, ready for the engine: ``engine.pair(request, system)``."""

    request: PairingRequest
    system: str
    """The system, or its variant (``lim-maxi``), that pairs it."""


def read_document(data: bytes) -> TrfDocument:
    """The file's document.

    :raises TrfError: listing every error (each by line and column) when there is any.
    """
    document, problems = check_trf(data)
    errors = [problem for problem in problems if problem.severity == "error"]
    if errors:
        raise TrfError(errors)
    return document


def system_variant(system: str, *, maxi: bool) -> str:
    """The name the engine pairs with: ``system``, or its maxi-tournament variant.

    >>> system_variant("lim", maxi=True), system_variant("dutch", maxi=False)
    ('lim-maxi', 'dutch')

    :raises InvalidRequest: for ``maxi`` with a system that has no such variant.
    """
    if not maxi:
        return system
    variant = system if system.endswith("-maxi") else f"{system}-maxi"
    if variant not in system_names():
        raise InvalidRequest(f"maxi applies to the Lim system only, not to {system}")
    return variant


def read_round(
    document: TrfDocument,
    *,
    system: str = systems.DEFAULT_SYSTEM,
    rules: str | None = None,
    maxi: bool = False,
    explain: bool = False,
) -> FileRound:
    """The round ``document`` asks for, under the edition ``rules`` names by its year
    (``"2017"``; the newest when ``None``); ``explain`` asks the engine for its account of
    the pairing (:attr:`engine.Pairing.trace`), which costs time when nobody reads it.

    :raises TrfError: when the file cannot give the round's request;
        :raises InvalidRequest: for ``maxi`` without a maxi variant.
    """
    request = next_round_request(document)
    edition = request.rules_edition if rules is None else f"fide-{rules}"
    return FileRound(
        replace(request, explain=explain, rules_edition=edition), system_variant(system, maxi=maxi)
    )


def render_pairing(pairing: Pairing) -> str:
    """The engines' output format: pairs count, ``white black`` lines, the PAB as ``N 0``.

    >>> from engine.model import Board, PairingNumber as N
    >>> print(render_pairing(Pairing((Board(N(1), N(3)),), bye=N(2))), end="")
    2
    1 3
    2 0
    """
    lines = [f"{board.white} {board.black}" for board in pairing.boards]
    if pairing.bye is not None:
        lines.append(f"{pairing.bye} 0")
    return "\n".join([str(len(lines)), *lines]) + "\n"
