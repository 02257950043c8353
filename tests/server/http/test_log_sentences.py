"""The log page tells every event type in a sentence, in English and in Spanish: one sample
of each type, folded in order, each sentence filled (no placeholder left, no class name)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from events.projections import EMPTY, EVENT_KINDS, TournamentState, apply
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
    PairedBoard,
    PairForbidden,
    PairingNumbersDrawn,
    PlayerDetailsCorrected,
    PlayerId,
    PlayerRegistered,
    PlayerWithdrawn,
    RegistrationRemoved,
    ResultCorrected,
    ResultRecorded,
    RoundNo,
    RoundPaired,
    RoundUnpaired,
    SettingsChanged,
    TournamentClosed,
    TournamentCreated,
    TournamentReopened,
    VirtualPointsGiven,
    WithdrawalCancelled,
)
from server.http.pages import i18n
from server.http.pages.log import describe

P1, P2, P3, P4 = (PlayerId(n) for n in range(1, 5))
R1, R2 = RoundNo(1), RoundNo(2)
BOARDS = (PairedBoard(white=P1, black=P2), PairedBoard(white=P3, black=P4))

SAMPLES: list[tuple[Event, str]] = [
    (TournamentCreated(tournament_id="t", name="Open", rounds=5),
     "Tournament “Open” created: 5 rounds, dutch system."),
    (PlayerRegistered(player_id=P1, surname="Polgar", given_name="Judit", rating=2700),
     "Polgar, Judit registered (rating 2700)."),
    (PlayerRegistered(player_id=P2, surname="Short"), "Short registered (rating –)."),
    (PlayerRegistered(player_id=P3, surname="Kasparov", rating=2800),
     "Kasparov registered (rating 2800)."),
    (PlayerRegistered(player_id=P4, surname="Karpov", rating=2750),
     "Karpov registered (rating 2750)."),
    (PlayerDetailsCorrected(player_id=P2, rating=2650), "Details of Short corrected."),
    (PairingNumbersDrawn(order=(P3, P1, P4, P2), method=DrawMethod.LOTS, seed=2026),
     ("Pairing numbers drawn by lots (seed 2026): 1 Kasparov, 2 Polgar, Judit, 3 Karpov, "
     "4 Short.")),
    (PairingNumbersDrawn(order=(P1, P2, P3, P4), method=DrawMethod.ARBITER),
     ("Pairing numbers drawn in the arbiter's order: 1 Polgar, Judit, 2 Short, 3 Kasparov, "
     "4 Karpov.")),
    (PairForbidden(player_id=P1, other=P3, from_round=R1),
     "Polgar, Judit and Kasparov not to be paired from round 1 on."),
    (VirtualPointsGiven(player_id=P4, first_round=R1, last_round=R2, points=Decimal("0.5")),
     "Karpov given 0.5 virtual points for rounds 1 to 2."),
    (SettingsChanged(avoid_same_club=True, tiebreaks="BH"),
     "Regulations changed: tie-breaks, avoid pairing club mates."),
    (ByeRequested(player_id=P2, round_no=R2, kind=ByeKind.HALF),
     "Short granted a half-point bye in round 2."),
    (ByeCancelled(player_id=P2, round_no=R2), "Bye of Short in round 2 cancelled."),
    (RoundPaired(round_no=R1, boards=BOARDS), "Round 1 paired: 2 boards (dutch)."),
    (ColoursSwapped(round_no=R1, board=1, reason="wrong colours"),
     "Round 1, board 1 (Short – Polgar): colours swapped."),
    (BoardsSwapped(round_no=R1, board=1, other=2, reason="tables"),
     "Round 1: boards 1 and 2 swapped."),
    (ResultRecorded(round_no=R1, board=1, result=Result.WHITE_WINS),
     "Round 1, board 1 (Kasparov – Karpov): 1-0."),
    (ResultCorrected(round_no=R1, board=1, result=Result.DRAW, previous=Result.WHITE_WINS),
     "Round 1, board 1 (Kasparov – Karpov) corrected: 1-0 → ½-½."),
    (RoundUnpaired(round_no=R1), "Round 1 unpaired."),
    (PlayerWithdrawn(player_id=P3, from_round=R2), "Kasparov withdrawn from round 2 on."),
    (WithdrawalCancelled(player_id=P3, reason="came back"),
     "Withdrawal of Kasparov cancelled: came back."),
    (RegistrationRemoved(player_id=P4, reason="never came"),
     "Registration of Karpov removed: never came."),
    (TournamentClosed(), "Tournament closed."),
    (TournamentReopened(reason="late correction"), "Tournament reopened: late correction."),
]  # fmt: skip


def told(language: str) -> list[str]:
    gettext = i18n.translations(language).gettext
    state: TournamentState = EMPTY
    sentences = []
    for event, _ in SAMPLES:
        state = apply(state, event)
        sentences.append(describe(event, state, gettext))
    return sentences


def test_the_samples_cover_every_event_type() -> None:
    assert {type(event) for event, _ in SAMPLES} == set(EVENT_TYPES.values())


def test_every_event_type_is_told_in_english() -> None:
    assert told("en") == [sentence for _, sentence in SAMPLES]


@pytest.mark.parametrize("kind", EVENT_KINDS.values(), ids=lambda k: k.sentence[:30])
def test_every_sentence_has_a_spanish_translation(kind: object) -> None:
    sentence = getattr(kind, "sentence")
    translated = i18n.translations("es").gettext(sentence)
    assert translated != sentence


def test_every_event_type_is_told_in_spanish() -> None:
    spanish = told("es")
    for (event, english), sentence in zip(SAMPLES, spanish, strict=True):
        assert "%(" not in sentence and type(event).__name__ not in sentence
        assert sentence != english
    assert spanish[6] == (
        "Números de emparejamiento asignados por sorteo (semilla 2026): 1 Kasparov, "
        "2 Polgar, Judit, 3 Karpov, 4 Short."
    )
    assert spanish[8] == "Polgar, Judit y Kasparov no se emparejarán a partir de la ronda 1."
