"""The ``scout-ref`` command line: a thin dispatcher over :mod:`scout_ref.commands`.

Each subcommand lives in its own module with ``add_parser(subparsers)`` and ``run(args)``.
Bad input prints one ``error: ...`` line and exits 2; a failed check exits 1; a bug keeps its
traceback.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import os
import sys
from collections.abc import Sequence

from scout_ref.commands import COMMANDS
from scout_ref.conformance.protocol import PROTOCOL_VERSION
from scout_ref.errors import MalformedInputError
from scout_ref.registry import spec_version


def version_line() -> str:
    """The package version, and the versions of the contracts it implements."""
    package = importlib.metadata.version("scout-ref")
    return f"scout-ref {package} (spec {spec_version()}, adapter protocol SCP {PROTOCOL_VERSION})"


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``scout-ref``, importable so the docs can render it."""
    parser = argparse.ArgumentParser(
        prog="scout-ref",
        description="The SCOUT rulebook's reference engine, conformance runner and tools.",
    )
    parser.add_argument("--version", action="version", version=version_line())
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in COMMANDS:
        command.add_parser(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``scout-ref`` with ``argv`` and return the exit status."""
    args = build_parser().parse_args(argv)
    try:
        status: int = args.run(args)
    except MalformedInputError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return status


def entrypoint() -> None:
    """The console script: exit with :func:`main`'s status.

    A reader that goes away early (``scout-ref rules | head``) is not an error worth a
    traceback: the rest of the output is dropped, as the Python documentation advises.
    """
    try:
        status = main()
        sys.stdout.flush()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = 1
    sys.exit(status)
