"""Where pairing engines run: bounded in time and in number, and stoppable.

Each pairing runs in a child process of its own (started by a fork server that has the
engines imported, so a start costs milliseconds): a pairing past the time limit, or still
running when the server shuts down, is killed, and its command fails before anything is
appended. At most ``workers`` pairings run at once; a tournament has at most one of them
(the service refuses a second, see :mod:`server.service.pairing`), so one
tournament can never hold every worker. With ``workers=0`` engines run in a thread of
this process (tests): the same limits, except that a thread cannot be killed, only left.
"""

from __future__ import annotations

import multiprocessing
import threading
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess

from engine import Pairing, PairingRequest, systems
from events.decisions import PairingEngine
from events.errors import ArbiterError

__all__ = ["PairingCancelled", "PairingPool", "PairingTimedOut"]


class PairingTimedOut(ArbiterError):
    """The pairing engine did not finish within this server's time limit (``arbiter serve
    --pairing-time-limit``); it was stopped and nothing was written."""

    status = 503
    exit_code = 4  # bbpPairings' "a limit was exceeded"


class PairingCancelled(ArbiterError):
    """The server stopped (or had no free pairing worker in time) while this round was
    waiting to be paired; nothing was written. Retry."""

    status = 503


_PRELOAD = sorted(
    {"engine", __name__}
    | {entry.partition(":")[0] for row in systems.rows() for entry in row.editions.values()}
)
"""Every edition's module, and this one (:func:`_child` is found by it), loaded once by the
fork server, so that no pairing's process imports them again: that took a tenth of a second
and more, ten times a small round's pairing."""


def _child(pair: PairingEngine, request: PairingRequest, out: Connection) -> None:
    try:
        out.send((True, pair(request)))
    except Exception as error:  # noqa: BLE001 -- handed to the parent, which raises it
        out.send((False, error))
    finally:
        out.close()


class PairingPool:
    """Runs ``pair(request)`` calls for the pairer threads (never on the event loop)."""

    def __init__(self, workers: int, time_limit: float) -> None:
        self.time_limit = time_limit
        self._slots = threading.BoundedSemaphore(max(workers, 1))
        self._threads = (
            ThreadPoolExecutor(1, thread_name_prefix="arbiter-pairing") if workers <= 0 else None
        )
        self._context = multiprocessing.get_context("forkserver")
        self._context.set_forkserver_preload(_PRELOAD)
        self._running: set[BaseProcess] = set()
        self._lock = threading.Lock()
        self._closed = threading.Event()

    def pair(self, pair: PairingEngine, request: PairingRequest) -> Pairing:
        """The engine's answer (or its exception).

        :raises PairingTimedOut: past the time limit (the engine is stopped).
        :raises PairingCancelled: the pool closed, or no worker came free within the limit.
        """
        if not self._slots.acquire(timeout=self.time_limit):
            raise PairingCancelled("every pairing worker is busy; retry shortly")
        try:
            if self._closed.is_set():
                raise PairingCancelled("the server is stopping")
            if self._threads is not None:
                return self._in_thread(pair, request)
            return self._in_process(pair, request)
        finally:
            self._slots.release()

    def _timed_out(self) -> PairingTimedOut:
        return PairingTimedOut(
            f"the pairing took longer than this server's limit of {self.time_limit:g} s "
            "(arbiter serve --pairing-time-limit); nothing was written",
            time_limit=self.time_limit,
        )

    def _in_thread(self, pair: PairingEngine, request: PairingRequest) -> Pairing:
        assert self._threads is not None
        future = self._threads.submit(pair, request)
        try:
            return future.result(timeout=self.time_limit)
        except FutureTimeout:
            raise self._timed_out() from None

    def _in_process(self, pair: PairingEngine, request: PairingRequest) -> Pairing:
        receive, send = self._context.Pipe(duplex=False)
        process = self._context.Process(target=_child, args=(pair, request, send), daemon=True)
        with self._lock:
            if self._closed.is_set():
                raise PairingCancelled("the server is stopping")
            process.start()
            self._running.add(process)
        send.close()
        try:
            if not receive.poll(self.time_limit):
                raise self._timed_out()
            try:
                ok, answer = receive.recv()
            except EOFError:  # killed by close(), or the child died
                if self._closed.is_set():
                    raise PairingCancelled("the server stopped during the pairing") from None
                raise RuntimeError(
                    f"the pairing process died (exit code {process.exitcode})"
                ) from None
        finally:
            process.kill()
            process.join()
            receive.close()
            with self._lock:
                self._running.discard(process)
        if not ok:
            raise answer
        result: Pairing = answer
        return result

    def close(self) -> None:
        """Stop every running pairing now (their commands fail; nothing is written)."""
        with self._lock:
            self._closed.set()
            for process in self._running:
                process.kill()
        if self._threads is not None:
            self._threads.shutdown(wait=False, cancel_futures=True)
