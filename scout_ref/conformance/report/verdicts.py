"""Per-rule verdicts, decided case by case from the evidence each failed case carries.

Each failed case is blamed on the rules its difference points at
(:mod:`scout_ref.conformance.blame.states`). Evidence of the same run comes first
(:func:`weigh`): a rule the shape of a difference points at, but which cases focused on it show
working at the same player count (they passed, none failed on it), is not blamed on that
difference while another reading of it is left. An errored answer is no evidence against any
rule.

A rule is *nonconformant* when some case blamed on it exercises no rule that is itself shown
broken and that it builds on (``builds_on`` in ``spec/rules.json``, followed transitively):
nothing lower explains that difference (a lower rule that cases isolating it show working at
the case's player count, where no failure is blamed on it, explains nothing there). A case
exercises the rules its failing steps pass through (read from the reference's explanation of
each step, ``CaseResult.uses``), or, when those are not known, the rules it cites. A rule
whose every failing case exercises such a broken lower rule is *not judged*, naming those
rules, as a compiler's test harness suppresses cascading errors; rules are decided from the
bottom of ``builds_on`` up, so "shown broken" always means convicted by cases of its own.

A rule no failure blames is *conformant* only when something showed it holding (a passing case
citing it, or compared steps of a trace or fuzz game it governs that did not fail on it) and no
failed or errored case that cites it, and whose failing steps use it, was blamed elsewhere:
such a case hid it, and the rule is *not judged*, naming the rules those cases were blamed on
and the cases. It is *not reached* when every case citing it that ran stopped on another rule
first without using it, and *not applicable* when no case citing it was judged. Every count is
taken only from cases at player counts the rule applies to.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
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
    """For ``not_judged``: the broken rules it builds on that its failing cases exercise, or the
    rules blamed for the failures that hid it; for ``nonconformant``: the broken rules it
    builds on that some of its failing cases exercise."""
    failures: tuple[CaseResult, ...] = ()
    """The failed or errored cases blamed on the rule: unexplained ones first, focused first."""
    unexplained: int = 0
    """How many of ``failures`` exercise no broken rule it builds on (the evidence against it)."""
    hidden_by: tuple[str, ...] = ()
    """For ``not_judged``: the IDs of the failed or errored cases, blamed elsewhere, that use
    the rule (they hid whether it holds)."""


Situation = tuple[str, int | None]
"""A rule and a player count."""


def players_of(result: CaseResult) -> int | None:
    """The player count of a result's case, None when its data does not say."""
    try:
        return result.case.players
    except (KeyError, TypeError, ValueError):
        return None


def _applies(rule_id: str, players: int | None) -> bool:
    registry = rules()
    return players is None or rule_id not in registry or registry[rule_id].applies_to(players)


def shown_working(results: Iterable[CaseResult]) -> frozenset[Situation]:
    """The rules, with player counts, that cases isolating them show working in this run: a
    case focused on the rule passed at that player count, and none focused on it failed there
    on it."""
    results = list(results)
    passed = {(r.case.focus, players_of(r)) for r in results if r.outcome is Outcome.PASSED}
    failed = {
        (r.case.focus, players_of(r))
        for r in results
        if r.outcome in BAD and r.case.focus in r.blame
    }
    return frozenset((f, p) for f, p in passed - failed if f is not None and p is not None)


def holding(results: Iterable[CaseResult]) -> frozenset[Situation]:
    """The rules, with player counts, shown working (:func:`shown_working`) on which no failure
    at that player count is blamed at all: a broken lower rule explains no failure there
    (:func:`decide`)."""
    results = list(results)
    blamed_at = {(b, players_of(r)) for r in results if r.outcome in BAD for b in r.blame}
    return shown_working(results) - blamed_at


def weigh(results: Sequence[CaseResult]) -> list[CaseResult]:
    """The results, each failure's blame as the evidence of the whole run leaves it.

    Of the rules a difference points at, one that is not the case's focus yields when cases
    isolating it show it working in the same situation (:func:`shown_working`) and another
    reading of the difference is left: the difference is then the other rule's. When every
    reading yields, none is dropped, since the difference shows that one of them does not
    hold here after all.
    """
    working = shown_working(results)
    out = []
    for r in results:
        if r.outcome not in BAD or not r.blame:
            out.append(r)
            continue
        focus, players = r.case.focus, players_of(r)
        readings = set(r.points_at) | set(r.blame)
        shown = {b for b in readings if b != focus and (b, players) in working}
        if not shown or shown == readings:
            out.append(r)
            continue
        blame = tuple(b for b in r.blame if b not in shown) or r.blame
        uses = tuple(u for u in r.uses if u not in shown)  # the step did not fail on them
        out.append(replace(r, blame=blame, uses=uses))
    return out


def blamed(results: Iterable[CaseResult]) -> dict[str, list[CaseResult]]:
    """Rule ID -> the failed or errored cases blamed on it.

    A case blamed on exactly its focus is direct evidence against that rule. A failure that
    points at several rules is attributed to those among them that direct evidence already
    convicts, when there are any: it is most likely the same fault seen again. A case of
    several differences (the departures of a trace, a fuzz game or a test of the adapter's own
    deals) is read difference by difference: one difference's reading does not take away
    another's rule.
    """
    bad = [r for r in results if r.outcome in BAD and r.blame]
    convicted = {r.blame[0] for r in bad if r.blame == (r.case.focus,)}
    out: dict[str, list[CaseResult]] = {}
    for r in bad:
        for rule_id in sorted(_attributed(r, convicted)):
            out.setdefault(rule_id, []).append(r)
    return out


