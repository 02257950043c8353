"""Payload JSON in and out of the store, with upcasting on the way in.

The stored payload is the event struct without its tag: the tag is the row's
``event_type`` column.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from engine.messages import plain
from events.errors import EventDecodeError
from events.types import Event, event_type, schema_version
from events.upcasting import upcast

__all__ = [
    "EncodedEvent",
    "batch_hash",
    "decode_event",
    "decode_metadata",
    "encode_event",
    "encode_metadata",
]

_encoder = msgspec.json.Encoder(enc_hook=plain)


class EncodedEvent(msgspec.Struct, frozen=True):
    event_type: str
    schema_version: int
    payload: str


def encode_event(event: Event) -> EncodedEvent:
    """The row fields for one event: its type, current schema version and payload JSON."""
    name = event_type(event)
    fields = msgspec.to_builtins(event, enc_hook=plain)
    del fields["type"]
    return EncodedEvent(name, schema_version(name), _encoder.encode(fields).decode())


def decode_event(name: str, stored_version: int, payload: str | bytes) -> Event:
    """Rebuild an event from a row, upcasting an old payload first.

    :raises EventDecodeError: naming the type when the payload does not fit it.
    """
    try:
        fields = msgspec.json.decode(payload)
        if not isinstance(fields, dict):
            raise EventDecodeError(f"{name} payload is not a JSON object", event_type=name)
        fields = upcast(name, stored_version, fields)
        # A union is not a ``type[T]``, so msgspec's stubs give Any: name the result's type.
        event: Event = msgspec.convert({**fields, "type": name}, Event)
        return event
    except msgspec.MsgspecError as error:
        raise EventDecodeError(f"cannot decode {name} payload: {error}", event_type=name) from error


def encode_metadata(metadata: Mapping[str, Any]) -> str:
    return _encoder.encode(dict(metadata)).decode()


def decode_metadata(text: str | bytes) -> dict[str, Any]:
    value = msgspec.json.decode(text)
    return value if isinstance(value, dict) else {}


def batch_hash(stream_id: str, batch: Sequence[EncodedEvent]) -> str:
    """A digest of what an append asked to write, to tell a retry from a reused key."""
    digest = hashlib.sha256(stream_id.encode())
    for encoded in batch:
        digest.update(b"\0" + encoded.event_type.encode() + b"\0" + encoded.payload.encode())
    return digest.hexdigest()
