"""``scout-ref conform``: run the conformance suite against an adapter (default: the reference)."""

from __future__ import annotations

import argparse
import difflib
import fnmatch
import os
import shlex
import sys
from dataclasses import replace
from pathlib import Path

from scout_ref.cli.commands._output import (
    add_json_argument,
    add_vectors_dir_argument,
    add_view_arguments,
    console,
    print_json,
)
from scout_ref.conformance.fuzz.campaign import fuzz_on_cluster
from scout_ref.conformance.fuzz.games import fuzz
from scout_ref.conformance.judge.pool import PoolRun, Timeouts, parse_timeouts, run_pool
from scout_ref.conformance.judge.randomness import ALPHA, DEALS, check_randomness, has_feature
from scout_ref.conformance.judge.runner import load_cases, schedule, select
from scout_ref.conformance.model.kinds import CASE_KINDS, STRICTNESS, VECTOR_KINDS
from scout_ref.conformance.model.outcomes import Case
from scout_ref.conformance.process import tree as proctree
from scout_ref.conformance.process.adapter import Adapter, Limits
from scout_ref.conformance.process.context import Context
from scout_ref.conformance.process.startup import start_or_explain
from scout_ref.conformance.report.documents import Run, to_json, write_json, write_junit
from scout_ref.conformance.report.progress import RunProgress
from scout_ref.conformance.report.text import print_report
from scout_ref.conformance.vectors.build import vectors_dir
from scout_ref.errors import MalformedInputError
from scout_ref.rulebook.registry import spec_dir
from scout_ref.util.atomic import check_output_file, check_output_folder
from scout_ref.util.signals import Interrupted, hold_signals, stop_on_signals
from scout_ref.util.text import plural