def _attributed(result: CaseResult, convicted: set[str]) -> set[str]:
    """The rules a failure is attributed to: of each difference's readings, those direct
    evidence convicts when there are any."""
    blame = set(result.blame)
    readings = [set(d.points_at) & blame for d in result.departures]
    left = blame - set().union(*readings)
    out: set[str] = set()
    for reading in [r for r in readings if r] + ([left] if left else []):
        out |= reading & convicted if len(reading) > 1 and reading & convicted else reading
    return out


def used(result: CaseResult) -> frozenset[str]:
    """The rules a failed case's failing steps pass through, or, not known, those it cites."""
    return frozenset(result.uses or result.case.rules)


def exercised(result: CaseResult, rule_id: str | None = None) -> frozenset[str]:
    """The rules a case exercises: those its failing steps use (:func:`used`) and every rule
    its differences point at. Given ``rule_id``, in a trace or fuzz game whose steps that point
    at it say what they use, only those steps count: one step's broken lower rule does not
    explain another step's difference."""
    own = [d for d in result.departures if rule_id in d.points_at and d.uses]
    if own:
        return frozenset().union(*(frozenset(d.uses) | frozenset(d.points_at) for d in own))
    return used(result) | frozenset(result.blame) | frozenset(result.points_at)


@cache
def _depth(rule_id: str) -> int:
    """How many rules deep ``rule_id`` builds (0 for a rule that builds on nothing)."""
    below = rules()[rule_id].builds_on
    return 1 + max(map(_depth, below)) if below else 0


def decide(
    suspects: dict[str, list[CaseResult]], working: frozenset[Situation] = frozenset()
) -> dict[str, Judgement]:
    """The verdict on every blamed rule, from the bottom of ``builds_on`` up.

    A failing case of rule R is *explained* when it exercises a rule R builds on that is
    already decided nonconformant; R is nonconformant when one of its failing cases is not. A
    lower rule convicted only by ``reject`` cases (the engine accepts or misnames moves it
    forbids) explains only other ``reject`` cases: accepting what the rules forbid says nothing
    of how the engine makes the moves they allow. Nor does a lower rule explain a case at a
    player count where cases isolating it show it working and no failure there is blamed on
    it (``working``, :func:`holding`): it is broken elsewhere, not where that case runs.
    """
    broken: dict[str, frozenset[CaseKind]] = {}  # rule -> the kinds of its convicting cases
    out: dict[str, Judgement] = {}
    for rule_id in sorted(suspects, key=lambda r: (_depth(r) if r in rules() else 0, r)):
        lower = foundations(rule_id) & broken.keys() if rule_id in rules() else frozenset()
        reasons = [
            frozenset()
            if r.case.kind in SELF_EVIDENT.get(rule_id, ())
            else exercised(r, rule_id)
            & _explaining(lower, broken, r.case.kind)
            - {low for low in lower if (low, players_of(r)) in working}
            for r in suspects[rule_id]
        ]
        free = [r for r, why in zip(suspects[rule_id], reasons, strict=True) if not why]
        because = tuple(sorted(set().union(*reasons)))
        ordered = sorted(suspects[rule_id], key=lambda r: (r not in free, r.case.focus != rule_id))
        if free:
            broken[rule_id] = frozenset(r.case.kind for r in free)
            out[rule_id] = Judgement(RuleVerdict.NONCONFORMANT, because, tuple(ordered), len(free))
        else:
            out[rule_id] = Judgement(RuleVerdict.NOT_JUDGED, because, tuple(ordered))
    return out


def _explaining(
    lower: Iterable[str], broken: dict[str, frozenset[CaseKind]], kind: CaseKind
) -> frozenset[str]:
    """The broken lower rules that can explain a failing case of ``kind``."""
    return frozenset(r for r in lower if kind == "reject" or broken[r] != {"reject"})


def judge(rule_id: str, results: Sequence[CaseResult], decided: dict[str, Judgement]) -> Judgement:
    """The verdict on ``rule_id`` given every (weighed) result and the verdicts on the blamed
    rules.

    >>> judge("SC-SET-05", [], {}).verdict
    <RuleVerdict.NOT_APPLICABLE: 'not_applicable'>
    """
    if rule_id in decided:
        return decided[rule_id]
    here = [r for r in results if _applies(rule_id, players_of(r))]
    hiding = [r for r in here if r.outcome in BAD and _hides(r, rule_id)]
    if hiding:
        because = tuple(sorted({b for r in hiding for b in r.blame} - {rule_id}))
        hidden_by = tuple(r.case.id for r in hiding)
        return Judgement(RuleVerdict.NOT_JUDGED, because, hidden_by=hidden_by)
    if any(_shows(r, rule_id) for r in here):
        return Judgement(RuleVerdict.CONFORMANT)
    if any(r.outcome in BAD and rule_id in r.case.rules for r in here):
        return Judgement(RuleVerdict.NOT_REACHED)
    return Judgement(RuleVerdict.NOT_APPLICABLE)


def _hides(result: CaseResult, rule_id: str) -> bool:
    """Whether a failure blamed elsewhere leaves ``rule_id`` unshown: the case cites the rule
    (a trace or fuzz game: compared steps it governs) and its failing steps use it."""
    cites = rule_id in result.case.rules or rule_id in dict(result.steps_judged)
    return cites and rule_id in used(result)


def _shows(result: CaseResult, rule_id: str) -> bool:
    """Whether a case showed ``rule_id`` holding: it passed citing the rule, or it compared
    steps the rule governs (a trace, a fuzz game) and none that failed used it."""
    if result.outcome is Outcome.PASSED and rule_id in result.case.rules:
        return True
    steps = dict(result.steps_judged).get(rule_id, 0)
    return steps > 0 and result.outcome is not Outcome.ERRORED and rule_id not in result.uses
