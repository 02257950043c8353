"""The FIDE Lim system (C.04.4.3, 2026 edition): ``PairingRequest -> Pairing``.

The round is paired scoregroup by scoregroup (2.2): from the top group down to just above
the median group, then from the bottom group up to just below it, and the median group
(score = half the rounds played) last, downward. Groups above the median send floaters
down, groups below send them up, so every floater ends in a later group; the median group
collects what is left and, when it cannot be paired, takes back pairs of the neighbouring
groups one at a time (2.6). :mod:`engine.lim.brackets` pairs one group,
:mod:`engine.lim.floaters` chooses floaters, :mod:`engine.lim.colours` gives colours.

Every decision is kept as data (:class:`~engine.lim.explain.LimTrace`, in
:mod:`engine.lim.explain`): which player floated, of which kind (3.9 a–d), under which
article and why; why each opponent and each colour. The ``Pairing.explanation`` lines are
rendered from it.

>>> from engine.model import PairingRequest, PlayerEntry, PairingNumber
>>> field = tuple(PlayerEntry(PairingNumber(n), rating=2000 - n) for n in range(1, 5))
>>> pair(PairingRequest(round_no=1, total_rounds=5, players=field)).boards
(Board(white=1, black=3), Board(white=4, black=2))
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from engine.common import Float, board_order, check_request, pab_eligible
from engine.errors import NoValidPairing
from engine.lim.brackets import PairNote, ScoreGroup, pair_off, settle_group
from engine.lim.explain import LimOutcome, LimTrace, group_trace
from engine.lim.floaters import FloatDecision, floater_kinds
from engine.lim.players import LimField, LimPlayer, build_field
from engine.matching import perfect_matching
from engine.messages import Message
from engine.model import Pairing, PairingRequest

__all__ = ["explain_lim", "pair"]


def pair(request: PairingRequest) -> Pairing:
    """Pair ``request.round_no`` by the Lim system (``request.maxi``: 100-point limits).

    :raises engine.errors.InvalidRequest: the request contradicts itself (:func:`engine.common.check_request`).
    :raises NoValidPairing: no pairing respects the absolute rules.
    """
    return explain_lim(request).pairing


def explain_lim(request: PairingRequest) -> LimOutcome:
    """:func:`pair` with the engine's decisions as data."""
    check_request(request)
    field = build_field(request)
    players = field.ranked(field.players.values())
    bye, bye_reason = _choose_bye(field, players)
    if bye is not None:
        players = [p for p in players if p is not bye]
    elif perfect_matching(players, field.compatible) is None:
        raise NoValidPairing(
            f"round {request.round_no}: the players cannot all be paired without a rematch "
            "or a breach of the colour limits"
        )
    groups = _pair_groups(field, players)
    positions = {
        p.number: i for i, p in enumerate(sorted(players, key=lambda p: p.number), start=1)
    }
    traces = tuple(group_trace(field, group, positions) for group in groups)
    boards = [pair.board for group in traces for pair in group.pairs]
    scores = {p.number: p.score for p in players}
    trace = LimTrace(
        request.round_no,
        request.total_rounds,
        field.median,
        field.maxi,
        bye.number if bye else None,
        bye_reason,
        traces,
    )
    pairing = Pairing(
        boards=board_order(boards, scores, {n: int(n) for n in scores}),
        bye=bye.number if bye else None,
        explanation=trace.lines(),
    )
    return LimOutcome(pairing, trace)


