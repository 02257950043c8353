"""Which Burstein corpus problems change answer under the 2026 rules, and which article
changes them; writes the list into docs/rulings.md (between its burstein-2026-changes
markers) with ``--write``.

    .venv/bin/python bench/burstein_editions.py            # print the list
    .venv/bin/python bench/burstein_editions.py --write    # update docs/rulings.md
    .venv/bin/python bench/burstein_editions.py --max-players 60

Every problem is paired twice, ``--rules 2017`` (the reference reading, which reproduces
the corpus answer) and ``--rules 2026``. A problem "changes" when the set of boards with
colours or the PAB differs. The article is the first step of the round procedure at which
the two editions part (docs/rulings.md, "Burstein: what the 2026 edition changes in the
corpus", says why each step differs):

1. ``1.6`` - a seeding round: 2026 pairs it by the Dutch system;
2. ``3.1`` - the PAB goes to another player;
3. ``C5-C7`` - other players leave their score groups (floaters);
4. ``1.7-1.8`` - the same floaters, other pairs: the Index ranks the brackets differently;
5. ``5.2`` - the same pairs with other colours.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.burstein import pair as pair_burstein
from engine.burstein.system import seeding_rounds
from engine.common import pairing_score
from engine.model import Pairing, PairingNumber, PairingRequest
from trf import read_trf_file
from trf.engine_request import next_round_request

ROOT = Path(__file__).resolve().parents[1]
PROBLEMS = ROOT.parent / "shared" / "fixtures" / "burstein" / "problems"
RULINGS = ROOT / "docs" / "rulings.md"
START = "<!-- burstein-2026-changes:start -->"
END = "<!-- burstein-2026-changes:end -->"

ARTICLES = {
    "1.6": "seeding round, paired by the Dutch system (1.6)",
    "3.1": "another player gets the PAB (3.1)",
    "C5-C7": "other floaters (C5-C7, 3.2)",
    "1.7-1.8": "same floaters, other pairs: the Index order (1.7, 1.8)",
    "5.2": "same pairs, other colours (5.2)",
}


def problem_players(path: Path) -> int:
    return int(path.stem.split("-p")[1][:4])


def article(request: PairingRequest, old: Pairing, new: Pairing) -> str | None:
    """The first step at which the two editions' answers part, ``None`` if they agree."""
    if set(old.boards) == set(new.boards) and old.bye == new.bye:
        return None
    if request.round_no <= seeding_rounds(request.total_rounds):
        return "1.6"
    if old.bye != new.bye:
        return "3.1"
    if _floaters(request, old) != _floaters(request, new):
        return "C5-C7"
    if {frozenset((b.white, b.black)) for b in old.boards} != {
        frozenset((b.white, b.black)) for b in new.boards
    }:
        return "1.7-1.8"
    return "5.2"


def _floaters(request: PairingRequest, pairing: Pairing) -> set[PairingNumber]:
    """The players paired outside their score group (the higher one of each such pair)."""
    score = {e.number: pairing_score(e, request.round_no) for e in request.players}
    found = set()
    for board in pairing.boards:
        if score[board.white] != score[board.black]:
            found.add(max((board.white, board.black), key=lambda n: score[n]))
    return found


def changes(max_players: int) -> dict[str, dict[str, list[int]]]:
    """Article -> tournament -> rounds whose answer the 2026 rules change."""
    found: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
    for path in sorted(PROBLEMS.glob("*.trf")):
        if problem_players(path) > max_players:
            continue
        document, _ = read_trf_file(path)
        request = next_round_request(document)
        old = pair_burstein(replace(request, rules_edition="fide-2017"))
        new = pair_burstein(replace(request, rules_edition="fide-2026"))
        step = article(request, old, new)
        if step is not None:
            tournament = path.stem.rsplit("-r", 1)[0].removeprefix("burstein-")
            found[step][tournament].append(request.round_no)
    return found


def render(found: dict[str, dict[str, list[int]]], total: int) -> str:
    count = sum(len(rounds) for by_event in found.values() for rounds in by_event.values())
    lines = [
        START,
        "",
        f"{count} of the {total} problems change; by the first article that changes them:",
        "",
    ]
    for key, title in ARTICLES.items():
        by_event = found.get(key, {})
        number = sum(len(r) for r in by_event.values())
        lines.append(
            f"- **{key}**, {title}: {number} problem{'' if number == 1 else 's'}"
            + (":" if number else ".")
        )
        for tournament in sorted(by_event):
            rounds = ", ".join(str(r) for r in sorted(by_event[tournament]))
            lines.append(f"  - {tournament}: round{'s' if ',' in rounds else ''} {rounds}")
    lines += ["", END]
    return "\n".join(lines)


def parse(text: str) -> dict[str, dict[str, list[int]]]:
    """The list as written in docs/rulings.md (inverse of :func:`render`)."""
    block = text[text.index(START) : text.index(END)]
    found: dict[str, dict[str, list[int]]] = defaultdict(dict)
    current = None
    for line in block.splitlines():
        if line.startswith("- **"):
            current = line[4 : line.index("**", 4)]
        elif line.startswith("  - ") and current is not None:
            tournament, _, rounds = line[4:].partition(": round")
            numbers = rounds.removeprefix("s").strip()
            found[current][tournament] = [int(r) for r in numbers.split(", ")]
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-players", type=int, default=10_000)
    parser.add_argument("--write", action="store_true", help="update docs/rulings.md")
    args = parser.parse_args()
    total = sum(1 for p in PROBLEMS.glob("*.trf") if problem_players(p) <= args.max_players)
    block = render(changes(args.max_players), total)
    if not args.write:
        print(block)
        return
    text = RULINGS.read_text()
    if START not in text:
        raise SystemExit(f"{RULINGS} has no {START} marker")
    RULINGS.write_text(text[: text.index(START)] + block + text[text.index(END) + len(END) :])


if __name__ == "__main__":
    main()
