"""``scout-ref replay FILE``: step through a trace vector and check every step with the engine."""

from __future__ import annotations

import argparse
import shlex
from dataclasses import dataclass

from rich.console import Console

from scout_ref.cli.commands._options import MAX_INTEGER, runs, whole
from scout_ref.cli.commands._output import (
    ViewOptions,
    add_json_argument,
    add_view_arguments,
    print_json,
    wants_color,
)
from scout_ref.conformance.vectors.build import schema_problems
from scout_ref.engine.state import Phase
from scout_ref.errors import MalformedInputError
from scout_ref.formats.position_line import format_position
from scout_ref.formats.state_json import state_digest, state_to_json
from scout_ref.formats.state_source import read_json, standard_input
from scout_ref.formats.trace import JSON, Replayed, TraceDivergence, case_setup, replay
from scout_ref.play.screen import style_line
from scout_ref.play.view import board_view, round_summary
from scout_ref.rulebook.registry import check_spec_version
from scout_ref.util.jsonread import MAX_FILE_BYTES, TooLargeError
from scout_ref.util.lines import read_line
from scout_ref.util.text import plural

DEFAULT_MIB = MAX_FILE_BYTES >> 20
"""The default limit of ``--max-mib``: the bounded reader's file limit (16 MiB)."""
MAX_MIB = 1024
"""The most ``--max-mib`` allows: a game of about ten million moves."""


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``replay``."""
    p = subparsers.add_parser(
        "replay",
        help="step through a recorded game (any trace vector file) and check it",
        description="Exit status: 0 every step matches, 1 the engine diverges, 2 bad input.",
    )
    p.add_argument(
        "file", help="a trace vector file, e.g. one written by play --record (- reads stdin)"
    )
    p.add_argument(
        "--max-mib",
        type=whole(1, MAX_MIB),
        default=DEFAULT_MIB,
        metavar="N",
        help=f"read a recorded game of up to N MiB (default {DEFAULT_MIB}, at most {MAX_MIB}; "
        "a long game needs more, and memory grows with it)",
    )
    p.add_argument("--quiet", action="store_true", help="one summary line per case")
    p.add_argument("--case", metavar="ID", help="only the case with this ID (default: every case)")
    at = p.add_mutually_exclusive_group()
    at.add_argument(
        "--at",
        type=whole(0, MAX_INTEGER),
        metavar="N",
        help="print the position after step N (0 is the first deal) of the first selected case",
    )
    at.add_argument(
        "--step",
        action="store_true",
        help="draw the table after every step and pause: Enter goes on, q stops",
    )
    add_json_argument(p, "replay", "every step (or, with --at, the state at step N)")
    add_view_arguments(p)
    runs(p, Options, run)


@dataclass(frozen=True)
class Options(ViewOptions):
    """The options of ``replay``."""

    file: str
    max_mib: int
    quiet: bool
    case: str | None
    at: int | None
    step: bool
    json: bool


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
    print(f"  {r.index:>4}  {who:<7} {r.text:<28} {state_digest(r.state)[:12]}")
    if r.seat is not None and r.state.is_two_player and r.text.startswith("scout"):
        print("        a chip paid; the same seat acts again (SC-VAR2-03)")
    if r.seat is not None and r.state.phase in (Phase.ROUND_OVER, Phase.GAME_OVER):
        print("\n".join("    " + line for line in round_summary(r.state, [""] * 5)))


def step_json(r: Replayed) -> JSON:
    """One replayed step as ``replay --json`` writes it."""
    return {
        "index": r.index,
        "seat": r.seat,
        "move": r.text,
        "digest": state_digest(r.state),
        "position": format_position(r.state),
    }


def read_record(path: str, mib: int) -> object:
    """The recorded game in ``path``, read within ``mib`` MiB.

    Raises:
        MalformedInputError: as the bounded reader; a file beyond the limit is refused with
            the option that reads it.
    """
    if not 1 <= mib <= MAX_MIB:
        raise MalformedInputError("--max-mib", [("", f"{mib} is not 1 to {MAX_MIB}")])
    try:
        return read_json(path, mib << 20)
    except TooLargeError as exc:
        bigger = min(MAX_MIB, 4 * mib)
        how = (
            f"a longer game replays with a higher limit: scout-ref replay --max-mib {bigger} "
            f"{shlex.quote(path)}"
            if mib < MAX_MIB
            else f"{MAX_MIB} MiB is the most replay reads; replay a part of the game"
        )
        size = f"{shlex.quote(path)} is longer than the limit of {mib} MiB"
        raise MalformedInputError("recorded game", [("", size), ("", how)]) from exc


def _cases(args: Options) -> list[tuple[int, object]]:
    cases = list(enumerate(trace_cases(read_record(args.file, args.max_mib), repr(args.file))))
    if args.case is None:
        return cases
    chosen: list[tuple[int, object]] = [
        (i, c) for i, c in cases if isinstance(c, dict) and c.get("id") == args.case
    ]
    if not chosen:
        raise MalformedInputError("--case", [("", f"no case {args.case!r} in {args.file!r}")])
    return chosen


def run_at(args: Options, at: int) -> int:
    """``--at N``: the state after step N of the first selected case."""
    i, case = _cases(args)[0]
    case_id, players, rules, steps = case_setup(case, f"/cases/{i}")
    if not 0 <= at < len(steps):
        raise MalformedInputError("--at", [("", f"{case_id} has steps 0 to {len(steps) - 1}")])
    try:
        *_, r = (r for r in replay(players, rules, steps[: at + 1], f"/cases/{i}"))
    except TraceDivergence as exc:
        print(f"{case_id}: diverges at {exc}")
        return 1
    if args.json:
        print_json({"case": case_id, "at": step_json(r), "state": state_to_json(r.state)})
    else:
        who = "deal" if r.seat is None else f"seat {r.seat}: {r.text}"
        print(f"{case_id} step {r.index} ({who})")
        print(format_position(r.state))
    return 0


def replay_case(args: Options, i: int, case: object) -> tuple[JSON, bool]:
    """Replay one case, printing as asked; its ``--json`` record and whether to go on."""
    quiet = args.quiet or args.json
    case_id, players, rules, steps = case_setup(case, f"/cases/{i}")
    if not quiet:
        print(f"{case_id}: {players} players, {plural(len(steps), 'step')}")
    record: JSON = {"id": case_id, "players": players, "steps": [], "divergence": None}
    try:
        for r in replay(players, rules, steps, f"/cases/{i}"):
            record["steps"].append(step_json(r))
            if not quiet:
                print_step(r)
            if args.step and not pause(r, wants_color(args)):
                print(f"stopped at step {r.index}")
                return record, False
    except TraceDivergence as exc:
        record["divergence"] = str(exc)
        if not args.json:
            print(f"{case_id}: diverges at {exc}")
        return record, False
    if args.quiet and not args.json:
        print(f"{case_id}: {plural(len(steps), 'step')} match")
    return record, True


def run(args: Options) -> int:
    """Replay every selected case; stop with status 1 at the first divergence."""
    if args.step and args.file == "-":
        raise MalformedInputError("--step", [("", "answers are read from stdin: name the file")])
    if args.step:
        standard_input("replay --step")  # refused before the first step, not after it
    if args.at is not None:
        return run_at(args, args.at)
    cases = _cases(args)
    done: list[JSON] = []
    for i, case in cases:
        record, go_on = replay_case(args, i, case)
        done.append(record)
        if not go_on:
            break
    matches = all(r["divergence"] is None for r in done)
    if args.json:
        print_json({"file": args.file, "cases": done, "matches": matches})
    elif len(done) == len(cases) and matches:
        total = sum(len(r["steps"]) for r in done)
        print(
            f"{plural(len(cases), 'case')}, {plural(total, 'step')}: every step matches the engine"
        )
    return 0 if matches else 1


def pause(r: Replayed, color: bool) -> bool:
    """Draw the table after a step, with its position line, and wait for a line; False when
    the user stops."""
    lines = [
        "",
        *board_view(r.state, [""] * r.state.players),
        f"position: {format_position(r.state)}",
    ]
    if color:
        console = Console(highlight=False, force_terminal=True)
        for line in lines:
            console.print(style_line(line))
    else:
        print("\n".join(lines))
    try:
        answer = read_line(
            standard_input("replay --step"), "replay --step", "[Enter] next step, q stop: "
        )
    except EOFError:
        return False
    return answer.strip().lower() not in ("q", "quit")
