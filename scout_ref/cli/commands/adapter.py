"""``scout-ref adapter``: the reference engine served over SCP 2 on stdin and stdout."""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass

from scout_ref.cli.commands._options import runs
from scout_ref.conformance.oracle.server import serve
from scout_ref.errors import MalformedInputError
from scout_ref.formats.state_source import standard_input


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``adapter``."""
    p = subparsers.add_parser(
        "adapter", help="serve the reference engine as a conformance adapter (JSON lines)"
    )
    runs(p, Options, run)


@dataclass(frozen=True)
class Options:
    """``adapter`` has no options."""


def run(options: Options) -> int:
    """Serve until ``bye`` or end of input."""
    requests = standard_input("adapter")
    if sys.stdout is None or sys.stdout.closed:
        message = "adapter answers on standard output, which is closed"
        raise MalformedInputError("standard output", [("", message)])
    return serve(requests, sys.stdout)
