"""The subcommands of ``scout-ref``, one module each, in the order ``--help`` lists them.

Each module provides ``add_parser(subparsers)``, which registers the subcommand, and
``run(options) -> int``, which takes the command's typed ``Options``
(:mod:`scout_ref.cli.commands._options` reads them from the parsed command line).
"""

from __future__ import annotations

from types import ModuleType

from scout_ref.cli.commands import (
    adapter,
    check,
    conform,
    explain,
    legal,
    play,
    replay,
    rules,
    simulate,
    vectors,
    verify,
)

COMMANDS: tuple[ModuleType, ...] = (
    simulate,
    rules,
    explain,
    legal,
    check,
    play,
    replay,
    conform,
    adapter,
    vectors,
    verify,
)
