"""The ``scout-ref`` command line: a thin dispatcher over :mod:`scout_ref.cli.commands`.

Each subcommand lives in its own module with ``add_parser(subparsers)`` and ``run(options)``,
which takes the command's typed ``Options`` (:mod:`scout_ref.cli.commands._options`).
The boundary promises: bad input (any :class:`~scout_ref.ScoutError`, or a bad option) prints
one ``error: ...`` line on stderr and exits 2; a failed check exits 1; Ctrl-C exits 130 with one
line; anything else is a bug in scout-ref, reported by :func:`entrypoint` as one line naming it
an internal error, with exit status 3 (``SCOUT_REF_DEBUG=1`` adds the traceback).
"""

from __future__ import annotations

import argparse
import importlib.metadata
import io
import os
import sys
import traceback
from collections.abc import Sequence
from typing import NoReturn

from scout_ref.cli.commands import COMMANDS
from scout_ref.conformance.protocol.messages import PROTOCOL_VERSION
from scout_ref.errors import ScoutError, error_message, excerpt
from scout_ref.rulebook.registry import spec_version

INTERNAL_ERROR = 3
"""The exit status of a bug in scout-ref (bad input is 2, a failed check 1)."""
DEBUG = "SCOUT_REF_DEBUG"
"""Set to 1 to see the traceback of an internal error."""


class _Parser(argparse.ArgumentParser):
    """argparse, with a bad option reported on one line like any other bad input."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: {excerpt(message, 300)} (see {self.prog} --help)\n")


def version_line() -> str:
    """The package version, and the versions of the contracts it implements."""
    package = importlib.metadata.version("scout-ref")
    return f"scout-ref {package} (spec {spec_version()}, adapter protocol SCP {PROTOCOL_VERSION})"


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``scout-ref``, importable so the docs can render it."""
    parser = _Parser(
        prog="scout-ref",
        description="The SCOUT rulebook's reference engine, conformance runner and tools.",
    )
    parser.add_argument("--version", action="version", version=version_line())
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for command in COMMANDS:
        command.add_parser(subparsers)
    for name, sub in subparsers.choices.items():
        sub.epilog = exit_statuses(name, sub)
    parser.epilog = f"Exit status: {COMMON_STATUSES}. Run 'scout-ref COMMAND --help' for more."
    return parser


COMMON_STATUSES = (
    "2 bad input (one error: line), 3 a bug in scout-ref (one internal error: line; "
    f"{DEBUG}=1 shows the traceback), 130 interrupted by Ctrl-C"
)
EXIT_STATUSES = {
    "simulate": "0 done",
    "rules": "0 some rule matched",
    "legal": "0 the moves listed",
    "play": "0 the game ended or was left",
    "conform": "0 every selected case passed, 1 some case failed or errored, or the adapter "
    "broke the protocol; an adapter that does not start is bad input (2); a run stopped by a "
    "signal writes a partial report and exits 128 + the signal's number; a --scheduler cluster "
    "that fails mid-run writes a partial report and exits 2",
    "adapter": "0 after bye or the end of input",
    "vectors": "0 done or up to date, 1 a check or lint found a difference",
    "verify": "0 every invariant holds, 1 a counterexample was found",
}
"""The exit statuses of the commands whose description does not give them."""


def exit_statuses(name: str, sub: argparse.ArgumentParser) -> str:
    """The exit statuses a command's help ends with."""
    own = EXIT_STATUSES.get(name)
    if own is None:  # the description already says it
        return f"Other exit statuses: {COMMON_STATUSES}."
    return f"Exit status: {own}; {COMMON_STATUSES}."


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``scout-ref`` with ``argv`` and return the exit status (the help, for no command)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    try:
        status: int = args.run(args)
    except ScoutError as exc:
        print(f"error: {error_message(exc)}", file=sys.stderr)
        return 2
    return status


def report_internal_error(exc: Exception) -> int:
    """Say on one line that ``exc`` is a bug in scout-ref and how to report it."""
    if os.environ.get(DEBUG) == "1":
        traceback.print_exception(exc)
    where = f"scout-ref (spec {spec_version()})"
    print(
        f"internal error: {type(exc).__name__}: {excerpt(str(exc), 300)}; this is a bug in "
        f"{where}, not in your input: please report it with the command you ran and the "
        f"traceback that {DEBUG}=1 prints",
        file=sys.stderr,
    )
    return INTERNAL_ERROR


def entrypoint() -> None:
    """The console script: exit with :func:`main`'s status.

    A reader that goes away early (``scout-ref rules | head``) is not an error worth a
    traceback: the rest of the output is dropped, as the Python documentation advises.
    """
    for stream in (sys.stdout, sys.stderr):  # a terminal that cannot show a character gets \x..
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")
    try:
        status = main()
        if sys.stdout is not None:  # closed (>&-): there was nothing to flush
            sys.stdout.flush()
    except BrokenPipeError:  # the reader has what it wanted: quietly done
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = 0
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        status = 130
    except Exception as exc:  # the one place a bug becomes a line instead of a traceback
        status = report_internal_error(exc)
    sys.exit(status)
