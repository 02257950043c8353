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
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass, field
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


@dataclass(eq=False)
class _Job:
    """A call made on the event loop: what to run, the future its request awaits, the
    executor for what blocks, and its timer (the wait for a worker, then the time limit)."""

    function: Callable[..., Any]
    args: tuple[Any, ...]
    answer: asyncio.Future[Any]
    executor: Executor
    timer: asyncio.TimerHandle = field(init=False)


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
        self._queue: deque[_Job] = deque()
        """Calls made on the loop, waiting for a worker (the loop's thread only)."""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread_waiting = 0
        """Calls of :meth:`run` waiting for a slot."""

    def run(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)``'s answer (or its exception); ``function`` and ``args`` are
        pickled to a worker, and so is what it returns or raises.

        :raises PairingTimedOut: past the time limit (the worker is killed and replaced).
        :raises PairingCancelled: the pool closed, or no worker came free within the limit.
        """
        with self._lock:
            self._thread_waiting += 1
        try:
            acquired = self._slots.acquire(timeout=self.time_limit)
        finally:
            with self._lock:
                self._thread_waiting -= 1
        if not acquired:
            raise PairingCancelled("every pairing worker is busy; retry shortly")
        try:
            if self._closed.is_set():
                raise PairingCancelled("the server is stopping")
            if self._threads is not None:
                return self._in_thread(function, args)
            return self._in_worker(function, args)
        finally:
            self._slots.release()
            self._wake()

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
        """:meth:`run`, awaited on the event loop with no thread in between: the call waits
        in the pool's queue until a slot and a warm worker are free, and whoever reads a
        worker's answer (a callback on the loop) sends that worker the next queued call at
        once, so a busy pool is handed its next job without a wake-up of the waiting
        request or of a thread. ``executor`` runs what blocks: starting and reaping
        workers. With ``workers=0`` it is :meth:`run` on one of ``executor``'s threads.

        :raises PairingTimedOut: as :meth:`run`; :raises PairingCancelled: as :meth:`run`.
        """
        loop = asyncio.get_running_loop()
        if self._threads is not None:
            return await loop.run_in_executor(executor, partial(self.run, function, *args))
        job = _Job(function, args, loop.create_future(), executor)
        job.timer = loop.call_later(self.time_limit, self._unserved, job)
        self._loop = loop
        self._queue.append(job)
        self._dispatch()
        result: T = await job.answer
        return result

    def _dispatch(self) -> None:
        """Send queued calls to free warm workers (on the loop); start a worker in a free
        slot that has none (off the loop: a process start). A pairing waiting on a thread
        (:meth:`run`) goes first: the queue waits until it has its worker."""
        while self._queue and not self._thread_waiting:
            worker = self._take_idle()
            if worker is None:
                if self._spawnable():
                    self._queue[0].executor.submit(self._start_and_wake)
                return
            job = self._next_job()
            if job is None:
                self._release(worker)
                return
            self._send_job(worker, job)

    def _next_job(self) -> _Job | None:
        """The first queued call whose request still waits (those gone are dropped)."""
        while self._queue:
            job = self._queue.popleft()
            job.timer.cancel()
            if not job.answer.done():
                return job
        return None

    def _send_job(self, worker: _Worker, job: _Job) -> None:
        """``job`` to ``worker`` (its slot taken), its answer awaited by a reader on the
        worker's pipe and its time counted from now."""
        assert self._loop is not None
        try:
            _send(worker.jobs, (job.function, job.args))
        except (EOFError, OSError):
            self._drop(worker, job, lost=True)
            return
        except Exception as error:  # noqa: BLE001 -- cannot be pickled: the request's error
            job.answer.set_exception(error)
            self._release(worker)
            return
        self._loop.add_reader(worker.jobs.fileno(), self._answered, worker, job)
        job.timer = self._loop.call_later(self.time_limit, self._expired, worker, job)

    def _answered(self, worker: _Worker, job: _Job) -> None:
        """The reader's callback: ``job``'s answer to its request, and ``worker`` to the
        next queued call (or back among the idle)."""
        assert self._loop is not None
        self._loop.remove_reader(worker.jobs.fileno())
        job.timer.cancel()
        try:
            # Readable: the worker is writing its answer; the read waits for the rest of
            # it (a copy, as the sending of the job: microseconds for a round).
            ok, answer = _received(worker.jobs)
        except (EOFError, OSError):  # killed by close(), or the worker died
            self._drop(worker, job, lost=True)
            return
        if not job.answer.done():
            if ok:
                job.answer.set_result(answer)
            else:
                job.answer.set_exception(answer)
        following = None if self._closed.is_set() or self._thread_waiting else self._next_job()
        if following is not None:
            self._send_job(worker, following)  # the slot passes on with the worker
        else:
            self._release(worker)

    def _expired(self, worker: _Worker, job: _Job) -> None:
        """``job`` ran past the time limit: refused, its worker killed and replaced."""
        assert self._loop is not None
        self._loop.remove_reader(worker.jobs.fileno())
        self._drop(worker, job, lost=False)

    def _unserved(self, job: _Job) -> None:
        """No worker came free for ``job`` within the time limit."""
        if not job.answer.done():
            job.answer.set_exception(
                PairingCancelled("every pairing worker is busy; retry shortly")
            )
        with contextlib.suppress(ValueError):
            self._queue.remove(job)

    def _drop(self, worker: _Worker, job: _Job, *, lost: bool) -> None:
        """Take ``worker`` out of the pool (replaced off the loop, unless it is closing) and
        fail ``job``: timed out, or with why the worker's pipe closed."""
        assert self._loop is not None
        self._settle(worker, answered=False)
        self._slots.release()
        if not lost:
            job.executor.submit(self._replace, worker)
            if not job.answer.done():
                job.answer.set_exception(self._timed_out())
            return
        # Why it closed is known once the process is reaped (off the loop), before the
        # worker is stopped and replaced.
        why = self._loop.run_in_executor(job.executor, self._lost_and_replaced, worker)
        why.add_done_callback(partial(_fail_with, job.answer))

    def _lost_and_replaced(self, worker: _Worker) -> Exception:
        """:meth:`_lost`, then :meth:`_replace` (blocking: the process is reaped)."""
        why = self._lost(worker)
        self._replace(worker)
        return why

    def _release(self, worker: _Worker) -> None:
        """``worker`` back among the idle and its slot free, then the queue served."""
        self._settle(worker, answered=True)
        self._slots.release()
        self._dispatch()

    def _spawnable(self) -> bool:
        """Whether the pool has room for a worker it has not started (at its start, or
        after one was stopped)."""
        with self._lock:
            return len(self._workers) < self.size and not self._closed.is_set()

    def _start_and_wake(self) -> None:
        """:meth:`_start` (off the loop), then the loop's queue served."""
        with contextlib.suppress(PairingCancelled):
            self._start()
        self._wake()

    def _wake(self) -> None:
        """Have the loop serve its queue (from any thread): a slot or a worker came free."""
        loop = self._loop
        if loop is not None and self._queue:
            with contextlib.suppress(RuntimeError):  # the loop is closed: nothing to serve
                loop.call_soon_threadsafe(self._dispatch)

    def _cancel_queued(self) -> None:
        """Fail every call still waiting for a worker (on the loop, as the pool closes)."""
        while self._queue:
            job = self._queue.popleft()
            job.timer.cancel()
            if not job.answer.done():
                job.answer.set_exception(PairingCancelled("the server is stopping"))

    def _take_idle(self) -> _Worker | None:
        """A slot and an idle worker, taken together when both are free now; None (and
        nothing taken) otherwise."""
        if not self._slots.acquire(blocking=False):
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
        """Stop ``worker`` and start another in its place, unless the pool is closing;
        then the loop's queue is served."""
        worker.stop()
        self._start_and_wake()

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
        if self._loop is not None:
            with contextlib.suppress(RuntimeError):  # the loop is closed: nothing waits
                self._loop.call_soon_threadsafe(self._cancel_queued)


def _fail_with(answer: asyncio.Future[Any], why: asyncio.Future[Exception]) -> None:
    """Fail ``answer`` with the exception ``why`` found (a done callback)."""
    if not answer.done():
        answer.set_exception(why.result())


def _returned(ok: bool, answer: Any) -> Any:
    """A worker's ``(ok, answer)``: the value it returned, or the exception it raised."""
    if not ok:
        raise answer
    return answer
