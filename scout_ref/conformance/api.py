"""The conformance run as a Python API: :func:`run` judges an engine through its adapter against
the vectors and returns the :class:`~scout_ref.conformance.report.documents.Run` that
``report.json`` is written from; ``scout-ref conform`` is a thin layer over it.

A :class:`Campaign` holds the options of ``scout-ref conform`` as Python values: the adapter,
which cases (by kind, case ID and rule), the fuzz games and random deals, the jobs, timeouts and
strictness, and where new vectors go. Nothing is printed, and no file is written unless a report,
a JUnit file or a findings folder is asked for.

>>> from scout_ref.conformance import Campaign, Outcome, run
>>> done = run(Campaign(kinds=["legal"], rules=["SC-SHOW-*"]))
>>> done.conformant, done.count(Outcome.FAILED), done.results[0].outcome
(True, 0, <Outcome.PASSED: 'passed'>)
>>> [(row.id, row.verdict.value) for row in done.rules][1:3]
[('SC-SHOW-02', 'conformant'), ('SC-SHOW-03', 'conformant')]
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import shlex
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from scout_ref.analysis.distribute import ClusterError, check_scheduler
from scout_ref.conformance.fuzz.campaign import fuzz_on_cluster
from scout_ref.conformance.fuzz.games import fuzz
from scout_ref.conformance.judge.pool import PoolRun, Timeouts, run_pool
from scout_ref.conformance.judge.randomness import DEALS, check_randomness, has_feature
from scout_ref.conformance.judge.runner import load_cases, schedule, select
from scout_ref.conformance.model.kinds import (
    CASE_KINDS,
    FUZZ_DEALS,
    STRICTNESS,
    VECTOR_KINDS,
    CaseKind,
    FuzzDeal,
    Strictness,
    VectorKind,
    is_vector_kind,
)
from scout_ref.conformance.model.outcomes import Case, CaseResult
from scout_ref.conformance.process import tree as proctree
from scout_ref.conformance.process.adapter import Adapter, Limits
from scout_ref.conformance.process.context import Context
from scout_ref.conformance.process.startup import start_or_explain
from scout_ref.conformance.report.documents import Run, write_json, write_junit
from scout_ref.conformance.selection import check_selection, fuzz_selected, random_selected
from scout_ref.conformance.vectors.build import vectors_dir
from scout_ref.errors import MalformedInputError
from scout_ref.rulebook.registry import spec_dir
from scout_ref.util.args import require_choices, require_pattern, require_type
from scout_ref.util.atomic import check_output_file, check_output_folder
from scout_ref.util.signals import Interrupted, hold_signals, stop_on_signals

KINDS = CASE_KINDS
"""What :attr:`Campaign.kinds` may name: the vector kinds, the fuzz games and the random deals."""

_STRINGS = "a list of strings such as ['SC-SHOW-*']"
_TYPES: dict[str, tuple[tuple[type, ...], str]] = {
    "adapter": (
        (str, list, tuple, type(None)),
        "a command such as 'node my-adapter.js', or its words",
    ),
    "vectors_dir": ((Path, type(None)), "a pathlib.Path of a vector folder"),
    "rules": ((list, tuple), _STRINGS),
    "cases": ((list, tuple), "a list of case IDs or globs such as ['reject-show-*']"),
    "kinds": ((list, tuple), "a list of kinds such as ['legal', 'perft']"),
    "strictness": ((str,), f"one of {', '.join(STRICTNESS)}"),
    "fuzz": ((int,), "a number of games such as 10"),
    "seed": ((int,), "an int such as 0"),
    "fuzz_deal": ((str,), f"one of {', '.join(FUZZ_DEALS)}"),
    "random_deals": ((int, type(None)), "a number of deals such as 40, or None"),
    "scheduler": ((str, type(None)), "an address such as 'tcp://host:8786', or None"),
    "timeouts": ((Timeouts,), 'a Timeouts such as Timeouts(20, {"perft": 300})'),
    "jobs": ((int,), "a number of adapter processes such as 2"),
    "fail_fast": ((bool,), "a bool"),
    "findings": ((Path, type(None)), "a pathlib.Path of a folder, or None"),
}
"""What each field of a :class:`Campaign` is, as :exc:`TypeError` says it."""


@dataclass(frozen=True, kw_only=True)
class Campaign:
    """What a conformance run judges and how: the options of ``scout-ref conform``.

    Raises:
        TypeError: for a field of the wrong type (a string where a list of them belongs).
        MalformedInputError: for a value the command line refuses too (a negative number of
        fuzz games, an unknown kind or strictness, a timeout out of bounds).
    """

    adapter: str | Sequence[str] | None = None
    """The command that starts the adapter, as shell words or as a list of words (``None``:
    the reference engine's own adapter, ``scout-ref adapter``)."""
    vectors_dir: Path | None = None
    """The vector folder (``None``: the shipped ``spec/vectors``)."""
    rules: Sequence[str] = ()
    """Only the cases citing a rule that matches one of these globs (``SC-SHOW-*``)."""
    cases: Sequence[str] = ()
    """Only the cases whose ID matches one of these globs (``reject-show-*``)."""
    kinds: Sequence[CaseKind] = ()
    """Only the cases of these kinds (:data:`KINDS`): ``fuzz`` the fuzz games, ``random`` the
    tests of the adapter's own deals."""
    strictness: Strictness = "reason"
    """``reason``: a rejection must give the expected reason; ``legality``: any rejection passes."""
    fuzz: int = 0
    """Random games to play against the reference after the vectors."""
    seed: int = 0
    """The seed of the fuzz games (game ``k`` plays seed ``seed:k``) and the random deals."""
    fuzz_deal: FuzzDeal = "reference"
    """Who deals the fuzz games' rounds: the reference, or (``adapter``) an adapter with the
    feature ``deal_random``, each deal judged once and its cards played on when the reference
    can deal them (spec/INTERPRETING.md, "Fuzzing on your own deals")."""
    random_deals: int | None = None
    """Deals to ask of an adapter with the feature ``deal_random`` at each player count
    (``None``: 200 with the shipped vectors, none with another folder)."""
    scheduler: str | None = None
    """The Dask scheduler whose cluster plays the fuzz games (``None``: play them here)."""
    timeouts: Timeouts = field(default_factory=Timeouts)
    """Seconds to wait for a reply, by kind (10, and 60 for perft)."""
    jobs: int = 1
    """Adapter processes to judge the cases on at once (at most one per CPU and per case)."""
    fail_fast: bool = False
    """Stop starting cases after the first failure."""
    findings: Path | None = None
    """Where the new vectors of bisecting and fuzzing are saved (``None``: nowhere); a folder that
    cannot be written loses the findings, never the run."""

    def __post_init__(self) -> None:
        for each in dataclasses.fields(self):
            kinds, example = _TYPES[each.name]
            require_type(getattr(self, each.name), kinds, f"Campaign.{each.name}", example)
        for name in ("rules", "cases", "kinds", "adapter"):
            words = getattr(self, name)
            if isinstance(words, (list, tuple)):
                for value in words:
                    require_type(value, str, f"an item of Campaign.{name}", "a string")
                    if name in ("rules", "cases"):
                        require_pattern(value, f"--{name.removesuffix('s')}")
                object.__setattr__(self, name, tuple(words))  # frozen: no list to change
        if self.fuzz < 0 or self.jobs < 1:
            raise MalformedInputError("option", [("", "--fuzz must be >= 0 and --jobs >= 1")])
        if self.random_deals is not None and self.random_deals < 0:
            raise MalformedInputError("option", [("", "--random-deals must be >= 0")])
        if self.scheduler is not None:
            check_scheduler(self.scheduler)  # refused now, not after the cases (an empty one too)
        self.timeouts.check([*VECTOR_KINDS, "fuzz"])
        require_choices("--kind", self.kinds, KINDS)
        require_choices("--strictness", [self.strictness], STRICTNESS)
        require_choices("--fuzz-deal", [self.fuzz_deal], FUZZ_DEALS)

    @property
    def vector_kinds(self) -> list[VectorKind]:
        """The vector kinds :attr:`kinds` names (every kind when it names none)."""
        return [k for k in self.kinds if is_vector_kind(k)]

    @property
    def only_fuzz(self) -> bool:
        """Whether :attr:`kinds` names only the fuzz games and random deals: no vector case."""
        return bool(self.kinds) and not self.vector_kinds

    @property
    def deals(self) -> int:
        """The deals to ask for: by default the suite's share with the shipped vectors, none with
        another vector folder (findings, a selection), whose run is about its own cases."""
        if self.random_deals is not None:
            return self.random_deals
        folder = self.vectors_dir
        return DEALS if folder is None or folder.resolve() == vectors_dir().resolve() else 0

    @property
    def random_chosen(self) -> list[Case]:
        """The tests of the adapter's own deals selected (SC-SETUP-02): those ``--case`` and
        ``--rule`` select, when there are deals to ask for and ``--kind`` lets them in."""
        return random_selected(self.deals, self.kinds, self.patterns, self.cases)

    @property
    def wants_random(self) -> bool:
        """Whether the selection takes in a test of the adapter's own deals."""
        return bool(self.random_chosen)

    @property
    def wants_fuzz(self) -> bool:
        """Whether fuzz games are asked for and the selection takes them in."""
        return self.fuzz > 0 and (not self.kinds or "fuzz" in self.kinds)

    def selected(self) -> list[Case]:
        """The vector cases selected, in the order they are judged (cheap kinds first).

        Raises:
            MalformedInputError: if the folder cannot be read, nothing at all is selected, or
                a glob of :attr:`cases` selects nothing (with what would select: the closest
                case IDs, the ``--fuzz`` a fuzz game needs).
        """
        cases = [] if self.only_fuzz else load_cases(self.vectors_dir or spec_dir() / "vectors")
        chosen = schedule(select(cases, self.patterns, self.vector_kinds, self.cases))
        fuzz = (self.fuzz, self.seed, self.wants_fuzz)
        check_selection(cases, chosen, self.random_chosen, self.cases, fuzz)
        return chosen

    def listed(self) -> list[Case]:
        """Everything the run judges, in order: the vector cases, the tests of the adapter's
        own deals, then the fuzz games (their IDs as for an adapter of 2 to 5 players: the games
        take turns at the player counts the adapter's hello claims).

        Raises:
            MalformedInputError: as :meth:`selected`.
        """
        fuzz = fuzz_selected(self.fuzz, self.seed, self.kinds, self.cases)
        return [*self.selected(), *self.random_chosen, *fuzz]

    @property
    def patterns(self) -> list[str]:
        """The rule globs, in the registry's upper case."""
        return [p.upper() for p in self.rules]

    def command(self) -> list[str]:
        """The adapter's argv: the given words, or the reference adapter.

        Raises:
            MalformedInputError: if the shell words cannot be split, or name no program.
        """
        given = self.adapter
        if given is None:
            return [sys.executable, "-m", "scout_ref", "adapter"]
        if isinstance(given, str):
            try:
                words = shlex.split(given)
            except ValueError as exc:  # an unbalanced quote or a trailing escape
                why = f"{given!r} cannot be split: {exc}"
                raise MalformedInputError("--adapter", [("", why)]) from None
        else:
            words = list(given)
        if not words:
            raise MalformedInputError("--adapter", [("", "the command is empty")])
        return words

    @property
    def rerun_options(self) -> list[str]:
        """The ``conform`` options that make a rerun of one case judge it as this run did."""
        given = self.adapter
        text = given if isinstance(given, str) or given is None else shlex.join(given)
        words = ["--adapter", text] if text else []
        if self.vectors_dir:
            words += ["--vectors-dir", str(self.vectors_dir)]
        words += self.timeouts.options()
        if self.strictness != "reason":
            words += ["--strictness", self.strictness]
        return words

    @property
    def selection_options(self) -> list[str]:
        """The ``conform`` options that selected this run's cases and fuzz games."""
        words = []
        for option, values in (
            ("--rule", self.rules),
            ("--kind", self.kinds),
            ("--case", self.cases),
        ):
            for value in values:
                words += [option, value]
        if self.fuzz:
            words += ["--fuzz", str(self.fuzz)]
        if self.random_deals is not None:
            words += ["--random-deals", str(self.random_deals)]
        if self.fuzz or self.random_deals is not None:
            words += ["--seed", str(self.seed)]
        if self.fuzz and self.fuzz_deal != "reference":
            words += ["--fuzz-deal", self.fuzz_deal]
        return words


class Watch:
    """What :func:`run` tells its caller while it runs; here every method does nothing, and
    ``scout-ref conform`` draws its progress bar and prints the report by overriding them."""

    def planned(self, cases: int, jobs: int) -> None:
        """Before any adapter starts: the vector cases selected, and how many adapter processes
        judge them."""

    def judging(self) -> contextlib.AbstractContextManager[object]:
        """Entered while the vector cases are judged, once the first adapter has said hello."""
        return contextlib.nullcontext()

    def started(self, case: Case) -> None:
        """A case is being judged (called from the worker threads)."""

    def done(self, result: CaseResult) -> None:
        """A case was judged (called from the worker threads)."""

    def finished(self, run: Run) -> None:
        """The run is over and its files are written; stop signals are still held, so what
        this prints is not cut short."""


def job_count(requested: int, cases: int) -> int:
    """How many adapters to run at once: ``jobs``, but at most one per CPU this process may
    use and one per case (each job is a process of the adapter: ``--jobs 1000`` must not start
    a thousand of them).

    >>> job_count(1000, 1)  # one case: one adapter, however many CPUs
    1
    """
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(1, min(requested, cpus or 1, cases))


def run(
    campaign: Campaign | None = None,
    *,
    report: Path | None = None,
    junit: Path | None = None,
    watch: Watch | None = None,
) -> Run:
    """Judge the adapter on the campaign's cases, then its random deals and fuzz games.

    ``report`` names a folder to write ``report.json`` in and ``junit`` a JUnit XML file; both
    are checked before any adapter starts. The adapters, and every process they started, are
    ended before this returns. In the main thread, SIGINT, SIGTERM and SIGHUP stop the run: the
    adapters are ended and the cases judged so far are returned (and written) as a run whose
    :attr:`~scout_ref.conformance.report.documents.Run.interrupted` names the signal.

    Raises:
        TypeError: for an argument of the wrong type.
        MalformedInputError: for a selection that selects nothing, a vector folder that cannot
        be read, an output that cannot be written or an adapter command that names none.
        AdapterStartError: if the adapter does not answer the handshake.
    """
    campaign = Campaign() if campaign is None else campaign
    require_type(campaign, Campaign, "the campaign", "a Campaign such as Campaign(kinds=['legal'])")
    require_type(report, (Path, type(None)), "report", "a pathlib.Path of a folder, or None")
    require_type(junit, (Path, type(None)), "junit", "a pathlib.Path of a file, or None")
    require_type(watch, (Watch, type(None)), "watch", "a Watch, or None")
    watch = watch or Watch()
    cases = campaign.selected()
    if report:
        check_output_folder(report, "--report")
    if junit:
        check_output_file(junit, "--junit")
    command = campaign.command()
    default = campaign.timeouts.default
    limits = Limits(timeout=default, startup_timeout=max(10.0, default))
    jobs = job_count(campaign.jobs, len(cases))
    watch.planned(len(cases), jobs)
    contexts = [
        Context(Adapter(command, limits), campaign.strictness, campaign.findings)
        for _ in range(jobs)
    ]
    with stop_on_signals():
        try:
            pool = _start_and_judge(campaign, contexts, cases, watch)
        finally:
            hold_signals()  # from here on, the adapters are ended and the report written
            for ctx in contexts:
                ctx.adapter.close()
            proctree.end_all()
        done = _report(campaign, command, pool, len(cases))
        if report:
            write_json(done, report)
        if junit:
            write_junit(done, junit)
        watch.finished(done)
    return done


def _report(campaign: Campaign, command: list[str], pool: PoolRun, selected: int) -> Run:
    """The run's report: the pool's results and findings, and the options that reproduce it."""
    stopped = pool.interrupted
    return Run(
        command=command,
        hello=pool.contexts[0].adapter.hello,
        strictness=campaign.strictness,
        results=pool.results,
        findings=pool.findings,
        restarts=sum(c.adapter.restarts for c in pool.contexts),
        broken=any(c.adapter.broken for c in pool.contexts),
        rule_patterns=campaign.patterns,
        interrupted=stopped.name if stopped else None,
        broke_off=pool.broke_off,
        random_options=["--random-deals", str(campaign.deals), "--seed", str(campaign.seed)],
        rerun_options=campaign.rerun_options,
        selection_options=campaign.selection_options,
        vectors_dir=campaign.vectors_dir,
        selected=selected,
        stopped_early=pool.stopped_early and not stopped,
        given_up=_given_up(pool.contexts),
    )


def _given_up(contexts: Sequence[Context]) -> tuple[tuple[str, str], ...]:
    """The request kinds an adapter process gave up, with why (the first process's words)."""
    out: dict[str, str] = {}
    for ctx in contexts:
        for kind, why in ctx.adapter.given_up.items():
            out.setdefault(kind, why)
    return tuple(sorted(out.items()))


def _start_and_judge(
    campaign: Campaign, contexts: list[Context], cases: list[Case], watch: Watch
) -> PoolRun:
    """Start the first adapter (a failed hello stops the run here, with one line), then judge.

    Raises:
        AdapterStartError: if the adapter does not answer the handshake.
    """
    try:
        start_or_explain(contexts[0].adapter)
    except Interrupted as exc:  # stopped before any case: an empty, interrupted report
        return PoolRun([], [], contexts, stopped_early=True, interrupted=exc)
    return _judge(campaign, contexts, cases, watch)


def _judge(campaign: Campaign, contexts: list[Context], cases: list[Case], watch: Watch) -> PoolRun:
    """Run the cases on the contexts' adapters, then the random deals and the fuzz games."""
    timeouts = campaign.timeouts
    with watch.judging():
        pool = run_pool(
            contexts,
            cases,
            timeouts,
            fail_fast=campaign.fail_fast,
            on_start=watch.started,
            on_done=watch.done,
        )
    first = contexts[0]
    if campaign.wants_random and not pool.stopped_early and has_feature(first):
        try:
            only = [c.id for c in campaign.random_chosen]
            check_randomness(first, campaign.seed, campaign.deals, pool.results, only)
        except Interrupted as exc:
            pool.interrupted = exc
    if campaign.wants_fuzz and not pool.stopped_early:
        first.adapter.limits = replace(first.adapter.limits, timeout=timeouts.of("fuzz"))
        before = len(first.findings)
        own, ids = campaign.fuzz_deal == "adapter", campaign.cases
        try:
            if campaign.scheduler:
                fuzz_on_cluster(
                    first, campaign.fuzz, campaign.seed, campaign.scheduler, pool.results,
                    ids=ids, own_deal=own,
                )  # fmt: skip
            else:  # appends game by game
                fuzz(first, campaign.fuzz, campaign.seed, pool.results, ids=ids, own_deal=own)
        except Interrupted as exc:
            pool.interrupted = exc
        except ClusterError as exc:  # the games played before it are kept: a partial report
            pool.broke_off = str(exc)
        pool.findings += first.findings[before:]
    return pool
