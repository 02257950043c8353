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
from server.printouts.legend import N_

__all__ = ["refusal", "worded_slugs"]

Gettext = Callable[[str], str]

# fmt: off
_WORDED: dict[str, str] = {
    # -- the store
    "store-error": N_("The database failed: nothing was saved. Try again; if it "
                      "goes on, tell the server's operator."),
    "store-unavailable": N_("The database cannot be reached now: nothing was saved. "
                            "Try again in a few seconds."),
    "store-busy": N_("The database is busy: nothing was saved. Try again in a "
                     "moment."),
    "wrong-expected-version": N_("Someone changed the tournament at the same moment: "
                                 "nothing was saved. Reload the page and try again."),
    "idempotency-key-reused": N_("This request was already sent with other content: "
                                 "nothing was saved."),
    "event-decode-error": N_("A stored change cannot be read back: tell the "
                             "server's operator."),
    # -- decisions
    "result-unchanged": N_("Board %(board)s already has that result: nothing was "
                           "changed."),
    "tournament-not-found": N_("There is no such tournament."),
    "tournament-exists": N_("A tournament with the id %(tournament_id)s exists "
                            "already: choose another id."),
    "tournament-is-closed": N_("The tournament is closed: nothing was saved. Reopen "
                               "it with a reason to change it."),
    "unknown-player": N_("The tournament has no player %(player_id)s."),
    "player-not-found": N_("No player answers to %(text)s."),
    "ambiguous-player": N_("%(text)s fits more than one player: choose from the "
                           "list."),
    "duplicate-fide-id": N_("FIDE id %(fide_id)s is registered already, as player "
                            "%(player_id)s."),
    "already-withdrawn": N_("That player withdrew already, from round "
                            "%(from_round)s."),
    "round-already-paired": N_("Round %(round_no)s is paired already: the change "
                               "cannot apply to it."),
    "bye-already-requested": N_("That player already has a bye in round "
                                "%(round_no)s."),
    "bye-not-allowed": N_("The tournament's regulations do not allow this bye."),
    "no-such-bye": N_("That player has no bye in round %(round_no)s."),
    "board-not-paired": N_("Round %(round_no)s has no board %(board)s."),
    "result-already-recorded": N_("Board %(board)s already has %(result)s: nothing "
                                  "was changed. To change it, choose Correct and "
                                  "give a reason."),
    "no-result-to-correct": N_("Board %(board)s has no result yet: record it first."),
    "round-incomplete": N_("Round %(round_no)s still has boards without a result."),
    "round-has-results": N_("Round %(round_no)s already has results, so it cannot "
                            "be unpaired."),
    "all-rounds-paired": N_("All %(rounds)s rounds are paired already."),
    "not-enough-players": N_("Round %(round_no)s cannot be paired: %(available)s "
                             "player(s) available."),
    "no-valid-pairing": N_("No pairing meets the system's absolute rules: the "
                           "arbiter decides (a player out of the round, a pairing "
                           "by hand)."),
    "pairing-system-unavailable": N_("No pairing engine on this server offers the "
                                     "system %(system)s."),
    "pairing-rejected": N_("The engine's pairing of round %(round_no)s breaks the "
                           "round's facts: nothing was saved. Tell the server's "
                           "operator."),
    "pairing-in-progress": N_("A round of this tournament is being paired: wait a "
                              "moment and try again."),
    "pairing-timed-out": N_("The pairing took longer than this server allows: it "
                            "was stopped and nothing was saved."),
    "pairing-cancelled": N_("The server stopped before this round was paired: "
                            "nothing was saved. Try again."),
    "unpairable-round": N_("The generated tournament could not go on: a round "
                           "cannot be paired."),
    "unrated-player": N_("A player to be paired has no rating: the Dubov system "
                         "needs one for every player (the chief arbiter gives an "
                         "unrated player a provisional one)."),
    "invalid-request": N_("The engine was asked for a round the tournament's facts "
                          "contradict: tell the server's operator."),
    # -- accounts and roles
    "forbidden": N_("Not allowed: this needs %(needed)s or above, and your role is "
                    "%(role)s."),
    "account-not-found": N_("No account has that name."),
    "link-unusable": N_("This sign-in link was used already or has expired: ask an "
                        "administrator for a new one."),
}
_ROLES: dict[str, str] = {
    "public": N_("no role"),
    "deputy": N_("deputy arbiter"),
    "chief": N_("chief arbiter"),
    "administrator": N_("administrator"),
}
"""A role's label (``Role.label``), as a refusal names it."""
_FIELDS: dict[str, str] = {
    "tournament_id": N_("Short name for addresses (letters, digits, -)"),
    "name": N_("Name"), "surname": N_("Name"), "place": N_("Place"),
    "federation": N_("Federation"), "chief_arbiter": N_("Chief arbiter"),
    "start_date": N_("First day"), "end_date": N_("Last day"),
    "round_dates": N_("Round dates (YYYY-MM-DD, in order)"),
    "system": N_("Pairing system"), "rules_edition": N_("Rules edition"),
    "rounds": N_("Rounds"), "initial_colour": N_("White on board 1 in round 1"),
    "time_control": N_("Time control"), "rating_type": N_("Rating"),
    "rating": N_("Rating"),
    "max_half_point_byes": N_("Half-point byes a player may ask for (empty: no limit)"),
    "tiebreaks": N_("Tie-breaks"), "tiebreak_rules": N_("C.07 edition"),
    "reason": N_("Reason"), "player": N_("Player"),
    "player_id": N_("Player"), "other": N_("Player"),
    "fide_id": N_("FIDE id"), "joins_round": N_("Joins in round"),
    "from_round": N_("From round"), "round": N_("Round"),
    "round_no": N_("Round"), "kind": N_("Kind"), "result": N_("New result"),
    "players": N_("CSV file"), "entries": N_("Players"),
    "boards": N_("Boards"), "days": N_("Days until it expires"),
    "role": N_("Role"), "password": N_("Password"),
    "label": N_("Label"), "email": N_("Email"), "token": N_("The token"),
    "acceleration": N_("Acceleration"), "points": N_("Points"),
    "title": N_("Title"), "list_month": N_("FIDE list"),
    "norm_event": N_("Kind of event"),
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
    roles = {key: gettext(_ROLES[str(value)]) for key, value in details.items()
             if key in ("needed", "role") and str(value) in _ROLES}  # fmt: skip
    details = {**details, **roles}
    for kind in type(error).__mro__:
        worded = _WORDED.get(slug_of(kind))
        if worded is not None:
            try:
                return gettext(worded) % details
            except (KeyError, TypeError):
                break
    message = getattr(error, "message", None) or (error.args[0] if error.args else str(error))
    if isinstance(message, Message) and message.template == FIELD_REASON:
        message = message.args["reason"]  # the field is named below, by its label
    reason = translated(str(message) if not isinstance(message, str) else message, gettext)
    if field:
        label = _FIELDS.get(str(field).split(".")[0])
        named = gettext(label) if label else field
        return gettext("Not saved: %(field)s: %(reason)s") % {"field": named, "reason": reason}
    return gettext("Not saved: %(reason)s") % {"reason": reason}
