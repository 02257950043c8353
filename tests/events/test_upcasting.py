"""Upcasters, tested against a frozen payload of the old shape (tests/events/fixtures)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from events.codec import decode_event
from events.errors import EventDecodeError
from events.types import PlayerRegistered
from events.upcasting import upcast

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def load(name: str) -> dict:
    return json.loads((FIXTURES / name).read_text(encoding="utf-8"))


def test_player_registered_v1_splits_the_single_name() -> None:
    old = load("player-registered.v1.json")
    lifted = upcast(old["event_type"], old["schema_version"], old["payload"])
    assert "name" not in lifted
    assert (lifted["surname"], lifted["given_name"]) == ("Lindqvist", "Astrid")
    assert {k: v for k, v in lifted.items() if k not in ("surname", "given_name")} == {
        k: v for k, v in old["payload"].items() if k != "name"
    }


def test_v1_payload_decodes_to_the_current_event() -> None:
    old = load("player-registered.v1.json")
    event = decode_event(old["event_type"], old["schema_version"], json.dumps(old["payload"]))
    assert isinstance(event, PlayerRegistered)
    assert (event.surname, event.given_name, event.rating, event.title) == (
        "Lindqvist",
        "Astrid",
        2480,
        "GM",
    )


def test_v1_name_without_comma_is_all_surname() -> None:
    assert (
        upcast("player-registered", 1, {"player_id": 1, "name": "Hou Yifan"})["surname"]
        == "Hou Yifan"
    )


def test_upcaster_is_pure() -> None:
    payload = {"player_id": 1, "name": "Polgar, Judit"}
    upcast("player-registered", 1, payload)
    assert payload == {"player_id": 1, "name": "Polgar, Judit"}


def test_current_version_passes_through() -> None:
    payload = {"player_id": 1, "surname": "Polgar"}
    assert upcast("player-registered", 2, payload) == payload


@pytest.mark.parametrize(
    ("event_type", "version", "message"),
    [
        ("no-such-event", 1, "unknown event type"),
        ("player-registered", 3, "newer"),
        ("round-paired", 0, "no upcaster"),
    ],
)
def test_unreadable_versions_are_typed_errors(event_type: str, version: int, message: str) -> None:
    with pytest.raises(EventDecodeError, match=message):
        upcast(event_type, version, {})


def test_bad_payload_names_its_type() -> None:
    with pytest.raises(EventDecodeError, match="result-recorded"):
        decode_event("result-recorded", 1, '{"round_no": 1, "board": 1, "result": "2-0"}')
