"""Where pairing engines run: bounded in time and in number, and stoppable.

Pairings run in long-lived worker processes, started once (by a fork server that has the
engines imported) and reused, so a pairing costs what the engine costs, not a process start:
a 50-player round is milliseconds. A worker whose pairing passes the time limit, or is
still running when the server shuts down, is killed; its command fails before anything is
appended, and a fresh worker takes its place. At most ``workers`` pairings run at once
(one per worker); a tournament has at most one of them (the service refuses a second, see
:mod:`server.service.pairing`), so one tournament can never hold every worker. With
``workers=0`` engines run in a thread of this process (tests): the same limits, except
that a thread cannot be killed, only left.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import multiprocessing
import pickle
import signal
import threading
from collections.abc import Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from functools import partial
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, TypeVar

from engine import systems
from events.errors import ArbiterError

__all__ = ["PairingCancelled", "PairingPool", "PairingTimedOut"]

T = TypeVar("T")


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
    {"engine", __name__, "server.http.handlers.pairings"}
    | {entry.partition(":")[0] for row in systems.rows() for entry in row.editions.values()}
)
"""Every edition's module, this one (:func:`_serve` is found by it) and ``POST /pairings``'
(its whole answer is made in a worker), loaded once by the fork server, so that no worker
imports them again."""


def _serve(jobs: Connection) -> None:
    """A worker's life: run each ``(function, args)`` it is sent and answer ``(True, value)``
    or ``(False, exception)``, until the pool closes its end (or its process ends)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server's Ctrl-C is the pool's to handle
    # What the fork server preloaded (the engines, msgspec, the TRF reader) lives as long as
    # the worker: kept out of the collector's sight, it is no longer walked by every full
    # collection (the collector's time in a 50-player pairing, 0.5 ms, about halves).
    gc.freeze()
    while True:
        try:
            function, args = _received(jobs)
        except EOFError:
            return
        try:
            answer: tuple[bool, Any] = (True, function(*args))
        except Exception as error:  # noqa: BLE001 -- handed to the pool, which raises it
            answer = (False, error)
        try:
            _send(jobs, answer)
        except Exception as error:  # noqa: BLE001 -- an answer that cannot be pickled
            _send(jobs, (False, RuntimeError(f"the pairing's answer cannot be sent: {error!r}")))


def _send(pipe: Connection, value: object) -> None:
    """``value`` down ``pipe`` by the standard pickler: a job or an answer carries no
    handle to a process or a socket, so it needs none of multiprocessing's own (whose
    pickler copies its table of reducers at every call)."""
    pipe.send_bytes(pickle.dumps(value, pickle.HIGHEST_PROTOCOL))


def _received(pipe: Connection) -> Any:
    """What :func:`_send` sent (waiting for it)."""
    return pickle.loads(pipe.recv_bytes())


@dataclass(frozen=True, eq=False)
class _Worker:
    process: BaseProcess
    jobs: Connection

    def stop(self) -> None:
        """Kill the process (whatever it is doing) and reap it."""
        self.process.kill()
        self.process.join()
        self.jobs.close()


