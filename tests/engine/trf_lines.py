"""TRF ``001`` lines for engine tests, written column-exactly (trf.md §4.1)."""

from __future__ import annotations

__all__ = ["player_line"]


def player_line(number: int, points: str, *blocks: str, rating: int | None = None) -> str:
    """A player line: name in 15-47, rating 49-52, points 81-84, rank 86-89, then one
    10-column block per round from column 92 (``"   4 w 1"``, ``"0000 - H"``)."""
    rating = 2000 - number if rating is None else rating
    line = f"001 {number:4d}      {f'Player {number}':<33} {rating:4d}{'':28}{points:>4}{number:5d}"
    return line + "".join(f"  {block}" for block in blocks)
