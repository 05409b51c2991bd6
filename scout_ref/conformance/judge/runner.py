"""The conformance runner: drive an adapter through the vectors and judge every case.

Each case is sent as stateless requests, its answer is compared with the vector's expected
answer, and the outcome is one of passed, failed, errored (the adapter said so, or broke the
protocol), skipped (the adapter declined) or not applicable (outside its capabilities).
"""

from __future__ import annotations

import fnmatch
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from scout_ref.conformance.blame.bisect import bisect_perft
from scout_ref.conformance.blame.diff import score_difference
from scout_ref.conformance.blame.followup import (
    PLAYED,
    ask_replay,
    own_hand_replayed,
    played_fields,
)
from scout_ref.conformance.blame.moves import earlier_reason_blame, misread_blame, moves_blame
from scout_ref.conformance.blame.scores import exemption_rule, score_blame, without_effect
from scout_ref.conformance.blame.states import narrow
from scout_ref.conformance.blame.uses import list_uses, move_uses
from scout_ref.conformance.judge.observe import (
    observation_rules,
    observation_verdict,
    scp1_gap,
    scp1_view,
)
from scout_ref.conformance.judge.steps import (
    PASS,
    Verdict,
    Walk,
    deal_name,
    expect_state,
    reply_verdict,
    walk_trace,
)
from scout_ref.conformance.model.kinds import CaseKind, RequestType, is_vector_kind
from scout_ref.conformance.model.outcomes import Case, CaseResult, Outcome
from scout_ref.conformance.model.scope import in_scope
from scout_ref.conformance.process.context import Context, caps_of, request_deal
from scout_ref.conformance.protocol.features import (
    dealt_view,
    has,
    missing_feature,
    score_view,
)
from scout_ref.conformance.protocol.messages import (
    PROTOCOL_VERSION,
    Capabilities,
    Errored,
    ProtocolError,
    Result,
)
from scout_ref.conformance.report.reproduce import Where, position_line, where
from scout_ref.conformance.vectors.build import check_written, schema_problems, vectors_dir
from scout_ref.errors import MalformedInputError, excerpt
from scout_ref.rulebook.registry import check_spec_version
from scout_ref.util.jsonread import read_file

COST_ORDER: tuple[CaseKind, ...] = (
    "deal",
    "legal",
    "apply",
    "reject",
    "score",
    "observe",
    "trace",
    "perft",
    "fuzz",
)
"""Kinds from the cheapest to the dearest to answer: a run judges them in this order, so a slow
engine's perft requests, which may count millions of lines of play, come last."""

