"""The pairing systems, one row each, and one call that pairs a request with any of them.

A row says all the rest of Arbiter needs to know of a system (as bbpPairings'
``swisssystems::Info`` does): its name, the title TRF files print, the words that name it on
a ``092``/``192`` header line (and bbpPairings' codes there, which name an edition too), its
editions, and its variants. Each edition is the dotted path of its
``PairingRequest -> Pairing`` entry point, imported on first use so that one system's import
cost never burdens the others; the edition is chosen here, once, and an entry point pairs the
one edition it is. Every system has the same layout: ``engine/<system>/system.py:pair`` is
its newest edition, ``engine/<system>/rules<year>/system.py:pair`` an older one.

The TRF reader and writer, the command decisions, the CLI and the OpenAPI document read this
table; a new system or edition is a package in ``engine/`` and a row here.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace

from engine.errors import InvalidRequest
from engine.messages import Message
from engine.model import Pairing, PairingRequest

__all__ = [
    "DEFAULT_EDITION",
    "DEFAULT_SYSTEM",
    "SYSTEMS",
    "PairFunction",
    "System",
    "Variant",
    "cycles",
    "edition_names",
    "entry_point",
    "is_round_robin",
    "pair",
    "pairing_function",
    "rows",
    "system_names",
    "title",
    "tournament_type",
]

PairFunction = Callable[[PairingRequest], Pairing]

DEFAULT_SYSTEM = "dutch"
DEFAULT_EDITION = "fide-2026"
"""``PairingRequest.rules_edition``'s default; every system has it."""


@dataclass(frozen=True, slots=True)
class Variant:
    """A system paired by the same code with one fact of the request set, under a name of
    its own (``lim-maxi``: the Lim system for a maxi-tournament)."""

    name: str
    title: str
    word: str
    """Named on a TRF header line by this word beside its system's (``maxi``)."""
    prepare: Callable[[PairingRequest], PairingRequest]


@dataclass(frozen=True, slots=True)
class System:
    """One pairing system: one row of :data:`SYSTEMS`."""

    name: str
    title: str
    """How TRF files and exports name it: ``Individual: Swiss-System (<title>)``."""
    editions: Mapping[str, str]
    """Each edition (``fide-2026`` ...) and its entry point, ``module:function``."""
    words: tuple[str, ...]
    """Any of these, lower case, on a ``092``/``192`` line names the system."""
    codes: Mapping[str, str] = field(default_factory=dict)
    """bbpPairings' header codes (lower case) and the edition each one names."""
    variants: tuple[Variant, ...] = ()
    swiss: bool = True
    """Paired round by round from the standings; ``False``: all-play-all by a fixed table."""


def _maxi_tournament(request: PairingRequest) -> PairingRequest:
    """A maxi-tournament's request: the 100-point limits apply whatever it said."""
    return replace(request, maxi=True)


def _two_cycles(request: PairingRequest) -> PairingRequest:
    """A double round-robin's request: each pair meets twice (C.05 Annex 1)."""
    return replace(request, cycles=2)


SYSTEMS: tuple[System, ...] = (
    System(
        name="dutch",
        title="FIDE Dutch",
        editions={
            "fide-2026": "engine.dutch.system:pair",
            "fide-2017": "engine.dutch.rules2017.system:pair",
            "fide-2012": "engine.dutch.rules2012.system:pair",
        },
        words=("dutch",),
        # the 2025 revision, in force from 2026; plain FIDE_DUTCH is v5's 2017 rules
        codes={"fide_dutch_2025": "fide-2026", "fide_dutch": "fide-2017"},
    ),
    System(
        name="dubov",
        title="Dubov",
        editions={
            "fide-2026": "engine.dubov.system:pair",
            "fide-1997": "engine.dubov.rules1997.system:pair",
        },
        words=("dubov",),
    ),
    System(
        name="amalfi",
        title="Amalfi Rating",
        editions={"fide-2026": "engine.amalfi.system:pair"},
        words=("amalfi",),
    ),
    System(
        name="lim",
        title="Lim",
        editions={"fide-2026": "engine.lim.system:pair"},
        words=("lim",),
        variants=(Variant("lim-maxi", "Lim, maxi-tournament", "maxi", _maxi_tournament),),
    ),
    System(
        name="burstein",
        title="Burstein",
        editions={
            "fide-2026": "engine.burstein.system:pair",
            "fide-2017": "engine.burstein.rules2017.system:pair",
        },
        words=("burstein",),
        codes={"fide_burstein": "fide-2017"},
    ),
    System(
        name="round-robin",
        title="Round-robin",
        editions={"fide-2026": "engine.round_robin.system:pair"},
        words=("robin",),
        variants=(Variant("double-round-robin", "Double round-robin", "double", _two_cycles),),
        swiss=False,
    ),
)
"""The table. Its order is the order the CLI lists the systems in and the order header
words are tried in."""


