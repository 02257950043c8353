"""Printing standings with tie-breaks and crosstables: text, CSV and JSON.

Values print with the precision arbiters expect (points and Buchholz-type sums to one
decimal, SB and AOB to two, counts and ratings as integers); a tie-break without a value
(e.g. ARO without rated opponents) prints empty, and as ``null`` in JSON.
"""

from __future__ import annotations

from decimal import Decimal

import msgspec

from engine.messages import plain
from engine.model import Outcome, RoundKind
from events.tiebreaks import Crosstable, RoundEntry, Standings, Tiebreak, TiebreakValue
from events.types import NotPairedReason
from server.printouts import csv_table, text_table

__all__ = [
    "by_opponent_rows",
    "crosstable_csv",
    "crosstable_rows",
    "crosstable_table",
    "crosstable_text",
    "format_value",
    "standings_csv",
    "standings_json",
    "standings_table",
    "standings_text",
]

_TWO_DECIMALS = frozenset({"SB", "AOB"})

_BYE_CELLS = {
    RoundKind.PAB: "PAB",
    RoundKind.FULL_BYE: "FPB",
    RoundKind.HALF_BYE: "HPB",
    RoundKind.ZERO_BYE: "ZPB",
}

_NOT_PAIRED_CELLS = {NotPairedReason.LATE_ENTRY: "n/e", NotPairedReason.WITHDRAWN: "wdr"}
"""Rounds outside a player's entry; any other round not paired is an absence, ``---``."""

_GAME_RESULTS = {Outcome.WIN: "1", Outcome.DRAW: "=", Outcome.LOSS: "0"}


def format_value(tiebreak: Tiebreak, value: TiebreakValue) -> str:
    """One value as printed: ``"13.5"``, ``"11.25"``, ``"2137"``; empty when there is none.

    >>> format_value(Tiebreak("SB"), Decimal("11.5")), format_value(Tiebreak("ARO"), None)
    ('11.50', '')
    """
    if value is None:
        return ""
    if isinstance(value, int):
        return str(value)
    places = Decimal("0.01") if tiebreak.name in _TWO_DECIMALS else Decimal("0.1")
    return str(value.quantize(places))


def _json_value(tiebreak: Tiebreak, value: TiebreakValue) -> str | int | None:
    return value if value is None or isinstance(value, int) else format_value(tiebreak, value)


def _lead(ids: bool) -> list[str]:
    """The columns before the tie-breaks: rank, the id commands take (with ``ids``: a stored
    tournament's printouts, whose names also say who withdrew), the TPN, name, rating."""
    return ["Rk", *(["id"] if ids else []), "TPN", "Name", "Rtg"]


def _standings_rows(standings: Standings, ids: bool) -> list[list[str]]:
    rows = []
    for row in standings.rows:
        player = row.player
        name = player.name + (" (withdrawn)" if ids and player.withdrawn else "")
        rows.append(
            [str(row.rank)]
            + ([str(player.player_id)] if ids else [])
            + [str(row.pairing_number), name, str(player.rating or "")]
            + [format_value(t, row.values[label])
               for t, label in zip(standings.tiebreaks, standings.labels, strict=True)]
        )  # fmt: skip
    return rows


def _title(standings: Standings) -> str:
    edition = standings.edition
    basis = f"C.07 {edition.value}: {' '.join(standings.labels)}" if edition else "points"
    return f"Standings after round {standings.rounds} ({basis})"


def standings_table(
    standings: Standings, *, ids: bool = False
) -> tuple[list[str], list[list[str]]]:
    """The standings as a header and rows (what the text and HTML printouts lay out)."""
    return [*_lead(ids), *standings.labels], _standings_rows(standings, ids)


def crosstable_table(
    standings: Standings, *, ids: bool = False, table: Crosstable | None = None
) -> tuple[list[str], list[list[str]]]:
    """The crosstable as a header and rows: with a round-robin's ``table``, the all-play-all
    one (:func:`by_opponent_rows`), else a column per round."""
    if table is not None:
        return by_opponent_rows(table, standings, ids=ids)
    return crosstable_rows(standings, ids=ids)


def standings_text(standings: Standings, *, ids: bool = False) -> str:
    """A title line, one line per player in rank order, then any warnings."""
    header = [*_lead(ids), *standings.labels]
    numeric = {i for i, name in enumerate(header) if name != "Name"}
    lines = [_title(standings), *text_table(header, _standings_rows(standings, ids), right=numeric)]
    lines += [f"Note: {warning}" for warning in standings.warnings]
    return "\n".join(lines)


def standings_csv(standings: Standings, *, ids: bool = False) -> str:
    """rank, (id,) start_rank, name, rating and one column per tie-break label."""
    header = [*_csv_lead(ids), *standings.labels]
    return csv_table(header, _standings_rows(standings, ids))


def _csv_lead(ids: bool) -> list[str]:
    return ["rank", *(["id"] if ids else []), "start_rank", "name", "rating"]


