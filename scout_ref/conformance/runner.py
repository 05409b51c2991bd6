"""The conformance runner: drive an adapter through the vectors and judge every case.

Each case is sent as stateless requests, its answer is compared with the vector's expected
answer, and the outcome is one of passed, failed, errored (the adapter said so, or broke the
protocol), skipped (the adapter declined) or not applicable (outside its capabilities).
"""

from __future__ import annotations

import contextlib
import fnmatch
import json
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from scout_ref._serialize import deal_from_json
from scout_ref.conformance.bisect import bisect_perft
from scout_ref.conformance.observe import observation_verdict
from scout_ref.conformance.outcomes import (
    Case,
    CaseResult,
    Context,
    Outcome,
    has_digest,
    short,
    state_diff,
    trace_parts,
)
from scout_ref.conformance.protocol import (
    Capabilities,
    Errored,
    Message,
    ProtocolError,
    Reply,
    Result,
    Skipped,
)
from scout_ref.errors import MalformedInputError, ScoutError
from scout_ref.notation import parse_move
from scout_ref.state import State
from scout_ref.turn import apply_move

STRICTNESS = ("legality", "reason")
"""How rejections are judged: any rejection passes, or the reason code must match too."""

VECTOR_KINDS = ("deal", "legal", "apply", "reject", "score", "perft", "trace", "observe")

_NEEDS = {
    "deal": {"deal"},
    "legal": {"legal"},
    "apply": {"apply"},
    "reject": {"apply"},
    "score": {"score"},
    "perft": {"perft"},
    "trace": {"deal", "apply"},
    "observe": {"observe"},
    "fuzz": {"deal", "legal", "apply", "score"},
}
"""The request types each kind of case is sent as."""

Verdict = tuple[Outcome, str]


def load_cases(directory: Path) -> list[Case]:
    """Every case of every vector file under ``directory`` (``<kind>/<topic>.json``).

    Raises:
        MalformedInputError: if the folder has no vectors or a file is not a vector file.
    """
    files = sorted(p for p in directory.glob("*/*.json") if p.parent.name in VECTOR_KINDS)
    if not files:
        raise MalformedInputError("vectors", [("", f"no vector files under {str(directory)!r}")])
    cases = []
    for path in files:
        try:
            document = json.loads(path.read_text(encoding="utf-8"))
            kind = document["kind"]
            for data in document["cases"]:
                source = f"{path.parent.name}/{path.name}"
                rules = tuple(data["rules"])
                cases.append(Case(data["id"], kind, data["description"], rules, data, source))
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise MalformedInputError("vectors", [("", f"{path}: {exc}")]) from None
    return cases


def select(cases: Iterable[Case], rule_patterns: Sequence[str], kinds: Sequence[str]) -> list[Case]:
    """The cases of the given kinds that exercise a rule matching one of the patterns."""
    return [
        c
        for c in cases
        if (not kinds or c.kind in kinds)
        and (not rule_patterns or any(fnmatch.filter(c.rules, p) for p in rule_patterns))
    ]


def not_applicable(kind: str, players: int, official: bool, caps: Capabilities) -> str | None:
    """Why a case lies outside the adapter's capabilities, or None if it applies."""
    missing = _NEEDS[kind] - caps.kinds
    if missing:
        return f"needs request types {sorted(missing)}"
    if players not in caps.players:
        return f"needs {players} players"
    if not official and not caps.variants:
        return "needs the variant rules switches"
    return None


def _reply_verdict(reply: Reply) -> Verdict | None:
    """The verdict of a reply that is not a result, or None for a result."""
    match reply:
        case Skipped(reason):
            return Outcome.SKIPPED, f"skipped by the adapter: {reason}"
        case Errored(message):
            return Outcome.ERRORED, f"the adapter answered errored: {message}"
        case Result():
            return None


def _expect_state(reply: Result, expected: Message, what: str) -> Verdict:
    data = reply.data
    if "rejection" in data:
        reason = data["rejection"].get("reason")
        return Outcome.FAILED, f"{what}: rejected ({reason!r}) but it is legal"
    if data["state"] != expected:
        return Outcome.FAILED, f"{what}: the state differs\n{state_diff(expected, data['state'])}"
    return Outcome.PASSED, ""


