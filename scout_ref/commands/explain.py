"""``scout-ref explain STATE MOVE``: the verdict on a move, with the reasoning and the rules."""

from __future__ import annotations

import argparse

from scout_ref.commands._io import read_state
from scout_ref.explain import explain
from scout_ref.notation import parse_move


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``explain``."""
    p = subparsers.add_parser(
        "explain",
        help="say whether a move is legal in a state, and why",
        description="Exit status: 0 legal, 1 illegal, 2 bad input.",
    )
    p.add_argument("state", help="a state JSON file")
    p.add_argument("move", help="a move in canonical notation, e.g. 'show 2-4' or 'scout L~ @3'")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print the explanation; 0 when the move is legal, 1 when it is illegal."""
    state = read_state(args.state)
    explanation = explain(state, parse_move(args.move))
    print("\n".join(explanation.lines()))
    return 0 if explanation.is_legal else 1
