"""Load a full-size FIDE players list: time and peak memory of ``arbiter ratings load``.

Generates a list of N players (default 1,500,000, FIDE's size) in the combined TXT layout
and in the XML layout, each zipped as FIDE ships them, then loads each into a fresh
database with ``arbiter ratings load`` in a child process and prints its wall time, CPU
time and peak resident memory (the child's ``ru_maxrss``). The reference run, in the same
run, is a child that only unzips the file and splits it into lines: the load's CPU time is
printed as a ratio to it. The issue's bar: well under a minute and under 200 MB.

    python bench/rating_list.py [--players N] [--keep DIR [--reuse]]
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  "
    "WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)
SURNAMES = ("García", "Müller", "O'Brien", "Núñez", "Kowalski", "Nakamura", "Ivanova", "Smith",
            "Rossi", "Dubois", "Santos", "Andersen", "Horváth", "Papadopoulos", "Öztürk", "Kim")  # fmt: skip
GIVEN = ("Ana", "Olga", "Eleni", "Luis", "Liam", "Emre", "Marta", "Giulia", "Min-jun", "Jon")
FEDERATIONS = ("ESP", "GER", "IRL", "FRA", "POL", "JPN", "RUS", "ITA", "KOR", "NOR", "IND", "USA")
TITLES = ("", "", "", "", "", "", "", "", "FM", "IM", "GM", "CM", "WFM")


def _players(count: int, seed: int = 2026) -> list[tuple[str, ...]]:
    """One tuple of field texts per player; about a third are unrated in each time control."""
    rng = random.Random(seed)
    rows = []
    for n in range(count):
        ratings = [str(rng.randint(1400, 2800)) if rng.random() < 0.66 else "" for _ in range(3)]
        rows.append((
            str(100_000 + n * 7), f"{rng.choice(SURNAMES)}{n % 9973}, {rng.choice(GIVEN)}",
            rng.choice(FEDERATIONS), rng.choice("MF"), rng.choice(TITLES), *ratings,
            str(rng.randint(1940, 2018)), rng.choice(("", "", "i", "w", "wi")),
        ))  # fmt: skip
    return rows


def write_txt(path: Path, rows: list[tuple[str, ...]]) -> None:
    with (
        zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive,
        archive.open("players_list_foa.txt", "w") as raw,
    ):
        raw.write((HEADER + "\n").encode())
        for fide_id, name, fed, sex, title, std, rpd, blz, year, flag in rows:
            line = (
                f"{fide_id:<15}{name:<61}{fed:<4}{sex:<4}{title:<5}{'':<5}{'':<15}{'':<4}"
                f"{std:<6}{'':<4}{'':<3}{rpd:<6}{'':<4}{'':<3}{blz:<6}{'':<4}{'':<3}"
                f"{year:<6}{flag}\n"
            )
            raw.write(line.encode())


def write_xml(path: Path, rows: list[tuple[str, ...]]) -> None:
    with (
        zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive,
        archive.open("players_list_xml_foa.xml", "w") as raw,
    ):
        raw.write(b'<?xml version="1.0" encoding="utf-8"?>\n<playerslist>\n')
        for fide_id, name, fed, sex, title, std, rpd, blz, year, flag in rows:
            escaped = name.replace("'", "&apos;")
            raw.write(
                (
                    f"<player><fideid>{fide_id}</fideid><name>{escaped}"
                    f"</name><country>{fed}</country><sex>{sex}</sex><title>{title}</title>"
                    "<w_title></w_title><o_title></o_title><foa_title></foa_title>"
                    f"<rating>{std}</rating><games></games><k></k>"
                    f"<rapid_rating>{rpd}</rapid_rating><rapid_games></rapid_games>"
                    f"<rapid_k></rapid_k><blitz_rating>{blz}</blitz_rating>"
                    "<blitz_games></blitz_games><blitz_k></blitz_k>"
                    f"<birthday>{year}</birthday><flag>{flag}</flag></player>\n"
                ).encode()
            )
        raw.write(b"</playerslist>\n")


_READ_ONLY = """
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as archive, archive.open(archive.namelist()[0]) as raw:
    print(sum(1 for _ in raw))
"""
"""The reference: unzip the file and split it into lines, nothing more."""


_MEASURED = """
import resource, runpy, sys
sys.argv = sys.argv[1:]
try:
    runpy.run_path(sys.argv[0], run_name="__main__") if sys.argv[0].endswith(".py") else (
        __import__("server.cli").cli.main(sys.argv[1:]))
except SystemExit as end:
    if end.code:
        raise
finally:
    used = resource.getrusage(resource.RUSAGE_SELF)
    print(used.ru_utime + used.ru_stime, used.ru_maxrss, file=sys.stderr)
"""
"""Runs a script or ``arbiter ARGS`` and prints its own CPU seconds and peak resident KB last
on stderr (CPU time, unlike wall time, hardly grows when others share the machine)."""


def _child(arguments: list[str]) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds and peak resident MB of one child process."""
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", _MEASURED, *arguments],
        check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    elapsed = time.perf_counter() - started
    cpu, peak = done.stderr.split()[-2:]
    return elapsed, float(cpu), int(peak) / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1_500_000)
    parser.add_argument("--keep", type=Path, help="Write the files and databases here.")
    parser.add_argument("--reuse", action="store_true", help="Reuse the lists --keep holds.")
    parser.add_argument("--generate-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="arbiter-rating-list-"))
    folder.mkdir(parents=True, exist_ok=True)
    files = {"txt": folder / "players_list.zip", "xml": folder / "players_list_xml.zip"}
    if args.generate_only:
        rows = _players(args.players)
        write_txt(files["txt"], rows)
        write_xml(files["xml"], rows)
        return
    if args.reuse and all(path.exists() for path in files.values()):
        print(f"reusing the lists in {folder}")
    else:
        # In a child: Linux carries a process's peak memory across fork and exec, so a parent
        # that once held the generated rows would lend its peak to every measured child.
        started = time.perf_counter()
        subprocess.run(
            [sys.executable, __file__, "--players", str(args.players), "--keep", str(folder),
             "--generate-only"],
            check=True,
        )  # fmt: skip
        print(f"generated {args.players:,} players in {time.perf_counter() - started:.1f} s")
    for layout, path in files.items():
        size = path.stat().st_size / 2**20
        script = folder / "read_only.py"
        script.write_text(_READ_ONLY)
        reference, reference_cpu, _ = _child([str(script), str(path)])
        db = folder / f"{layout}.db"
        db.unlink(missing_ok=True)
        seconds, cpu, peak = _child(
            ["arbiter", "--db", str(db), "ratings", "load", str(path), "--month", "2026-09"]
        )
        print(
            f"{layout}: {size:.0f} MB zipped; unzip+split {reference:.1f} s "
            f"({reference_cpu:.1f} s CPU); ratings load {seconds:.1f} s ({cpu:.1f} s CPU, "
            f"{cpu / reference_cpu:.1f}x), peak {peak:.0f} MB; load average "
            f"{os.getloadavg()[0]:.1f}"
        )


if __name__ == "__main__":
    main()
