"""The Berger tables as published, transcribed as data (never computed): FIDE Handbook
C.05 Annex 1, as reproduced on http://c.w.fox.tripod.com/chess/berger.html (tables for 3/4
to 11/12 players, and 13/14 to round 6) and on the "Crenshaw-Berger Tables" scan
(https://www.scribd.com/document/381712253/Berger-Tables: 3/4 to 13/14 players, all rounds),
which agree board for board wherever both print a round. One line per round, ``white-black``
by pairing number, board 1 first; an odd field plays the table of the next even number, its
last number being the bye."""

PUBLISHED = {
    4: """
        1-4 2-3
        4-3 1-2
        2-4 3-1
    """,
    6: """
        1-6 2-5 3-4
        6-4 5-3 1-2
        2-6 3-1 4-5
        6-5 1-4 2-3
        3-6 4-2 5-1
    """,
    8: """
        1-8 2-7 3-6 4-5
        8-5 6-4 7-3 1-2
        2-8 3-1 4-7 5-6
        8-6 7-5 1-4 2-3
        3-8 4-2 5-1 6-7
        8-7 1-6 2-5 3-4
        4-8 5-3 6-2 7-1
    """,
    10: """
        1-10 2-9 3-8 4-7 5-6
        10-6 7-5 8-4 9-3 1-2
        2-10 3-1 4-9 5-8 6-7
        10-7 8-6 9-5 1-4 2-3
        3-10 4-2 5-1 6-9 7-8
        10-8 9-7 1-6 2-5 3-4
        4-10 5-3 6-2 7-1 8-9
        10-9 1-8 2-7 3-6 4-5
        5-10 6-4 7-3 8-2 9-1
    """,
    12: """
        1-12 2-11 3-10 4-9 5-8 6-7
        12-7 8-6 9-5 10-4 11-3 1-2
        2-12 3-1 4-11 5-10 6-9 7-8
        12-8 9-7 10-6 11-5 1-4 2-3
        3-12 4-2 5-1 6-11 7-10 8-9
        12-9 10-8 11-7 1-6 2-5 3-4
        4-12 5-3 6-2 7-1 8-11 9-10
        12-10 11-9 1-8 2-7 3-6 4-5
        5-12 6-4 7-3 8-2 9-1 10-11
        12-11 1-10 2-9 3-8 4-7 5-6
        6-12 7-5 8-4 9-3 10-2 11-1
    """,
    14: """
        1-14 2-13 3-12 4-11 5-10 6-9 7-8
        14-8 9-7 10-6 11-5 12-4 13-3 1-2
        2-14 3-1 4-13 5-12 6-11 7-10 8-9
        14-9 10-8 11-7 12-6 13-5 1-4 2-3
        3-14 4-2 5-1 6-13 7-12 8-11 9-10
        14-10 11-9 12-8 13-7 1-6 2-5 3-4
        4-14 5-3 6-2 7-1 8-13 9-12 10-11
        14-11 12-10 13-9 1-8 2-7 3-6 4-5
        5-14 6-4 7-3 8-2 9-1 10-13 11-12
        14-12 13-11 1-10 2-9 3-8 4-7 5-6
        6-14 7-5 8-4 9-3 10-2 11-1 12-13
        14-13 1-12 2-11 3-10 4-9 5-8 6-7
        7-14 8-6 9-5 10-4 11-3 12-2 13-1
    """,
}

VARMA_PUBLISHED = {
    10: ("3 4 8", "5 7 9", "1 6", "2 10"),
    12: ("4 5 9 10", "1 2 7", "6 8 12", "3 11"),
    14: ("4 5 6 11 12", "1 2 8 9", "7 10 13", "3 14"),
    16: ("5 6 7 12 13 14", "1 2 3 9 10", "8 11 15", "4 16"),
    18: ("5 6 7 8 14 15 16", "1 2 3 10 11 12", "9 13 17", "4 18"),
    20: ("6 7 8 9 15 16 17 18", "1 2 3 11 12 13 14", "5 10 19", "4 20"),
    22: ("6 7 8 9 10 17 18 19 20", "1 2 3 4 12 13 14 15", "11 16 21", "5 22"),
    24: ("6 7 8 9 10 11 19 20 21 22", "1 2 3 4 13 14 15 16 17", "12 18 23", "5 24"),
}
"""Envelopes A-D of the Varma tables, FIDE Handbook C.05 Annex 2
(http://handbook.fide.com/chapter/C05Annex2, point 5). The stored copy of that page is cut
after envelope B of 21/22 players; envelopes C and D of 21/22 and the 23/24 row are as the
gnutterts/chesspairing transcription of the same Annex gives them (its other rows agree
with the FIDE page number for number)."""


def games(text: str) -> list[list[tuple[int, int]]]:
    """The rounds of a published table: ``[[(white, black), ...], ...]``."""
    return [
        [tuple(int(n) for n in game.split("-")) for game in line.split()]  # type: ignore[misc]
        for line in text.strip().splitlines()
    ]
