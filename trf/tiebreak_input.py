"""A TRF document as tie-break input: the :class:`~events.tiebreaks.Crosstable` after round R.

Round blocks map to round kinds as in trf.md §4.3 and tiebreaks.md §5.7: ``W``/``D``/``L``
(games of less than one move) are played games, ``0000 - +`` is scored as a PAB (as
bbpPairings does), ``-`` without an opponent and a blank block are absences (zero-point byes),
and a double forfeit is a forfeit loss for both. Points come from the file's point system.

>>> from trf.reader import read_trf
>>> doc, _ = read_trf('''\\
... 001    1      A                                 2000                             1.0          2 w 1
... 001    2      B                                 1900                             0.0          1 b 0
... ''')
>>> table = crosstable_from_trf(doc)
>>> table.rounds, [str(p.points) for p in table.players]
(1, ['1', '0'])
"""

from __future__ import annotations

from fractions import Fraction

from engine.model import Colour, Outcome, PairingNumber, RoundKind
from events.tiebreaks import Crosstable, PlayerRecord, RoundEntry, TiebreakInputError
from trf.codes import entry_kind, pending
from trf.model import Player, TrfDocument
from trf.model import RoundEntry as TrfRoundEntry
from trf.scoring import PointSystem, entry_points, point_system

__all__ = ["crosstable_from_trf", "last_round_with_results"]

_RESULTS = {"1": Outcome.WIN, "W": Outcome.WIN, "=": Outcome.DRAW, "D": Outcome.DRAW,
            "0": Outcome.LOSS, "L": Outcome.LOSS}  # fmt: skip


def last_round_with_results(doc: TrfDocument) -> int:
    """The last round in which two players have a result (played or forfeited).

    A column holding only announced byes or pairings without results is not a finished round.
    """
    finished = {RoundKind.PLAYED, RoundKind.FORFEIT_WIN, RoundKind.FORFEIT_LOSS}
    rounds = [
        round_no
        for player in doc.players
        for round_no, entry in enumerate(player.rounds, start=1)
        if entry_kind(entry) in finished
    ]
    return max(rounds, default=0)


def crosstable_from_trf(doc: TrfDocument, round_no: int | None = None) -> Crosstable:
    """The crosstable after ``round_no`` (default: :func:`last_round_with_results`).

    :raises TiebreakInputError: for a round outside the results, or naming the player and
        round of a block that cannot be ranked (an unknown result ``X``, a pairing without a
        result, an invalid block) or of an inconsistent pairing.
    """
    last = last_round_with_results(doc)
    if last < 1:
        raise TiebreakInputError("the file has no round with results")
    rounds = last if round_no is None else round_no
    if not 1 <= rounds <= last:
        raise TiebreakInputError(f"round {rounds}: the file has results for rounds 1 to {last}")
    system = point_system(doc)
    players = tuple(
        PlayerRecord(
            pairing_number=PairingNumber(player.pairing_no),
            rounds=tuple(_entry(player, r, system) for r in range(1, rounds + 1)),
            rating=player.rating or None,
            name=player.name,
        )
        for player in doc.players
    )
    return Crosstable(
        players,
        rounds,
        win_points=Fraction(system.WW),
        draw_points=Fraction(system.WD),
    )


def _entry(player: Player, round_no: int, system: PointSystem) -> RoundEntry:
    block: TrfRoundEntry = player.entry(round_no)
    kind = entry_kind(block)
    points = Fraction(entry_points(block, system))
    colour = Colour(block.colour) if block.colour in ("w", "b") else None
    where = f"player {player.pairing_no}, round {round_no}"
    if kind is RoundKind.PLAYED:
        outcome = _RESULTS.get(block.result)
        if outcome is None:  # X: a result not known (adjourned, not reported)
            raise TiebreakInputError(f"{where}: result {block.result!r} is not a finished game")
        assert colour is not None and block.opponent is not None  # entry_kind checked both
        opponent = PairingNumber(block.opponent)
        return RoundEntry.game(opponent=opponent, colour=colour, outcome=outcome, points=points)
    if kind in (RoundKind.FORFEIT_WIN, RoundKind.FORFEIT_LOSS):
        assert block.opponent is not None
        won = kind is RoundKind.FORFEIT_WIN
        opponent = PairingNumber(block.opponent)
        return RoundEntry.forfeit(opponent=opponent, won=won, points=points, colour=colour)
    if kind is not None:
        return RoundEntry.bye(kind, points=points)
    if pending(block):
        raise TiebreakInputError(f"{where}: the pairing has no result yet")
    raise TiebreakInputError(f"{where}: invalid round block {block}")
