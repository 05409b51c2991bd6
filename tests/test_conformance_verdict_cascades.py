"""Cascades that are not the rule they show in (issue 33): a difference that another rule's
fault makes is that rule's, read from the rule texts, not from the case's focus.

- After the last rotation decision an engine that counts the decisions in another seat order
  hands the decision to a seat that order has not reached (SC-ORIENT-03's difference, made by
  the order of the decisions, SC-ORIENT-01, on which it builds).
- A forbidden move refused for a reason that SC-TURN-04 checks before the expected one, and
  that does not hold in the state, misreads that reason's rule, not the expected one.
"""

from __future__ import annotations

import copy
import json

import pytest

from scout_ref import state_to_json
from scout_ref.conformance.blame.moves import earlier_reason_blame
from scout_ref.conformance.blame.uses import move_uses
from scout_ref.conformance.cases._case import facing
from scout_ref.conformance.judge.runner import run_case
from scout_ref.conformance.model.outcomes import Case, CaseResult, Message
from scout_ref.conformance.oracle.server import answer
from scout_ref.conformance.report.verdicts import RuleVerdict, blamed, decide, judge, weigh
from scout_ref.conformance.vectors.build import vectors_dir
from tests.test_conformance_evidence import Wrong, case_named, context


def _vector_cases(kind: str, *topics: str) -> list[Case]:
    out = []
    for topic in topics:
        document = json.loads((vectors_dir() / kind / f"{topic}.json").read_text("utf-8"))
        out += [case_named(c["id"]) for c in document["cases"]]
    return out


def _rotation_cases() -> list[Case]:
    return _vector_cases("apply", "rotation")


def _verdicts(results: list[CaseResult]) -> dict[str, RuleVerdict]:
    weighed = weigh(results)
    decided = decide(blamed(weighed))
    ids = {r for x in results for r in (*x.case.rules, *x.blame)}
    return {rule: judge(rule, weighed, decided).verdict for rule in ids}


def _decisions(order: int, *, last_to: str = "order") -> Wrong:
    """An engine recording the rotation decisions seat by seat ``order`` (+1: clockwise, the
    rules' order; -1: the other way round). After what it takes for the last decision it starts
    play with the start player; ``last_to="start"`` instead leaves the start player to decide
    again, and ``last_to="before"`` hands the decision to the seat before the last decider."""

    def wrong(request: Message, reply: Message) -> Message:
        if request["type"] != "apply" or request["move"] not in ("keep", "flip"):
            return reply
        if "state" not in reply:
            return reply
        before = request["state"]
        n, mover, start = before["players"], before["turn"], before["start_player"]
        state = copy.deepcopy(reply["state"])
        last = mover == (start - order) % n
        if last and last_to == "order":
            state.update(phase="play", turn=start)
        elif last and last_to == "start":
            state.update(phase="rotation", turn=start)
        else:
            state.update(phase="rotation", turn=(mover + (-1 if last else order)) % n)
        return {**reply, "state": state}

    return wrong


@pytest.mark.rule("SC-ORIENT-03", "SC-ORIENT-01", "SC-NOTE-01", "SC-GEN-01")
def test_decisions_counted_the_other_way_round_are_the_orders_not_the_end_of_rotation() -> None:
    """The decisions go from seat s to seat s-1: every decision but the last hands the turn
    to the wrong seat (SC-ORIENT-01's cases convict the order), and the last one leaves the
    rotation phase going on, since in that order a seat is still to decide. That step passes
    through the order too, so SC-ORIENT-03 is explained by it, not convicted."""
    ctx, _ = context(_decisions(-1))
    results = [run_case(ctx, case) for case in _rotation_cases()]
    last = next(r for r in results if r.case.id == "apply-rotation-last-decision-starts-play")
    assert last.blame == ("SC-ORIENT-03",)
    assert "SC-ORIENT-01" in last.uses
    verdicts = _verdicts(results)
    assert verdicts["SC-ORIENT-01"] is RuleVerdict.NONCONFORMANT
    assert verdicts["SC-ORIENT-03"] is RuleVerdict.NOT_JUDGED


