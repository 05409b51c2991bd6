"""``scout-ref legal STATE``: every legal move of the player to act, in canonical order."""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from scout_ref.cli.commands._options import add_hypothetical_argument, runs
from scout_ref.cli.commands._output import add_json_argument, print_json
from scout_ref.cli.commands.explain import STATE_HELP
from scout_ref.formats.documents import judged_state, legal_json, legal_moves_text
from scout_ref.util.text import plural


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``legal``."""
    p = subparsers.add_parser(
        "legal",
        help="list the legal moves of a position",
        description="One move per line in canonical order (SC-NOTE-06), then a count.",
    )
    p.add_argument("state", metavar="STATE", help=STATE_HELP)
    add_hypothetical_argument(p)
    add_json_argument(p, "legal", "the moves")
    runs(p, Options, run)


@dataclass(frozen=True)
class Options:
    """The options of ``legal``."""

    state: str
    hypothetical: bool
    json: bool


def run(args: Options) -> int:
    """Print the legal moves; a position where nobody acts has none."""
    state = judged_state(args.state, hypothetical=args.hypothetical)
    if args.json:
        print_json(legal_json(state))
        return 0
    moves = legal_moves_text(state)
    if moves:  # no blank line above the count when nobody is to act
        print("\n".join(moves))
    who = "nobody is to act" if state.turn is None else f"seat {state.turn} to act"
    print(f"{plural(len(moves), 'legal move')} ({who}, {state.phase.value} phase)")
    return 0
