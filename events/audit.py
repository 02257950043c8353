"""Which events are the arbiter's manual interventions: the integrity log the FIDE
endorsement checklist asks for (every change a program did not decide by itself).

Each event type's audit class is in its row of :data:`events.projections.EVENT_KINDS`.
"""

from __future__ import annotations

from events.projections.kinds import EVENT_KINDS, AuditClass
from events.types import Event, RoundPaired

__all__ = ["AuditClass", "is_manual_intervention"]


def is_manual_intervention(event: Event) -> bool:
    """A correction, a changed regulation, or a pairing made by hand (not an engine's, nor
    one read from an imported file, which records its own source).

    >>> from events.types import RoundPaired
    >>> is_manual_intervention(RoundPaired(round_no=1, boards=(), system="manual"))
    True
    >>> is_manual_intervention(RoundPaired(round_no=1, boards=(), system="dutch"))
    False
    """
    audit = EVENT_KINDS[type(event)].audit
    if audit is AuditClass.MANUAL_IF_BY_HAND:
        return isinstance(event, RoundPaired) and event.system == "manual"
    return audit is AuditClass.MANUAL