def rows() -> tuple[System, ...]:
    """The rows of the table, read when called (so a row added in a test is seen)."""
    return SYSTEMS


def system_names() -> tuple[str, ...]:
    """Every name :func:`pair` takes: each system, each followed by its variants.

    >>> system_names()
    ('dutch', 'dubov', 'amalfi', 'lim', 'lim-maxi', 'burstein', 'round-robin', 'double-round-robin')
    """
    return tuple(name for system in SYSTEMS for name in (system.name, *_variant_names(system)))


def _variant_names(system: System) -> tuple[str, ...]:
    return tuple(variant.name for variant in system.variants)


def edition_names() -> tuple[str, ...]:
    """Every edition some system has, each once, in the table's order.

    >>> edition_names()
    ('fide-2026', 'fide-2017', 'fide-2012', 'fide-1997')
    """
    return tuple(dict.fromkeys(edition for system in SYSTEMS for edition in system.editions))


def title(name: str) -> str:
    """How TRF files name the system (or variant) ``name``; the name itself when no row has
    it, so that a tournament stored under a system since removed is still written out.

    >>> title("dutch"), title("lim-maxi")
    ('FIDE Dutch', 'Lim, maxi-tournament')
    """
    try:
        system, variant = _find(name)
    except InvalidRequest:
        return name
    return variant.title if variant is not None else system.title


def tournament_type(name: str) -> str:
    """The tournament type TRF files give on their ``092`` line for the system ``name``.

    >>> tournament_type("dutch"), tournament_type("double-round-robin")
    ('Individual: Swiss-System (FIDE Dutch)', 'Individual: Double round-robin')
    """
    if is_round_robin(name):
        return f"Individual: {title(name)}"
    return f"Individual: Swiss-System ({title(name)})"


def is_round_robin(name: str) -> bool:
    """Whether ``name`` is paired by a fixed all-play-all table (not a Swiss system).

    >>> is_round_robin("round-robin"), is_round_robin("lim-maxi"), is_round_robin("gone")
    (True, False, False)
    """
    try:
        return not _find(name)[0].swiss
    except InvalidRequest:
        return False


def cycles(name: str) -> int:
    """How many times each pair meets under ``name``: 2 in a double round-robin, else 1."""
    try:
        variant = _find(name)[1]
    except InvalidRequest:
        return 1
    return 1 if variant is None else variant.prepare(_PROBE).cycles


def pair(request: PairingRequest, system: str = DEFAULT_SYSTEM) -> Pairing:
    """Pair ``request`` with the named system, by the edition ``request.rules_edition`` names.

    >>> from engine.model import PairingRequest, PlayerEntry, PairingNumber
    >>> field = tuple(PlayerEntry(number=PairingNumber(n)) for n in (1, 2, 3, 4))
    >>> [(b.white, b.black) for b in pair(PairingRequest(1, 5, field)).boards]
    [(1, 3), (4, 2)]
    >>> pair(PairingRequest(1, 5, field, rules_edition="fide-2017"), "lim")
    Traceback (most recent call last):
    ...
    engine.errors.InvalidRequest: the lim system has no fide-2017 edition; its editions: fide-2026

    :raises engine.errors.InvalidRequest: for an unknown system name or an edition the
        system does not have.
    :raises engine.errors.NoValidPairing: when the system finds no legal pairing.
    """
    variant = _find(system)[1]
    target = entry_point(system, request.rules_edition)
    if variant is not None:
        request = variant.prepare(request)
    module_name, _, function_name = target.partition(":")
    function: PairFunction = getattr(importlib.import_module(module_name), function_name)
    return function(request)


def entry_point(system: str, edition: str) -> str:
    """The ``module:function`` that pairs ``system`` by ``edition``.

    >>> entry_point("burstein", "fide-2017")
    'engine.burstein.rules2017.system:pair'

    :raises InvalidRequest: for an unknown system, or an edition the system does not have
        (naming the editions it has).
    """
    row = _find(system)[0]
    target = row.editions.get(edition)
    if target is None:
        raise InvalidRequest(
            Message("the %(system)s system has no %(edition)s edition; its editions: %(editions)s",
                    system=system, edition=edition, editions=", ".join(row.editions))
        )  # fmt: skip
    return target


def pairing_function(system: str) -> PairFunction:
    """:func:`pair` with ``system`` fixed: what each system's package offers as its ``pair``."""
    return functools.partial(pair, system=system)


_PROBE = PairingRequest(1, 1, ())


def _find(name: str) -> tuple[System, Variant | None]:
    for system in SYSTEMS:
        if system.name == name:
            return system, None
        for variant in system.variants:
            if variant.name == name:
                return system, variant
    raise InvalidRequest(f"unknown pairing system {name!r}; known: {', '.join(system_names())}")
