"""Per-rule verdicts: the few rules to fix first, then what could not be judged.

Each failed case is blamed on the rules its difference points at
(:mod:`scout_ref.conformance.blame`). A rule blamed by some failure is *nonconformant* unless a
rule it builds on (``builds_on`` in ``spec/rules.json``, followed transitively) is blamed too:
then the failure may be that lower rule's consequence, and the rule is *not judged*, naming the
lower rules, as a compiler's test harness suppresses cascading errors. A rule no failure blames
is *conformant* when a case citing it passed, *not reached* when every case citing it that ran
stopped on another rule first (a trace that departed earlier, an errored answer), and *not
applicable* when no case citing it was judged.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from scout_ref.conformance.outcomes import CaseResult, Outcome
from scout_ref.registry import foundations

BAD = (Outcome.FAILED, Outcome.ERRORED)

SELF_EVIDENT = {"SC-GAME-04": frozenset(["score"])}
"""Rules whose failures in these kinds of case are read from the engine's own answer alone, so
no rule they build on can explain them: a ``score`` answer's winners are blamed on SC-GAME-04
only when they are not the top of the totals the same answer gives
(:func:`~scout_ref.conformance.blame.score_blame`)."""


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
    """For ``not_judged``: the broken rules it builds on that may explain its failures."""
    failures: tuple[CaseResult, ...] = ()
    """The failed or errored cases blamed on the rule, focused ones first."""


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
        rules = set(r.blame)
        if len(rules) > 1 and rules & convicted:
            rules &= convicted
        for rule_id in sorted(rules):
            out.setdefault(rule_id, []).append(r)
    return out


def judge(
    rule_id: str, results: Sequence[CaseResult], suspects: dict[str, list[CaseResult]]
) -> Judgement:
    """The verdict on ``rule_id`` given every result and the failures blamed on each rule.

    >>> judge("SC-SET-05", [], {}).verdict
    <RuleVerdict.NOT_APPLICABLE: 'not_applicable'>
    """
    if rule_id in suspects:
        failures = tuple(sorted(suspects[rule_id], key=lambda r: r.case.focus != rule_id))
        lower = foundations(rule_id) & suspects.keys()
        lowest = sorted(r for r in lower if not foundations(r) & suspects.keys())
        if lower and not any(r.case.kind in SELF_EVIDENT.get(rule_id, ()) for r in failures):
            return Judgement(RuleVerdict.NOT_JUDGED, tuple(lowest), failures)
        return Judgement(RuleVerdict.NONCONFORMANT, (), failures)
    citing = [r for r in results if rule_id in r.case.rules]
    if any(r.outcome is Outcome.PASSED for r in citing):
        return Judgement(RuleVerdict.CONFORMANT)
    if any(r.outcome in BAD for r in citing):
        return Judgement(RuleVerdict.NOT_REACHED)
    return Judgement(RuleVerdict.NOT_APPLICABLE)
