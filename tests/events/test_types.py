"""Event types: stable names, versions, and a lossless round trip through the codec."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import msgspec
import pytest

from engine.model import Colour
from events.codec import decode_event, encode_event
from events.results import Result
from events.types import (
    EVENT_TYPES,
    BoardsSwapped,
    ByeCancelled,
    ByeKind,
    ByeRequested,
    ColoursSwapped,
    DrawMethod,
    Event,
    NotPaired,
    NotPairedReason,
    PairedBoard,
    PairForbidden,
    PairingNumbersDrawn,
    PlayerDetailsCorrected,
    PlayerId,
    PlayerRegistered,
    PlayerWithdrawn,
    PointValues,
    RegistrationRemoved,
    ResultCorrected,
    ResultRecorded,
    RoundPaired,
    RoundUnpaired,
    SettingsChanged,
    TournamentClosed,
    TournamentCreated,
    TournamentReopened,
    VirtualPointsGiven,
    WithdrawalCancelled,
    event_type,
)

ONE_OF_EACH: list[Event] = [
    TournamentCreated(
        tournament_id="open",
        name="Open",
        rounds=9,
        system="dutch",
        points=PointValues(
            win=Decimal(3),
            draw=Decimal(1),
            pab=Decimal(3),
            forfeit_win=Decimal(3),
            full_bye=Decimal(3),
            half_bye=Decimal(1),
        ),
        initial_colour=Colour.BLACK,
        rules_edition="fide-2026",
        place="Oslo",
        federation="NOR",
        start_date=date(2026, 4, 1),
        end_date=date(2026, 4, 5),
        chief_arbiter="IA Someone",
        time_control="90+30",
        max_half_point_byes=2,
        full_point_byes=True,
    ),
    PlayerRegistered(
        player_id=PlayerId(1),
        surname="Polgar",
        given_name="Judit",
        fide_id=700070,
        rating=2675,
        title="GM",
        federation="HUN",
        sex="f",
        birth_date=date(1976, 7, 23),
        club="Budapest",
        joins_round=3,
        missed_round_points=Decimal("0.5"),
    ),
    PlayerDetailsCorrected(player_id=PlayerId(1), rating=2680, fide_id=None, reason="list update"),
    PlayerWithdrawn(player_id=PlayerId(1), from_round=4, reason="ill"),
    ByeRequested(player_id=PlayerId(2), round_no=2, kind=ByeKind.HALF),
    ByeCancelled(player_id=PlayerId(2), round_no=2),
    RoundPaired(
        round_no=1,
        boards=(PairedBoard(white=PlayerId(2), black=PlayerId(3)),),
        pab=PlayerId(4),
        not_paired=(NotPaired(player_id=PlayerId(1), reason=NotPairedReason.LATE_ENTRY),),
        system="dutch",
        engine_version="arbiter 0.1.0",
        pairing_numbers=(PlayerId(1), PlayerId(2)),
    ),
    RoundUnpaired(round_no=1, reason="wrong colour drawn"),
    ResultRecorded(round_no=1, board=1, result=Result.DOUBLE_FORFEIT),
    ResultCorrected(
        round_no=1,
        board=1,
        result=Result.WHITE_DRAWS_BLACK_LOSES,
        previous=Result.DOUBLE_FORFEIT,
        reason="appeal",
    ),
    TournamentClosed(reason="final round played"),
    TournamentReopened(reason="appeal upheld"),
    SettingsChanged(avoid_same_club=True, initial_colour=Colour.BLACK, reason="regulations"),
    PairForbidden(player_id=PlayerId(1), other=PlayerId(2), from_round=2, reason="siblings"),
    VirtualPointsGiven(
        player_id=PlayerId(1), first_round=1, last_round=2, points=Decimal("0.5"), reason="A"
    ),
    WithdrawalCancelled(player_id=PlayerId(1), reason="arrived after all"),
    RegistrationRemoved(player_id=PlayerId(3), reason="registered twice"),
    ColoursSwapped(round_no=1, board=1, reason="misprint"),
    BoardsSwapped(round_no=1, board=1, other=2, reason="access"),
    PairingNumbersDrawn(order=(PlayerId(2), PlayerId(1)), method=DrawMethod.VARMA, seed=7),
]


def test_every_event_type_is_covered_here() -> None:
    assert {event_type(event) for event in ONE_OF_EACH} == set(EVENT_TYPES)


def test_event_type_names_are_stable_kebab_case() -> None:
    """Stored names must never change (EVENT-SOURCING.md §2.5); this list is the contract."""
    assert sorted(EVENT_TYPES) == [
        "boards-swapped",
        "bye-cancelled",
        "bye-requested",
        "colours-swapped",
        "pair-forbidden",
        "pairing-numbers-drawn",
        "player-details-corrected",
        "player-registered",
        "player-withdrawn",
        "registration-removed",
        "result-corrected",
        "result-recorded",
        "round-paired",
        "round-unpaired",
        "settings-changed",
        "tournament-closed",
        "tournament-created",
        "tournament-reopened",
        "virtual-points-given",
        "withdrawal-cancelled",
    ]


@pytest.mark.parametrize("event", ONE_OF_EACH, ids=event_type)
def test_codec_round_trip(event: Event) -> None:
    encoded = encode_event(event)
    assert encoded.event_type == event_type(event)
    assert '"type"' not in encoded.payload  # the tag lives in the event_type column
    assert decode_event(encoded.event_type, encoded.schema_version, encoded.payload) == event


def test_events_are_frozen() -> None:
    with pytest.raises(AttributeError):
        ONE_OF_EACH[0].rounds = 3  # type: ignore[misc]


def test_corrections_store_only_the_fields_given() -> None:
    payload = msgspec.json.decode(encode_event(ONE_OF_EACH[2]).payload)
    assert payload == {"player_id": 1, "rating": 2680, "fide_id": None, "reason": "list update"}


def test_additive_evolution_old_payload_without_new_field_decodes() -> None:
    """A field added later with a default (here: any optional one) may be absent in old rows."""
    old = '{"tournament_id": "open", "name": "Open", "rounds": 5}'
    event = decode_event("tournament-created", 1, old)
    assert isinstance(event, TournamentCreated)
    assert event.points == PointValues() and event.initial_colour is Colour.WHITE


def test_point_values_convert_exactly_for_the_engine() -> None:
    from fractions import Fraction

    points = PointValues(draw=Decimal("0.5"), pab=Decimal("0.5")).to_engine()
    assert (points.draw, points.pab, points.win) == (Fraction(1, 2), Fraction(1, 2), Fraction(1))