def judge_deal(ctx: Context, case: Case) -> Verdict:
    """A deal: the dealt state must equal the expected one."""
    reply = ctx.adapter.request("deal", input=case.data["input"])
    if not isinstance(reply, Result):
        return _reply_verdict(reply) or (Outcome.ERRORED, "")
    return _expect_state(reply, case.data["expected"]["state"], "deal")


def judge_legal(ctx: Context, case: Case) -> Verdict:
    """A legal-move list, judged as a set; a move listed twice fails."""
    reply = ctx.adapter.request("legal", state=case.data["state"])
    if not isinstance(reply, Result):
        return _reply_verdict(reply) or (Outcome.ERRORED, "")
    got: list[str] = reply.data["moves"]
    expected = case.data["expected"]["moves"]
    missing = [m for m in expected if m not in set(got)]
    extra = sorted(set(got) - set(expected))
    doubled = sorted({m for m in got if got.count(m) > 1})
    if not (missing or extra or doubled):
        return Outcome.PASSED, ""
    return Outcome.FAILED, move_list_difference(missing, extra, doubled)


def move_list_difference(missing: list[str], extra: list[str], doubled: list[str]) -> str:
    """Which moves a legal-move list lacks, adds or repeats."""
    parts = []
    for label, moves in (("missing", missing), ("extra", extra), ("listed twice", doubled)):
        if moves:
            shown = ", ".join(moves[:8]) + (f" (+{len(moves) - 8} more)" if len(moves) > 8 else "")
            parts.append(f"{label} {len(moves)}: {shown}")
    return "; ".join(parts)


def judge_apply(ctx: Context, case: Case) -> Verdict:
    """A legal move: the next state must equal the expected one."""
    reply = ctx.adapter.request("apply", state=case.data["state"], move=case.data["move"])
    if not isinstance(reply, Result):
        return _reply_verdict(reply) or (Outcome.ERRORED, "")
    return _expect_state(reply, case.data["expected"]["state"], f"apply {case.data['move']!r}")


def judge_reject(ctx: Context, case: Case) -> Verdict:
    """An illegal move: rejected, and at strictness ``reason`` for the expected reason."""
    move = case.data["move"]
    reply = ctx.adapter.request("apply", state=case.data["state"], move=move)
    if not isinstance(reply, Result):
        return _reply_verdict(reply) or (Outcome.ERRORED, "")
    expected = case.data["expected"]
    if "rejection" not in reply.data:
        return Outcome.FAILED, f"{move!r} was accepted; it breaks {expected['rule']}"
    got = reply.data["rejection"]["reason"]
    if ctx.strictness == "reason" and got != expected["reason"]:
        return Outcome.FAILED, (
            f"{move!r} rejected for {got!r}, expected {expected['reason']!r} ({expected['rule']})"
        )
    return Outcome.PASSED, ""


def judge_score(ctx: Context, case: Case) -> Verdict:
    """A round's scores, the totals and the winners (winners compared as a set)."""
    reply = ctx.adapter.request("score", state=case.data["state"])
    if not isinstance(reply, Result):
        return _reply_verdict(reply) or (Outcome.ERRORED, "")
    expected = case.data["expected"]
    problems = [
        f"{key}: expected {short(expected[key])}, got {short(reply.data[key])}"
        for key in ("round_scores", "totals")
        if reply.data[key] != expected[key]
    ]
    if sorted(reply.data["winners"]) != sorted(expected["winners"]):
        problems.append(f"winners: expected {expected['winners']}, got {reply.data['winners']}")
    return (Outcome.FAILED, "; ".join(problems)) if problems else (Outcome.PASSED, "")


