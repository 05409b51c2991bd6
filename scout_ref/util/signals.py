"""Stopping a long run on SIGINT, SIGTERM or SIGHUP, so that it can clean up and report.

Inside :func:`stop_on_signals` the first of these signals raises :class:`Interrupted` where the
program is (waiting for an adapter, judging, shrinking), and every later one is ignored, so the
cleanup that follows (ending processes, writing a partial report) is not cut short. The exit
status of an interrupted run is 128 plus the signal number, as a shell reports it: 130 for
Ctrl-C, 143 for SIGTERM, 129 for SIGHUP.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

STOP_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)


class Interrupted(BaseException):
    """A stop signal arrived; like :class:`KeyboardInterrupt`, no ``except Exception`` eats it."""

    def __init__(self, signum: int) -> None:
        self.signum = signum
        super().__init__(self.name)

    @property
    def name(self) -> str:
        """The signal's name, e.g. ``SIGTERM``."""
        return signal.Signals(self.signum).name


def exit_status(name: str) -> int:
    """The exit status of a run stopped by the signal ``name``: 128 plus its number.

    >>> exit_status("SIGTERM")
    143
    """
    return 128 + signal.Signals[name]


def _raise(signum: int, _frame: FrameType | None) -> None:
    for each in STOP_SIGNALS:
        signal.signal(each, signal.SIG_IGN)
    raise Interrupted(signum)


@contextmanager
def stop_on_signals() -> Iterator[None]:
    """Turn the first stop signal into :class:`Interrupted`; ignore the rest until the end.

    Outside the main thread signals cannot be handled, and nothing changes.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {s: signal.getsignal(s) for s in STOP_SIGNALS}
    for each in STOP_SIGNALS:
        signal.signal(each, _raise)
    try:
        yield
    finally:
        for each, handler in previous.items():
            signal.signal(each, handler)


def hold_signals() -> None:
    """Ignore stop signals from now until :func:`stop_on_signals` ends: the cleanup runs."""
    if threading.current_thread() is threading.main_thread():
        for each in STOP_SIGNALS:
            signal.signal(each, signal.SIG_IGN)
