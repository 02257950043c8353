"""The desk's forms: each a service command, and what the desk says once it ran.

A form is read into the same command the API and the CLI send (players named by text are
found by the service when the command is decided, :func:`server.service.deferred`), so
the log cannot tell a form from an API call except by the ``via: desk`` of its metadata.

A key pressed on a board never changes a result already there: a form for a board that
has one is a correction only when it says so (``correct=1``) and gives a reason, checked
on the state the command is decided on, so a result another arbiter entered a moment ago
is not overwritten from a stale page either.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from events.decisions import (
    CancelBye,
    CancelWithdrawal,
    CloseTournament,
    CorrectResult,
    PairRound,
    RecordResult,
    ReopenTournament,
    RequestBye,
    UnpairRound,
    WithdrawPlayer,
)
from events.errors import InvalidCommand, ResultAlreadyRecorded
from events.projections import TournamentState
from events.results import parse_result
from events.types import ByeKind
from server.service import CommandResult, Deferred, NamedRequest, TournamentService, deferred

__all__ = [
    "ACTIONS",
    "CONFIRMED",
    "Form",
    "Outcome",
    "done",
    "needs_confirmation",
    "question",
    "refused_at",
]

Form = dict[str, str]
Action = Callable[[TournamentService, str, Form, dict[str, Any]], CommandResult]
Gettext = Callable[[str], str]

CONFIRMED = "yes"
"""The ``confirm`` field of a form the arbiter confirmed."""


def _number(form: Form, name: str) -> int:
    value = form.get(name, "").strip()
    if not value.isdigit():
        raise InvalidCommand(f"{name} must be a number, not {value!r}", field=name)
    return int(value)


def _result(
    service: TournamentService, tid: str, form: Form, meta: dict[str, Any]
) -> CommandResult:
    """A result for a board without one; a correction only when asked for, with a reason."""
    round_no, board = _number(form, "round"), _number(form, "board")
    result = parse_result(form.get("result", ""))
    reason = form.get("reason", "").strip()
    correcting = form.get("correct") == "1"
    if correcting and not reason:
        raise InvalidCommand("a correction needs a reason", field="reason")

    def complete(state: TournamentState) -> RecordResult | CorrectResult:
        if correcting:
            return CorrectResult(round_no=round_no, board=board, result=result, reason=reason)
        boards = state.rounds[round_no - 1].boards if 1 <= round_no <= state.rounds_paired else ()
        if 1 <= board <= len(boards) and (recorded := boards[board - 1].result) is not None:
            raise ResultAlreadyRecorded(round_no, board, recorded.value)
        return RecordResult(round_no=round_no, board=board, result=result)

    fields = {"round_no": round_no, "board": board, "result": form.get("result"), "reason": reason}
    return service.execute(
        tid, Deferred(NamedRequest("result", fields, None), complete), metadata=meta
    )


def _pair(service: TournamentService, tid: str, form: Form, meta: dict[str, Any]) -> CommandResult:
    return service.pair_round(tid, PairRound(), metadata=meta)


def _unpair(
    service: TournamentService, tid: str, form: Form, meta: dict[str, Any]
) -> CommandResult:
    command = UnpairRound(round_no=_number(form, "round"), reason=form.get("reason", "").strip())
    return service.execute(tid, command, metadata=meta)


def _bye(service: TournamentService, tid: str, form: Form, meta: dict[str, Any]) -> CommandResult:
    try:
        kind = ByeKind(form.get("kind", "half"))
    except ValueError:
        raise InvalidCommand(f"no bye kind {form.get('kind')!r}", field="kind") from None
    command = deferred(RequestBye, player_id=form.get("player", ""),
                       round_no=_number(form, "round"), kind=kind)  # fmt: skip
    return service.execute(tid, command, metadata=meta)


def _cancel_bye(
    service: TournamentService, tid: str, form: Form, meta: dict[str, Any]
) -> CommandResult:
    command = deferred(CancelBye, player_id=form.get("player", ""), round_no=_number(form, "round"))
    return service.execute(tid, command, metadata=meta)


def _withdraw(
    service: TournamentService, tid: str, form: Form, meta: dict[str, Any]
) -> CommandResult:
    from_round = form.get("from_round", "").strip()
    command = deferred(
        WithdrawPlayer,
        player_id=form.get("player", ""),
        from_round=int(from_round) if from_round.isdigit() else None,
        reason=form.get("reason", "").strip(),
    )
    return service.execute(tid, command, metadata=meta)


def _cancel_withdrawal(
    service: TournamentService, tid: str, form: Form, meta: dict[str, Any]
) -> CommandResult:
    command = deferred(CancelWithdrawal, player_id=form.get("player", ""),
                       reason=form.get("reason", "").strip())  # fmt: skip
    return service.execute(tid, command, metadata=meta)


def _close(service: TournamentService, tid: str, form: Form, meta: dict[str, Any]) -> CommandResult:
    return service.execute(tid, CloseTournament(reason=form.get("reason", "").strip()),
                           metadata=meta)  # fmt: skip


def _reopen(
    service: TournamentService, tid: str, form: Form, meta: dict[str, Any]
) -> CommandResult:
    reason = form.get("reason", "").strip()
    if not reason:
        raise InvalidCommand("reopening needs a reason", field="reason")
    return service.execute(tid, ReopenTournament(reason=reason), metadata=meta)


ACTIONS: dict[str, Action] = {
    "result": _result,
    "pair": _pair,
    "unpair": _unpair,
    "bye": _bye,
    "cancel-bye": _cancel_bye,
    "withdraw": _withdraw,
    "cancel-withdrawal": _cancel_withdrawal,
    "close": _close,
    "reopen": _reopen,
}

_CONFIRM = {"pair", "unpair", "withdraw", "close"}
"""Actions that publish or take something away: each asks the arbiter first."""


def needs_confirmation(action: str, form: Form) -> bool:
    """Whether ``form`` must be confirmed before ``action`` runs."""
    return action in _CONFIRM and form.get("confirm") != CONFIRMED


def question(action: str, form: Form, state: TournamentState, gettext: Gettext) -> str:
    """What the confirmation page asks before ``action`` runs."""
    player = form.get("player", "")
    if action == "withdraw" and player.isdigit() and state.has_player(int(player)):
        player = state.player(int(player)).name
    return {
        "pair": gettext("Pair round %(round)s and publish it to every phone and screen?")
        % {"round": state.next_round},
        "unpair": gettext("Unpair round %(round)s? Its pairing leaves the public pages.")
        % {"round": form.get("round", "")},
        "withdraw": gettext("Withdraw %(player)s from round %(round)s on?")
        % {"player": player, "round": form.get("from_round", "") or state.next_round},
        "close": gettext("Close the tournament? It takes no more changes until reopened."),
    }[action]


@dataclass(frozen=True, slots=True)
class Outcome:
    """What the desk announces after a form: at which board (if any), and where focus goes."""

    kind: str
    """``ok`` or ``error``."""
    message: str
    focus: int | None = None
    """The board whose result field gets the focus next."""


def done(action: str, form: Form, ran: CommandResult, gettext: Gettext) -> Outcome:
    """The outcome of an ``action`` that ran: for a result, the board and result saved and
    the next board still open after it (else this one, and the round is complete)."""
    if action != "result":
        return Outcome("ok", _DONE[action](gettext))
    round_no, board = int(form["round"]), int(form["board"])
    saved = ran.state.rounds[round_no - 1].boards[board - 1].result
    text = saved.value.replace("1/2", "½") if saved else ""
    template = (
        gettext("Board %(board)s: corrected to %(result)s")
        if form.get("correct") == "1"
        else gettext("Board %(board)s: %(result)s saved")
    )
    message = template % {"board": board, "result": text}
    missing = ran.state.rounds[round_no - 1].missing_results
    if not missing:
        complete = gettext("Round %(round)s is complete: every board has a result.")
        return Outcome("ok", f"{message}. {complete % {'round': round_no}}", board)
    after = [number for number in missing if number > board]
    return Outcome("ok", f"{message}.", (after or missing)[0])


_DONE: dict[str, Callable[[Gettext], str]] = {
    "pair": lambda _: _("Next round paired."),
    "unpair": lambda _: _("Round unpaired."),
    "bye": lambda _: _("Bye granted."),
    "cancel-bye": lambda _: _("Bye cancelled."),
    "withdraw": lambda _: _("Player withdrawn."),
    "cancel-withdrawal": lambda _: _("Withdrawal cancelled."),
    "close": lambda _: _("Tournament closed."),
    "reopen": lambda _: _("Tournament reopened."),
}


def refused_at(action: str, form: Form) -> int | None:
    """The board a refused result stays on (focus does not move past a refusal)."""
    board = form.get("board", "")
    return int(board) if action == "result" and board.isdigit() else None
