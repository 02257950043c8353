"""The systems table (:mod:`engine.systems`): each edition's entry point in the one layout, and
the edition chosen there, once: a system pairs only the editions its row lists."""

from __future__ import annotations

import importlib
from dataclasses import replace

import pytest

import engine.amalfi
import engine.dubov
import engine.lim
from engine import InvalidRequest, PairingRequest, pair, systems
from engine.model import PairingNumber, PlayerEntry
from engine.systems import PairFunction

FIELD = tuple(PlayerEntry(PairingNumber(n), rating=2400 - 10 * n) for n in range(1, 9))
REQUEST = PairingRequest(round_no=1, total_rounds=5, players=FIELD)


@pytest.mark.parametrize("row", systems.rows(), ids=lambda row: row.name)
def test_every_edition_is_a_pair_function_in_the_one_layout(row: systems.System) -> None:
    # The newest edition is engine/<system>/system.py, an older one rules<year>/system.py.
    for edition, target in row.editions.items():
        module_name, _, function_name = target.partition(":")
        year = edition.removeprefix("fide-")
        package = f"engine.{row.name.replace('-', '_')}" + (
            "" if edition == "fide-2026" else f".rules{year}"
        )
        assert (module_name, function_name) == (f"{package}.system", "pair")
        assert callable(getattr(importlib.import_module(module_name), function_name))


@pytest.mark.parametrize(
    ("system", "package_pair"),
    [("lim", engine.lim.pair), ("dubov", engine.dubov.pair), ("amalfi", engine.amalfi.pair)],
)
def test_a_system_pairs_only_the_editions_it_has(system: str, package_pair: PairFunction) -> None:
    # These systems have one edition; a 2017 request was once paired by the 2026 code.
    request = replace(REQUEST, rules_edition="fide-2017")
    message = f"the {system} system has no fide-2017 edition; its editions: fide-2026"
    with pytest.raises(InvalidRequest, match=message):
        pair(request, system)
    with pytest.raises(InvalidRequest, match=message):
        package_pair(request)
    assert pair(REQUEST, system).boards


def test_the_dutch_and_burstein_editions_are_chosen_by_the_table() -> None:
    for system, edition in (("dutch", "fide-2012"), ("burstein", "fide-2017")):
        module_name, _, _ = systems.entry_point(system, edition).partition(":")
        entry = importlib.import_module(module_name).pair
        edited = replace(REQUEST, rules_edition=edition)
        assert pair(edited, system) == entry(edited)
    with pytest.raises(InvalidRequest, match=r"its editions: fide-2026, fide-2017$"):
        pair(replace(REQUEST, rules_edition="fide-2012"), "burstein")


def test_lim_maxi_is_the_lim_row_with_the_maxi_limits() -> None:
    assert pair(REQUEST, "lim-maxi") == pair(replace(REQUEST, maxi=True), "lim")
    assert systems.title("lim-maxi") == "Lim, maxi-tournament"
    with pytest.raises(InvalidRequest, match="fide-2017 edition"):
        pair(replace(REQUEST, rules_edition="fide-2017"), "lim-maxi")


def test_an_unknown_system_names_the_known_ones() -> None:
    with pytest.raises(
        InvalidRequest, match="known: dutch, dubov, amalfi, lim, lim-maxi, burstein"
    ):
        pair(REQUEST, "knockout")
