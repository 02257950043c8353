"""A refused command in the page's language.

Every refusal the service or the engine gives is worded here, by its problem type's slug
(the same ``/problems/<slug>`` the API answers with), from the facts it carries as
``details`` (the board, the round, the result ...), so a page says it in its own words
without parsing the English message. A subclass without its own wording takes its
parent's. A refusal of no worded type (an invalid field, ``invalid-command``, or a rule of
the tournament, ``command-rejected``) says its own message after "Not saved:": the message
is an :class:`engine.messages.Message`, so it is said in the page's language too, and the
field it names is called by its label on the form.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine.messages import Message, translated
from events.bounds import FIELD_REASON
from server.http.problems import slug_of

__all__ = ["refusal", "worded_slugs"]

Gettext = Callable[[str], str]

# fmt: off
_WORDED: dict[str, Callable[[Gettext], str]] = {
    # -- the store
    "store-error": lambda _: _("The database failed: nothing was saved. Try again; if it "
                               "goes on, tell the server's operator."),
    "store-unavailable": lambda _: _("The database cannot be reached now: nothing was saved. "
                                     "Try again in a few seconds."),
    "store-busy": lambda _: _("The database is busy: nothing was saved. Try again in a "
                              "moment."),
    "wrong-expected-version": lambda _: _("Someone changed the tournament at the same moment: "
                                          "nothing was saved. Reload the page and try again."),
    "idempotency-key-reused": lambda _: _("This request was already sent with other content: "
                                          "nothing was saved."),
    "event-decode-error": lambda _: _("A stored change cannot be read back: tell the "
                                      "server's operator."),
    # -- decisions
    "result-unchanged": lambda _: _("Board %(board)s already has that result: nothing was "
                                    "changed."),
    "tournament-not-found": lambda _: _("There is no such tournament."),
    "tournament-exists": lambda _: _("A tournament with the id %(tournament_id)s exists "
                                     "already: choose another id."),
    "tournament-is-closed": lambda _: _("The tournament is closed: nothing was saved. Reopen "
                                        "it with a reason to change it."),
    "unknown-player": lambda _: _("The tournament has no player %(player_id)s."),
    "player-not-found": lambda _: _("No player answers to %(text)s."),
    "ambiguous-player": lambda _: _("%(text)s fits more than one player: choose from the "
                                    "list."),
    "duplicate-fide-id": lambda _: _("FIDE id %(fide_id)s is registered already, as player "
                                     "%(player_id)s."),
    "already-withdrawn": lambda _: _("That player withdrew already, from round "
                                     "%(from_round)s."),
    "round-already-paired": lambda _: _("Round %(round_no)s is paired already: the change "
                                        "cannot apply to it."),
    "bye-already-requested": lambda _: _("That player already has a bye in round "
                                         "%(round_no)s."),
    "bye-not-allowed": lambda _: _("The tournament's regulations do not allow this bye."),
    "no-such-bye": lambda _: _("That player has no bye in round %(round_no)s."),
    "board-not-paired": lambda _: _("Round %(round_no)s has no board %(board)s."),
    "result-already-recorded": lambda _: _("Board %(board)s already has %(result)s: nothing "
                                           "was changed. To change it, choose Correct and "
                                           "give a reason."),
    "no-result-to-correct": lambda _: _("Board %(board)s has no result yet: record it first."),
    "round-incomplete": lambda _: _("Round %(round_no)s still has boards without a result."),
    "round-has-results": lambda _: _("Round %(round_no)s already has results, so it cannot "
                                     "be unpaired."),
    "all-rounds-paired": lambda _: _("All %(rounds)s rounds are paired already."),
    "not-enough-players": lambda _: _("Round %(round_no)s cannot be paired: %(available)s "
                                      "player(s) available."),
    "no-valid-pairing": lambda _: _("No pairing meets the system's absolute rules: the "
                                    "arbiter decides (a player out of the round, a pairing "
                                    "by hand)."),
    "pairing-system-unavailable": lambda _: _("No pairing engine on this server offers the "
                                              "system %(system)s."),
    "pairing-rejected": lambda _: _("The engine's pairing of round %(round_no)s breaks the "
                                    "round's facts: nothing was saved. Tell the server's "
                                    "operator."),
    "pairing-in-progress": lambda _: _("A round of this tournament is being paired: wait a "
                                       "moment and try again."),
    "pairing-timed-out": lambda _: _("The pairing took longer than this server allows: it "
                                     "was stopped and nothing was saved."),
    "pairing-cancelled": lambda _: _("The server stopped before this round was paired: "
                                     "nothing was saved. Try again."),
    "unpairable-round": lambda _: _("The generated tournament could not go on: a round "
                                    "cannot be paired."),
    "unrated-player": lambda _: _("A player to be paired has no rating: the Dubov system "
                                  "needs one for every player (the chief arbiter gives an "
                                  "unrated player a provisional one)."),
    "invalid-request": lambda _: _("The engine was asked for a round the tournament's facts "
                                   "contradict: tell the server's operator."),
    # -- accounts and roles
    "forbidden": lambda _: _("Not allowed: this needs %(needed)s or above, and your role is "
                             "%(role)s."),
    "account-not-found": lambda _: _("No account has that name."),
    "link-unusable": lambda _: _("This sign-in link was used already or has expired: ask an "
                                 "administrator for a new one."),
}
_ROLES: dict[str, Callable[[Gettext], str]] = {
    "public": lambda _: _("no role"),
    "deputy": lambda _: _("deputy arbiter"),
    "chief": lambda _: _("chief arbiter"),
    "administrator": lambda _: _("administrator"),
}
"""A role's label (``Role.label``), as a refusal names it."""
_FIELDS: dict[str, Callable[[Gettext], str]] = {
    "tournament_id": lambda _: _("Short name for addresses (letters, digits, -)"),
    "name": lambda _: _("Name"), "surname": lambda _: _("Name"), "place": lambda _: _("Place"),
    "federation": lambda _: _("Federation"), "chief_arbiter": lambda _: _("Chief arbiter"),
    "start_date": lambda _: _("First day"), "end_date": lambda _: _("Last day"),
    "round_dates": lambda _: _("Round dates (YYYY-MM-DD, in order)"),
    "system": lambda _: _("Pairing system"), "rules_edition": lambda _: _("Rules edition"),
    "rounds": lambda _: _("Rounds"), "initial_colour": lambda _: _("White on board 1 in round 1"),
    "time_control": lambda _: _("Time control"), "rating_type": lambda _: _("Rating"),
    "rating": lambda _: _("Rating"), "max_half_point_byes": lambda _: _("Half-point byes a "
                                                                      "player may ask for (empty: no limit)"),
    "tiebreaks": lambda _: _("Tie-breaks"), "tiebreak_rules": lambda _: _("C.07 edition"),
    "reason": lambda _: _("Reason"), "player": lambda _: _("Player"),
    "player_id": lambda _: _("Player"), "other": lambda _: _("Player"),
    "fide_id": lambda _: _("FIDE id"), "joins_round": lambda _: _("Joins in round"),
    "from_round": lambda _: _("From round"), "round": lambda _: _("Round"),
    "round_no": lambda _: _("Round"), "kind": lambda _: _("Kind"), "result": lambda _: _("New result"),
    "players": lambda _: _("CSV file"), "entries": lambda _: _("Players"),
    "boards": lambda _: _("Boards"), "days": lambda _: _("Days until it expires"),
    "role": lambda _: _("Role"), "password": lambda _: _("Password"),
    "label": lambda _: _("Label"), "email": lambda _: _("Email"), "token": lambda _: _("The token"),
    "acceleration": lambda _: _("Acceleration"), "points": lambda _: _("Points"),
    "title": lambda _: _("Title"), "list_month": lambda _: _("FIDE list"),
    "norm_event": lambda _: _("Kind of event"),
}
"""A field a refusal names, by the label its form gives it; a dotted field
(``points.win``) by its first part's; one of no form by its own name."""
# fmt: on


