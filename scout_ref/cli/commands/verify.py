"""``scout-ref verify``: check every invariant at every node of the game tree near a position."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from scout_ref.analysis.distribute import MAX_JOBS, ClusterError, check_scheduler
from scout_ref.checks.verify import SAMPLE, Tally, merge, problem_text, vector_states, verify
from scout_ref.cli.commands._options import runs, whole
from scout_ref.engine.state import State
from scout_ref.errors import MalformedInputError
from scout_ref.formats.state_source import read_state
from scout_ref.util.text import plural


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``verify``."""
    p = subparsers.add_parser(
        "verify",
        help="check every invariant at every position within K moves of the vectors' states",
        description="Walk every node of the game tree to depth K from each starting position "
        "and check every invariant of play there: card conservation, Scout chips, the round "
        "score identity, states left unchanged, JSON round trips, a move accepted if and only "
        "if it is listed, and rejection precedence against a naive oracle. Prints the nodes "
        "checked per CPU second, and each counterexample as a vector case. Exits 1 if any "
        "invariant fails.",
    )
    p.add_argument(
        "--depth", type=whole(0, 8), default=1, metavar="K", help="moves deep (default 1)"
    )
    p.add_argument(
        "--jobs",
        type=whole(1, MAX_JOBS),
        default=1,
        metavar="N",
        help="processes to use (default 1; at most one per CPU and one per position)",
    )
    p.add_argument(
        "--sample",
        type=whole(1, 1_000_000),
        default=SAMPLE,
        metavar="N",
        help=f"judge one unlisted Scout & Show in N at the first node of each situation (the "
        f"hand, table and rules of the player to act) and one move in N at a later one, whose "
        f"legal list must be the first's; turn from node to node; round-trip the JSON of one "
        f"node in N squared (default {SAMPLE}; 1 judges every move at every node)",
    )
    p.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="run on the Dask distributed cluster whose scheduler is at ADDRESS "
        "(tcp://host:8786), one task per starting position; --jobs is then unused",
    )
    p.add_argument(
        "--from",
        dest="sources",
        action="append",
        default=[],
        metavar="STATE",
        help="start from this position: a position line, a file holding one or a state JSON, "
        "or - for standard input (repeatable)",
    )
    p.add_argument(
        "--from-vectors",
        dest="vectors",
        action="store_true",
        help="start from every state the vectors carry (the default without --from)",
    )
    p.add_argument(  # its old name, kept for scripts: --vectors names a folder elsewhere
        "--vectors", dest="vectors", action="store_true", help=argparse.SUPPRESS
    )
    runs(p, Options, run)


@dataclass(frozen=True)
class Options:
    """The options of ``verify``."""

    depth: int
    jobs: int
    sample: int
    scheduler: str | None
    sources: Sequence[str]
    vectors: bool


def _roots(args: Options) -> list[State]:
    roots = [read_state(path) for path in args.sources]
    if args.vectors or not args.sources:
        roots += vector_states()
    return roots


def run(args: Options) -> int:
    """Verify and report; 1 if a counterexample was found."""
    if args.depth < 0:
        raise MalformedInputError("--depth", [("", f"{args.depth} is negative")])
    if args.jobs < 1:
        raise MalformedInputError("--jobs", [("", "use at least one process")])
    if args.scheduler is not None:
        check_scheduler(args.scheduler)
    if args.sample < 1:
        raise MalformedInputError("--sample", [("", "sample at least one move in 1")])
    roots = _roots(args)
    tally = Tally()
    started = time.perf_counter()
    show_progress = sys.stderr.isatty()
    try:
        for part in verify(roots, args.depth, args.jobs, args.sample, args.scheduler):
            merge(tally, part)
            for problem in part.counterexamples:
                print(problem_text(problem))
            if show_progress:
                done = f"{tally.roots}/{plural(len(roots), 'position')}"
                print(f"\r{done}, {plural(tally.nodes, 'node')}", end="", file=sys.stderr)
    except ClusterError:  # what was verified is said, marked partial; then the error line
        print(
            f"partial: depth {args.depth} from {tally.roots} of {plural(len(roots), 'position')}"
            f" before the cluster failed: {plural(tally.nodes, 'node')} checked; "
            f"{len(tally.counterexamples)} counterexamples"
        )
        raise
    if show_progress:
        print(file=sys.stderr)
    wall = time.perf_counter() - started
    print(
        f"depth {args.depth} from {plural(tally.roots, 'position')}: "
        f"{plural(tally.nodes, 'node')} checked, "
        f"{tally.per_second:.0f} per CPU second ({tally.seconds:.1f} s), "
        f"{tally.nodes / max(wall, 1e-9):.0f} per second on {args.jobs} processes "
        f"({wall:.1f} s); {len(tally.counterexamples)} counterexamples"
    )
    return 1 if tally.counterexamples else 0
