"""Which events are the arbiter's manual interventions: the integrity log the FIDE
endorsement checklist asks for (every change a program did not decide by itself)."""

from __future__ import annotations

from events.types import (
    BoardsSwapped,
    ColoursSwapped,
    Event,
    PairForbidden,
    PlayerDetailsCorrected,
    RegistrationRemoved,
    ResultCorrected,
    RoundPaired,
    RoundUnpaired,
    SettingsChanged,
    TournamentReopened,
    VirtualPointsGiven,
    WithdrawalCancelled,
)

__all__ = ["is_manual_intervention"]

_ALWAYS = (
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
)


def is_manual_intervention(event: Event) -> bool:
    """A correction, a changed regulation, or a pairing made by hand (not an engine's, nor
    one read from an imported file, which records its own source).

    >>> from events.types import RoundPaired
    >>> is_manual_intervention(RoundPaired(round_no=1, boards=(), system="manual"))
    True
    >>> is_manual_intervention(RoundPaired(round_no=1, boards=(), system="dutch"))
    False
    """
    if isinstance(event, RoundPaired):
        return event.system == "manual"
    return isinstance(event, _ALWAYS)
