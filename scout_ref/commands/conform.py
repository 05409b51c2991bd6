"""``scout-ref conform``: run the conformance suite against an adapter (default: the reference)."""

from __future__ import annotations

import argparse
import math
import shlex
import sys
from pathlib import Path

from rich.console import Console

from scout_ref._atomic import check_output_file, check_output_folder
from scout_ref._signals import Interrupted, hold_signals, stop_on_signals
from scout_ref.conformance import proctree
from scout_ref.conformance.fuzz import fuzz
from scout_ref.conformance.outcomes import CaseResult, Context
from scout_ref.conformance.process import Adapter, Limits
from scout_ref.conformance.report import Run, print_report, write_json, write_junit
from scout_ref.conformance.runner import STRICTNESS, VECTOR_KINDS, load_cases, run_cases, select
from scout_ref.errors import MalformedInputError
from scout_ref.registry import spec_dir

FINDINGS = "conform-findings"
MIN_TIMEOUT = 0.01
MAX_TIMEOUT = 3600.0


def seconds(text: str) -> float:
    """A ``--timeout``: a finite number of seconds within the sane bounds."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not MIN_TIMEOUT <= value <= MAX_TIMEOUT:  # false for NaN too
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a number of seconds from {MIN_TIMEOUT:g} to {MAX_TIMEOUT:g}"
        )
    return value


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``conform``."""
    p = subparsers.add_parser(
        "conform",
        help="judge an engine through its adapter against the vectors (default: the reference)",
    )
    p.add_argument("--adapter", metavar="CMD", help="command that starts the adapter (shell words)")
    p.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="PATTERN",
        help="only cases citing a rule matching this glob, e.g. 'SC-SHOW-*' (repeatable)",
    )
    p.add_argument(
        "--kind",
        action="append",
        default=[],
        choices=[*VECTOR_KINDS, "fuzz"],
        help="only cases of this kind (repeatable); with --fuzz, 'fuzz' selects the fuzz games",
    )
    p.add_argument("--report", metavar="DIR", type=Path, help="write DIR/report.json")
    p.add_argument("--junit", metavar="FILE", type=Path, help="write JUnit XML to FILE")
    p.add_argument(
        "--strictness",
        choices=STRICTNESS,
        default="reason",
        help="reject cases: any rejection passes (legality) or the reason must match (default)",
    )
    p.add_argument("--fuzz", type=int, default=0, metavar="N", help="also play N random games")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the fuzz games")
    p.add_argument(
        "--timeout",
        type=seconds,
        default=10.0,
        metavar="SECONDS",
        help=f"per request, {MIN_TIMEOUT:g} to {MAX_TIMEOUT:g} (default 10)",
    )
    p.add_argument(
        "--vectors", type=Path, metavar="DIR", help="vector folder (default: spec/vectors)"
    )
    p.add_argument(
        "--save",
        type=Path,
        metavar="DIR",
        help="where new vectors from bisecting and fuzzing "
        f"go (default: DIR/findings with --report, else ./{FINDINGS})",
    )
    p.set_defaults(run=run)


def adapter_command(text: str | None) -> list[str]:
    """The adapter's argv: the given shell words, or the reference adapter."""
    if text is None:
        return [sys.executable, "-m", "scout_ref", "adapter"]
    try:
        words = shlex.split(text)
    except ValueError as exc:  # an unbalanced quote or a trailing escape
        raise MalformedInputError("--adapter", [("", f"{text!r} cannot be split: {exc}")]) from None
    if not words:
        raise MalformedInputError("--adapter", [("", "the command is empty")])
    return words


def check_outputs(args: argparse.Namespace) -> None:
    """Refuse output paths that cannot be written before the run, not after it."""
    if args.report:
        check_output_folder(args.report, "--report")
    if args.junit:
        check_output_file(args.junit, "--junit")
    if args.save:
        check_output_folder(args.save, "--save")


def run(args: argparse.Namespace) -> int:
    """Run the selected cases and fuzz games, report, and return 0 only if all passed.

    SIGINT, SIGTERM and SIGHUP stop the run: the adapter and everything it started are ended,
    the report of the cases judged so far is written marked interrupted, and the exit status
    is 128 plus the signal number.
    """
    if args.fuzz < 0:
        raise MalformedInputError("option", [("", "--fuzz must be >= 0")])
    kinds = [k for k in args.kind if k != "fuzz"]
    only_fuzz = bool(args.kind) and not kinds
    cases = [] if only_fuzz else load_cases(args.vectors or spec_dir() / "vectors")
    selected = select(cases, args.rule, kinds)
    if not selected and not args.fuzz:
        raise MalformedInputError("selection", [("", "no case matches --rule and --kind")])
    check_outputs(args)
    save = args.save or (args.report / "findings" if args.report else Path(FINDINGS))
    command = adapter_command(args.adapter)
    limits = Limits(timeout=args.timeout, startup_timeout=max(10.0, args.timeout))
    adapter = Adapter(command, limits)
    ctx = Context(adapter, args.strictness, save)
    results: list[CaseResult] = []
    stopped: Interrupted | None = None
    with stop_on_signals():
        try:
            run_cases(ctx, selected, results)
            if args.fuzz and (not args.kind or "fuzz" in args.kind):
                fuzz(ctx, args.fuzz, args.seed, results)
        except Interrupted as exc:
            stopped = exc
        finally:
            hold_signals()  # from here on, the adapter is ended and the report written
            adapter.close()
            proctree.end_all()
        report = Run(
            command=command,
            hello=adapter.hello,
            strictness=args.strictness,
            results=results,
            findings=ctx.findings,
            restarts=adapter.restarts,
            broken=adapter.broken,
            rule_patterns=args.rule,
            interrupted=stopped.name if stopped else None,
        )
        if args.report:
            write_json(report, args.report)
        if args.junit:
            write_junit(report, args.junit)
        print_report(report, Console(highlight=False, width=None if sys.stdout.isatty() else 120))
    if stopped is not None:
        return stopped.exit_status
    return 0 if report.conformant else 1
