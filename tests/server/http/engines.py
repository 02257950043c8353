"""Engine resolvers for the pairing-pool tests; module-level so that a spawned worker
process can import them."""

from __future__ import annotations

import multiprocessing
import time

import engine
from engine import Pairing, PairingRequest
from server.service import PairingSystem

SLOW_SECONDS = 1.5


def dutch_in_a_child_process(request: PairingRequest) -> Pairing:
    """The Dutch engine, refusing to run in the server's own process."""
    if multiprocessing.parent_process() is None:
        raise RuntimeError("the engine ran in the server process")
    return engine.pair(request, "dutch")


def slow_dutch(request: PairingRequest) -> Pairing:
    """A pairing that takes a while, like a large round would."""
    time.sleep(SLOW_SECONDS)
    return dutch_in_a_child_process(request)


def child_only(system: str) -> PairingSystem:
    return PairingSystem(dutch_in_a_child_process, "test")


def slow(system: str) -> PairingSystem:
    return PairingSystem(slow_dutch, "test")


STUCK_SECONDS = 120


def stuck_dutch(request: PairingRequest) -> Pairing:
    """A pairing that would outlast any test: only a kill ends it."""
    time.sleep(STUCK_SECONDS)
    return dutch_in_a_child_process(request)


def stuck(system: str) -> PairingSystem:
    return PairingSystem(stuck_dutch, "test")
