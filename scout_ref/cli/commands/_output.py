"""How subcommands write what they found: ``--json`` documents and the view switches.

Every ``--json`` document is one JSON object on standard output, described by the schema
``spec/schema/cli/<command>.schema.json``.
Commands that draw (colour, tables, progress bars) take ``--plain`` and ``--color``. Without
either, rich decides, as it does for any program: it draws on a terminal and writes plain text
to a pipe or a file, and it honours ``FORCE_COLOR``, ``NO_COLOR``, ``TTY_COMPATIBLE`` and
``TERM=dumb``. ``--color`` draws in colour even in a pipe or under ``NO_COLOR``; ``--plain``
writes plain text even on a terminal or under ``FORCE_COLOR``.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console

WIDTH = 100
"""The line width policy. On a terminal, text wraps at word boundaries to the terminal's width,
at most this many columns. In a pipe or a file, lines are never wrapped (a line stays one line
for grep and scripts) and tables are laid out in exactly this width, so the output does not
depend on who runs it. Explanations, which the docs quote, wrap at 78 columns everywhere."""


def add_json_argument(p: argparse._ActionsContainer, command: str, what: str) -> None:
    """Add ``--json``: print ``what`` as one JSON document instead of text."""
    p.add_argument(
        "--json",
        action="store_true",
        help=f"print {what} as JSON (schema: spec/schema/cli/{command}.schema.json)",
    )


def add_vectors_dir_argument(p: argparse.ArgumentParser, old: str) -> None:
    """Add ``--vectors-dir DIR``, the one name for a vector folder, and its old name.

    The old name keeps working, silently, so that scripts and CI jobs do not break; the help
    marks it deprecated.
    """
    p.add_argument(
        "--vectors-dir",
        type=Path,
        metavar="DIR",
        help="the vector folder (default: spec/vectors of this installation)",
    )
    p.add_argument(
        old,
        type=Path,
        dest="vectors_dir",
        metavar="DIR",
        help="deprecated name of --vectors-dir",
    )


@dataclass(frozen=True)
class ViewOptions:
    """The view switches of :func:`add_view_arguments`, which the options of a command that
    draws extend."""

    plain: bool
    color: bool


def add_view_arguments(p: argparse.ArgumentParser) -> None:
    """Add ``--plain`` and ``--color``; without them, rich decides (see above)."""
    g = p.add_mutually_exclusive_group()
    g.add_argument("--plain", action="store_true", help="plain text, even on a terminal")
    g.add_argument("--color", action="store_true", help="colour, even when not on a terminal")


def _switches(view: ViewOptions) -> tuple[bool | None, bool | None]:
    """``force_terminal`` and ``no_color`` for rich: None leaves the question to rich."""
    if view.color:
        return True, False
    if view.plain:
        return False, True
    return None, None


def wants_color(view: ViewOptions) -> bool:
    """Whether to draw with rich rather than print plain text: whether rich takes standard
    output for a terminal once the view switches are applied (its colours are rich's choice)."""
    force, no_color = _switches(view)
    return Console(force_terminal=force, no_color=no_color).is_terminal


def console(view: ViewOptions) -> Console:
    """A rich console on standard output that follows the view switches and width policy."""
    force, no_color = _switches(view)
    terminal = sys.stdout.isatty()  # the width policy asks where lines go, not about colour
    return Console(
        highlight=False,
        width=min(Console().width, WIDTH) if terminal else WIDTH,
        soft_wrap=not terminal,
        force_terminal=force,
        no_color=no_color,
    )


def print_json(document: dict[str, object]) -> None:
    """Print a ``--json`` document."""
    print(json.dumps(document, indent=2, ensure_ascii=False))
