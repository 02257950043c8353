"""Differential tests: random tournaments of 5-150 players paired by Arbiter and by the
endorsed reference engine, which must agree on every round, colours included.

For each system with a reference binary in ../shared/reference-engines (the Dutch 2026
rules: bbpPairings master; the 2017 Dutch and pre-2026 Burstein rules: bbpPairings
v5.0.1), 200 tournaments: half made by the reference's own generator and re-paired round
by round by Arbiter's checker, half made by ``arbiter generate`` and re-paired by the
reference's checker (``-c``). ``bench/differential.py`` runs the same cases at any count
and size.

The 2017 Dutch rules run on the first 100 of those cases (50 from each generator). That
edition is the 2026 bracket procedure with the 2017 criteria and weights (docs/rulings.md
lists each difference), checked problem by problem on its whole corpus against the same
binary (``test_dutch_2017_corpus.py``, 335 problems); what random tournaments add there are
the settings the corpus lacks, and the first 100 cases take every value of every setting
the 200 take, over 5-149 players (``test_the_sample_takes_every_setting``). The other 100
would cost two to three minutes of CPU, all in the engine; ``bench/differential.py --system
dutch-2017`` runs any count.

The binaries are never a dependency: without them these tests skip, unless
``ARBITER_REQUIRE_SHARED=1``.
"""

from __future__ import annotations

import pytest

from bench.differential import REFERENCES, Case, Reference, cases, run_case
from tests.corpus import shared_path

COUNT = 200
CHUNK = 10
LOW, HIGH = 5, 150
SAMPLE = {"dutch-2017": 100}
"""Systems run on the first N cases only (the module's docstring says why that suffices)."""

KNOWN_DIFFERENCES: dict[tuple[str, int], str] = {}
"""(system, case number) -> why Arbiter and the reference part there; each is an explicit
``xfail(strict=True)``, so a fix shows up as a failure to remove it from this list."""


def _chunks(system: str) -> list[object]:
    reference = REFERENCES[system]
    every = cases(reference, COUNT, LOW, HIGH)[: SAMPLE.get(system, COUNT)]
    params: list[object] = []
    for start in range(0, len(every), CHUNK):
        chunk = tuple(every[start : start + CHUNK])
        known = [
            KNOWN_DIFFERENCES[system, c.number]
            for c in chunk
            if (system, c.number) in KNOWN_DIFFERENCES
        ]
        marks = [pytest.mark.xfail(strict=True, reason="; ".join(known))] if known else []
        params.append(pytest.param(reference, chunk, id=f"{system}-{start}", marks=marks))
    return params


@pytest.mark.slow
@pytest.mark.parametrize(
    ("reference", "chunk"),
    [*_chunks("dutch"), *_chunks("dutch-2017"), *_chunks("burstein-2017")],
)
def test_arbiter_and_the_reference_pair_random_tournaments_alike(
    reference: Reference, chunk: tuple[Case, ...]
) -> None:
    shared_path("reference-engines", reference.binary)
    outcomes = [run_case(reference, case) for case in chunk]
    failures = [
        f"case {o.case.number} ({o.case.source}, {o.case.players} players, seed {o.case.seed}): "
        f"rounds {list(o.differing)} {o.detail}"
        for o in outcomes
        if not o.agrees
    ]
    assert failures == []
    # Every round compared; a round neither engine can pair ends the tournament early.
    assert all(o.rounds == o.case.rounds or o.unpairable == o.rounds + 1 for o in outcomes)


def test_the_cases_cover_the_sizes_and_both_generators() -> None:
    every = cases(REFERENCES["dutch"], COUNT, LOW, HIGH)
    sizes = [case.players for case in every]
    assert min(sizes) <= 7 and max(sizes) >= 120 and all(LOW <= n <= HIGH for n in sizes)
    assert sum(case.source == "reference" for case in every) == COUNT // 2
    assert {case.profile for case in every} == {"trf16", "trf26"}


@pytest.mark.parametrize("system", sorted(SAMPLE))
def test_the_sample_takes_every_setting(system: str) -> None:
    every = cases(REFERENCES[system], COUNT, LOW, HIGH)
    sample = every[: SAMPLE[system]]

    def values(chosen: list[Case]) -> set[tuple[str, str, object]]:
        return {(c.source, key, value) for c in chosen for key, value in c.settings.items()}

    assert values(sample) == values(every)
    assert {c.profile for c in sample} == {c.profile for c in every}
    assert sum(c.source == "reference" for c in sample) == len(sample) // 2
    sizes = [c.players for c in sample]
    assert min(sizes) <= 7 and max(sizes) >= 120
