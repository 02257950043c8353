"""The application service: load a tournament's stream, fold it, decide, append.

Every edge (the HTTP API, the arbiter's desk, the CLI, a TRF import) goes through
:class:`TournamentService`, so each command is checked by the same decisions, names its
players the same way (found when it is decided, :func:`deferred`), pairs under the same
one-pairing-per-tournament guard, and is written with the same concurrency guard.

- :mod:`~server.service.queries`: reads (a stream, its version, the state as of a version
  or a round);
- :mod:`~server.service.runner`: the command runner (load → decide → append with the
  version decided on; idempotency keys, retries after a lost race);
- the use cases: :mod:`~server.service.pairing` (pair, pair by hand, the engine's
  proposal and explanation), :mod:`~server.service.ratings` (the FIDE list),
  :mod:`~server.service.imports` (a TRF file), :mod:`~server.service.tournament` (the
  service itself, and starting a tournament);
- :mod:`~server.service.naming` (players named by text), :mod:`~server.service.engines`
  (which engine pairs a system), :mod:`~server.service.explanation` (the engine's account).

Errors leave the service as raised; each class carries its HTTP ``status`` and CLI
``exit_code``, which the edges read (nothing here translates them).
"""

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from server.service.engines import EngineResolver, PairingSystem, installed_engine
    from server.service.explanation import explanation_lines
    from server.service.imports import TrfImport, read_import
    from server.service.naming import Deferred, NamedRequest, deferred
    from server.service.pairing import PairingInProgress
    from server.service.queries import stream_id
    from server.service.runner import CommandResult, NewStreamOptions, WriteOptions
    from server.service.tournament import TournamentService

_LAZY = {
    "EngineResolver": "server.service.engines",
    "PairingSystem": "server.service.engines",
    "installed_engine": "server.service.engines",
    "explanation_lines": "server.service.explanation",
    "TrfImport": "server.service.imports",
    "read_import": "server.service.imports",
    "Deferred": "server.service.naming",
    "NamedRequest": "server.service.naming",
    "deferred": "server.service.naming",
    "PairingInProgress": "server.service.pairing",
    "stream_id": "server.service.queries",
    "CommandResult": "server.service.runner",
    "NewStreamOptions": "server.service.runner",
    "WriteOptions": "server.service.runner",
    "TournamentService": "server.service.tournament",
}
"""Each name the package exports -> its module, imported on first use: ``arbiter pair``
reads :mod:`~server.service.explanation` and nothing else of the service."""


def __getattr__(name: str) -> object:
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(_LAZY[name]), name)


__all__ = [
    "CommandResult",
    "Deferred",
    "EngineResolver",
    "NamedRequest",
    "NewStreamOptions",
    "PairingInProgress",
    "PairingSystem",
    "TournamentService",
    "TrfImport",
    "WriteOptions",
    "deferred",
    "explanation_lines",
    "installed_engine",
    "read_import",
    "stream_id",
]
