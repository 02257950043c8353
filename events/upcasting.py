"""Upcasters: pure ``dict -> dict`` steps that lift a stored payload to the current schema.

The registry maps ``(event_type, from_version)`` to the step producing ``from_version + 1``;
:func:`upcast` runs the steps in a loop until the type's current ``schema_version``. Additive
changes (a new field with a default) need no step.

>>> upcast("player-registered", 1, {"player_id": 1, "name": "Polgar, Judit"})["surname"]
'Polgar'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from events.errors import EventDecodeError
from events.names import parse_name
from events.types import EVENT_TYPES

__all__ = ["UPCASTERS", "upcast"]

Payload = dict[str, Any]
Upcaster = Callable[[Payload], Payload]


def _split_player_name(payload: Payload) -> Payload:
    """player-registered v1 -> v2: the single ``name`` became ``surname`` + ``given_name``.

    v1 wrote FIDE's ``"Surname, Given"`` form in one field; TPN order sorts on the surname,
    so v2 keeps the parts apart (general.md §3.2, key 3).
    """
    lifted = {key: value for key, value in payload.items() if key != "name"}
    lifted["surname"], lifted["given_name"] = parse_name(payload["name"])
    return lifted


UPCASTERS: dict[tuple[str, int], Upcaster] = {
    ("player-registered", 1): _split_player_name,
}


def upcast(event_type: str, version: int, payload: Payload) -> Payload:
    """Lift ``payload``, stored at schema ``version``, to the current schema of its type.

    :raises EventDecodeError: for an unknown type, a version from the future, or a gap in
        the chain of upcasters.
    """
    try:
        current = EVENT_TYPES[event_type].schema_version
    except KeyError:
        raise EventDecodeError(
            f"unknown event type {event_type!r}", event_type=event_type
        ) from None
    if version > current:
        raise EventDecodeError(
            f"{event_type} schema version {version} is newer than this program's {current}",
            event_type=event_type,
        )
    while version < current:
        try:
            step = UPCASTERS[(event_type, version)]
        except KeyError:
            raise EventDecodeError(
                f"no upcaster for {event_type} from schema version {version}",
                event_type=event_type,
            ) from None
        payload = step(payload)
        version += 1
    return payload