def _choose_bye(field: LimField, players: Sequence[LimPlayer]) -> tuple[LimPlayer | None, str]:
    """1.1: the lowest-ranked player of the lowest scoregroup; round 1 (7.1): the lowest-rated.

    Arbiter's reading: a player barred by Basic Rule 4, or whose absence would leave the
    others unpairable, is passed over for the next one up the same group, then the groups above.
    """
    if len(players) % 2 == 0:
        return None, ""
    if field.request.round_no == 1:
        order = sorted(players, key=lambda p: (p.rating, -p.number))
        rule = Message("7.1: the lowest-rated player")
    else:
        order = sorted(players, key=lambda p: (p.score, -p.number))
        rule = Message("1.1: the lowest-ranked player of the lowest scoregroup")
    passed: list[Message] = []
    for candidate in order:
        if not pab_eligible(candidate.entry, field.request.points):
            passed.append(Message("%(player)s (Basic Rule 4)", player=candidate))
            continue
        rest = [p for p in players if p is not candidate]
        if perfect_matching(rest, field.compatible) is None:
            passed.append(
                Message("%(player)s (the others could not all be paired)", player=candidate)
            )
            continue
        if not passed:
            return candidate, rule
        return candidate, Message("%(rule)s; passed over: %(passed)s", rule=rule,
                                  passed=passed)  # fmt: skip
    raise NoValidPairing(
        f"round {field.request.round_no}: no player can receive the pairing-allocated bye "
        "with all the others paired"
    )


def _pair_groups(field: LimField, players: Sequence[LimPlayer]) -> list[ScoreGroup]:
    """2.2: the groups above the median downward, those below upward, the median last."""
    scores = sorted({p.score for p in players} | {field.median}, reverse=True)
    groups = {
        score: ScoreGroup(
            score,
            Float.UP if score < field.median else Float.DOWN,
            [p for p in players if p.score == score],
        )
        for score in scores
    }
    median = groups[field.median]
    above = [groups[s] for s in scores if s > field.median]
    below = [groups[s] for s in reversed(scores) if s < field.median]
    for chain, way in ((above, Float.DOWN), (below, Float.UP)):
        for group, following in zip(chain, [*chain[1:], median]):
            for floater in settle_group(field, group, following.members()):
                following.arrivals.append((floater, way))
    _settle_median(field, median, above[::-1], below[::-1])
    ordered = [*above, *below, median]
    return [group for group in ordered if group.members() or group.pairs]


def _settle_median(
    field: LimField, median: ScoreGroup, above: list[ScoreGroup], below: list[ScoreGroup]
) -> None:
    """Pair the median group; while it cannot be paired, take back the next pair of the
    neighbouring groups (2.6): of the group below when more floaters came from above than
    from below, else of the group above; nearest the median first.

    Arbiter's reading: the side is chosen once, from the floaters received before any take-back;
    when that side has no pairs left the other side gives them.
    """
    from_above = sum(1 for _, way in median.arrivals if way is Float.DOWN)
    from_below = len(median.arrivals) - from_above
    sides = (below, above) if from_above > from_below else (above, below)
    takebacks = _takebacks(sides)
    while perfect_matching(median.members(), field.compatible) is None:
        taken = next(takebacks, None)
        if taken is None:  # cannot happen: the whole field was checked to be pairable
            raise NoValidPairing(
                f"round {field.request.round_no}: the median group cannot be paired"
            )
        group, note = taken
        group.pairs.remove(note)
        way = group.direction
        players = [note.first, note.second]
        kinds = floater_kinds(field, players, median.members(), way, group.received())
        for player in players:
            median.arrivals.append((player, way))
            group.floats.append(
                FloatDecision(
                    player.number,
                    group.score,
                    way,
                    kinds[player],
                    "2.6",
                    Message(
                        "pair %(first)s-%(second)s taken back: the median group could not "
                        "be paired",
                        first=note.first,
                        second=note.second,
                    ),
                )
            )
    median.pairs = pair_off(field, median, median.members())


def _takebacks(
    sides: tuple[list[ScoreGroup], list[ScoreGroup]],
) -> Iterator[tuple[ScoreGroup, PairNote]]:
    """2.6 "next pairing": a group below gives its pair with the top-most player first, a
    group above its pair with the bottom-most player first; nearest group first."""
    for side in sides:
        for group in side:
            if group.direction is Float.UP:
                ordered = sorted(group.pairs, key=lambda n: min(n.first.rank, n.second.rank))
            else:
                ordered = sorted(
                    group.pairs, key=lambda n: max(n.first.rank, n.second.rank), reverse=True
                )
            for note in ordered:
                yield group, note