FINDINGS = "conform-findings"


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
        "--case",
        action="append",
        default=[],
        metavar="ID",
        help="only the case with this ID, or IDs matching this glob, e.g. 'reject-show-*' "
        "(repeatable); every failure prints the --case that reruns it",
    )
    p.add_argument(
        "--kind",
        action="append",
        default=[],
        choices=CASE_KINDS,
        help="only cases of this kind (repeatable); with --fuzz, 'fuzz' selects the fuzz games; "
        "'random' selects the tests of the adapter's own deals",
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
    p.add_argument(
        "--seed",
        type=int,
        default=0,
        metavar="S",
        help="seed of the fuzz games and random deals (default 0); game k plays seed S:k",
    )
    p.add_argument(
        "--random-deals",
        type=int,
        default=None,
        metavar="N",
        help="deals asked of an adapter with the feature deal_random at each player count (and "
        f"second two-player rounds), tested at significance {ALPHA:g} (default {DEALS} with the "
        "shipped vectors, 0 with --vectors DIR; 0: none)",
    )
    p.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="play the fuzz games on the Dask distributed cluster whose scheduler is at ADDRESS "
        "(tcp://host:8786), four games a task; the report is the same as without it",
    )
    p.add_argument(
        "--timeout",
        action="append",
        default=[],
        metavar="[KIND=]SECONDS",
        help="seconds to wait for a reply: for every kind (default 10), or for one kind "
        "(perft=60 by default); repeatable, e.g. --timeout 20 --timeout perft=300",
    )
    add_vectors_dir_argument(p, "--vectors")
    p.add_argument(
        "--jobs",
        type=int,
        default=1,
        metavar="N",
        help="run cases on N adapter processes at once (default 1; at most one per CPU and "
        "one per case); the report is the same",
    )
    p.add_argument(
        "--fail-fast", action="store_true", help="stop starting cases after the first failure"
    )
    p.add_argument(
        "--list", action="store_true", help="list the selected cases without running them"
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument(
        "--table",
        action="store_true",
        help="also print the verdict of every rule (passed, failed here, failed elsewhere)",
    )
    add_json_argument(p, "conform", "the report (or, with --list, the cases)")
    add_view_arguments(p)
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


def rerun_options(args: argparse.Namespace) -> list[str]:
    """The options that make a rerun of one case judge it as this run did."""
    words = ["--adapter", args.adapter] if args.adapter else []
    if args.vectors_dir:
        words += ["--vectors-dir", str(args.vectors_dir)]
    for value in args.timeout:
        words += ["--timeout", value]
    if args.strictness != "reason":
        words += ["--strictness", args.strictness]
    return words


def selection_options(args: argparse.Namespace) -> list[str]:
    """The options that selected this run's cases and fuzz games."""
    words = []
    for option, values in (("--rule", args.rule), ("--kind", args.kind), ("--case", args.case)):
        for value in values:
            words += [option, value]
    if args.fuzz:
        words += ["--fuzz", str(args.fuzz), "--seed", str(args.seed)]
    return words


def no_match(cases: list[Case], ids: list[str]) -> str:
    """Why nothing was selected, with the closest case IDs when ``--case`` names none."""
    known = [c.id for c in cases]
    for pattern in ids:
        if not fnmatch.filter(known, pattern):
            close = difflib.get_close_matches(pattern, known, n=3, cutoff=0.6)
            hint = f"; did you mean {', '.join(close)}?" if close else "; --list shows the IDs"
            return f"no case has the ID {pattern!r}{hint}"
    return "no case matches --rule, --kind and --case together"


def list_cases(cases: list[Case], as_json: bool) -> int:
    """``--list``: the selected cases, one per line, without running them."""
    if as_json:
        print_json(
            {
                "cases": [
                    {"id": c.id, "kind": c.kind, "source": c.source, "rules": list(c.rules)}
                    for c in cases
                ]
            }
        )
        return 0
    for c in cases:
        print(f"{c.id}  [{c.kind}; {', '.join(c.rules)}]")
    print(f"{plural(len(cases), 'case')} selected")
    return 0


def judge(
    args: argparse.Namespace, contexts: list[Context], cases: list[Case], timeouts: Timeouts
) -> PoolRun:
    """Run the cases on the contexts' adapters with a progress bar, then the fuzz games."""
    out = console(args)
    show = not (args.quiet or args.json) and out.is_terminal
    with RunProgress(len(cases), out, enabled=show) as bar:
        pool = run_pool(
            contexts,
            cases,
            timeouts,
            fail_fast=args.fail_fast,
            on_start=bar.started,
            on_done=bar.done,
        )
    if _wants_random(args) and not pool.stopped_early and has_feature(contexts[0]):
        try:
            check_randomness(contexts[0], args.seed, _deals(args), pool.results)
        except Interrupted as exc:
            pool.interrupted = exc
    if args.fuzz and (not args.kind or "fuzz" in args.kind) and not pool.stopped_early:
        first = contexts[0]
        first.adapter.limits = replace(first.adapter.limits, timeout=timeouts.of("fuzz"))
        before = len(first.findings)
        try:
            if args.scheduler:
                fuzz_on_cluster(first, args.fuzz, args.seed, args.scheduler, pool.results)
            else:
                fuzz(first, args.fuzz, args.seed, pool.results)  # appends game by game
        except Interrupted as exc:
            pool.interrupted = exc
        pool.findings += first.findings[before:]
    return pool


def start_and_judge(
    args: argparse.Namespace, contexts: list[Context], cases: list[Case], timeouts: Timeouts
) -> PoolRun:
    """Start the first adapter (a failed hello stops the run here, with one line), then judge.

    Raises:
        AdapterStartError: if the adapter does not answer the handshake.
    """
    try:
        start_or_explain(contexts[0].adapter)
    except Interrupted as exc:  # stopped before any case: an empty, interrupted report
        return PoolRun([], [], contexts, stopped_early=True, interrupted=exc)
    return judge(args, contexts, cases, timeouts)


def _deals(args: argparse.Namespace) -> int:
    """The deals to ask for: by default the suite's share with the shipped vectors, none with
    another vector folder (findings, a selection), whose run is about its own cases."""
    if args.random_deals is not None:
        return int(args.random_deals)
    shipped = args.vectors_dir is None or args.vectors_dir.resolve() == vectors_dir().resolve()
    return DEALS if shipped else 0


def _wants_random(args: argparse.Namespace) -> bool:
    """Whether the selection takes in the tests of the adapter's own deals (SC-SETUP-02)."""
    if _deals(args) <= 0 or (args.kind and "random" not in args.kind):
        return False
    rules = ("SC-SETUP-02", "SC-SETUP-03", "SC-VAR2-01")
    return not args.rule or any(fnmatch.filter(rules, p) for p in args.rule)


def job_count(requested: int, cases: int) -> int:
    """How many adapters to run at once: ``--jobs``, but at most one per CPU this process may
    use and one per case (each job is a process of the adapter: ``--jobs 1000`` must not start
    a thousand of them).

    >>> job_count(1000, 1)  # one case: one adapter, however many CPUs
    1
    """
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(1, min(requested, cpus or 1, cases))


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

    SIGINT, SIGTERM and SIGHUP stop the run: the adapters and everything they started are
    ended, the report of the cases judged so far is written marked interrupted, and the exit
    status is 128 plus the signal number.
    """
    if args.fuzz < 0 or args.jobs < 1:
        raise MalformedInputError("option", [("", "--fuzz must be >= 0 and --jobs >= 1")])
    if args.random_deals is not None and args.random_deals < 0:
        raise MalformedInputError("option", [("", "--random-deals must be >= 0")])
    timeouts = parse_timeouts(args.timeout, [*VECTOR_KINDS, "fuzz"])
    kinds = [k for k in args.kind if k not in ("fuzz", "random")]
    only_fuzz = bool(args.kind) and not kinds
    cases = [] if only_fuzz else load_cases(args.vectors_dir or spec_dir() / "vectors")
    patterns = [p.upper() for p in args.rule]
    selected = schedule(select(cases, patterns, kinds, args.case))
    if not selected and not args.fuzz and not (only_fuzz and _wants_random(args)):
        raise MalformedInputError("selection", [("", no_match(cases, args.case))])
    if args.list:
        return list_cases(selected, args.json)
    check_outputs(args)
    save = args.save or (args.report / "findings" if args.report else Path(FINDINGS))
    command = adapter_command(args.adapter)
    limits = Limits(timeout=timeouts.default, startup_timeout=max(10.0, timeouts.default))
    jobs = job_count(args.jobs, len(selected))
    if jobs < args.jobs and not (args.quiet or args.json):
        print(f"--jobs {args.jobs}: running {jobs} (one per CPU and per case)", file=sys.stderr)
    contexts = [Context(Adapter(command, limits), args.strictness, save) for _ in range(jobs)]
    with stop_on_signals():
        try:
            pool = start_and_judge(args, contexts, selected, timeouts)
        finally:
            hold_signals()  # from here on, the adapters are ended and the report written
            for ctx in contexts:
                ctx.adapter.close()
            proctree.end_all()
        stopped = pool.interrupted
        report = Run(
            command=command,
            hello=contexts[0].adapter.hello,
            strictness=args.strictness,
            results=pool.results,
            findings=pool.findings,
            restarts=sum(c.adapter.restarts for c in contexts),
            broken=any(c.adapter.broken for c in contexts),
            rule_patterns=patterns,
            interrupted=stopped.name if stopped else None,
            rerun_options=rerun_options(args),
            selection_options=selection_options(args),
            vectors_dir=args.vectors_dir,
        )
        ran = f"{len(pool.results)} of {len(selected)}"
        write_outputs(args, report, ran, pool.stopped_early and not stopped)
    return stopped.exit_status if stopped else 0 if report.conformant else 1


def write_outputs(args: argparse.Namespace, report: Run, ran: str, stopped_early: bool) -> None:
    """Write the files asked for (first, so nothing printed can lose them), then print the
    report (table or JSON)."""
    if args.report:
        write_json(report, args.report)
    if args.junit:
        write_junit(report, args.junit)
    if args.json:
        print_json(to_json(report))
    else:
        out = console(args)
        if stopped_early:
            out.print(f"stopped early (--fail-fast): {ran} cases run", highlight=False)
        print_report(report, out, table=args.table)
