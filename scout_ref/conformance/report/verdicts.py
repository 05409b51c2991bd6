"""Per-rule verdicts, decided case by case from the evidence each failed case carries.

Each failed case is blamed on the rules its difference points at
(:mod:`scout_ref.conformance.blame.states`). A rule is *nonconformant* when some case blamed on it
exercises no rule that is itself shown broken and that it builds on (``builds_on`` in
``spec/rules.json``, followed transitively): nothing lower explains that difference. A rule
whose every failing case also exercises such a broken lower rule is *not judged*, naming those
rules, as a compiler's test harness suppresses cascading errors; the cases it weighs are its own,
so a broken rule elsewhere in the engine never withholds a verdict. Rules are decided from the
bottom of ``builds_on`` up, so "shown broken" always means convicted by cases of its own.

A rule no failure blames is *conformant* when a case citing it passed, *not reached* when every
case citing it that ran stopped on another rule first (an errored answer, a step never judged),
and *not applicable* when no case citing it was judged.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cache

from scout_ref.conformance.model.kinds import CaseKind
from scout_ref.conformance.model.outcomes import CaseResult, Outcome
from scout_ref.rulebook.registry import foundations, rules

BAD = (Outcome.FAILED, Outcome.ERRORED)

SELF_EVIDENT: dict[str, frozenset[CaseKind]] = {"SC-GAME-04": frozenset(["score"])}
"""Rules whose failures in these kinds of case are read from the engine's own answer alone, so
no rule they build on can explain them: a ``score`` answer's winners are blamed on SC-GAME-04
only when they are not the top of the totals the same answer gives
(:func:`~scout_ref.conformance.blame.scores.score_blame`)."""


class RuleVerdict(Enum):
    """A rule's verdict, in the order a reader should act on them."""

    NONCONFORMANT = "nonconformant"
    NOT_JUDGED = "not_judged"
    NOT_REACHED = "not_reached"
    CONFORMANT = "conformant"
    NOT_APPLICABLE = "not_applicable"


@dataclass(frozen=True, slots=True)
class Judgement:
    """One rule's verdict, the lower rules that explain it, and the failures blamed on it."""

    verdict: RuleVerdict
    because: tuple[str, ...] = ()
    """The broken rules it builds on that some of its failing cases exercise."""
    failures: tuple[CaseResult, ...] = ()
    """The failed or errored cases blamed on the rule: unexplained ones first, focused first."""
    unexplained: int = 0
    """How many of ``failures`` exercise no broken rule it builds on (the evidence against it)."""


def blamed(results: Iterable[CaseResult]) -> dict[str, list[CaseResult]]:
    """Rule ID -> the failed or errored cases blamed on it.

    A case blamed on exactly its focus is direct evidence against that rule. A failure that
    points at several rules is attributed to those among them that direct evidence already
    convicts, when there are any: it is most likely the same fault seen again.
    """
    bad = [r for r in results if r.outcome in BAD and r.blame]
    convicted = {r.blame[0] for r in bad if r.blame == (r.case.focus,)}
    out: dict[str, list[CaseResult]] = {}
    for r in bad:
        rules_ = set(r.blame)
        if len(rules_) > 1 and rules_ & convicted:
            rules_ &= convicted
        for rule_id in sorted(rules_):
            out.setdefault(rule_id, []).append(r)
    return out


def exercised(result: CaseResult) -> frozenset[str]:
    """The rules a case exercises: those it cites and every rule its differences point at."""
    return frozenset(result.case.rules) | frozenset(result.blame) | frozenset(result.points_at)


@cache
def _depth(rule_id: str) -> int:
    """How many rules deep ``rule_id`` builds (0 for a rule that builds on nothing)."""
    below = rules()[rule_id].builds_on
    return 1 + max(map(_depth, below)) if below else 0


def decide(suspects: dict[str, list[CaseResult]]) -> dict[str, Judgement]:
    """The verdict on every blamed rule, from the bottom of ``builds_on`` up.

    A failing case of rule R is *explained* when it exercises a rule R builds on that is
    already decided nonconformant; R is nonconformant when one of its failing cases is not.
    """
    broken: set[str] = set()
    out: dict[str, Judgement] = {}
    for rule_id in sorted(suspects, key=lambda r: (_depth(r) if r in rules() else 0, r)):
        lower = foundations(rule_id) & broken if rule_id in rules() else frozenset()
        reasons = [
            frozenset() if r.case.kind in SELF_EVIDENT.get(rule_id, ()) else exercised(r) & lower
            for r in suspects[rule_id]
        ]
        free = [r for r, why in zip(suspects[rule_id], reasons, strict=True) if not why]
        because = tuple(sorted(set().union(*reasons)))
        ordered = sorted(suspects[rule_id], key=lambda r: (r not in free, r.case.focus != rule_id))
        if free:
            broken.add(rule_id)
            out[rule_id] = Judgement(RuleVerdict.NONCONFORMANT, because, tuple(ordered), len(free))
        else:
            out[rule_id] = Judgement(RuleVerdict.NOT_JUDGED, because, tuple(ordered))
    return out


def judge(rule_id: str, results: Sequence[CaseResult], decided: dict[str, Judgement]) -> Judgement:
    """The verdict on ``rule_id`` given every result and the verdicts on the blamed rules.

    >>> judge("SC-SET-05", [], {}).verdict
    <RuleVerdict.NOT_APPLICABLE: 'not_applicable'>
    """
    if rule_id in decided:
        return decided[rule_id]
    citing = [r for r in results if rule_id in r.case.rules]
    if any(r.outcome is Outcome.PASSED for r in citing):
        return Judgement(RuleVerdict.CONFORMANT)
    if any(r.outcome in BAD for r in citing):
        return Judgement(RuleVerdict.NOT_REACHED)
    return Judgement(RuleVerdict.NOT_APPLICABLE)
