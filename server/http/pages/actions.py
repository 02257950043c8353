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

import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from engine.messages import Message
from events.decisions import (
    CancelBye,
    CancelWithdrawal,
    ChangeSettings,
    CloseTournament,
    CorrectPlayerDetails,
    CorrectResult,
    DrawLots,
    ForbidPair,
    PairManually,
    PairRound,
    RecordResult,
    RegisterPlayer,
    ReopenTournament,
    RequestBye,
    UnpairRound,
    WithdrawPlayer,
)
from events.directory import open_directory
from events.errors import InvalidCommand, ResultAlreadyRecorded
from events.projections import TournamentState
from events.results import parse_result
from events.types import ByeKind
from server.http.pages.forms import Form, command, drafted, edit_fields, filled, listed
from server.players_csv import read_players_csv
from server.service import (
    CommandResult,
    Deferred,
    NamedRequest,
    TournamentService,
    WriteOptions,
    deferred,
)

__all__ = [
    "ACTIONS",
    "CONFIRMED",
    "CORRECTIONS",
    "DETAILS",
    "Outcome",
    "Run",
    "done",
    "needs_confirmation",
    "question",
    "refused_at",
    "returns_to",
]

Gettext = Callable[[str], str]

CONFIRMED = "yes"
"""The ``confirm`` field of a form the arbiter confirmed."""

DETAILS = ("surname", "given_name", "fide_id", "rating", "title", "federation", "sex",
           "birth_date", "club")  # fmt: skip
"""A player's details a registration gives and a correction changes."""
CORRECTIONS = (*DETAILS, "k_factor")
"""What a correction may change: the details and the K of the player's rating change."""


@dataclass(frozen=True, slots=True)
class Run:
    """One form to run: the service acting as the signed-in account, and what it needs."""

    service: TournamentService
    tournament_id: str
    form: Form
    metadata: dict[str, Any]
    db: str
    """The store's database, where the FIDE players list is."""
    files: Mapping[str, bytes] = field(default_factory=dict)
    """Files the form uploaded, by field."""

    def execute(self, command: Any) -> CommandResult:
        return self.service.execute(self.tournament_id, command, metadata=self.metadata)


Action = Callable[[Run], CommandResult]


def _number(form: Form, name: str) -> int:
    value = form.get(name, "").strip()
    if not value.isdigit():
        raise InvalidCommand(
            Message("%(name)s must be a number, not %(value)s", name=name, value=repr(value)),
            field=name,
        )
    return int(value)


_CORRECTION = Message("a correction")


def _reason(form: Form, what: Message) -> str:
    """:raises InvalidCommand: when the form gives no reason for ``what``."""
    reason = form.get("reason", "").strip()
    if not reason:
        raise InvalidCommand(Message("%(what)s needs a reason", what=what), field="reason")
    return reason


def _result(run: Run) -> CommandResult:
    """A result for a board without one; a correction only when asked for, with a reason."""
    form = run.form
    round_no, board = _number(form, "round"), _number(form, "board")
    result = parse_result(form.get("result", ""))
    correcting = form.get("correct") == "1"
    reason = _reason(form, _CORRECTION) if correcting else form.get("reason", "").strip()

    def complete(state: TournamentState) -> RecordResult | CorrectResult:
        if correcting:
            return CorrectResult(round_no=round_no, board=board, result=result, reason=reason)
        boards = state.rounds[round_no - 1].boards if 1 <= round_no <= state.rounds_paired else ()
        if 1 <= board <= len(boards) and (recorded := boards[board - 1].result) is not None:
            raise ResultAlreadyRecorded(round_no, board, recorded.value)
        return RecordResult(round_no=round_no, board=board, result=result)

    fields = {"round_no": round_no, "board": board, "result": form.get("result"), "reason": reason}
    return run.execute(Deferred(NamedRequest("result", fields, None), complete))


def _pair(run: Run) -> CommandResult:
    """The next round: the engine's pairing, or the draft the desk showed (``version``: the
    state it was made on). A draft as the engine made it is the engine's pairing; one the
    arbiter changed is a manual pairing, published with its reason and what it breaks."""
    edit = drafted(run.form)
    if edit is None:
        return run.service.pair_round(run.tournament_id, PairRound(), metadata=run.metadata)
    options: WriteOptions = {"metadata": run.metadata,
                             "expected_version": _number(run.form, "version")}  # fmt: skip
    proposal = run.service.proposal(run.service.load(run.tournament_id))
    if edit == (proposal.boards, proposal.pab):
        return run.service.pair_round(run.tournament_id, PairRound(), **options)
    manual = PairManually(boards=edit[0], pab=edit[1], reason=_reason(run.form, Message("a changed draft")),
                          force=run.form.get("force") == "1")  # fmt: skip
    return run.service.pair_manually(run.tournament_id, manual, **options)


def _unpair(run: Run) -> CommandResult:
    reason = run.form.get("reason", "").strip()
    return run.execute(UnpairRound(round_no=_number(run.form, "round"), reason=reason))


def _bye(run: Run) -> CommandResult:
    try:
        kind = ByeKind(run.form.get("kind", "half"))
    except ValueError:
        raise InvalidCommand(
            Message("no bye kind %(kind)s", kind=repr(run.form.get("kind"))), field="kind"
        ) from None
    return run.execute(deferred(RequestBye, player_id=run.form.get("player", ""),
                                round_no=_number(run.form, "round"), kind=kind))  # fmt: skip


