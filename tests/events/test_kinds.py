"""Every event type has its row in EVENT_KINDS: a fold step, an audit class and a log
sentence (the sentence's translations are checked with the pages,
``tests/server/http/test_log_sentences.py``)."""

from __future__ import annotations

from events.audit import is_manual_intervention
from events.projections import EVENT_KINDS, AuditClass, apply
from events.projections.state import EMPTY
from events.types import (
    EVENT_TYPES,
    BoardsSwapped,
    ColoursSwapped,
    PairForbidden,
    PlayerDetailsCorrected,
    RegistrationRemoved,
    ResultCorrected,
    RoundPaired,
    RoundUnpaired,
    SettingsChanged,
    TournamentCreated,
    TournamentReopened,
    VirtualPointsGiven,
    WithdrawalCancelled,
)


def test_every_event_type_has_a_fold_an_audit_class_and_a_sentence() -> None:
    assert set(EVENT_KINDS) == set(EVENT_TYPES.values())
    for event_type, kind in EVENT_KINDS.items():
        assert callable(kind.fold), event_type
        assert isinstance(kind.audit, AuditClass), event_type
        assert kind.sentence.strip() and kind.sentence.endswith("."), event_type


def test_apply_folds_through_the_table() -> None:
    created = TournamentCreated(tournament_id="t", name="Open", rounds=5)
    assert apply(EMPTY, created).settings == created
    try:
        apply(EMPTY, "not an event")  # type: ignore[arg-type]
    except TypeError as error:
        assert "no projection for str" in str(error)
    else:
        raise AssertionError("a non-event was folded")


def test_the_manual_interventions_are_the_corrections_and_the_hand_pairings() -> None:
    manual = {t for t, kind in EVENT_KINDS.items() if kind.audit is AuditClass.MANUAL}
    assert manual == {
        BoardsSwapped,
        ColoursSwapped,
        PairForbidden,
        PlayerDetailsCorrected,
        RegistrationRemoved,
        ResultCorrected,
        RoundUnpaired,
        SettingsChanged,
        TournamentReopened,
        VirtualPointsGiven,
        WithdrawalCancelled,
    }
    assert EVENT_KINDS[RoundPaired].audit is AuditClass.MANUAL_IF_BY_HAND
    assert is_manual_intervention(RoundPaired(round_no=1, boards=(), system="manual"))
    assert not is_manual_intervention(RoundPaired(round_no=1, boards=(), system="dutch"))
    assert is_manual_intervention(TournamentReopened(reason="late result"))
    assert not is_manual_intervention(TournamentCreated(tournament_id="t", name="O", rounds=5))
