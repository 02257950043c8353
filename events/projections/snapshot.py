"""Snapshots of the tournament fold: a cold start folds only what came after one.

A snapshot is a cache, never a fact: it lives in the store's ``snapshots`` table (not in the
log), is tagged with :data:`PROJECTION_VERSION`, a digest of the code the state is made by,
and one made by other code is ignored and replaced (EVENT-SOURCING.md §2.6: snapshots are
thrown away, never upcast). Encoded with msgspec's MessagePack into the frozen state types,
so decoding builds values and runs no code named by the data.
"""

from __future__ import annotations

import hashlib
from fractions import Fraction
from importlib import resources
from typing import Any

import msgspec

from events.projections.tournament import TournamentState

__all__ = ["PROJECTION_VERSION", "decode_state", "encode_state"]


def _code_digest() -> str:
    """Digest of every module the folded state's shape and values come from."""
    digest = hashlib.sha256()
    for package, name in (
        ("events.projections", "tournament.py"),
        ("events.projections", "snapshot.py"),
        ("events", "types.py"),
        ("events", "results.py"),
        ("engine", "model.py"),
    ):
        digest.update(resources.files(package).joinpath(name).read_bytes())
    return digest.hexdigest()[:16]


PROJECTION_VERSION = _code_digest()
"""Changes whenever the fold's code changes, so no snapshot outlives the code that made it."""

_FRACTIONS: dict[tuple[int, int], Fraction] = {}
"""Scores take few values (0, 1/2, 1, ...); decoding shares one instance of each."""


def _encode_hook(value: Any) -> Any:
    if isinstance(value, Fraction):
        return (value.numerator, value.denominator)
    raise NotImplementedError(f"cannot snapshot {type(value).__name__}")


def _decode_hook(kind: type, value: Any) -> Any:
    if kind is Fraction:
        key = (int(value[0]), int(value[1]))
        found = _FRACTIONS.get(key)
        if found is None:
            found = _FRACTIONS.setdefault(key, Fraction(*key))
        return found
    raise NotImplementedError(f"cannot restore {kind.__name__}")


_ENCODER = msgspec.msgpack.Encoder(enc_hook=_encode_hook)
_DECODER = msgspec.msgpack.Decoder(TournamentState, dec_hook=_decode_hook)


def encode_state(state: TournamentState) -> bytes:
    return _ENCODER.encode(state)


def decode_state(data: bytes) -> TournamentState:
    """:raises msgspec.DecodeError: when the bytes are not a state of this code."""
    return _DECODER.decode(data)
