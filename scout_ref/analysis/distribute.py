"""Run one picklable job over many items: in this process, on local processes, or on a cluster.

Long campaigns (``scout-ref verify``, fuzz games of ``scout-ref conform``) split their work by
start position or seed into items that do not depend on one another, and hand them to
:func:`map_jobs`. The results come back in the order of the items whatever ran
them, so a campaign's outcome is the same on one process, on ``jobs`` local processes, or on a
`Dask distributed <https://distributed.dask.org>`_ cluster with any number of workers, given
its scheduler's address (``tcp://host:8786``). Dask is imported only when a scheduler is given:
install it with ``pip install 'scout-ref[cluster]'``. Not part of the engine.
"""

from __future__ import annotations

import copyreg
import dataclasses
import json
import logging
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from scout_ref.engine.components import Card, OrientedCard, oriented
from scout_ref.engine.notation import Flip, Keep, Scout, ScoutInner, ScoutShow, Show, ShowCards
from scout_ref.engine.state import State
from scout_ref.engine.variants import Rules
from scout_ref.errors import MalformedInputError, Rejection, ScoutError, excerpt

CONNECT_TIMEOUT = 120.0
"""Seconds to wait for local workers to start (:func:`local_cluster`) before giving up."""
SCHEDULER_TIMEOUT = 30.0
"""Seconds to wait for a scheduler to answer and a worker to join it (half for each) before
the run stops with one line naming the address (a silent or garbage-sending peer, a scheduler
with no workers)."""
WORKERLESS_TIMEOUT = 60.0
"""Seconds a run waits with tasks left and no worker on the cluster (they all left or died)."""
MAX_JOBS = 1024
"""The most local processes ``jobs`` asks for; :func:`map_jobs` starts at most one per item
and per CPU."""
_ADDRESS = re.compile(
    r"(?:tcp://)?(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9][A-Za-z0-9.-]{0,252}):([0-9]{1,5})"
)


class ClusterError(ScoutError):
    """The cluster at an address could not be used, or failed during the run: one line."""


def check_scheduler(address: object) -> str:
    """``address`` itself, once it is a scheduler address scout-ref can reach: ``tcp://host``
    or ``host`` with a port from 1 to 65535 (Dask's default is 8786).

    Raises:
        MalformedInputError: for an empty address, another scheme (``inproc://`` is inside one
            process, ``tls://`` needs certificates scout-ref does not take, ``ucx://`` and
            ``file://`` are not TCP), a word for a port, or anything else.

    >>> check_scheduler("tcp://10.0.0.5:8786")
    'tcp://10.0.0.5:8786'
    """
    shown = excerpt(repr(address), 80)
    if not isinstance(address, str) or not address.strip():
        raise MalformedInputError("--scheduler", [("", f"{shown} is no address")])
    scheme = address.partition("://")[0] if "://" in address else None
    if scheme is not None and scheme != "tcp":
        why = f"{shown}: only tcp:// addresses are reachable (tcp://host:8786), not {scheme}://"
        raise MalformedInputError("--scheduler", [("", why)])
    match = _ADDRESS.fullmatch(address)
    port = match[2] if match else None
    if match is None or (port is not None and not 1 <= int(port) <= 65535):
        why = f"{shown} is not tcp://HOST:PORT (a host name or IP address, a port 1 to 65535)"
        raise MalformedInputError("--scheduler", [("", why)])
    return address


Item = TypeVar("Item")
Result = TypeVar("Result")


def _by_fields(value: Any) -> tuple[Any, tuple[Any, ...]]:
    """Rebuild a frozen dataclass from its fields, in order, given to its constructor."""
    return type(value), tuple(getattr(value, f.name) for f in dataclasses.fields(value))


def _by_numbers(card: OrientedCard) -> tuple[Any, tuple[int, int]]:
    """Rebuild an oriented card through :func:`~scout_ref.engine.components.oriented` (interned)."""
    return oriented, (card.top, card.bottom)


