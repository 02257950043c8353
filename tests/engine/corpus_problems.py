"""Problems of the reference corpora (shared/fixtures/<system>/problems), read in place.

Each problem is ``NAME.trf`` with the reference engine's answer ``NAME.pairing.txt`` beside
it, in the engine output format: the number of pairs, then ``white black`` per board, the
PAB as ``N 0``. The TRF goes through the project's reader and request mapping, exactly as
``arbiter pair`` does.
"""

from __future__ import annotations

import re
from pathlib import Path

from engine.model import Pairing, PairingRequest
from tests.corpus import shared_files
from trf import read_trf_file
from trf.engine_request import next_round_request

__all__ = [
    "answer_lines",
    "corpus",
    "problem_players",
    "problem_request",
    "problems",
    "reference_lines",
    "reference_path",
]


def corpus(system: str) -> tuple[str, str, str]:
    """The parts of ``system``'s problem folder, for :func:`tests.corpus.shared_path`."""
    return ("fixtures", system, "problems")


def problem_players(path: Path) -> int:
    """The field size a problem's name announces (``…-pNNNN-…``)."""
    match = re.search(r"-p(\d{4})-", path.name)
    assert match, path.name
    return int(match.group(1))


def problems(system: str, *, max_players: int | None = None) -> list[Path]:
    """``system``'s problems, those up to ``max_players`` when given (empty when absent)."""
    found = shared_files("*.trf", *corpus(system))
    return [p for p in found if max_players is None or problem_players(p) <= max_players]


def problem_request(path: Path) -> PairingRequest:
    """The request for the round a problem asks for; the TRF must read without errors."""
    document, reported = read_trf_file(path)
    assert not [p for p in reported if p.severity == "error"], reported
    return next_round_request(document)


def reference_path(problem: Path) -> Path:
    """The reference answer beside ``problem``."""
    return problem.with_name(problem.stem + ".pairing.txt")


def reference_lines(path: Path) -> list[tuple[int, int]]:
    """A ``.pairing.txt`` file as ``(white, black)`` lines, the PAB as ``(N, 0)``."""
    numbers = [int(token) for token in path.read_text().split()]
    count, rest = numbers[0], numbers[1:]
    lines = [(rest[2 * i], rest[2 * i + 1]) for i in range(count)]
    assert len(rest) == 2 * count, f"{path.name}: {count} pairs announced, {len(rest) // 2} given"
    return lines


def answer_lines(pairing: Pairing) -> list[tuple[int, int]]:
    """Arbiter's answer in the reference shape: boards in order, then the PAB."""
    lines = [(int(b.white), int(b.black)) for b in pairing.boards]
    return lines + ([(int(pairing.bye), 0)] if pairing.bye is not None else [])
