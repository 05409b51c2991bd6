"""``scout-ref legal STATE``: every legal move of the player to act, in canonical order."""

from __future__ import annotations

import argparse

from scout_ref._text import plural
from scout_ref.commands._io import read_state
from scout_ref.commands._output import add_json_argument, print_json
from scout_ref.commands.explain import STATE_HELP
from scout_ref.notation import move_sort_key
from scout_ref.turn import legal_moves


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``legal``."""
    p = subparsers.add_parser(
        "legal",
        help="list the legal moves of a position",
        description="One move per line in canonical order (SC-NOTE-06), then a count.",
    )
    p.add_argument("state", metavar="STATE", help=STATE_HELP)
    add_json_argument(p, "legal", "the moves")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print the legal moves; a position where nobody acts has none."""
    state = read_state(args.state)
    moves = [str(m) for m in sorted(legal_moves(state), key=move_sort_key)]
    if args.json:
        print_json(
            {
                "position": state.position(),
                "digest": state.digest(),
                "seat": state.turn,
                "moves": moves,
            },
        )
        return 0
    print("\n".join(moves))
    who = "nobody is to act" if state.turn is None else f"seat {state.turn} to act"
    print(f"{plural(len(moves), 'legal move')} ({who}, {state.phase.value} phase)")
    return 0
