"""Judging a state the adapter produced, and walking a trace step by step with resync.

Shared by the runner's ``deal``, ``apply`` and ``trace`` judges. A trace is walked from the
reference's state at every step, so a step that differs is judged and blamed on its own and
the walk goes on (:func:`walk_trace`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from scout_ref.conformance.blame.diff import state_diff
from scout_ref.conformance.blame.followup import ask_legal, settled_blame
from scout_ref.conformance.blame.moves import rejected_blame
from scout_ref.conformance.blame.states import step_rules
from scout_ref.conformance.blame.uses import common_cause, move_uses
from scout_ref.conformance.model.outcomes import (
    Case,
    Departure,
    Message,
    Outcome,
    has_digest,
    trace_parts,
)
from scout_ref.conformance.model.scope import in_scope
from scout_ref.conformance.process.context import Context, request_deal
from scout_ref.conformance.protocol.messages import Errored, Reply, Result, Skipped
from scout_ref.conformance.report.text import one_line
from scout_ref.errors import ScoutError
from scout_ref.formats.state_json import rules_from_json, state_from_json, state_to_json
from scout_ref.formats.trace import step_state

Verdict = tuple[Outcome, str, frozenset[str]]
"""A case's outcome, what went wrong in words, and the rules the difference points at."""
PASS: Verdict = (Outcome.PASSED, "", frozenset())


def reply_verdict(reply: Reply) -> Verdict:
    """The verdict of a reply that is not a result."""
    match reply:
        case Skipped(reason):
            return Outcome.SKIPPED, f"skipped by the adapter: {reason}", frozenset()
        case Errored(message):
            return Outcome.ERRORED, f"the adapter answered errored: {message}", frozenset()
        case Result():
            return Outcome.ERRORED, "", frozenset()


def expect_state(
    reply: Result, before: Message | None, step: str, expected: Message, ctx: Context | None = None
) -> Verdict:
    """The verdict on a state produced by ``step`` (a move, ``deal`` or ``next_round``).

    With ``ctx``, an ambiguous difference is settled by a follow-up question
    (:mod:`scout_ref.conformance.blame.followup`), and the rules the move passes through are
    added to ``ctx.uses`` (:mod:`scout_ref.conformance.blame.uses`).
    """
    data = reply.data
    what = step if step in ("deal", "next_round") else f"apply {step!r}"
    if "rejection" in data:
        reason = data["rejection"].get("reason")
        blame = rejected_blame(before, step, reason) if before is not None else frozenset()
        if ctx is not None and before is not None:
            blame = ask_legal(ctx, before, step) or blame
            ctx.uses |= move_uses(before, step)
        return Outcome.FAILED, f"{what}: rejected ({reason!r}) but it is legal", blame
    if data["state"] != expected:
        diff = state_diff(expected, data["state"], before)
        blame = settled_blame(ctx, before, step, expected, data["state"])
        if ctx is not None:
            ctx.uses |= move_uses(before, step, expected, data["state"])
        return Outcome.FAILED, f"{what}: the state differs\n{diff}", blame
    return PASS


def deal_name(given: Message) -> str:
    """What a deal request with ``given`` is called: a new game's ``deal``, or ``next_round``."""
    return "next_round" if "state" in given else "deal"


@dataclass(frozen=True, slots=True)
class Walk:
    """A trace judged step by step: its verdict, and what was judged on the way."""

    verdict: Verdict
    steps: Counter[str]
    """Rule ID -> how many of the trace's steps that rule governs were compared."""
    deal_departed: bool
    """Whether a deal differed (the later steps were then judged from the reference's deal)."""
    departures: tuple[Departure, ...] = ()
    """Every step that differs, in one line each, with the rules it points at."""


SHOWN_DEPARTURES = 5
"""Departures of one trace or fuzz game described in full; the rest are counted."""