def _cancel_bye(run: Run) -> CommandResult:
    return run.execute(deferred(CancelBye, player_id=run.form.get("player", ""),
                                round_no=_number(run.form, "round")))  # fmt: skip


def _withdraw(run: Run) -> CommandResult:
    from_round = run.form.get("from_round", "").strip()
    return run.execute(deferred(
        WithdrawPlayer,
        player_id=run.form.get("player", ""),
        from_round=int(from_round) if from_round.isdigit() else None,
        reason=run.form.get("reason", "").strip(),
    ))  # fmt: skip


def _cancel_withdrawal(run: Run) -> CommandResult:
    return run.execute(deferred(CancelWithdrawal, player_id=run.form.get("player", ""),
                                reason=run.form.get("reason", "").strip()))  # fmt: skip


def _close(run: Run) -> CommandResult:
    return run.execute(CloseTournament(reason=run.form.get("reason", "").strip()))


def _reopen(run: Run) -> CommandResult:
    return run.execute(ReopenTournament(reason=_reason(run.form, Message("reopening"))))


def _register(run: Run) -> CommandResult:
    """A player typed in (a late entry when ``joins_round`` is after round 1), or one of
    the loaded FIDE list by FIDE id alone, with the list's details and rating."""
    values = filled(run.form, (*DETAILS, "joins_round"))
    if "surname" in values or "fide_id" not in values:
        return run.execute(command(RegisterPlayer, values))
    typed = command(RegisterPlayer, values)  # every field bounded, the list's or not
    assert typed.fide_id is not None  # filled in, so converted
    given = {name: getattr(typed, name) for name in values if name != "fide_id"}
    directory = open_directory(run.db)
    try:
        return run.service.register_listed(
            directory, run.tournament_id, typed.fide_id,
            options={"metadata": run.metadata}, **given,
        )  # fmt: skip
    finally:
        directory.close()


def _register_csv(run: Run) -> CommandResult:
    """Every player of an uploaded CSV file, all or none, each refused line named."""
    upload = run.files.get("players")
    if not upload:
        raise InvalidCommand(Message("choose a CSV file of players"), field="players")
    return run.execute(read_players_csv(upload))


def _correct_player(run: Run) -> CommandResult:
    values = filled(run.form, CORRECTIONS)
    values.update(player_id=_number(run.form, "player"), reason=_reason(run.form, _CORRECTION))
    return run.execute(command(CorrectPlayerDetails, values))


def _forbid_pair(run: Run) -> CommandResult:
    values = filled(run.form, ("player_id", "other", "from_round"))
    values["reason"] = _reason(run.form, Message("a forbidden pair"))
    return run.execute(command(ForbidPair, values))


def _draw_lots(run: Run) -> CommandResult:
    """By lots or the Varma tables from a seed drawn now (the log keeps it), or the order
    drawn in the hall, player ids by number."""
    method = run.form.get("method", "lots")
    if method == "arbiter":
        return run.execute(
            command(DrawLots, {"method": method, "order": listed(run.form.get("order", ""))})
        )
    return run.execute(command(DrawLots, {"method": method, "seed": secrets.randbelow(2**31)}))


def _rounds(run: Run) -> CommandResult:
    """A round-robin's rounds, set to its field's Berger table before round 1 (C.05 Annex 1)."""
    rounds = _number(run.form, "rounds")
    reason = _reason(run.form, Message("a change of rounds"))
    return run.execute(command(ChangeSettings, {"rounds": rounds, "reason": reason}))


def _norm_settings(run: Run) -> CommandResult:
    """The host federation and the kind of event, as the title norms read them (B.01 1.4.3):
    both sent, the unchanged one left as it is."""
    values = {
        "federation": run.form.get("federation", "").strip().upper(),
        "norm_event": run.form.get("norm_event", ""),
        "reason": run.form.get("reason", "").strip(),
    }
    return run.execute(command(ChangeSettings, values))


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
    "register": _register,
    "register-csv": _register_csv,
    "correct-player": _correct_player,
    "forbid-pair": _forbid_pair,
    "draw-lots": _draw_lots,
    "rounds": _rounds,
    "norm-settings": _norm_settings,
}

_PLAYERS_PAGE = {
    "register", "register-csv", "correct-player", "forbid-pair", "draw-lots", "rounds"
}  # fmt: skip
"""Actions whose form is on the desk's players page, where their outcome is said."""


def returns_to(action: str, form: Form, *, refused: bool) -> str:
    """The desk page (a path under ``/t/<id>/desk``) a form goes back to once it ran: a
    refused draft goes back to the draft, as the arbiter left it."""
    if action in _PLAYERS_PAGE:
        return "/players"
    try:
        edit = drafted(form) if action == "pair" and refused else None
    except InvalidCommand:  # a board left without a player: the draft as the engine made it
        edit = None
    if edit is None:
        return ""
    kept = {**edit_fields(edit), "reason": form.get("reason", ""), "force": form.get("force", "")}
    return "/draft?" + urlencode(kept)


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
    "register": lambda _: _("Player registered."),
    "register-csv": lambda _: _("Players registered from the file."),
    "correct-player": lambda _: _("Player's details corrected."),
    "forbid-pair": lambda _: _("Pair forbidden."),
    "draw-lots": lambda _: _("Pairing numbers drawn."),
    "rounds": lambda _: _("Rounds changed."),
    "norm-settings": lambda _: _("Title norm settings saved."),
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