def standings_json(standings: Standings) -> str:
    """Per start rank, the rank and each tie-break value (the reference fixtures' layout)."""
    players = {
        str(row.pairing_number): {
            "rank": row.rank,
            **{
                label: _json_value(t, row.values[label])
                for t, label in zip(standings.tiebreaks, standings.labels, strict=True)
            },
        }
        for row in sorted(standings.rows, key=lambda r: r.pairing_number)
    }
    document = {
        "rules": standings.edition.value if standings.edition else None,
        "round": standings.rounds,
        "tiebreaks": list(standings.labels),
        "warnings": list(standings.warnings),
        "players": players,
    }
    return msgspec.json.format(msgspec.json.encode(document, enc_hook=plain), indent=2).decode()


def _cell(entry: RoundEntry) -> str:
    """``12w1``, ``7b=``, ``3w0`` for games, ``5b+``/``5w-`` for forfeits, else the bye kind."""
    if entry.kind in _BYE_CELLS:
        return _BYE_CELLS[entry.kind]
    if entry.kind is RoundKind.NOT_PAIRED:
        return _NOT_PAIRED_CELLS.get(entry.reason, "---") if entry.reason else "---"
    colour = entry.colour.value if entry.colour else "-"
    if entry.played:
        assert entry.outcome is not None
        return f"{entry.opponent}{colour}{_GAME_RESULTS[entry.outcome]}"
    return f"{entry.opponent}{colour}{'+' if entry.kind is RoundKind.FORFEIT_WIN else '-'}"


def crosstable_rows(
    standings: Standings, *, ids: bool = False
) -> tuple[list[str], list[list[str]]]:
    """The header and, in rank order, the lead columns, a cell per round and the tie-break
    values (also the web crosstable's cells)."""
    rounds = [str(r) for r in range(1, standings.rounds + 1)]
    lead = len(_lead(ids))
    header = [*_lead(ids), *rounds, *standings.labels]
    rows = []
    for base, row in zip(_standings_rows(standings, ids), standings.rows, strict=True):
        cells = [_cell(entry) for entry in row.player.rounds]
        rows.append(base[:lead] + cells + base[lead:])
    return header, rows


def by_opponent_rows(
    table: Crosstable, standings: Standings, *, ids: bool = False
) -> tuple[list[str], list[list[str]]]:
    """A round-robin's crosstable: a row per pairing number, a column per opponent's number
    holding the results against him (both, a double round-robin's, in order; ``×`` the
    player's own), then the tie-break values. The cells are ``table``'s, every result as
    played; rank and values are ``standings``'."""
    lead = len(_lead(ids))
    numbers = [str(n) for n in range(1, len(table.players) + 1)]
    header = [*_lead(ids), *numbers, *standings.labels]
    base = dict(
        zip(
            (row.pairing_number for row in standings.rows),
            _standings_rows(standings, ids),
            strict=True,
        )
    )
    rows = []
    for player in table.players:
        against: dict[int, list[str]] = {}
        for entry in player.rounds:
            if entry.opponent is not None:
                against.setdefault(entry.opponent, []).append(_result(entry))
        cells = [
            "×" if n == player.pairing_number else " ".join(against.get(n, []))
            for n in range(1, len(table.players) + 1)
        ]
        row = base[player.pairing_number]
        rows.append(row[:lead] + cells + row[lead:])
    return header, rows


def _result(entry: RoundEntry) -> str:
    """A result against an opponent, from the player's side: ``1``, ``=``, ``0``, ``+``, ``-``."""
    if entry.played:
        assert entry.outcome is not None
        return _GAME_RESULTS[entry.outcome]
    return "+" if entry.kind is RoundKind.FORFEIT_WIN else "-"


def crosstable_text(
    standings: Standings, *, ids: bool = False, table: Crosstable | None = None
) -> str:
    """The standings with every round: opponent's TPN, colour and result; with a
    round-robin's ``table``, the results against each opponent (:func:`crosstable_table`)."""
    header, rows = crosstable_table(standings, ids=ids, table=table)
    lead = len(_lead(ids))
    numeric = {i for i, name in enumerate(header[:lead]) if name != "Name"}
    numeric |= set(range(len(header) - len(standings.labels), len(header)))
    lines = [
        _title(standings).replace("Standings", "Crosstable", 1),
        *text_table(header, rows, right=numeric),
    ]
    lines += [f"Note: {warning}" for warning in standings.warnings]
    return "\n".join(lines)


def crosstable_csv(
    standings: Standings, *, ids: bool = False, table: Crosstable | None = None
) -> str:
    """The crosstable as CSV: one column per round (``r1`` …), or with a round-robin's
    ``table`` one per opponent's pairing number (``vs1`` …), then the tie-breaks."""
    header, rows = crosstable_table(standings, ids=ids, table=table)
    names = _csv_lead(ids)
    middle = header[len(names) : len(header) - len(standings.labels)]
    prefix = "r" if table is None else "vs"
    header = [*names, *(prefix + name for name in middle), *standings.labels]
    return csv_table(header, rows)