def walk_trace(ctx: Context, case: Case) -> Walk:
    """Replay a trace step by step; each state must have the recorded digest.

    Every request carries the reference's state, so after a step that differs the walk goes on
    from the state the reference reached (a resync): each further departure is judged, and
    blamed, on its own.
    """
    players, switches, steps = trace_parts(case.data)
    state: Message | None = None
    departures: list[tuple[str, frozenset[str], frozenset[str]]] = []  # message, blame, uses
    judged: Counter[str] = Counter()
    deal_departed = False
    errors = 0
    causes: list[tuple[frozenset[str], frozenset[str]]] = []  # each failing step's blame, uses
    for k, step in enumerate(steps):
        name, reply = _ask(ctx, players, switches, state, step, first=not departures)
        what = f"step {k} ({'deal' if 'deal' in step else name})"
        if isinstance(reply, Skipped):
            outcome, message, _ = reply_verdict(reply)
            if not departures:
                return Walk((outcome, f"{what}: {message}", frozenset()), judged, deal_departed)
            break
        same = isinstance(reply, Result) and _same_state(reply, step["digest"])
        if isinstance(reply, Result) and same:
            expected: Message | None = reply.data["state"]
        else:
            expected = _expected_step(players, switches, state, step)
        if expected is None:
            break  # the reference cannot play the trace on (a malformed vector)
        here = (state if state is not None else expected, name)
        ctx.at = ctx.at if departures else here  # the first departure is where it shows
        if isinstance(reply, Errored):  # an errored step judged nothing
            _, message, blame = reply_verdict(reply)
            departures.append((f"{what}: {message}", blame, frozenset()))
            errors += 1
        else:
            judged.update(in_scope(step_rules(name, expected), players))
            if not same:
                earlier, ctx.uses = ctx.uses, set()
                _, message, blame = expect_state(reply, state, name, expected, ctx)
                causes.append((blame, frozenset(ctx.uses)))
                departures.append((f"step {k}: {message}", blame, frozenset(ctx.uses) | blame))
                ctx.uses |= earlier
                deal_departed |= "deal" in step
        state = expected
    if not departures:
        return Walk(PASS, judged, deal_departed)
    blame = common_cause(causes) or frozenset().union(*(b for _, b, _ in departures))
    listed = tuple(
        Departure(one_line(m), tuple(sorted(b)), tuple(sorted(u))) for m, b, u in departures
    )
    # a trace whose every departing step errored is errored: an error convicts no rule
    outcome = Outcome.ERRORED if errors == len(departures) else Outcome.FAILED
    verdict = (outcome, departures_text([(m, b) for m, b, _ in departures]), blame)
    return Walk(verdict, judged, deal_departed, listed)


def _ask(
    ctx: Context,
    players: int,
    switches: Message,
    state: Message | None,
    step: Message,
    *,
    first: bool,
) -> tuple[str, Reply]:
    """Send a trace step (its deal or its move, from ``state``): its name and the reply. While
    nothing has departed (``first``), ``ctx.at`` records where a time-out would show."""
    if "deal" in step:
        given: Message = {"state": state, "deck": step["deal"]}
        if state is None:
            given = {"players": players, "rules": switches, "deck": step["deal"]}
        name = deal_name(given)
        ctx.at = (state, name) if first else ctx.at
        return name, request_deal(ctx, given)
    name = step["move"]
    ctx.at = (state, name) if first else ctx.at
    return name, ctx.adapter.request("apply", state=state, move=name)


def _same_state(reply: Result, recorded: str) -> bool:
    return "rejection" not in reply.data and has_digest(reply.data["state"], recorded)


def _expected_step(
    players: int, switches: Message, before: Message | None, step: Message
) -> Message | None:
    """The reference's state after a trace step: recorded at round ends, else recomputed."""
    recorded: Message | None = step.get("state")
    return recorded if recorded is not None else _reference_step(players, switches, before, step)


def departures_text(departures: Sequence[tuple[str, frozenset[str]]]) -> str:
    """The departures of one trace or game: the first ones in full, each with its rules."""
    if len(departures) == 1:
        return departures[0][0]
    lines = [f"{len(departures)} steps differ (each judged from the reference's state before it)"]
    for message, blame in departures[:SHOWN_DEPARTURES]:
        points = ", ".join(sorted(blame)) or "no rule"
        head, *rest = message.splitlines()
        lines += [f"{head} [points at {points}]", *rest]
    if len(departures) > SHOWN_DEPARTURES:
        lines.append(f"(+{len(departures) - SHOWN_DEPARTURES} more steps differ)")
    return "\n".join(lines)


def _reference_step(
    players: int, switches: Message, before: Message | None, step: Message
) -> Message | None:
    """The reference's state after a trace step; the state before it matched its digest."""
    try:
        state = None if before is None else state_from_json(before)
        return state_to_json(step_state(state, players, rules_from_json(switches), step, ""))
    except ScoutError:
        return None
