"""The pairing checker: re-pair every round of a finished file from its own history.

FIDE asks every endorsed program for one (C.02): an arbiter audits an event paired by other
software by asking whether each recorded round is the pairing the rules give. Round ``r`` is
re-paired from rounds ``1..r-1`` as written, with the players the file shows paired in round
``r`` (:func:`trf.engine_request.round_request` with ``replay``), and compared board by
board, colours included; a forfeit recorded without colours matches either colouring.

Used by ``arbiter pair -c`` and ``arbiter check``; it knows no command line, so the HTTP
API can offer the same check.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from engine import NoValidPairing, Pairing, pair, systems
from engine.model import PairingNumber, RoundKind
from trf.codes import entry_kind
from trf.engine_request import paired_rounds, round_request
from trf.model import TrfDocument

__all__ = [
    "CheckReport",
    "RoundCheck",
    "check_document",
    "deciding_facts",
    "edition_name",
    "identify_system",
]

Pair = tuple[int, int]
"""``(white, black)``; the PAB is ``(player, 0)``."""


@dataclass(frozen=True, slots=True)
class RoundCheck:
    """One round: the file's boards, ours, and where they differ."""

    round_no: int
    recorded: tuple[Pair, ...]
    ours: tuple[Pair, ...] = ()
    pairing: Pairing | None = None
    """Our pairing (with the engine's explanation when the check asked for it and the round
    differs); None when no valid pairing exists."""
    error: str = ""
    uncoloured: frozenset[frozenset[int]] = frozenset()
    """Recorded forfeits without colours: either colouring matches."""

    @property
    def file_only(self) -> tuple[Pair, ...]:
        return tuple(
            p for p in self.recorded if p not in self.ours and not self._either_way(p, self.ours)
        )

    @property
    def ours_only(self) -> tuple[Pair, ...]:
        return tuple(
            p
            for p in self.ours
            if p not in self.recorded and not self._either_way(p, self.recorded)
        )

    @property
    def ok(self) -> bool:
        return self.pairing is not None and not self.file_only and not self.ours_only

    def line(self) -> str:
        """``round 3: ok``, or the boards only the file has and those only the rules give."""
        if self.pairing is None:
            return f"round {self.round_no}: no valid pairing ({self.error})"
        if self.ok:
            return f"round {self.round_no}: ok"
        return (
            f"round {self.round_no}: differs; recorded only: {_pairs(self.file_only)}; "
            f"rules only: {_pairs(self.ours_only)}"
        )

    def _either_way(self, pair_: Pair, others: tuple[Pair, ...]) -> bool:
        return frozenset(pair_) in self.uncoloured and (pair_[1], pair_[0]) in others


@dataclass(frozen=True, slots=True)
class CheckReport:
    system: str
    edition: str | None
    rounds: tuple[RoundCheck, ...]

    @property
    def differing(self) -> tuple[RoundCheck, ...]:
        return tuple(check for check in self.rounds if not check.ok)


def check_document(
    doc: TrfDocument, system: str, edition: str | None = None, *, explain: bool = False
) -> CheckReport:
    """Re-pair every paired round of ``doc`` with ``system`` under ``edition`` (``fide-2017``,
    ``fide-2026``, ...; None: the request's default). With ``explain``, a round that differs
    is paired again with the engine's account of it (:func:`deciding_facts` reads it); the
    rounds that agree never pay for one.

    :raises TrfError: when a round cannot be read as a pairing request.
    :raises InvalidRequest: for a system or edition the engine does not have.
    """
    checks = []
    for round_no in range(1, paired_rounds(doc) + 1):
        request = replace(round_request(doc, round_no, replay=True), explain=False)
        if edition is not None:
            request = replace(request, rules_edition=edition)
        recorded, uncoloured = _recorded(doc, round_no, systems.is_round_robin(system))
        try:
            pairing = pair(request, system)
        except NoValidPairing as error:
            checks.append(RoundCheck(round_no, recorded, error=str(error), uncoloured=uncoloured))
            continue
        ours: tuple[Pair, ...] = tuple((b.white, b.black) for b in pairing.boards)
        if pairing.bye is not None:
            ours += ((pairing.bye, 0),)
        check = RoundCheck(round_no, recorded, ours, pairing, uncoloured=uncoloured)
        if explain and not check.ok:
            check = replace(check, pairing=pair(replace(request, explain=True), system))
        checks.append(check)
    return CheckReport(system, edition, tuple(checks))


