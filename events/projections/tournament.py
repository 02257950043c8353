"""The tournament as a pure fold of its events.

``apply(state, event) -> state`` never mutates; every state is a frozen value
(:mod:`events.projections.state`), so any past state can be rebuilt by folding a prefix of
the stream (:func:`state_at_version`, :func:`state_after_round`). Decisions
(:mod:`events.decisions`) read the same state. Each event type's step is named in
:data:`events.projections.kinds.EVENT_KINDS`; the steps are in
:mod:`events.projections.steps`, the FIDE rules they apply in :mod:`events.projections.rules`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from functools import reduce

from events.projections.kinds import EVENT_KINDS
from events.projections.state import EMPTY, TournamentState
from events.types import Event, RoundPaired, RoundUnpaired

__all__ = ["apply", "fold", "state_after_round", "state_at_version"]


def apply(state: TournamentState, event: Event) -> TournamentState:
    """The state after ``event``; pure.

    :raises TypeError: for an object that is no event type of :data:`EVENT_KINDS`.
    """
    kind = EVENT_KINDS.get(type(event))
    if kind is None:
        raise TypeError(f"no projection for {type(event).__name__}")
    return dataclasses.replace(kind.fold(state, event), version=state.version + 1)


def fold(events: Iterable[Event], state: TournamentState = EMPTY) -> TournamentState:
    """Fold events (in stream order) onto ``state``.

    >>> from events.types import TournamentCreated
    >>> fold([TournamentCreated(tournament_id="t", name="Open", rounds=5)]).settings.rounds
    5
    """
    return reduce(apply, events, state)


def state_at_version(events: Sequence[Event], version: int) -> TournamentState:
    """The state after the first ``version`` events of the stream."""
    if version < 0:
        raise ValueError("a stream version is 0 or more")
    return fold(events[:version])


def state_after_round(events: Sequence[Event], round_no: int) -> TournamentState:
    """The state at the end of round ``round_no``: everything recorded before round
    ``round_no + 1`` was paired (the whole stream if it has not been).

    This is the state the next pairing was made from (GHR 4.3), so a checker or a TRF
    export "after round n" sees what the arbiter saw. A later correction of an earlier
    result is not in it; standings of the finished tournament fold the whole stream.
    """
    if round_no < 0:
        raise ValueError("a round number is 0 or more")
    cut = len(events)
    for index, event in enumerate(events):
        if isinstance(event, RoundPaired) and event.round_no == round_no + 1:
            cut = index
        elif isinstance(event, RoundUnpaired) and event.round_no == round_no + 1:
            cut = len(events)
    return fold(events[:cut])