def picklable(*classes: type) -> None:
    """Let instances of these frozen dataclasses pickle by their fields.

    The compiled build cannot unpickle a frozen dataclass the default way (its ``__setstate__``
    assigns to frozen fields), and jobs and their results cross process boundaries pickled:
    each class is registered with :mod:`copyreg` to be rebuilt through its constructor. The
    engine's own are registered on import of this module.
    """
    for cls in classes:
        copyreg.pickle(cls, _by_numbers if cls is OrientedCard else _by_fields)


picklable(Card, OrientedCard, Keep, Flip, Show, Scout, ScoutShow, ScoutInner, ShowCards)
picklable(Rules, State, Rejection)


def map_jobs(
    job: Callable[[Item], Result],
    items: Sequence[Item],
    *,
    jobs: int = 1,
    scheduler: str | None = None,
) -> Iterator[Result]:
    """``job(item)`` for each item, yielded in the order of ``items``.

    With ``scheduler``, each item is a task on that Dask cluster (``job`` and the items must
    pickle, and the workers must import the same ``scout_ref``); else with ``jobs`` above 1,
    a pool of local processes; else this process, one item after the other.

    >>> list(map_jobs(abs, [-2, 3, -5]))
    [2, 3, 5]
    """
    if scheduler is not None:
        yield from _on_cluster(job, items, check_scheduler(scheduler))
        return
    processes = min(jobs, len(items), os.cpu_count() or 1, MAX_JOBS)
    if processes > 1:
        with ProcessPoolExecutor(processes) as pool:
            yield from pool.map(job, items)
    else:
        yield from map(job, items)


def _on_cluster(
    job: Callable[[Item], Result], items: Sequence[Item], scheduler: str
) -> Iterator[Result]:
    try:
        from distributed import Client  # noqa: PLC0415 - optional: only a cluster run needs it
    except ImportError:
        raise MalformedInputError(
            "--scheduler", [("", "needs Dask distributed: pip install 'scout-ref[cluster]'")]
        ) from None
    where = excerpt(scheduler, 80)
    _silence_dask()
    client = _connected(Client, scheduler, where)
    with client:
        # pure=False: equal items are still separate tasks (each result is kept in place).
        futures = client.map(job, list(items), pure=False)
        for done, future in enumerate(futures):
            yield _result(client, future, f"{where} after {done} of {len(futures)} tasks")


def _connected(client_class: Any, scheduler: str, where: str) -> Any:
    """A client of the scheduler at ``scheduler`` with a worker, within a hard deadline.

    Dask waits on its own for a peer's handshake, and a failed client waits again as it is
    collected, so a silent or garbage-sending peer kept a run for minutes: the connection is
    made in a daemon thread, and a peer that has not become a usable scheduler with a worker
    in :data:`SCHEDULER_TIMEOUT` seconds is left to it.

    Raises:
        ClusterError: naming the address and what went wrong.
    """
    found: list[Any] = []
    failed: list[str] = []

    def connect() -> None:
        try:
            client = client_class(scheduler, timeout=SCHEDULER_TIMEOUT / 2, set_as_default=False)
        except Exception as exc:  # Dask's errors for a peer that is no scheduler vary
            failed.append(f"no Dask scheduler answered ({_why(exc)})")
            return
        try:
            client.wait_for_workers(1, timeout=SCHEDULER_TIMEOUT / 2)
        except Exception:
            failed.append("the scheduler has no worker")
            return
        found.append(client)

    sys.unraisablehook = _quiet_dask(sys.unraisablehook)
    thread = threading.Thread(target=connect, name="scheduler", daemon=True)
    thread.start()
    thread.join(SCHEDULER_TIMEOUT + 1)
    if found:
        return found[0]
    why = failed[0] if failed else "no Dask scheduler answered"
    raise ClusterError(f"--scheduler {where}: {why} (time-out {SCHEDULER_TIMEOUT:g} s)")