def _recorded(
    doc: TrfDocument, round_no: int, round_robin: bool = False
) -> tuple[tuple[Pair, ...], frozenset[frozenset[int]]]:
    """The round's boards as the file records them, and the PAB as ``(player, 0)``; in a
    round-robin the table's bye is recorded as a zero-point bye, and stands for it."""
    pairs: list[Pair] = []
    uncoloured: set[frozenset[int]] = set()
    for player in sorted(doc.players, key=lambda p: p.pairing_no):
        entry = player.entry(round_no)
        kind = entry_kind(entry)
        if kind is RoundKind.PAB or (round_robin and kind is RoundKind.ZERO_BYE):
            pairs.append((player.pairing_no, 0))
        elif entry.opponent is not None and entry.colour == "w":
            pairs.append((player.pairing_no, entry.opponent))
        elif (
            entry.opponent is not None
            and entry.colour == "-"
            and player.pairing_no < entry.opponent
        ):
            pairs.append((player.pairing_no, entry.opponent))
            uncoloured.add(frozenset((player.pairing_no, entry.opponent)))
    return tuple(pairs), frozenset(uncoloured)


def deciding_facts(check: RoundCheck) -> list[str]:
    """Why our pairing of a differing round is what it is: the engine's own record of the
    brackets, floats, unmet criteria and colour rules that touch the boards that differ
    (only the colour rules when the same pairs differ in colours alone)."""
    pairing = check.pairing
    if pairing is None:
        return [f"no valid pairing: {check.error}"]
    involved = {n for pair_ in check.file_only + check.ours_only for n in pair_ if n}
    trace = pairing.trace
    if trace is None:
        return [line for line in pairing.explanation if involved & _numbers_in(line)]
    lines: list[str] = []
    only_colours = {frozenset(p) for p in check.file_only} == {
        frozenset(p) for p in check.ours_only
    }
    for bracket in trace.brackets:
        members = set(bracket.residents) | set(bracket.moved_down)
        if only_colours or not members & involved:
            continue
        lines.append(
            f"bracket {float(bracket.score):g}: residents {_list(bracket.residents)}; "
            f"moved down {_list(bracket.moved_down)}"
        )
        lines += [f"  {note}" for note in bracket.notes]
        lines += [
            f"  {f.player} moves down: {f.reason}" for f in bracket.floaters if f.player in involved
        ]
        lines += [
            f"  not met: {u.criterion} for {_list(u.players)}{': ' + u.detail if u.detail else ''}"
            for u in bracket.unmet
        ]
    lines += [
        f"colours {c.white}-{c.black}: {c.rule}{' (' + c.detail + ')' if c.detail else ''}"
        for c in trace.colours
        if {c.white, c.black} & involved
    ]
    if trace.bye_reason and pairing.bye in involved:
        lines.append(f"PAB: {trace.bye_reason}")
    return lines


def _pairs(pairs: tuple[Pair, ...]) -> str:
    return ", ".join(f"{a}-{b}" for a, b in sorted(pairs)) or "none"


def _numbers_in(line: str) -> set[int]:
    return {int(n) for n in re.findall(r"\b\d+\b", line)}


def _list(numbers: tuple[PairingNumber, ...]) -> str:
    return ", ".join(str(n) for n in numbers) or "none"


_EDITION = re.compile(r"(?:fide[-_ ])?(1997|20\d\d)\b")


def identify_system(doc: TrfDocument) -> tuple[str | None, str | None]:
    """The pairing system and rules edition a file names on its ``192`` / ``092`` lines.

    A system is named by one of its words (:attr:`engine.systems.System.words`, a variant
    by its word beside them); bbpPairings' codes (``FIDE_DUTCH_2025``, ``FIDE_BURSTEIN``,
    ...) give the edition they implement, otherwise a year on the line names it
    (``fide-2017``, ``rules 2026``).

    >>> from trf.reader import read_trf
    >>> identify_system(read_trf("092 FIDE_DUTCH_2025")[0])
    ('dutch', 'fide-2026')
    >>> identify_system(read_trf("092 Individual: Swiss-System (Burstein), rules fide-2017")[0])
    ('burstein', 'fide-2017')
    >>> identify_system(read_trf("092 Individual: Swiss-System (Dubov), rules fide-1997")[0])
    ('dubov', 'fide-1997')
    >>> identify_system(read_trf("092 Individual: Swiss-System (Lim, maxi-tournament)")[0])
    ('lim-maxi', None)
    """
    text = " ".join(filter(None, (doc.header("192"), doc.header("092")))).lower()
    words = set(re.split(r"[^a-z]+", text))
    row = next((s for s in systems.rows() if words.intersection(s.words)), None)
    if row is None:
        name, codes = None, {}
    else:
        name = next((v.name for v in row.variants if v.word in words), row.name)
        codes = dict(row.codes)
    for code in text.replace("_baku", "").split():
        if code in codes:
            return name, codes[code]
    year = _EDITION.search(text)
    return name, edition_name(year.group(1)) if year else None


def edition_name(text: str) -> str:
    """``2017`` or ``fide-2017`` -> ``fide-2017`` (the engine's spelling)."""
    text = text.strip().lower()
    return text if text.startswith("fide-") else f"fide-{text}"
