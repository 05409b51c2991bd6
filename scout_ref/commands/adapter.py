"""``scout-ref adapter``: the reference engine served over SCP 1 on stdin and stdout."""

from __future__ import annotations

import argparse
import sys

from scout_ref.conformance.adapter import serve


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``adapter``."""
    p = subparsers.add_parser(
        "adapter", help="serve the reference engine as a conformance adapter (JSON lines)"
    )
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Serve until ``bye`` or end of input."""
    return serve(sys.stdin, sys.stdout)
