"""A refused command in the page's language.

The errors carry their facts as ``details`` (the board, the round, the result ...), so a
page can say them in its own words without parsing the English message. The refusals an
arbiter meets at the desk are worded here; any other keeps its English text after a
translated "Not saved:".
"""

from __future__ import annotations

from collections.abc import Callable

from events.errors import (
    AllRoundsPaired,
    AlreadyWithdrawn,
    AmbiguousPlayer,
    ArbiterError,
    BoardNotPaired,
    ByeAlreadyRequested,
    InvalidCommand,
    NoResultToCorrect,
    NoSuchBye,
    NotEnoughPlayers,
    PlayerNotFound,
    ResultAlreadyRecorded,
    ResultUnchanged,
    RoundHasResults,
    RoundIncomplete,
    TournamentIsClosed,
)
from server.service import PairingInProgress

__all__ = ["refusal"]

Gettext = Callable[[str], str]

# fmt: off
_WORDED: dict[type[ArbiterError], Callable[[Gettext], str]] = {
    TournamentIsClosed: lambda _: _("The tournament is closed: nothing was saved. Reopen it "
                                    "with a reason to change it."),
    ResultAlreadyRecorded: lambda _: _("Board %(board)s already has %(result)s: nothing was "
                                       "changed. To change it, choose Correct and give a "
                                       "reason."),
    ResultUnchanged: lambda _: _("Board %(board)s already has that result: nothing was changed."),
    NoResultToCorrect: lambda _: _("Board %(board)s has no result yet: record it first."),
    BoardNotPaired: lambda _: _("Round %(round_no)s has no board %(board)s."),
    RoundIncomplete: lambda _: _("Round %(round_no)s still has boards without a result."),
    RoundHasResults: lambda _: _("Round %(round_no)s already has results, so it cannot be "
                                 "unpaired."),
    AllRoundsPaired: lambda _: _("All %(rounds)s rounds are paired already."),
    NotEnoughPlayers: lambda _: _("Round %(round_no)s cannot be paired: %(available)s "
                                  "player(s) available."),
    AlreadyWithdrawn: lambda _: _("That player withdrew already, from round %(from_round)s."),
    ByeAlreadyRequested: lambda _: _("That player already has a bye in round %(round_no)s."),
    NoSuchBye: lambda _: _("That player has no bye in round %(round_no)s."),
    PlayerNotFound: lambda _: _("No player answers to %(text)s."),
    AmbiguousPlayer: lambda _: _("%(text)s fits more than one player: choose from the list."),
    PairingInProgress: lambda _: _("A round of this tournament is being paired: wait a "
                                   "moment and try again."),
}
# fmt: on


def refusal(error: ArbiterError, gettext: Gettext) -> str:
    """Why ``error`` refused the command, in the language of ``gettext``.

    >>> from events.errors import TournamentIsClosed
    >>> refusal(TournamentIsClosed("open"), lambda text: text)[:26]
    'The tournament is closed: '
    """
    for kind in type(error).__mro__:
        worded = _WORDED.get(kind)
        if worded is not None:
            try:
                return worded(gettext) % error.details
            except (KeyError, TypeError):
                break
    if isinstance(error, InvalidCommand) and error.field:
        return gettext("Not saved: %(field)s: %(reason)s") % {
            "field": error.field,
            "reason": error.message,
        }
    return gettext("Not saved: %(reason)s") % {"reason": error.message}
