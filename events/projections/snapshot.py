"""Snapshots of the tournament fold: a cold start folds only what came after one.

A snapshot is a cache, never a fact: it lives in the store's ``snapshots`` table (not in the
log), is tagged with :data:`PROJECTION_VERSION`, a digest of the code the state is made by,
and one made by other code is ignored and replaced (EVENT-SOURCING.md §2.6: snapshots are
thrown away, never upcast). Encoded with msgspec's MessagePack into the frozen state types,
so decoding builds values and runs no code named by the data.
"""

from __future__ import annotations

import ast
import contextlib
import gc
import hashlib
import typing
from collections.abc import Iterable, Iterator
from fractions import Fraction
from pathlib import Path
from types import GenericAlias
from typing import Any

import msgspec

from events.projections.persistent import PersistentList
from events.projections.state import TournamentState

__all__ = [
    "PROJECTION_VERSION",
    "code_digest",
    "collector_paused",
    "decode_state",
    "encode_state",
]

OURS = ("engine", "events", "migrations", "server", "trf")
"""Top-level packages whose modules the digest follows; imports of anything else are
libraries, pinned by the environment rather than by this code."""

FOLD_MODULES = ("events.projections.tournament", "events.projections.snapshot")
"""Where the digest starts: the fold (which imports the state, the steps, the rules and the
engine's float rules) and the encoding of its result."""


def code_digest(root: Path, modules: Iterable[str] = FOLD_MODULES) -> str:
    """Digest of the source of ``modules`` and of every module of ours they import, directly
    or not, as found under ``root``; a change to any of them gives another digest.

    >>> code_digest(Path(__file__).parents[2]) == PROJECTION_VERSION
    True
    """
    digest = hashlib.sha256()
    for name, path in sorted(_reached(root, modules)):
        digest.update(name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _reached(root: Path, modules: Iterable[str]) -> set[tuple[str, Path]]:
    found: dict[str, Path] = {}
    todo = list(modules)
    while todo:
        name = todo.pop()
        path = _source(root, name)
        if path is None or name in found:
            continue
        found[name] = path
        todo.extend(_imported(path, name, root))
    return set(found.items())


def _source(root: Path, name: str) -> Path | None:
    """The file of module ``name`` under ``root`` if it is one of ours."""
    if name.split(".")[0] not in OURS:
        return None
    base = root.joinpath(*name.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def _imported(path: Path, name: str, root: Path) -> Iterator[str]:
    """Modules ``path`` imports (function bodies and ``TYPE_CHECKING`` blocks too): for
    ``from package import name`` the submodule when ``name`` is one, else the package."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_bytes())):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - node.level + 1]
            module = ".".join([*base, node.module or ""] if node.level else [node.module or ""])
            for alias in node.names:
                submodule = f"{module}.{alias.name}"
                yield submodule if _source(root, submodule) is not None else module


PROJECTION_VERSION = code_digest(Path(__file__).resolve().parents[2])
"""Changes whenever the fold's code changes, so no snapshot outlives the code that made it."""

_FRACTIONS: dict[tuple[int, int], Fraction] = {}
"""Scores take few values (0, 1/2, 1, ...); decoding shares one instance of each."""


def _encode_hook(value: Any) -> Any:
    if isinstance(value, Fraction):
        return (value.numerator, value.denominator)
    if isinstance(value, PersistentList):
        return tuple(value)
    raise NotImplementedError(f"cannot snapshot {type(value).__name__}")


def _decode_hook(kind: Any, value: Any) -> Any:
    if kind is Fraction:
        key = (int(value[0]), int(value[1]))
        found = _FRACTIONS.get(key)
        if found is None:
            found = _FRACTIONS.setdefault(key, Fraction(*key))
        return found
    if typing.get_origin(kind) is PersistentList:
        (item,) = typing.get_args(kind)
        items = msgspec.convert(value, GenericAlias(tuple, (item, ...)), dec_hook=_decode_hook)
        return PersistentList(items)
    raise NotImplementedError(f"cannot restore {kind}")


_ENCODER = msgspec.msgpack.Encoder(enc_hook=_encode_hook)
_DECODER = msgspec.msgpack.Decoder(TournamentState, dec_hook=_decode_hook)


def encode_state(state: TournamentState) -> bytes:
    return _ENCODER.encode(state)


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while building states: they are acyclic (freed
    by reference counts), and the collections their allocations start walk every object
    held, so at 10,000 players they cost a third of a fold and twice a snapshot's decode.
    Restores the collector as found (a caller that paused it keeps it paused)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def decode_state(data: bytes) -> TournamentState:
    """The state ``data`` encodes (:func:`collector_paused` while decoding).

    :raises msgspec.ValidationError: when the bytes are not a state of this code.
    """
    with collector_paused():
        return _DECODER.decode(data)