_NEEDS: dict[CaseKind, set[RequestType]] = {
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


def load_cases(directory: Path) -> list[Case]:
    """Every case of every vector file under ``directory`` (``<kind>/<topic>.json``).

    Files are read with the bounded reader and must be written for this spec version. A
    folder other than the shipped ``spec/vectors`` (linted whenever they are generated) is
    validated against the vector schemas too, so a malformed case is refused before the run.

    Raises:
        MalformedInputError: if the folder has no vectors, a file is not a vector file, or
            two cases have the same id (both places are named).
    """
    files = sorted(p for p in directory.glob("*/*.json") if is_vector_kind(p.parent.name))
    if not files:
        raise MalformedInputError("vectors", [("", f"no vector files under {str(directory)!r}")])
    shipped = directory.resolve() == vectors_dir().resolve()
    cases = []
    places: dict[str, str] = {}  # case id -> where it is
    for path in files:
        kind = path.parent.name
        assert is_vector_kind(kind), "only the folders of the vector kinds are read"
        source = f"{kind}/{path.name}"
        document: Any = read_file(path)
        if not shipped:
            problems = schema_problems(kind, document)
            if problems:
                more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
                raise MalformedInputError("vectors", [("", f"{path}: {problems[0]}{more}")])
        if not isinstance(document, dict) or document.get("kind") != kind:
            raise MalformedInputError("vectors", [("", f"{path}: not a {kind} file")])
        check_spec_version(document.get("spec_version"), str(path))
        try:
            for k, data in enumerate(document["cases"]):
                rules = tuple(data["rules"])
                cases.append(Case(data["id"], kind, data["description"], rules, data, source))
                _check_new_id(places, data["id"], f"{source} /cases/{k}")
                if not shipped and kind in ("apply", "reject"):
                    check_written(data, f"{source} /cases/{k}")
        except (KeyError, TypeError) as exc:
            raise MalformedInputError("vectors", [("", f"{path}: {exc!r}")]) from None
    return cases


def _check_new_id(places: dict[str, str], case_id: object, place: str) -> None:
    """Record where ``case_id`` is; a case id names one case, so a second place is refused
    (otherwise both would run, and the report could not tell them apart)."""
    key = str(case_id)
    if key in places:
        message = f"the case id {excerpt(repr(key), 80)} is used twice: {places[key]} and {place}"
        raise MalformedInputError("vectors", [("", message)])
    places[key] = place


def select(
    cases: Iterable[Case],
    rule_patterns: Sequence[str],
    kinds: Sequence[CaseKind],
    ids: Sequence[str] = (),
) -> list[Case]:
    """The cases of the given kinds that exercise a rule matching one of the patterns and whose
    ID matches one of the ``ids`` globs (each filter applies only when given)."""
    return [
        c
        for c in cases
        if (not kinds or c.kind in kinds)
        and (not rule_patterns or any(fnmatch.filter(c.rules, p) for p in rule_patterns))
        and (not ids or any(fnmatch.fnmatchcase(c.id, p) for p in ids))
    ]


def schedule(cases: Iterable[Case]) -> list[Case]:
    """The cases in the order they are judged: cheap kinds first, perft last (file order within
    a kind)."""
    return sorted(cases, key=lambda c: COST_ORDER.index(c.kind))


def not_applicable(kind: CaseKind, players: int, official: bool, caps: Capabilities) -> str | None:
    """Why a case lies outside the adapter's capabilities, or None if it applies."""
    missing = _NEEDS[kind] - caps.kinds
    if missing:
        return f"needs request types {sorted(missing)}"
    if players not in caps.players:
        return f"needs {players} players"
    if not official and not caps.variants:
        return "needs the variant rules switches"
    return None


def judge_deal(ctx: Context, case: Case) -> Verdict:
    """A deal: the dealt state must equal the expected one."""
    given = case.data["input"]
    reply = request_deal(ctx, given)
    if not isinstance(reply, Result):
        return reply_verdict(reply)
    expected = dealt_view(caps_of(ctx), case.data["expected"]["state"])
    return expect_state(reply, given.get("state"), deal_name(given), expected, ctx)


def judge_legal(ctx: Context, case: Case) -> Verdict:
    """A legal-move list, judged as a set; a move listed twice fails."""
    reply = ctx.adapter.request("legal", state=case.data["state"])
    if not isinstance(reply, Result):
        return reply_verdict(reply)
    expected = case.data["expected"]["moves"]
    missing, extra, doubled = compare_move_lists(expected, reply.data["moves"])
    if not (missing or extra or doubled):
        return PASS
    blame = moves_blame(case.data["state"], missing, extra, doubled)
    ctx.uses |= list_uses(case.data["state"], [*missing, *extra])
    return Outcome.FAILED, move_list_difference(missing, extra, doubled), blame


def compare_move_lists(
    expected: list[str], listed: list[str]
) -> tuple[list[str], list[str], list[str]]:
    """The moves a listing lacks, adds and repeats, against the expected set.

    Linear in the lists' lengths: a reply may list 100,000 moves.

    >>> compare_move_lists(["keep", "flip"], ["flip", "keep", "keep", "show 0-0"])
    ([], ['show 0-0'], ['keep'])
    """
    got = Counter(listed)
    missing = [m for m in expected if m not in got]
    extra = sorted(got.keys() - set(expected))
    doubled = sorted(m for m, n in got.items() if n > 1)
    return missing, extra, doubled


def move_list_difference(missing: list[str], extra: list[str], doubled: list[str]) -> str:
    """Which moves a legal-move list lacks, adds or repeats, as one line.

    >>> move_list_difference([], ["show 0-0"], ["keep"])
    'extra 1: show 0-0; listed twice 1: keep'
    """
    parts = []
    for label, moves in (("missing", missing), ("extra", extra), ("listed twice", doubled)):
        if moves:
            shown = ", ".join(moves[:8]) + (f" (+{len(moves) - 8} more)" if len(moves) > 8 else "")
            parts.append(f"{label} {len(moves)}: {shown}")
    return "; ".join(parts)


def judge_apply(ctx: Context, case: Case) -> Verdict:
    """A legal move: the next state must equal the expected one."""
    state, move = case.data["state"], case.data["move"]
    reply = ctx.adapter.request("apply", state=state, move=move)
    if not isinstance(reply, Result):
        return reply_verdict(reply)
    return expect_state(reply, state, move, case.data["expected"]["state"], ctx)


def judge_reject(ctx: Context, case: Case) -> Verdict:
    """An illegal move: rejected, and at strictness ``reason`` for the expected reason."""
    move = case.data["move"]
    reply = ctx.adapter.request("apply", state=case.data["state"], move=move)
    if not isinstance(reply, Result):
        return reply_verdict(reply)
    expected = case.data["expected"]
    blame = frozenset([case.focus or expected["rule"]])
    ctx.uses |= move_uses(case.data["state"], move) | blame
    if "rejection" not in reply.data:
        blame = moves_blame(case.data["state"], [], [move]) or blame
        return Outcome.FAILED, f"{move!r} was accepted; it breaks {expected['rule']}", blame
    got = reply.data["rejection"]["reason"]
    strict = ctx.strictness == "reason" and has(caps_of(ctx), "reasons")
    if strict and got != expected["reason"]:
        why = f"{move!r} rejected for {got!r}, expected {expected['reason']!r} ({expected['rule']})"
        state, reason = case.data["state"], expected["reason"]
        earlier = earlier_reason_blame(state, move, reason, got)
        ctx.uses |= earlier
        return Outcome.FAILED, why, earlier or blame | misread_blame(state, move, reason, got)
    return PASS


def judge_score(ctx: Context, case: Case) -> Verdict:
    """A round's scores, the totals and the winners (winners compared as a set)."""
    reply = ctx.adapter.request("score", state=case.data["state"])
    if not isinstance(reply, Result):
        return reply_verdict(reply)
    expected = score_view(caps_of(ctx), case.data["expected"])
    got = score_view(caps_of(ctx), reply.data)
    problems = score_difference(case.data["state"], expected, got)
    if not problems:
        return PASS
    state = case.data["state"]
    if without_effect(expected, got) and case.focus != exemption_rule(state):
        return Outcome.PASSED, f"note: only a flag with no effect differs\n{problems}", frozenset()
    blame = score_blame(state, expected, got)
    ctx.uses |= blame  # the terms that differ; those that agree show their rules holding
    return Outcome.FAILED, problems, blame


def judge_perft(ctx: Context, case: Case) -> Verdict:
    """A perft count and its divide; a mismatch is bisected down to the state that shows it."""
    state, depth = case.data["state"], case.data["depth"]
    reply = ctx.adapter.request("perft", state=state, depth=depth)
    if not isinstance(reply, Result):
        return reply_verdict(reply)
    expected = case.data["expected"]
    got = reply.data
    if got["nodes"] == expected["nodes"] and got["divide"] == expected["divide"]:
        return PASS
    head = f"perft({depth}) = {got['nodes']}, expected {expected['nodes']}"
    found = bisect_perft(ctx, case.id, state, depth, got)
    ctx.uses |= found.uses
    return Outcome.FAILED, head + "\n" + found.text, found.blame


def judge_trace(ctx: Context, case: Case) -> Verdict:
    """A whole round or game, replayed step by step (:func:`walk_trace`)."""
    return walk_trace(ctx, case).verdict


def judge_observe(ctx: Context, case: Case) -> Verdict:
    """What a seat knows after a history (chapter INFO): the expected observation, exactly."""
    data = case.data
    hello = ctx.adapter.hello
    protocol = hello.protocol if hello else PROTOCOL_VERSION
    if (gap := scp1_gap(data, protocol)) is not None:
        return Outcome.NOT_APPLICABLE, gap, frozenset()
    given = {"state": data["state"], "moves": data["moves"], "seat": data["seat"]}
    if "earlier" in data:
        given["earlier"] = [{"state": r["state"], "moves": r["moves"]} for r in data["earlier"]]
    reply = ctx.adapter.request("observe", **given)
    if isinstance(reply, Errored):  # perhaps it cannot play the history: ask its own play
        outcome, message, _ = reply_verdict(reply)
        rounds = [*data.get("earlier", ()), data]  # a later round may not follow its own play
        replays = [ask_replay(ctx, r["state"], r["moves"]) or frozenset() for r in rounds]
        return outcome, message, frozenset().union(*replays)
    if not isinstance(reply, Result):
        return reply_verdict(reply)
    got = reply.data["observation"]
    expected, note, needed = scp1_view(data["expected"]["observation"], got, case.rules)
    if needed:
        return Outcome.NOT_APPLICABLE, note, frozenset()
    outcome, message = observation_verdict(expected, got, data)
    message = "\n".join(x for x in (message, note) if x)
    blame = observation_rules(data, expected, got)
    if outcome is Outcome.FAILED and played_fields(expected, got):
        played = ask_replay(ctx, data["state"], data["moves"])
        if played is not None:  # the view shows the adapter's own (wrong) play faithfully
            skip = PLAYED | ({"hand"} if own_hand_replayed(expected, got) else set())
            blame = observation_rules(data, expected, got, skip=skip) | played
    return outcome, message, blame


JUDGES: dict[CaseKind, Callable[[Context, Case], Verdict]] = {
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
        why = why or missing_feature(case, caps)
        if why is not None:
            return CaseResult(case, Outcome.NOT_APPLICABLE, why)
    walk: Walk | None = None
    ctx.at = None
    ctx.uses = set()
    try:
        if case.kind == "trace":
            walk = walk_trace(ctx, case)
            outcome, message, blame = walk.verdict
        else:
            outcome, message, blame = JUDGES[case.kind](ctx, case)
    except ProtocolError as exc:
        return _located(ctx, CaseResult(case, Outcome.ERRORED, exc.describe(), fault=exc.fault))
    except (KeyError, TypeError) as exc:
        raise MalformedInputError(
            "vectors", [("", f"case {case.id!r} is malformed: {exc}")]
        ) from exc
    blame = in_scope(blame, case.players)  # a rule is judged only where it applies
    narrowed = narrow(case, blame, outcome)
    result = CaseResult(
        case,
        outcome,
        message,
        blame=narrowed,
        points_at=tuple(sorted(blame | set(narrowed))),
        uses=tuple(sorted(in_scope(ctx.uses | blame, case.players))) if outcome in BAD else (),
    )
    if walk is not None:
        steps = tuple(sorted(walk.steps.items()))
        result = replace(
            result,
            steps_judged=steps,
            deal_departed=walk.deal_departed,
            departures=walk.departures,
        )
    return _located(ctx, result)


BAD = (Outcome.FAILED, Outcome.ERRORED)


def _located(ctx: Context, result: CaseResult) -> CaseResult:
    """A failure with the position it shows in and the step taken from it."""
    if result.outcome not in BAD:
        return result
    spot = where(result.case) if ctx.at is None else Where(*ctx.at)
    known = result.case.data.get("position") if ctx.at is None else None
    position = position_line(spot.state, known if isinstance(known, str) else None)
    return replace(result, position=position, step=spot.step)
