"""Running cases on several adapter processes at once, with per-kind timeouts.

Requests are stateless (``spec/INTERPRETING.md``), so any adapter process can judge any case.
Each worker thread owns one adapter and takes the next case from a shared queue; results are
put back in the order of the cases and findings in the order of the cases that produced them,
so the report does not depend on how many processes ran or which finished first.
"""

from __future__ import annotations

import contextlib
import math
import queue
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from scout_ref.conformance.judge.runner import run_case
from scout_ref.conformance.model.kinds import CaseKind, is_case_kind
from scout_ref.conformance.model.outcomes import Case, CaseResult, Finding, Outcome
from scout_ref.conformance.process import tree as proctree
from scout_ref.conformance.process.context import Context
from scout_ref.conformance.protocol.messages import ProtocolError
from scout_ref.errors import MalformedInputError
from scout_ref.util.args import require_type
from scout_ref.util.signals import Interrupted

MIN_TIMEOUT = 0.01
MAX_TIMEOUT = 3600.0
"""The bounds of a ``--timeout``: finite, and long enough to be met."""
DEFAULT_TIMEOUTS: Mapping[CaseKind, float] = {"perft": 60.0}
"""Seconds per request where the default (``--timeout``) is too short: a perft request counts
every line of play to its depth and may take a slow engine a minute."""


@dataclass(frozen=True, slots=True)
class Timeouts:
    """Seconds to wait for one reply, by case kind: ``Timeouts(20, {"perft": 300})`` is
    ``--timeout 20 --timeout perft=300``; a kind that ``by_kind`` leaves out gets ``default``."""

    default: float = 10.0
    by_kind: Mapping[CaseKind, float] = field(default_factory=lambda: dict(DEFAULT_TIMEOUTS))

    def of(self, kind: CaseKind) -> float:
        """The timeout of the requests of a case of ``kind``."""
        return self.by_kind.get(kind, self.default)

    def check(self, kinds: Sequence[CaseKind]) -> None:
        """Refuse what :func:`parse_timeouts` refuses: an unknown kind, or seconds out of bounds.

        Raises:
            TypeError: for seconds that are not a number, or kinds that are not strings.
            MalformedInputError: as :func:`parse_timeouts`.
        """
        require_type(self.by_kind, Mapping, "Timeouts.by_kind", 'a dict such as {"perft": 300}')
        for kind, seconds in [("", self.default), *self.by_kind.items()]:
            require_type(kind, str, "a kind of Timeouts.by_kind", "a case kind such as 'perft'")
            require_type(seconds, (int, float), "a timeout", "seconds such as 20 or 0.5")
            if kind:
                check_kind(kind, kinds)
            check_seconds(f"{kind}={seconds:g}" if kind else f"{seconds:g}", seconds)

    def options(self) -> list[str]:
        """The ``--timeout`` options that give these timeouts: the default if it is not 10 s,
        then each kind whose timeout those leave different."""
        given = Timeouts(self.default)
        words = [] if self.default == Timeouts().default else ["--timeout", _seconds(self.default)]
        for kind in sorted({*self.by_kind, *given.by_kind}):
            if self.of(kind) != given.of(kind):
                words += ["--timeout", f"{kind}={_seconds(self.of(kind))}"]
        return words


def _seconds(seconds: float) -> str:
    """Seconds as an option spells them: ``20``, ``0.5`` (and every digit when ``g`` drops one).

    >>> _seconds(20.0), _seconds(0.5), _seconds(1 / 3)
    ('20', '0.5', '0.3333333333333333')
    """
    short = f"{seconds:g}"
    return short if float(short) == seconds else repr(float(seconds))


def check_kind(kind: str, kinds: Sequence[CaseKind]) -> CaseKind:
    """The kind of ``kinds`` that a ``--timeout KIND=`` names.

    Raises:
        MalformedInputError: naming the kind, if it is not one of ``kinds``.
    """
    if not is_case_kind(kind) or kind not in kinds:
        raise MalformedInputError("--timeout", [("", f"{kind!r} is not a case kind")])
    return kind


def check_seconds(given: str, seconds: float) -> None:
    """Refuse a number of seconds that is not finite and from 0.01 to 3600.

    Raises:
        MalformedInputError: quoting the ``--timeout`` value as ``given``.
    """
    if not MIN_TIMEOUT <= seconds <= MAX_TIMEOUT:  # false for NaN too
        why = f"{given!r}: give seconds from {MIN_TIMEOUT:g} to {MAX_TIMEOUT:g}"
        raise MalformedInputError("--timeout", [("", why)])


