"""A player's card: each round (board, colour, opponent, result, float, score after it),
as the player page shows it and as a sheet that prints on A4 in the page's language
(``arbiter card``, ``GET /tournaments/{id}/players/{p}/card``)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from engine.common import Float
from engine.model import Colour, PairingNumber, RoundKind
from events.projections import PlayerState, TournamentState, points_str
from events.rating_changes import performances
from events.types import PlayerId
from server.printouts import ENGLISH, Language, Printout, counted_scores, heading, reason_label

__all__ = ["CardRow", "Side", "card", "performance", "player_card", "side"]


@dataclass(frozen=True, slots=True)
class Side:
    """One player as a board shows them: name, title, rating and the score paired with."""

    player_id: int
    name: str
    title: str
    rating: int
    score: Fraction
    federation: str


def side(state: TournamentState, player_id: int, round_no: int) -> Side:
    player = state.player(player_id)
    record = player.rounds[round_no - 1]
    return Side(
        player_id, player.name, player.title, player.rating, record.score_before,
        player.federation,
    )  # fmt: skip


@dataclass(frozen=True, slots=True)
class CardRow:
    """One round of a player's card."""

    round_no: int
    kind: str
    """The round kind's value (``played``, ``pab``, ``half-bye`` …); empty while pending."""
    board: int | None
    colour: str
    opponent: Side | None
    result: str
    """From this player's side: ``1``, ``½``, ``0``, ``+``, ``-``; empty while pending."""
    points: Fraction
    float: str
    """``"up"``, ``"down"`` or empty."""
    score_after: Fraction
    reason: str


_OWN_RESULT = {RoundKind.FORFEIT_WIN: "+", RoundKind.FORFEIT_LOSS: "-"}


def card(state: TournamentState, player: PlayerState) -> list[CardRow]:
    rows = []
    score = Fraction(0)
    for record in player.rounds:
        score += record.points
        opponent = (
            side(state, record.opponent, record.round_no) if record.opponent is not None else None
        )
        if record.kind is None:
            result = ""
        elif record.kind is RoundKind.PLAYED:
            result = points_str(record.points).replace("0.5", "½")
        else:
            result = _OWN_RESULT.get(record.kind, "")
        rows.append(
            CardRow(
                round_no=record.round_no,
                kind=record.kind.value if record.kind else "",
                board=record.board,
                colour="w" if record.colour is Colour.WHITE else "b" if record.colour else "",
                opponent=opponent,
                result=result,
                points=record.points,
                float=record.float.value if isinstance(record.float, Float) else "",
                score_after=score,
                reason=record.reason.value if record.reason else "",
            )
        )
    return rows


def performance(state: TournamentState, player: PlayerState) -> int | None:
    """The player's performance rating over complete rounds
    (:func:`events.rating_changes.performances`)."""
    return performances(state)[PairingNumber(state.pairing_number(player.player_id))]


def player_card(
    state: TournamentState, player_id: int, *, language: Language = ENGLISH
) -> Printout:
    """The card of player ``player_id`` as a sheet in ``language``: under the event's
    heading (the round: the latest paired), one line per round, then the player's facts."""
    _ = language
    player = state.player(player_id)
    rows = []
    for row in card(state, player):
        if row.opponent is not None:
            opponent = f"{row.opponent.name} (id {row.opponent.player_id})"
            rating: object = row.opponent.rating or ""
        else:
            opponent = reason_label(row.reason or row.kind, language) if row.kind else ""
            rating = ""
        shown = row.result if row.kind in _RESULTS else _.number(row.points) if row.kind else "…"
        rows.append(
            (row.round_no, row.board or "", _(_COLOURS[row.colour]) if row.colour else "",
             opponent, rating, shown, _(_FLOATS[row.float]) if row.float else "",
             _.number(row.score_after))
        )  # fmt: skip
    named = f"{player.title} {player.name}" if player.title else player.name
    facts = (
        (_("Starting number"), str(state.pairing_number(player_id))),
        (_("Rating"), str(player.rating or "–")), (_("Federation"), player.federation),
        ("FIDE ID", str(player.fide_id or "")), (_("Club"), player.club),
        (_("Points"), _.number(counted_scores(state)[PlayerId(player_id)])),
        (_("Performance"), str(performance(state, player) or "–")),
    )  # fmt: skip
    return Printout(
        _("player card: %(name)s", name=named),
        (_("round"), _("board"), _("colour"), _("opponent"), _("rtg"), _("result"),
         _("float"), _("pts")),
        rows,
        event=state.require_settings().name,
        heading=heading(state, language, state.rounds_paired or None),
        notes=(" · ".join(f"{label}: {value}" for label, value in facts if value),),
        right={0, 1, 4, 7},
        language=language.code,
    )  # fmt: skip


_RESULTS = {RoundKind.PLAYED.value, RoundKind.FORFEIT_WIN.value, RoundKind.FORFEIT_LOSS.value}
_COLOURS = {"w": "white", "b": "black"}
_FLOATS = {"up": "up", "down": "down"}
"""The card's colour and float cells, as the catalogue words them."""