def worded_slugs() -> frozenset[str]:
    """The problem types a page words in its own language."""
    return frozenset(_WORDED)


def refusal(error: Exception, gettext: Gettext) -> str:
    """Why ``error`` refused the command, in the language of ``gettext``.

    >>> from events.errors import TournamentIsClosed
    >>> refusal(TournamentIsClosed("open"), lambda text: text)[:26]
    'The tournament is closed: '
    """
    details: Mapping[str, object] = getattr(error, "details", {})
    field = details.get("field")
    roles = {key: _ROLES[str(value)](gettext) for key, value in details.items()
             if key in ("needed", "role") and str(value) in _ROLES}  # fmt: skip
    details = {**details, **roles}
    for kind in type(error).__mro__:
        worded = _WORDED.get(slug_of(kind))
        if worded is not None:
            try:
                return worded(gettext) % details
            except (KeyError, TypeError):
                break
    message = getattr(error, "message", None) or (error.args[0] if error.args else str(error))
    if isinstance(message, Message) and message.template == FIELD_REASON:
        message = message.args["reason"]  # the field is named below, by its label
    reason = translated(str(message) if not isinstance(message, str) else message, gettext)
    if field:
        label = _FIELDS.get(str(field).split(".")[0])
        named = label(gettext) if label else field
        return gettext("Not saved: %(field)s: %(reason)s") % {"field": named, "reason": reason}
    return gettext("Not saved: %(reason)s") % {"reason": reason}