def parse_timeouts(values: Sequence[str], kinds: Sequence[CaseKind]) -> Timeouts:
    """The timeouts of ``--timeout SECONDS`` and ``--timeout KIND=SECONDS`` options.

    A bare number sets every kind the ``KIND=`` options do not set (perft keeps its longer
    default unless it is named).

    Raises:
        MalformedInputError: for a bad kind, or a number of seconds that is not finite and
            from 0.01 to 3600.
    """
    default = Timeouts().default
    by_kind = dict(DEFAULT_TIMEOUTS)
    for value in values:
        named, _, seconds = value.rpartition("=")
        kind = check_kind(named, kinds) if named else None
        try:
            number = float(seconds)
        except ValueError:
            number = math.nan
        check_seconds(value, number)
        if kind is not None:
            by_kind[kind] = number
        else:
            default = number
    return Timeouts(default, by_kind)


def timeout_hint(result: CaseResult, timeouts: Timeouts) -> CaseResult:
    """A timed-out case's result, with how to give its kind longer."""
    if result.fault != "hang":
        return result
    kind = result.case.kind
    hint = (
        f"\n{kind} requests get {timeouts.of(kind):g}s; a slow engine may need --timeout {kind}=S"
    )
    return replace(result, message=result.message + hint)


@dataclass
class PoolRun:
    """What the workers produced: results and findings in case order, and their contexts."""

    results: list[CaseResult]
    findings: list[Finding]
    contexts: list[Context]
    stopped_early: bool
    interrupted: Interrupted | None = None
    """The stop signal that ended the run early (the cases judged before it are kept)."""
    broke_off: str | None = None
    """Why the run's machinery failed before its end (a cluster that closed or died: one
    line); the results judged before it are kept, and the report says it is partial."""


def _is_bad(result: CaseResult) -> bool:
    return result.outcome in (Outcome.FAILED, Outcome.ERRORED)


@dataclass
class _Shared:
    todo: queue.SimpleQueue[tuple[int, Case]]
    results: dict[int, CaseResult] = field(default_factory=dict)
    found: dict[int, list[Finding]] = field(default_factory=dict)
    stop: threading.Event = field(default_factory=threading.Event)
    error: BaseException | None = None


def run_pool(
    contexts: Sequence[Context],
    cases: Sequence[Case],
    timeouts: Timeouts,
    *,
    fail_fast: bool = False,
    on_start: Callable[[Case], None] = lambda case: None,
    on_done: Callable[[CaseResult], None] = lambda result: None,
) -> PoolRun:
    """Judge ``cases`` on one worker per context; stop scheduling at a failure if ``fail_fast``.

    Raises:
        MalformedInputError: if a case is malformed (the first such error of any worker).
    """
    shared = _Shared(queue.SimpleQueue())
    for item in enumerate(cases):
        shared.todo.put(item)

    def work(ctx: Context) -> None:
        base = ctx.adapter.limits
        with contextlib.suppress(ProtocolError):
            if ctx.adapter.hello is None:  # the first adapter was started before the run
                ctx.adapter.start()  # if it fails, each case retries (with backoff) and reports it
        while not shared.stop.is_set():
            try:
                index, case = shared.todo.get_nowait()
            except queue.Empty:
                return
            on_start(case)
            ctx.adapter.limits = replace(base, timeout=timeouts.of(case.kind))
            before = len(ctx.findings)
            try:
                result = timeout_hint(run_case(ctx, case), timeouts)
            except MalformedInputError as exc:
                shared.error = exc
                shared.stop.set()
                return
            shared.results[index] = result
            shared.found[index] = ctx.findings[before:]
            on_done(result)
            if fail_fast and _is_bad(result):
                shared.stop.set()

    threads = [threading.Thread(target=work, args=(ctx,), daemon=True) for ctx in contexts]
    interrupted = None
    try:  # a signal may come while the threads are still being started
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    except Interrupted as exc:  # a stop signal: keep what was judged, end the adapters
        interrupted, judged = exc, dict(shared.results)
        shared.stop.set()
        proctree.end_all()  # the cases in flight fail at once; their results are dropped
        for t in threads:
            if t.ident is not None:  # started
                t.join()
        shared.results = judged
    if shared.error is not None and interrupted is None:
        raise shared.error
    order = sorted(shared.results)
    return PoolRun(
        results=[shared.results[i] for i in order],
        findings=[f for i in order for f in shared.found[i]],
        contexts=list(contexts),
        stopped_early=len(order) < len(cases),
        interrupted=interrupted,
    )
