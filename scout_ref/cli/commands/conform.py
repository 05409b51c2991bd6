"""``scout-ref conform``: run the conformance suite against an adapter (default: the reference)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from scout_ref.analysis.distribute import MAX_JOBS
from scout_ref.cli.commands._options import MAX_COUNT, MAX_INTEGER, runs, whole
from scout_ref.cli.commands._output import (
    ViewOptions,
    add_json_argument,
    add_vectors_dir_argument,
    add_view_arguments,
    console,
    print_json,
)
from scout_ref.conformance import api
from scout_ref.conformance.judge.pool import parse_timeouts
from scout_ref.conformance.judge.randomness import ALPHA, DEALS
from scout_ref.conformance.model.kinds import (
    FUZZ_DEALS,
    STRICTNESS,
    VECTOR_KINDS,
    CaseKind,
    FuzzDeal,
    Strictness,
)
from scout_ref.conformance.model.outcomes import Case, CaseResult
from scout_ref.conformance.report.documents import Run, to_json
from scout_ref.conformance.report.progress import RunProgress
from scout_ref.conformance.report.text import print_report
from scout_ref.util.atomic import check_output_folder
from scout_ref.util.signals import exit_status
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
        "(repeatable), random-deal tests and fuzz games included ('random-deal-3p', "
        "'fuzz-4p-0-2' with --fuzz 3); one that selects nothing is an error; every failure "
        "prints the --case that reruns it",
    )
    p.add_argument(
        "--kind",
        action="append",
        default=[],
        choices=api.KINDS,
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
    p.add_argument(
        "--fuzz", type=whole(0, MAX_COUNT), default=0, metavar="N", help="also play N random games"
    )
    p.add_argument(
        "--seed",
        type=whole(0, MAX_INTEGER),
        default=0,
        metavar="S",
        help="seed of the fuzz games and random deals (default 0); game k plays seed S:k",
    )
    p.add_argument(
        "--fuzz-deal",
        choices=FUZZ_DEALS,
        default="reference",
        help="who deals the fuzz games' rounds: the reference (default), or the adapter from "
        "its own randomness (feature deal_random), each deal judged once as a deal and, when "
        "the reference can deal its cards, the game played and compared on them",
    )
    p.add_argument(
        "--random-deals",
        type=whole(0, MAX_COUNT),
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
        type=whole(1, MAX_JOBS),
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
    runs(p, Options, run)


@dataclass(frozen=True)
class Options(ViewOptions):
    """The options of ``conform``: a :class:`~scout_ref.conformance.api.Campaign` and what to
    show and write of it."""

    adapter: str | None
    rule: Sequence[str]
    case: Sequence[str]
    kind: Sequence[CaseKind]  # argparse's choices: CASE_KINDS
    report: Path | None
    junit: Path | None
    strictness: Strictness  # argparse's choices: STRICTNESS
    fuzz: int
    seed: int
    fuzz_deal: FuzzDeal  # argparse's choices: FUZZ_DEALS
    random_deals: int | None
    scheduler: str | None
    timeout: Sequence[str]
    vectors_dir: Path | None
    jobs: int
    fail_fast: bool
    list: bool
    quiet: bool
    table: bool
    json: bool
    save: Path | None

    def campaign(self) -> api.Campaign:
        """The campaign these options ask for; new vectors go to ``--save``, by default to
        the report's folder or ``./conform-findings``.

        Raises:
            MalformedInputError: for a bad option value, as the campaign refuses it.
        """
        findings = self.save or (self.report / "findings" if self.report else Path(FINDINGS))
        return api.Campaign(
            adapter=self.adapter,
            vectors_dir=self.vectors_dir,
            rules=self.rule,
            cases=self.case,
            kinds=self.kind,
            strictness=self.strictness,
            fuzz=self.fuzz,
            seed=self.seed,
            fuzz_deal=self.fuzz_deal,
            random_deals=self.random_deals,
            scheduler=self.scheduler,
            timeouts=parse_timeouts(self.timeout, [*VECTOR_KINDS, "fuzz"]),
            jobs=self.jobs,
            fail_fast=self.fail_fast,
            findings=findings,
        )


def list_cases(cases: list[Case], as_json: bool, *, guessed: bool = False) -> int:
    """``--list``: the selected cases, one per line, without running them (with ``guessed``,
    a word on the IDs of the fuzz games: the adapter's hello, not read here, decides them)."""
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
        print(f"{c.id}  [{c.kind}; {', '.join(c.rules) or 'the rules it departs from'}]")
    print(f"{plural(len(cases), 'case')} selected")
    if guessed and any(c.kind == "random" for c in cases):
        print("the random-deal tests run if the adapter's hello lists the feature deal_random")
    if guessed and any(c.kind == "fuzz" for c in cases):
        print(
            "the fuzz games take turns at the player counts the adapter's hello claims; their "
            "IDs above are those of an adapter of 2 to 5 players"
        )
    return 0


class Display(api.Watch):
    """What ``conform`` shows of a run: a progress bar on a terminal, then the report."""

    def __init__(self, options: Options) -> None:
        self.options = options
        self.out = console(options)
        self.bar = RunProgress(0, self.out, enabled=False)

    def planned(self, cases: int, jobs: int) -> None:
        """Say when fewer adapters run than ``--jobs`` asks for; make the bar."""
        options = self.options
        talk = not (options.quiet or options.json)
        if jobs < options.jobs and talk:
            print(
                f"--jobs {options.jobs}: running {jobs} (one per CPU and per case)", file=sys.stderr
            )
        self.bar = RunProgress(cases, self.out, enabled=talk and self.out.is_terminal)

    def judging(self) -> RunProgress:
        """The bar, drawn while the cases are judged."""
        return self.bar

    def started(self, case: Case) -> None:
        """Show the case's rule on the bar."""
        self.bar.started(case)

    def done(self, result: CaseResult) -> None:
        """Count the case on the bar."""
        self.bar.done(result)

    def finished(self, run: Run) -> None:
        """Print the report (table or JSON), once its files are written."""
        if self.options.json:
            print_json(to_json(run))
            return
        if run.stopped_early:
            ran = f"{len(run.results)} of {run.selected}"
            self.out.print(f"stopped early (--fail-fast): {ran} cases run", highlight=False)
        print_report(run, self.out, table=self.options.table)


def run(args: Options) -> int:
    """Run the selected cases and fuzz games, report, and return 0 only if all passed.

    SIGINT, SIGTERM and SIGHUP stop the run: the adapters and everything they started are
    ended, the report of the cases judged so far is written marked interrupted, and the exit
    status is 128 plus the signal number. A ``--scheduler`` cluster that closes, dies or loses
    its workers mid-run is one ``error:`` line after the report of what was judged, marked
    partial (status 2).
    """
    campaign = args.campaign()
    if args.list:
        return list_cases(campaign.listed(), args.json, guessed=args.adapter is not None)
    if args.save:
        check_output_folder(args.save, "--save")
    report = api.run(campaign, report=args.report, junit=args.junit, watch=Display(args))
    if report.interrupted:
        return exit_status(report.interrupted)
    if report.broke_off:  # its report is written and printed, marked partial
        print(f"error: {report.broke_off}; the report is partial", file=sys.stderr)
        return 2
    return 0 if report.conformant else 1
