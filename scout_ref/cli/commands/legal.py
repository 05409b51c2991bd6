"""``scout-ref legal STATE``: every legal move of the player to act, in canonical order."""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from scout_ref.cli.commands._io import (
    HYPOTHETICAL_HELP,
    read_state,
    refuse_non_combination,
)
from scout_ref.cli.commands._options import runs
from scout_ref.cli.commands._output import add_json_argument, print_json
from scout_ref.cli.commands.explain import STATE_HELP
from scout_ref.engine.notation import move_sort_key
from scout_ref.engine.turn import legal_moves
from scout_ref.formats.position_line import format_position
from scout_ref.formats.state_json import state_digest
from scout_ref.util.text import plural


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``legal``."""
    p = subparsers.add_parser(
        "legal",
        help="list the legal moves of a position",
        description="One move per line in canonical order (SC-NOTE-06), then a count.",
    )
    p.add_argument("state", metavar="STATE", help=STATE_HELP)
    p.add_argument("--hypothetical", action="store_true", help=HYPOTHETICAL_HELP)
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
    state = read_state(args.state, reachable=not args.hypothetical)
    refuse_non_combination(state)
    moves = [str(m) for m in sorted(legal_moves(state), key=move_sort_key)]
    if args.json:
        print_json(
            {
                "position": format_position(state),
                "digest": state_digest(state),
                "seat": state.turn,
                "moves": moves,
            },
        )
        return 0
    if moves:  # no blank line above the count when nobody is to act
        print("\n".join(moves))
    who = "nobody is to act" if state.turn is None else f"seat {state.turn} to act"
    print(f"{plural(len(moves), 'legal move')} ({who}, {state.phase.value} phase)")
    return 0
