"""``scout-ref check STATE``: could a state have arisen in play? A witness game, or the rule."""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

from scout_ref.analysis.witness import DEFAULT_BUDGET, find_witness
from scout_ref.cli.commands._options import runs, whole
from scout_ref.cli.commands.explain import STATE_HELP
from scout_ref.engine.reachability import check_reachable
from scout_ref.formats.state_source import read_state
from scout_ref.formats.witness_store import (
    proving_witness,
    save_witness,
    witness_dir,
    witness_text,
)
from scout_ref.rulebook.registry import rules
from scout_ref.util.atomic import check_output_file, check_output_folder, write_atomic
from scout_ref.util.signals import Interrupted, stop_on_signals
from scout_ref.util.text import plural

MAX_BUDGET = 100_000
"""The largest ``--budget``: about 300 MiB and 10 minutes of search."""
UNDECIDED = 4
"""The exit status when no condition is broken and the search found no witness."""


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``check``."""
    p = subparsers.add_parser(
        "check",
        help="prove a position reachable with a witness game, or name the condition it breaks",
        description="Exit status: 0 reachable (a witness game reaches it), 1 unreachable (a "
        "condition of chapter REACH is broken), 2 bad input, 4 undecided (no condition broken, "
        "no witness found within the budget).",
    )
    p.add_argument(
        "--budget",
        type=whole(0, MAX_BUDGET, what=" (about 3 KiB and 6 ms a position)"),
        default=DEFAULT_BUDGET,
        metavar="N",
        help=f"positions the witness search may undo moves from (default {DEFAULT_BUDGET}, at "
        f"most {MAX_BUDGET}); a search that does not finish within it is undecided (exit 4)",
    )
    p.add_argument(
        "--record", metavar="FILE", help="write the witness game there (scout-ref replay plays it)"
    )
    p.add_argument(
        "--store",
        action="store_true",
        help="store the witness under spec/witnesses, named by the position's digest",
    )
    p.add_argument("state", metavar="STATE", help=STATE_HELP)
    runs(p, Options, run)


@dataclass(frozen=True)
class Options:
    """The options of ``check``."""

    budget: int
    record: str | None
    store: bool
    state: str


def run(args: Options) -> int:
    """Print each broken condition with its rule, or the witness found; see the exit statuses."""
    if args.record:
        check_output_file(Path(args.record), "--record")
    state = read_state(args.state)
    violations = check_reachable(state)
    for v in violations:
        print(f"{v.rule} {rules()[v.rule].title}: {v.where or '/'}: {v.detail}")
    if violations:
        broken = plural(len(violations), "condition")
        print(f"unreachable: {broken} broken; no game reaches this state")
        return 1
    if args.store:
        check_output_folder(witness_dir(), "--store")
    stored, unproved = proving_witness(state)
    if stored is not None and not args.record:
        print(f"reachable: the witness game {stored} reaches it (scout-ref replay plays it)")
        return 0
    if unproved is not None:
        print(f"the stored witness does not prove it, so it is searched for: {unproved}")
    with stop_on_signals():  # even where the shell started it with SIGINT ignored
        try:
            found = find_witness(state, budget=args.budget)
        except Interrupted as exc:
            print(f"interrupted by {exc.name}: the witness search stopped", file=sys.stderr)
            return 128 + exc.signum
    if found.witness is None:
        scope = "" if found.searched else " (the search covers the first round only)"
        print(
            "undecided: meets every condition of chapter REACH, but no witness game was found"
            f" within {found.tried} positions{scope}"
        )
        return UNDECIDED
    witness = found.witness
    print(f"reachable: a witness game of {len(witness.moves)} moves reaches it")
    print("deal: " + " ".join(map(str, witness.deck)))
    print("moves: " + "; ".join(map(str, witness.moves)))
    if args.record:
        write_atomic(Path(args.record), witness_text(witness, state), "--record")
        print(f"witness written to {args.record}")
    if args.store:
        print(f"witness stored as {save_witness(witness, state, witness_dir())}")
    return 0
