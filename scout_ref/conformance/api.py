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
import os
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from scout_ref.analysis.distribute import ClusterError
from scout_ref.conformance.campaign import KINDS, Campaign
from scout_ref.conformance.fuzz.campaign import fuzz_on_cluster
from scout_ref.conformance.fuzz.games import fuzz
from scout_ref.conformance.judge.pool import PoolRun, run_pool
from scout_ref.conformance.judge.randomness import check_randomness, has_feature
from scout_ref.conformance.model.outcomes import Case, CaseResult
from scout_ref.conformance.process import tree as proctree
from scout_ref.conformance.process.adapter import Adapter, Limits
from scout_ref.conformance.process.context import Context
from scout_ref.conformance.process.startup import start_or_explain
from scout_ref.conformance.report.documents import Run, write_json, write_junit
from scout_ref.util.args import require_type
from scout_ref.util.atomic import check_output_file, check_output_folder
from scout_ref.util.signals import Interrupted, hold_signals, stop_on_signals

__all__ = ["KINDS", "Campaign", "Watch", "job_count", "run"]


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
        cluster_options=campaign.cluster_options,
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
