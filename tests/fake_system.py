"""A fake pairing system's row, for the tests that add it to :data:`engine.systems.SYSTEMS`.

It imports only the engine, so that a process can add the row before the rest of Arbiter
(whose CLI options and OpenAPI types read the table at import) is loaded.
"""

from __future__ import annotations

from dataclasses import replace

from engine import Pairing, PairingRequest, systems

__all__ = ["MONRAD", "pair_monrad"]


def pair_monrad(request: PairingRequest) -> Pairing:
    """The fake system's entry point: the Dutch 2026 pairing, whatever edition was asked."""
    return systems.pair(replace(request, rules_edition="fide-2026"), "dutch")


MONRAD = systems.System(
    name="monrad",
    title="Monrad",
    editions={
        "fide-2030": "tests.fake_system:pair_monrad",
        "fide-2026": "tests.fake_system:pair_monrad",
    },
    words=("monrad",),
    codes={"monrad_2030": "fide-2030"},
    variants=(systems.Variant("monrad-lite", "Monrad, lite", "lite", lambda request: request),),
)