@pytest.mark.rule("SC-ORIENT-03", "SC-ORIENT-01")
@pytest.mark.parametrize("last_to", ["start", "before"])
def test_a_rotation_that_goes_on_in_the_rules_order_convicts_the_end_of_rotation(
    last_to: str,
) -> None:
    """Decisions in seat order, but the phase does not end after the last: the start player
    decides again, or the decision goes back a seat. The order is shown working, so nothing
    below explains the step, and SC-ORIENT-03 is convicted."""
    ctx, _ = context(_decisions(1, last_to=last_to))
    results = [run_case(ctx, case) for case in _rotation_cases()]
    verdicts = _verdicts(results)
    assert verdicts["SC-ORIENT-03"] is RuleVerdict.NONCONFORMANT
    assert "SC-ORIENT-01" not in {r for x in results for r in x.blame}


@pytest.mark.rule("SC-ORIENT-03", "SC-ORIENT-01")
def test_a_last_decision_uses_the_order_only_when_another_seat_is_to_decide() -> None:
    case = case_named("apply-rotation-last-decision-starts-play")
    before: Message = case.data["state"]
    after: Message = case.data["expected"]["state"]
    goes_on = {**after, "phase": "rotation", "turn": 2}
    assert {"SC-ORIENT-01", "SC-ORIENT-03"} <= move_uses(before, case.data["move"], after, goes_on)
    again = {**after, "phase": "rotation", "turn": after["turn"]}
    assert "SC-ORIENT-01" not in move_uses(before, case.data["move"], after, again)
    elsewhere = {**after, "turn": 2}  # play begins, with another seat: the start of play's
    assert "SC-ORIENT-01" not in move_uses(before, case.data["move"], after, elsewhere)


def no_scout_and_show(request: Message, reply: Message) -> Message:
    """Takes every Scout & Show chip for spent (SC-SNS-01), as wrong_sns_no_chip."""
    if request["type"] != "apply" or " + " not in request["move"]:
        return reply
    spent = copy.deepcopy(request["state"])
    spent["scout_show_available"] = [False] * spent["players"]
    return answer({**request, "state": spent})


@pytest.mark.rule("SC-SNS-01", "SC-VAR-03", "SC-TURN-04", "SC-SNS-02")
def test_a_refusal_for_an_earlier_reason_that_does_not_hold_misreads_that_reasons_rule() -> None:
    """Under forced scouting a Scout & Show while a show would beat the set is refused for
    `show_available` (SC-VAR-03); an engine that takes the chip for spent refuses it for
    `scout_show_used`, a reason SC-TURN-04 checks first and that does not hold here (the chip
    is available). The difference is SC-SNS-01's: SC-VAR-03 was never reached, so it is not
    judged, not convicted."""
    ctx, _ = context(no_scout_and_show)
    cases = _vector_cases("reject", "variants", "scout_show", "turn")
    results = [run_case(ctx, case) for case in cases]
    forced = next(r for r in results if r.case.id == "reject-variants-forced-scout-show")
    assert forced.blame == ("SC-SNS-01",)
    verdicts = _verdicts(results)
    assert verdicts["SC-SNS-01"] is RuleVerdict.NONCONFORMANT
    assert verdicts["SC-VAR-03"] is RuleVerdict.NOT_JUDGED
    assert verdicts["SC-TURN-04"] is not RuleVerdict.NONCONFORMANT


@pytest.mark.rule("SC-VAR-03", "SC-SCOUT-04", "SC-SET-02", "SC-TURN-04")
def test_only_a_reason_checked_before_the_expected_one_names_its_own_rule() -> None:
    """A reason checked after the expected one says the engine skipped the expected check: the
    case keeps its own rule. One checked before names its rule, read as for a legal move
    refused for it (forced scouting applied unasked is SC-SCOUT-04; cards that form a set
    taken for no combination, SC-SET-02)."""
    forced = case_named("reject-variants-forced-scout-show").data
    later = earlier_reason_blame(forced["state"], forced["move"], "show_available", "not_stronger")
    assert later == frozenset()
    assert earlier_reason_blame(
        forced["state"], forced["move"], "show_available", "scout_show_used"
    ) == frozenset(["SC-SNS-01"])
    voluntary = case_named("reject-turn-precedence-range-before-combination").data
    assert earlier_reason_blame(
        voluntary["state"], "show 0-0", "not_stronger", "show_available"
    ) == frozenset(["SC-SCOUT-04"])
    state = state_to_json(facing(4, "5/1 6/1 7/1", "3/1 3/2 9/8"))  # a pair facing a run of 3
    assert earlier_reason_blame(state, "show 0-1", "not_stronger", "not_a_combination") == (
        frozenset(["SC-SET-02"])
    )
