"""``scout-ref explain STATE MOVE``: the verdict on a move, with the reasoning and the rules."""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from scout_ref.cli.commands._options import add_hypothetical_argument, runs
from scout_ref.cli.commands._output import add_json_argument, print_json
from scout_ref.formats.documents import explanation_json, explanation_of, state_after
from scout_ref.formats.position_line import format_position

STATE_HELP = (
    "the position: a position line such as '3p hands 3/1 4/1 | 5/2 | 6/3 7/3 active_set 2/1 "
    "owner 1' (spec/POSITION.md), a file holding one or a state JSON, or - for standard input"
)


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``explain``."""
    p = subparsers.add_parser(
        "explain",
        help="say whether a move is legal in a position, and why",
        description="Exit status: 0 legal, 1 illegal, 2 bad input.",
    )
    p.add_argument("state", metavar="STATE", help=STATE_HELP)
    add_hypothetical_argument(p)
    p.add_argument(
        "move",
        metavar="MOVE",
        help="a move in canonical notation, e.g. 'show 2-4' or 'scout L~ @3', or one the rules "
        "forbid (SC-NOTE-07), e.g. 'scout #1 @0' or 'show 3,2'",
    )
    add_json_argument(p, "explain", "the verdict, the reasoning and the rules cited")
    runs(p, Options, run)


@dataclass(frozen=True)
class Options:
    """The options of ``explain``."""

    state: str
    hypothetical: bool
    move: str
    json: bool


def run(args: Options) -> int:
    """Print the explanation; 0 when the move is legal, 1 when it is illegal."""
    explanation = explanation_of(args.state, args.move, hypothetical=args.hypothetical)
    if args.json:
        print_json(explanation_json(explanation))
    else:
        print("\n".join(explanation.lines()))
        after = state_after(explanation)
        if after is not None:
            print("position after the move:")
            print(f"  {format_position(after)}")
    return 0 if explanation.is_legal else 1
