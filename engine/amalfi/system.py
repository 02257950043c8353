"""The Amalfi Rating system (FSI, experimental since 2008; spec/amalfi.md).

No score brackets: one ranked list per round, and a distance that shrinks every round. In round
r of R the top unpaired player meets the player d = R - r + 1 places below him; when that
pairing is not allowed, nearer players are tried first, then farther ones, and a pairing that
would leave the others unpairable is refused (B.3.1 look-ahead, B.3.3 backtracking).

Choices Arbiter made where the text is open are in docs/rulings.md under "Amalfi": the distance
counts list positions whether paired or not, it is capped at floor(N/2), a late entrant's missed
rounds are recognised as the leading unpaired rounds, and the bye passes to the next candidate
when the rest of the list cannot be paired.

>>> from engine.model import PairingNumber, PairingRequest, PlayerEntry
>>> field = tuple(PlayerEntry(PairingNumber(n), rating=2500 - n) for n in range(1, 7))
>>> [(b.white, b.black) for b in pair(PairingRequest(1, 3, field)).boards]
[(1, 4), (5, 2), (3, 6)]
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.amalfi.colours import colour_rule
from engine.amalfi.explain import describe, header
from engine.amalfi.pairer import ListPairer, Step, list_distance
from engine.amalfi.players import AmalfiPlayer, Compatibility, amalfi_player, rating_ranks
from engine.common import board_order, check_request, pab_eligible
from engine.errors import InvalidRequest, NoValidPairing
from engine.messages import Message
from engine.model import Board, Colour, Pairing, PairingRequest, PointSystem

__all__ = ["pair"]


def pair(request: PairingRequest) -> Pairing:
    """Pair one round by the Amalfi Rating system.

    :raises InvalidRequest: the request cannot be paired as given (round out of range,
        history of the wrong length, a number used twice, a negative rating).
    :raises NoValidPairing: no bye candidate leaves a list that can be paired completely
        (B.3.3.5: the arbiter decides).
    """
    _validate(request)
    ranks = rating_ranks(request.players)
    ordered = sorted(
        (
            amalfi_player(entry, ranks[entry.number], request.points)
            for entry in request.players
            if entry.available
        ),
        key=lambda p: (-p.score, p.rank),
    )
    rules = Compatibility(request)
    lines = [header(request, ordered)]
    candidates: Sequence[AmalfiPlayer | None] = (
        _bye_candidates(ordered, request.points, lines) if len(ordered) % 2 else (None,)
    )
    for bye in candidates:
        listed = [p for p in ordered if p is not bye]
        if bye is not None:
            lines.append(Message("bye: #%(player)s (B.2)", player=bye.number))
        distance = list_distance(request, len(listed))
        lines.append(Message(
            "N = %(n)s: d = min(R - r + 1, floor(N/2)) = min(%(left)s, %(half)s) = %(d)s, "
            "counted in list positions, paired or not (B.3.3)", n=len(listed),
            left=request.total_rounds - request.round_no + 1, half=len(listed) // 2, d=distance,
        ))  # fmt: skip
        pairs = ListPairer(listed, distance, rules).run()
        if pairs is not None:
            boards = _boards(pairs, listed, request, lines)
            return Pairing(boards, bye.number if bye else None, tuple(lines))
        lines.append(Message("no complete pairing of the list with this bye (B.3.3.5)"))
    raise NoValidPairing(
        f"round {request.round_no}: no pairing of the {len(ordered)} players to be paired "
        "meets the Amalfi compatibility rules (B.3.1); the arbiter decides"
    )


def _validate(request: PairingRequest) -> None:
    """The shared request checks, then what Amalfi adds: ratings rank players (B.1), and the
    system defines no acceleration."""
    check_request(request)
    for entry in request.players:
        if entry.rating < 0:
            raise InvalidRequest(f"player {entry.number}: rating {entry.rating} is negative")
        if entry.acceleration.get(request.round_no):
            raise InvalidRequest(
                f"player {entry.number}: acceleration is not defined for the Amalfi system"
            )


def _bye_candidates(
    ordered: Sequence[AmalfiPlayer], points: PointSystem, lines: list[Message]
) -> list[AmalfiPlayer]:
    """B.2, in the order tried: from the bottom of the list up, players who may still get
    a bye (at most one; a win without playing counts as one), those who have played a game
    before those who have not (ruling "Amalfi: bye to a player without a game")."""
    eligible = [p for p in reversed(ordered) if pab_eligible(p.entry, points)]
    played = [p for p in eligible if p.games]
    unplayed = [p for p in eligible if not p.games]
    if not eligible:
        lines.append(Message("nobody may get the bye (B.2)"))
        return []
    first = (played + unplayed)[0]
    without_game = {p.number for p in unplayed}
    for player in reversed(ordered):
        if player is first:
            break
        if player.number in without_game:
            lines.append(Message(
                "#%(player)s has played no game while #%(first)s above has: the bye passes "
                "up (B.2)", player=player.number, first=first.number,
            ))  # fmt: skip
        else:  # below the lowest eligible player who has played: not eligible
            lines.append(
                Message(
                    "#%(player)s may not get the bye: already had a bye or an unplayed win (B.2)",
                    player=player.number,
                )
            )
    return played + unplayed


def _boards(
    pairs: Sequence[tuple[AmalfiPlayer, AmalfiPlayer, Step]],
    listed: Sequence[AmalfiPlayer],
    request: PairingRequest,
    lines: list[Message],
) -> tuple[Board, ...]:
    """Explain each pair, order the boards (GHR 3.6) and give colours (B.3.4)."""
    position = {p.number: i for i, p in enumerate(listed)}
    by_number = {p.number: p for p in listed}
    for upper, lower, step in pairs:
        lines.append(describe(upper, lower, step))
    scores = {p.number: p.score for p in listed}
    # Colours depend on board order (round-1 alternation), board order not on colours: order
    # first with the upper player provisionally on the left.
    ordered = board_order(
        (Board(upper.number, lower.number) for upper, lower, _ in pairs), scores, position
    )
    last_round = request.round_no == request.total_rounds
    drawn = request.initial_colour
    boards = []
    for number, provisional in enumerate(ordered, 1):
        upper, lower = by_number[provisional.white], by_number[provisional.black]
        decided = colour_rule(upper, lower, last_round=last_round)
        if decided is None:
            colour, why = (
                drawn,
                Message(
                    "neither has played a game: the drawn colour, alternating by board (B.3.4)"
                ),
            )
            drawn = drawn.opposite
        else:
            colour, why = decided
        white, black = (upper, lower) if colour is Colour.WHITE else (lower, upper)
        boards.append(Board(white.number, black.number))
        lines.append(Message("board %(board)s: #%(white)s - #%(black)s: %(why)s", board=number,
                             white=white.number, black=black.number, why=why))  # fmt: skip
    return tuple(boards)
