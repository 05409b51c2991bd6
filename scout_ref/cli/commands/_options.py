"""Each command's options as a typed, frozen dataclass, read from the parsed command line.

A command module declares ``Options``, a frozen dataclass with a field for each option of its
parser (named as the option's ``dest``), and registers ``run(options: Options) -> int`` with
:func:`runs`. :func:`options_from` is the one place where the parsed ``argparse.Namespace``
becomes those options: a field missing or left over is a ``TypeError`` the first time the
command runs (``tests/test_cli_help.py`` checks every command for it).
"""

from __future__ import annotations

import argparse
import functools
import re
from collections.abc import Callable
from typing import TypeVar

from scout_ref.errors import excerpt
from scout_ref.util.jsonread import MAX_INTEGER

__all__ = [
    "MAX_COUNT",
    "MAX_INTEGER",
    "MAX_SECONDS",
    "add_hypothetical_argument",
    "options_from",
    "runs",
    "seconds",
    "whole",
]

MAX_COUNT = 1_000_000
"""The most games, fuzz games or deals one run is asked for (and ISMCTS draws per decision)."""
MAX_SECONDS = 3600.0
"""The longest time an option gives one step (``--timeout``, ``--budget-seconds``): an hour."""

Opts = TypeVar("Opts")

NOT_OPTIONS = ("command", "run")
"""What the namespace holds beside the options: the command's name and what runs it."""


def options_from(kind: Callable[..., Opts], namespace: argparse.Namespace) -> Opts:
    """The options of the command that parsed ``namespace``, as a ``kind``.

    Raises:
        TypeError: if the fields of ``kind`` are not the options of the namespace.
    """
    return kind(**{k: v for k, v in vars(namespace).items() if k not in NOT_OPTIONS})


def runs(p: argparse.ArgumentParser, kind: Callable[..., Opts], run: Callable[[Opts], int]) -> None:
    """Make ``run`` the command of ``p``: it is called with what ``p`` parsed, as a ``kind``."""
    p.set_defaults(run=functools.partial(_run, kind, run))


def _run(
    kind: Callable[..., Opts], run: Callable[[Opts], int], namespace: argparse.Namespace
) -> int:
    return run(options_from(kind, namespace))


_WHOLE = re.compile(r"-?[0-9]{1,16}", re.ASCII)


def whole(low: int, high: int, *, what: str = "") -> Callable[[str], int]:
    """An argparse ``type`` for a whole number from ``low`` to ``high``, written in ASCII digits
    (Python's ``int`` also reads ``"٣"``, ``"1_000"`` and ``" 7 "``); the error names both
    bounds, so a user who passed a larger number learns the cap. ``what`` says why the bound is
    what it is.

    >>> whole(0, 10)("7"), whole(-5, 5)("-3")
    (7, -3)
    >>> whole(1, 1024)("٣")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '٣' is not a whole number from 1 to 1024
    """

    return _bounded(_WHOLE, int, f"whole number from {low} to {high}", low, high, what=what)


_SECONDS = re.compile(r"[0-9]{1,7}(\.[0-9]{1,6})?|\.[0-9]{1,6}", re.ASCII)


def seconds(low: float, high: float) -> Callable[[str], float]:
    """An argparse ``type`` for a number of seconds from ``low`` to ``high``, written in ASCII
    digits with at most one point (``float`` also reads ``"inf"``, ``"nan"``, ``"1e9"`` and
    ``"٣"``); the error names both bounds, as :func:`whole`'s does.

    >>> seconds(0.01, 3600)("2.5")
    2.5
    >>> seconds(0.01, 3600)("inf")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 'inf' is not a number of seconds from 0.01 to 3600
    """

    return _bounded(_SECONDS, float, f"number of seconds from {low:g} to {high:g}", low, high)


Number = TypeVar("Number", int, float)


def _bounded(
    pattern: re.Pattern[str],
    convert: Callable[[str], Number],
    name: str,
    low: Number,
    high: Number,
    *,
    what: str = "",
) -> Callable[[str], Number]:
    """The argparse ``type`` of :func:`whole` and :func:`seconds`: text that ``pattern`` matches
    whole, converted, within ``low`` to ``high``; else an error naming the bounds (``name``)."""

    def read(text: str) -> Number:
        value = convert(text) if pattern.fullmatch(text) else None
        if value is None or not low <= value <= high:
            shown = excerpt(repr(text), 40)
            raise argparse.ArgumentTypeError(f"{shown} is not a {name}{what}")
        return value

    read.__name__ = name
    return read


def add_hypothetical_argument(p: argparse.ArgumentParser) -> None:
    """Add ``--hypothetical``: judge a position that no game reaches."""
    p.add_argument(
        "--hypothetical",
        action="store_true",
        help="judge the position even if no game reaches it (it must still be valid, with a "
        "combination as its active set)",
    )
