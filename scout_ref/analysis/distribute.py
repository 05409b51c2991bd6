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
import subprocess
import sys
import tempfile
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
from scout_ref.errors import MalformedInputError, Rejection

CONNECT_TIMEOUT = 120.0
"""Seconds to wait for the scheduler, or for local workers to start, before giving up."""

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
        yield from _on_cluster(job, items, scheduler)
    elif jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
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
    try:
        client = Client(scheduler, timeout=CONNECT_TIMEOUT, set_as_default=False)  # type: ignore[no-untyped-call]
    except OSError as exc:
        raise MalformedInputError(
            "--scheduler", [("", f"cannot reach {scheduler}: {exc}")]
        ) from None
    with client:
        # pure=False: equal items are still separate tasks (each result is kept in place).
        futures = client.map(job, list(items), pure=False)
        for future in futures:
            yield future.result()


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
