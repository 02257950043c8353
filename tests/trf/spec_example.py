"""The TRF16 + TRFx example of trf.md §7, as a canonical Arbiter file (CRLF line ends).

Seven players, ready to pair round 4 of 5: a PAB (#7, round 1), a half-point bye (#6, round 2),
a forfeit (#4 did not play #5, round 2), #4 absent in round 3 (zero-point bye).
"""

from __future__ import annotations

LINES = [
    "012 Example Open 2026",
    "022 Graz",
    "032 AUT",
    "042 2026/03/01",
    "052 2026/03/05",
    "062 7",
    "072 5",
    "092 Individual: Swiss-System (FIDE Dutch)",
    "102 IA Arbiter, Chief (99999999)",
    "112 FA Deputy, One",
    "122 90 min/40 moves + 30 min + 30 sec/move",
    "132" + " " * 88 + "26/03/01  26/03/02  26/03/03  26/03/04  26/03/05",
    "001    1 m FM Example, Anna-Lena                2105 AUT    90000011 1990/04/12  2.5    1     4 w 1     2 b =     3 b 1",
    "001    2 wWIM Beispiel, Berta                   2050 GER    90000022 1985/00/00  1.5    3     5 b 1     1 w =     6 b 0",
    "001    3 m    Muster, Carl                      1990 SUI    90000033 2004/11/30  1.5    4     6 w =     7 b 1     1 w 0",
    "001    4 m    Sample, Dan                       1900 ENG    90000044 1978/00/00  0.0    7     1 b 0     5 w -  0000 - Z",
    "001    5 w    Exemple, Eve                      1850 FRA    90000055 2010/01/01  1.5    5     2 w 0     4 b +     7 w =",
    "001    6 m    Ejemplo, Felipe                        ESP                         2.0    2     3 b =  0000 - H     2 w 1",
    "001    7 m    Esempio, Gino                          ITA                         1.5    6  0000 - U     3 w 0     5 b =",
    "XXR 5",
    "XXC white1",
]

TEXT = "".join(line + "\r\n" for line in LINES)
PLAYER_LINE = {pairing_no: 12 + pairing_no for pairing_no in range(1, 8)}
"""Line number of each player's ``001`` line in :data:`TEXT`."""


def replace_player(pairing_no: int, old: str, new: str) -> str:
    """:data:`TEXT` with one substring of one player's line replaced (columns kept)."""
    assert len(old) == len(new)
    lines = list(LINES)
    index = PLAYER_LINE[pairing_no] - 1
    assert old in lines[index]
    lines[index] = lines[index].replace(old, new, 1)
    return "".join(line + "\r\n" for line in lines)


def player_line(
    pairing_no: int, name: str, points: str, *blocks: str, rank: int | None = None
) -> str:
    """A ``001`` line laid out by the columns of trf.md §4.1/§4.2 (static part, then blocks).

    ``blocks`` are round blocks as "opponent colour result", e.g. ``"2 w 1"`` or ``"0000 - H"``.
    """
    static = f"001 {pairing_no:>4}      {name:<33}" + " " * 33 + f"{points:>4} {rank or '':>4}"
    assert len(static) == 89
    grid = ""
    for block in blocks:
        opponent, colour, result = block.split(" ")
        grid += f"  {opponent:>4} {colour} {result}"
    return static + grid