def _silence_dask() -> None:
    """Dask logs a lost scheduler as tracebacks on stderr; the run says it in one line."""
    for name in [*logging.root.manager.loggerDict, "distributed"]:
        if name.startswith("distributed"):
            logging.getLogger(name).setLevel(logging.CRITICAL + 1)


def _quiet_dask(previous: Callable[[Any], object]) -> Callable[[Any], object]:
    """An unraisable hook that drops what a failed Dask client says as it is collected (ten
    lines of traceback after the run's one line); anything else goes to ``previous``."""

    def hook(unraisable: Any) -> object:
        if type(unraisable.object).__module__.startswith("distributed") or getattr(
            unraisable.object, "__module__", ""
        ).startswith("distributed"):
            return None
        return previous(unraisable)

    return hook


def _result(client: Any, future: Any, where: str) -> Any:
    """The task's result, waited for while the cluster lives: a scheduler that closes or dies
    and a cluster left without workers for :data:`WORKERLESS_TIMEOUT` end the wait with one
    line; an exception the job raised itself is raised as it is."""
    alone_since: float | None = None
    while True:
        try:
            return future.result(timeout=1)
        except TimeoutError:
            pass
        except Exception as exc:
            if future.status == "error":  # the job's own exception: the caller's to report
                raise
            if future.status == "cancelled" or client.status != "running":
                raise ClusterError(_lost(where)) from None  # Dask cancels what it lost
            raise ClusterError(f"the cluster at {where} failed: {_why(exc)}") from None
        if client.status != "running":
            raise ClusterError(_lost(where))
        try:
            workers = len(client.scheduler_info(n_workers=-1).get("workers", {}))
        except Exception as exc:
            raise ClusterError(f"the scheduler at {where} stopped answering: {_why(exc)}") from None
        now = time.monotonic()
        alone_since = None if workers else (alone_since or now)
        if alone_since is not None and now - alone_since > WORKERLESS_TIMEOUT:
            raise ClusterError(
                f"the cluster at {where} has had no worker for {WORKERLESS_TIMEOUT:g} s"
            )


def _lost(where: str) -> str:
    return f"the connection to the scheduler at {where} was lost (it closed or died)"


def _why(exc: BaseException) -> str:
    return excerpt(f"{type(exc).__name__}: {exc}", 200)


def _start(module: str, *args: str) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", f"distributed.cli.{module}", "--no-dashboard", *args]
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


@contextmanager
def local_cluster(workers: int, host: str = "127.0.0.1") -> Iterator[str]:
    """A Dask scheduler and ``workers`` single-threaded workers started as processes on
    ``host``, as on a real cluster; yields the scheduler's address once every worker has
    joined, and ends them all on leaving. For tests and for measuring on one machine."""
    from distributed import Client  # noqa: PLC0415 - optional: only a cluster run needs it

    with tempfile.TemporaryDirectory() as folder:
        where = Path(folder) / "scheduler.json"
        at = ("--host", host)
        processes = [_start("dask_scheduler", *at, "--port", "0", "--scheduler-file", str(where))]
        worker = ("--scheduler-file", str(where), "--nthreads", "1", "--no-nanny", *at)
        processes += [_start("dask_worker", *worker) for _ in range(workers)]
        try:
            deadline = time.monotonic() + CONNECT_TIMEOUT
            while not where.exists() and time.monotonic() < deadline:
                time.sleep(0.1)
            address = str(json.loads(where.read_text("utf-8"))["address"])
            with Client(address, set_as_default=False) as client:  # type: ignore[no-untyped-call]
                client.wait_for_workers(workers, timeout=CONNECT_TIMEOUT)
            yield address
        finally:
            for process in reversed(processes):  # the workers first, while the scheduler is up
                _end(process)


def _end(process: subprocess.Popen[bytes]) -> None:
    """Ask ``process`` to stop; kill it if it has not within a few seconds."""
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
