"""``scout-ref check STATE``: is a state valid, and could it have arisen in play?"""

from __future__ import annotations

import argparse

from scout_ref._text import plural
from scout_ref.commands._io import read_state
from scout_ref.commands.explain import STATE_HELP
from scout_ref.reachability import check_reachable
from scout_ref.registry import rules


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``check``."""
    p = subparsers.add_parser(
        "check",
        help="check that a state is valid and meets every condition of play (chapter REACH)",
        description="Exit status: 0 valid and no condition broken, 1 some condition of chapter "
        "REACH broken (no game reaches the state), 2 bad input.",
    )
    p.add_argument("state", metavar="STATE", help=STATE_HELP)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print each broken condition with its rule; 0 when there is none."""
    state = read_state(args.state)
    violations = check_reachable(state)
    for v in violations:
        print(f"{v.rule} {rules()[v.rule].title}: {v.where or '/'}: {v.detail}")
    if violations:
        broken = plural(len(violations), "condition")
        print(f"unreachable: {broken} broken; no game reaches this state")
        return 1
    print("valid; meets every condition of chapter REACH (which does not prove it reachable)")
    return 0