class PairingPool:
    """Runs ``function(*args)`` calls for the pairer threads (never on the event loop)."""

    def __init__(self, workers: int, time_limit: float) -> None:
        self.time_limit = time_limit
        self.size = max(workers, 1)
        self._slots = threading.BoundedSemaphore(self.size)
        self._threads = (
            ThreadPoolExecutor(1, thread_name_prefix="arbiter-pairing") if workers <= 0 else None
        )
        self._context = multiprocessing.get_context("forkserver")
        self._context.set_forkserver_preload(_PRELOAD)
        self._idle: list[_Worker] = []
        self._workers: set[_Worker] = set()
        self._lock = threading.Lock()
        self._closed = threading.Event()

    def run(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)``'s answer (or its exception); ``function`` and ``args`` are
        pickled to a worker, and so is what it returns or raises.

        :raises PairingTimedOut: past the time limit (the worker is killed and replaced).
        :raises PairingCancelled: the pool closed, or no worker came free within the limit.
        """
        if not self._slots.acquire(timeout=self.time_limit):
            raise PairingCancelled("every pairing worker is busy; retry shortly")
        try:
            if self._closed.is_set():
                raise PairingCancelled("the server is stopping")
            if self._threads is not None:
                return self._in_thread(function, args)
            return self._in_worker(function, args)
        finally:
            self._slots.release()

    def start(self) -> None:
        """Start every worker now rather than at its first pairing (the first start also
        starts the fork server, which imports the engines: a fraction of a second)."""
        if self._threads is not None:
            return
        for _ in range(self.size):
            self._start()

    def pids(self) -> set[int]:
        """The workers' process ids (started and not yet stopped)."""
        with self._lock:
            return {worker.process.pid for worker in self._workers if worker.process.pid}

    def _timed_out(self) -> PairingTimedOut:
        return PairingTimedOut(
            f"the pairing took longer than this server's limit of {self.time_limit:g} s "
            "(arbiter serve --pairing-time-limit); nothing was written",
            time_limit=self.time_limit,
        )

    def _in_thread(self, function: Callable[..., T], args: tuple[Any, ...]) -> T:
        assert self._threads is not None
        future = self._threads.submit(function, *args)
        try:
            return future.result(timeout=self.time_limit)
        except FutureTimeout:
            raise self._timed_out() from None

    def _start(self) -> None:
        """Start a spare worker, idle until a pairing takes it, unless the pool has
        ``size`` workers already (counting those at work)."""
        with self._lock:
            if len(self._workers) < self.size:
                self._idle.append(self._spawn())

    def _take(self) -> _Worker:
        """An idle worker, or a new one: a slot is held, so there is one or room for one."""
        with self._lock:
            return self._idle.pop() if self._idle else self._spawn()

    def _spawn(self) -> _Worker:
        """A new worker process, counted among the pool's so that :meth:`close` stops it
        (called holding the lock: one count, one decision, whoever starts workers).

        :raises PairingCancelled: once the pool is closing.
        """
        if self._closed.is_set():
            raise PairingCancelled("the server is stopping")
        ours, theirs = self._context.Pipe()
        process = self._context.Process(
            target=_serve, args=(theirs,), daemon=True, name="arbiter-pairing"
        )
        try:
            process.start()
        finally:
            theirs.close()
        worker = _Worker(process, ours)
        self._workers.add(worker)
        return worker

    def _in_worker(self, function: Callable[..., T], args: tuple[Any, ...]) -> T:
        worker = self._take()
        answered = False
        try:
            _send(worker.jobs, (function, args))
            if not worker.jobs.poll(self.time_limit):
                raise self._timed_out()
            ok, answer = _received(worker.jobs)
            answered = True
        except (EOFError, OSError):  # killed by close(), or the worker died
            raise self._lost(worker) from None
        finally:
            if not self._settle(worker, answered):
                self._replace(worker)
        result: T = _returned(ok, answer)
        return result

    async def run_on_loop(self, executor: Executor, function: Callable[..., T], *args: Any) -> T:
        """:meth:`run`, awaited on the event loop. When a slot and a warm worker are both
        free (a pool that keeps up), the call is sent at once and its answer awaited on
        the worker's pipe, no thread in between (a hand-over to a pairer thread and back
        per pairing, and its wake-ups). Otherwise it is :meth:`run` on one of
        ``executor``'s threads, which waits there for a worker.

        :raises PairingTimedOut: as :meth:`run`; :raises PairingCancelled: as :meth:`run`.
        """
        loop = asyncio.get_running_loop()
        worker = self._take_idle()
        if worker is None:
            return await loop.run_in_executor(executor, partial(self.run, function, *args))
        readable = loop.create_future()
        descriptor = worker.jobs.fileno()

        def wake() -> None:
            if not readable.done():
                readable.set_result(None)

        loop.add_reader(descriptor, wake)
        answered = False
        try:
            _send(worker.jobs, (function, args))
            try:
                async with asyncio.timeout(self.time_limit):
                    await readable
            except TimeoutError:
                raise self._timed_out() from None
            # Readable: the worker is writing its answer; the read waits for the rest of
            # it (a copy, as the sending of the job above: microseconds for a round).
            ok, answer = _received(worker.jobs)
            answered = True
        except (EOFError, OSError):
            raise await loop.run_in_executor(executor, self._lost, worker) from None
        finally:
            loop.remove_reader(descriptor)
            if not self._settle(worker, answered):  # killing and starting: off the loop
                executor.submit(self._replace, worker)
            self._slots.release()
        result: T = _returned(ok, answer)
        return result

    def _take_idle(self) -> _Worker | None:
        """A slot and an idle worker, taken together when both are free now; None (and
        nothing taken) otherwise, or when this pool runs in threads."""
        if self._threads is not None or not self._slots.acquire(blocking=False):
            return None
        with self._lock:
            if self._idle and not self._closed.is_set():
                return self._idle.pop()
        self._slots.release()
        return None

    def _settle(self, worker: _Worker, answered: bool) -> bool:
        """Put ``worker`` back among the idle when it answered (and the pool is open);
        otherwise drop it from the pool, and say so (False): it must be replaced."""
        with self._lock:
            keep = answered and not self._closed.is_set()
            if keep:
                self._idle.append(worker)
            else:
                self._workers.discard(worker)
        return keep

    def _lost(self, worker: _Worker) -> Exception:
        """Why ``worker``'s pipe closed mid-pairing: :meth:`close` killed it, or it died."""
        if self._closed.is_set():
            return PairingCancelled("the server stopped during the pairing")
        worker.process.join(timeout=1)
        return RuntimeError(f"the pairing process died (exit code {worker.process.exitcode})")

    def _replace(self, worker: _Worker) -> None:
        """Stop ``worker`` and start another in its place, unless the pool is closing."""
        worker.stop()
        with contextlib.suppress(PairingCancelled):
            self._start()

    def close(self) -> None:
        """Stop every worker now, busy or idle: running pairings fail (nothing is written)
        and the threads that wait for them reap their workers."""
        with self._lock:
            self._closed.set()
            idle, self._idle = self._idle, []
            busy = self._workers.difference(idle)
            self._workers.clear()
        for worker in busy:  # its pairer thread wakes up to the end of its pipe and reaps it
            worker.process.kill()
        for worker in idle:
            worker.stop()
        if self._threads is not None:
            self._threads.shutdown(wait=False, cancel_futures=True)


def _returned(ok: bool, answer: Any) -> Any:
    """A worker's ``(ok, answer)``: the value it returned, or the exception it raised."""
    if not ok:
        raise answer
    return answer
