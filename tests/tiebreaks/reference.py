"""The FIDE reference-tool fixtures of ``fixtures/tiebreaks``: load a case, compare Arbiter.

Each ``NAME.tiebreaks.<edition>.json`` holds, per start rank, the tool's rank and value of
every code for one rules edition; its input is ``NAME`` or ``NAME.trf`` beside it. Codes with
the tool's ``/U1400`` modifier are Arbiter's code with ``unrated_rating=1400``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from events.tiebreaks import Edition, rank
from trf import read_trf_file
from trf.tiebreak_input import crosstable_from_trf

UNRATED_SUFFIX = "/U1400"


@dataclass(frozen=True)
class Comparison:
    case: str
    start_rank: int
    code: str
    expected: Decimal | None
    actual: Decimal | None

    @property
    def agrees(self) -> bool:
        return self.expected == self.actual


def input_file(json_path: Path) -> Path:
    base = json_path.with_name(json_path.name.split(".tiebreaks.")[0])
    return base if base.is_file() else base.with_name(base.name + ".trf")


def _number(value: object) -> Decimal | None:
    # The tool writes decimals as strings and counts as integers (README "Files").
    return None if value is None else Decimal(str(value))


def compare(json_path: Path, trf_path: Path | None = None) -> Iterator[Comparison]:
    """Every value of one fixture file next to Arbiter's, in file order.

    ``trf_path`` ranks another file than the fixture's own input, as of the fixture's round.
    """
    reference = json.loads(json_path.read_text(encoding="utf-8"))
    document, _ = read_trf_file(trf_path or input_file(json_path))
    table = crosstable_from_trf(document, reference["round"])
    edition = Edition(reference["rules"])
    plain = [code for code in reference["tiebreaks"] if UNRATED_SUFFIX not in code]
    with_unrated = [code.replace(UNRATED_SUFFIX, "") for code in reference["tiebreaks"]
                    if UNRATED_SUFFIX in code]  # fmt: skip
    rows = {r.pairing_number: r for r in rank(table, " ".join(plain), edition).rows}
    rows_unrated = {
        r.pairing_number: r
        for r in rank(table, " ".join(with_unrated), edition, unrated_rating=1400).rows
    }
    for start_rank, expected in reference["players"].items():
        number = int(start_rank)
        for code, value in expected.items():
            if code == "rank":
                actual: object = rows[number].rank
            elif code.endswith(UNRATED_SUFFIX):
                actual = rows_unrated[number].values[code.removesuffix(UNRATED_SUFFIX)]
            else:
                actual = rows[number].values[code]
            yield Comparison(json_path.name, number, code, _number(value), _number(actual))
