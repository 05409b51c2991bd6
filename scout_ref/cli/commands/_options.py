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
from collections.abc import Callable
from typing import TypeVar

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
