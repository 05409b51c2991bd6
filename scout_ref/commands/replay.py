"""``scout-ref replay FILE``: step through a trace vector and check every step with the engine."""

from __future__ import annotations

import argparse

from scout_ref.commands._io import read_json
from scout_ref.conformance.vectors import schema_problems
from scout_ref.errors import MalformedInputError
from scout_ref.play.record import Replayed, TraceDivergence, case_setup, replay
from scout_ref.play.view import round_summary
from scout_ref.registry import check_spec_version
from scout_ref.state import Phase


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``replay``."""
    p = subparsers.add_parser(
        "replay",
        help="step through a recorded game (any trace vector file) and check it",
        description="Exit status: 0 every step matches, 1 the engine diverges, 2 bad input.",
    )
    p.add_argument("file", help="a trace vector file, e.g. one written by play --record")
    p.add_argument("--quiet", action="store_true", help="one summary line per case")
    p.set_defaults(run=run)


def trace_cases(data: object, source: str = "the file") -> list[object]:
    """The cases of a trace vector document, checked against the trace schema and written for
    this spec version.

    Raises:
        MalformedInputError: listing how ``data`` departs from the schema, or naming the
            spec version it was written for.
    """
    if not isinstance(data, dict) or data.get("kind") != "trace":
        raise MalformedInputError("trace", [("/kind", "the file is not a trace vector")])
    problems = schema_problems("trace", data)
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise MalformedInputError("trace", [("", problems[0] + more)])
    check_spec_version(data["spec_version"], source)
    cases: list[object] = data["cases"]
    return cases


def print_step(r: Replayed) -> None:
    """One replayed step, and the score breakdown when it ends a round."""
    who = "deal" if r.seat is None else f"seat {r.seat}"
    print(f"  {r.index:>4}  {who:<7} {r.text:<28} {r.state.digest()[:12]}")
    if r.seat is not None and r.state.phase in (Phase.ROUND_OVER, Phase.GAME_OVER):
        print("\n".join("    " + line for line in round_summary(r.state, [""] * 5)))


def run(args: argparse.Namespace) -> int:
    """Replay every case; stop with status 1 at the first divergence."""
    cases = trace_cases(read_json(args.file), repr(args.file))
    total = 0
    for i, case in enumerate(cases):
        case_id, players, rules, steps = case_setup(case, f"/cases/{i}")
        if not args.quiet:
            print(f"{case_id}: {players} players, {len(steps)} steps")
        try:
            for r in replay(players, rules, steps, f"/cases/{i}"):
                if not args.quiet:
                    print_step(r)
        except TraceDivergence as exc:
            print(f"{case_id}: diverges at {exc}")
            return 1
        total += len(steps)
        if args.quiet:
            print(f"{case_id}: {len(steps)} steps match")
    print(f"{len(cases)} cases, {total} steps: every step matches the engine")
    return 0