def judge_perft(ctx: Context, case: Case) -> Verdict:
    """A perft count and its divide; a mismatch is bisected down to the state that shows it."""
    state, depth = case.data["state"], case.data["depth"]
    reply = ctx.adapter.request("perft", state=state, depth=depth)
    if not isinstance(reply, Result):
        return _reply_verdict(reply) or (Outcome.ERRORED, "")
    expected = case.data["expected"]
    got = reply.data
    if got["nodes"] == expected["nodes"] and got["divide"] == expected["divide"]:
        return Outcome.PASSED, ""
    head = f"perft({depth}) = {got['nodes']}, expected {expected['nodes']}"
    return Outcome.FAILED, head + "\n" + bisect_perft(ctx, case.id, state, depth, got)


def judge_trace(ctx: Context, case: Case) -> Verdict:
    """A whole round or game, replayed step by step; each state must have the recorded digest."""
    players, switches, steps = trace_parts(case.data)
    state: Message | None = None
    for k, step in enumerate(steps):
        if "deal" in step:
            what = f"step {k} (deal)"
            given: Message = {"state": state, "deck": step["deal"]}
            if state is None:
                given = {"players": players, "rules": switches, "deck": step["deal"]}
            reply = ctx.adapter.request("deal", input=given)
        else:
            what = f"step {k} ({step['move']})"
            reply = ctx.adapter.request("apply", state=state, move=step["move"])
        if not isinstance(reply, Result):
            verdict = _reply_verdict(reply) or (Outcome.ERRORED, "")
            return verdict[0], f"{what}: {verdict[1]}"
        if "rejection" in reply.data:
            reason = reply.data["rejection"].get("reason")
            return Outcome.FAILED, f"{what}: rejected ({reason!r}) but it is legal"
        if not has_digest(reply.data["state"], step["digest"]):
            expected = step.get("state") or _reference_step(state, given, step)
            detail = state_diff(expected, reply.data["state"]) if expected else "  digest differs"
            return Outcome.FAILED, f"{what}: the state differs\n{detail}"
        state = reply.data["state"]
    return Outcome.PASSED, ""


def judge_observe(ctx: Context, case: Case) -> Verdict:
    """What a seat knows after a history (chapter INFO): the expected observation, exactly."""
    data = case.data
    given = {"state": data["state"], "moves": data["moves"], "seat": data["seat"]}
    reply = ctx.adapter.request("observe", **given)
    if not isinstance(reply, Result):
        return _reply_verdict(reply) or (Outcome.ERRORED, "")
    return observation_verdict(data["expected"]["observation"], reply.data["observation"])


def _reference_step(before: Message | None, given: Message, step: Message) -> Message | None:
    """The reference's state after a trace step; the state before it matched its digest."""
    try:
        if "deal" in step:
            return deal_from_json(given).to_json()
        return apply_move(State.from_json(before), parse_move(step["move"])).to_json()
    except ScoutError:
        return None


JUDGES: dict[str, Callable[[Context, Case], Verdict]] = {
    "deal": judge_deal,
    "legal": judge_legal,
    "apply": judge_apply,
    "reject": judge_reject,
    "score": judge_score,
    "perft": judge_perft,
    "trace": judge_trace,
    "observe": judge_observe,
}


def run_case(ctx: Context, case: Case) -> CaseResult:
    """Judge one case; protocol errors become errored results, never exceptions."""
    caps = ctx.adapter.hello.capabilities if ctx.adapter.hello else None
    if caps is not None:
        why = not_applicable(case.kind, case.players, case.normative, caps)
        if why is not None:
            return CaseResult(case, Outcome.NOT_APPLICABLE, why)
    try:
        outcome, message = JUDGES[case.kind](ctx, case)
    except ProtocolError as exc:
        return CaseResult(case, Outcome.ERRORED, exc.describe(), fault=exc.fault)
    except (KeyError, TypeError) as exc:
        raise MalformedInputError(
            "vectors", [("", f"case {case.id!r} is malformed: {exc}")]
        ) from exc
    return CaseResult(case, outcome, message)


def run_cases(ctx: Context, cases: Iterable[Case]) -> list[CaseResult]:
    """Start the adapter and judge every case in order."""
    with contextlib.suppress(ProtocolError):
        ctx.adapter.start()  # if it fails, each case retries (with backoff) and reports it
    return [run_case(ctx, case) for case in cases]
