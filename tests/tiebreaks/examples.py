"""The worked example of spec/tiebreaks.md §5.8: the trf.md §7 file read as a 3-round event.

Seven players; #7 has a PAB in round 1, #6 a half-point bye in round 2 followed by a game,
#4 loses round 2 by forfeit to #5 and has a zero-point bye in round 3 (withdrawal), so its
last round is 16.2.5. #6 and #7 are unrated. Scores 2.5, 1.5, 1.5, 0, 1.5, 2, 1.5.
"""

from __future__ import annotations

import textwrap
from fractions import Fraction

from engine.model import Colour, Outcome, PairingNumber, RoundKind
from events.decisions import (
    CreateTournament,
    PairManually,
    RecordResult,
    RegisterPlayer,
    RequestBye,
    WithdrawPlayer,
)
from events.results import parse_result
from events.tiebreaks import Crosstable, PlayerRecord, RoundEntry
from events.types import ByeKind, PairedBoard, PlayerId
from server.service import TournamentService

HALF = Fraction(1, 2)
ONE = Fraction(1)
ZERO = Fraction(0)

TRF_TEXT = textwrap.dedent(
    """\
    012 Example Open 2026
    001    1 m FM Example, Anna-Lena                2105 AUT    90000011 1990/04/12  2.5    1     4 w 1     2 b =     3 b 1
    001    2 wWIM Beispiel, Berta                   2050 GER    90000022 1985/00/00  1.5    3     5 b 1     1 w =     6 b 0
    001    3 m    Muster, Carl                      1990 SUI    90000033 2004/11/30  1.5    4     6 w =     7 b 1     1 w 0
    001    4 m    Sample, Dan                       1900 ENG    90000044 1978/00/00  0.0    7     1 b 0     5 w -  0000 - Z
    001    5 w    Exemple, Eve                      1850 FRA    90000055 2010/01/01  1.5    5     2 w 0     4 b +     7 w =
    001    6 m    Ejemplo, Felipe                        ESP                         2.0    2     3 b =  0000 - H     2 w 1
    001    7 m    Esempio, Gino                          ITA                         1.5    6  0000 - U     3 w 0     5 b =
    XXR 5
    """
)
"""The file of trf.md §7 (its rounds 1-3 are the whole event here)."""

_OUTCOME = {"1": Outcome.WIN, "=": Outcome.DRAW, "0": Outcome.LOSS}


def _game(opponent: int, colour: str, code: str) -> RoundEntry:
    outcome = _OUTCOME[code]
    return RoundEntry.game(
        opponent=PairingNumber(opponent), colour=Colour(colour), outcome=outcome,
        points=outcome.score,
    )  # fmt: skip


def worked_example() -> Crosstable:
    """The §5.8 event, built by hand from the file above."""
    rows = {
        1: (2105, (_game(4, "w", "1"), _game(2, "b", "="), _game(3, "b", "1"))),
        2: (2050, (_game(5, "b", "1"), _game(1, "w", "="), _game(6, "b", "0"))),
        3: (1990, (_game(6, "w", "="), _game(7, "b", "1"), _game(1, "w", "0"))),
        4: (1900, (
            _game(1, "b", "0"),
            RoundEntry.forfeit(opponent=PairingNumber(5), won=False, points=ZERO, colour=Colour.WHITE),
            RoundEntry.bye(RoundKind.ZERO_BYE, points=ZERO),
        )),
        5: (1850, (
            _game(2, "w", "0"),
            RoundEntry.forfeit(opponent=PairingNumber(4), won=True, points=ONE, colour=Colour.BLACK),
            _game(7, "w", "="),
        )),
        6: (None, (
            _game(3, "b", "="),
            RoundEntry.bye(RoundKind.HALF_BYE, points=HALF),
            _game(2, "w", "1"),
        )),
        7: (None, (
            RoundEntry.bye(RoundKind.PAB, points=ONE),
            _game(3, "w", "0"),
            _game(5, "b", "="),
        )),
    }  # fmt: skip
    players = tuple(
        PlayerRecord(PairingNumber(number), rounds, rating=rating)
        for number, (rating, rounds) in rows.items()
    )
    return Crosstable(players, rounds=3)


def play_worked_example(service: TournamentService, tournament_id: str, **settings: object) -> None:
    """Play the §5.8 event through the service's commands (``settings``: tie-break fields)."""
    service.create(CreateTournament(tournament_id=tournament_id, name="Example Open", rounds=3,
                                    **settings))  # type: ignore[arg-type]  # fmt: skip
    for surname, given_name, rating in (
        ("Example", "Anna-Lena", 2105), ("Beispiel", "Berta", 2050), ("Muster", "Carl", 1990),
        ("Sample", "Dan", 1900), ("Exemple", "Eve", 1850), ("Ejemplo", "Felipe", 0),
        ("Esempio", "Gino", 0),
    ):  # fmt: skip
        service.execute(
            tournament_id, RegisterPlayer(surname=surname, given_name=given_name, rating=rating)
        )

    def play(round_no: int, boards: list[tuple[int, int, str]], pab: int | None = None) -> None:
        pairing = PairManually(
            boards=tuple(PairedBoard(white=PlayerId(w), black=PlayerId(b)) for w, b, _ in boards),
            pab=None if pab is None else PlayerId(pab),
        )
        service.pair_manually(tournament_id, pairing)
        for board, (_, _, result) in enumerate(boards, start=1):
            service.execute(
                tournament_id,
                RecordResult(round_no=round_no, board=board, result=parse_result(result)),
            )

    play(1, [(1, 4, "1-0"), (5, 2, "0-1"), (3, 6, "1/2-1/2")], pab=7)
    service.execute(tournament_id, RequestBye(player_id=6, round_no=2, kind=ByeKind.HALF))
    play(2, [(2, 1, "1/2-1/2"), (4, 5, "-/+"), (7, 3, "0-1")])
    service.execute(tournament_id, WithdrawPlayer(player_id=4, from_round=3))
    play(3, [(3, 1, "0-1"), (6, 2, "1-0"), (5, 7, "1/2-1/2")])
