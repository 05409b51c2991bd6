"""Blame and verdicts: a difference names the rule that governs it; cascades are not judged."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from scout_ref import state_to_json
from scout_ref.conformance.blame.diff import hand_hint, state_diff
from scout_ref.conformance.blame.moves import misread_blame, moves_blame, rejected_blame
from scout_ref.conformance.blame.scores import score_blame
from scout_ref.conformance.blame.states import state_blame
from scout_ref.conformance.cases._case import facing
from scout_ref.conformance.cases.scoring import unbeaten
from scout_ref.conformance.model.outcomes import Case, CaseResult, Outcome
from scout_ref.conformance.oracle.answers import score
from scout_ref.conformance.report.documents import RuleRow
from scout_ref.conformance.report.text import evidence_line
from scout_ref.conformance.report.verdicts import RuleVerdict, blamed, decide, judge
from scout_ref.engine.notation import parse_move
from scout_ref.engine.turn import apply_move
from scout_ref.rulebook.registry import Status


def _result(
    focus: str,
    blame: tuple[str, ...],
    outcome: Outcome = Outcome.FAILED,
    cites: tuple[str, ...] = (),
    name: str = "",
) -> CaseResult:
    data = {"focus": focus}
    case = Case(name or f"case-{focus}", "apply", "", (focus, *cites), data, "apply/x.json")
    return CaseResult(case, outcome, "differs", blame=blame)


@pytest.mark.rule("SC-SET-04", "SC-SET-05")
def test_a_rule_whose_cases_exercise_a_broken_foundation_is_not_judged() -> None:
    results = [
        _result("SC-SET-04", ("SC-SET-04",)),
        _result("SC-SET-05", ("SC-SET-05",), cites=("SC-SET-04",)),
    ]
    decided = decide(blamed(results))
    assert judge("SC-SET-04", results, decided).verdict is RuleVerdict.NONCONFORMANT
    lower = judge("SC-SET-05", results, decided)
    assert lower.verdict is RuleVerdict.NOT_JUDGED
    assert lower.because == ("SC-SET-04",)


@pytest.mark.rule("SC-GAME-04", "SC-SCORE-06")
def test_a_rule_convicted_by_cases_of_its_own_is_nonconformant() -> None:
    """A tie given to one seat stays broken when the totals are broken too, as long as some
    failing case of the tie exercises no broken rule it builds on."""
    results = [
        _result("SC-SCORE-06", ("SC-SCORE-06",)),
        _result("SC-GAME-04", ("SC-GAME-04",), cites=("SC-SCORE-06",), name="a"),
        _result("SC-GAME-04", ("SC-GAME-04",), name="b"),
        _result("SC-GAME-04", ("SC-GAME-04",), name="c"),
    ]
    decided = decide(blamed(results))
    tie = judge("SC-GAME-04", results, decided)
    assert tie.verdict is RuleVerdict.NONCONFORMANT
    assert tie.unexplained == 2
    assert tie.because == ("SC-SCORE-06",)
    assert [r.case.id for r in tie.failures][:2] == ["b", "c"]  # the evidence comes first


@pytest.mark.rule("SC-SCOUT-03", "SC-COMP-03")
def test_a_failure_pointing_at_two_rules_goes_to_the_convicted_one() -> None:
    results = [
        _result("SC-COMP-03", ("SC-COMP-03",)),
        _result("SC-TURN-02", ("SC-COMP-03", "SC-SCOUT-03")),
        _result("SC-SCOUT-03", (), Outcome.PASSED),
    ]
    suspects = blamed(results)
    assert set(suspects) == {"SC-COMP-03"}
    assert judge("SC-SCOUT-03", results, decide(suspects)).verdict is RuleVerdict.CONFORMANT


@pytest.mark.rule("SC-SCOUT-03", "SC-VAR2-03")
@pytest.mark.parametrize(("players", "rule"), [(4, "SC-SCOUT-03"), (2, "SC-VAR2-03")])
def test_wrong_chips_after_a_scout(players: int, rule: str) -> None:
    before = facing(players, "5/3 6/1", "4/9 7/1 8/4", scout_chips=[2, 2] + [0] * (players - 2))
    after = state_to_json(apply_move(before, parse_move("scout L @0")))
    wrong = {**after, "scout_chips": list(before.scout_chips)}
    assert rule in state_blame(state_to_json(before), "scout L @0", after, wrong)


@pytest.mark.rule("SC-GEN-02", "SC-SCOUT-02")
def test_a_hand_out_of_order_or_a_card_at_another_slot() -> None:
    before = facing(4, "5/3 6/1", "4/9 7/1 8/4")
    after = state_to_json(apply_move(before, parse_move("scout L @0")))
    hands = [[str(c) for c in h] for h in apply_move(before, parse_move("scout L @0")).hands]
    slot = [hands[1][1], hands[1][0], *hands[1][2:]]
    swapped = [hands[1][0], hands[1][1], hands[1][3], hands[1][2]]
    assert state_blame(
        state_to_json(before), "scout L @0", after, {**after, "hands": [hands[0], slot, *hands[2:]]}
    ) == {"SC-SCOUT-02"}
    assert state_blame(
        state_to_json(before),
        "scout L @0",
        after,
        {**after, "hands": [hands[0], swapped, *hands[2:]]},
    ) == {"SC-GEN-02"}


@pytest.mark.rule("SC-SET-03", "SC-SCOUT-04", "SC-SHOW-02")
def test_legal_lists_name_the_kind_of_move() -> None:
    state = facing(4, "", "2/1 5/1 9/1 3/4", seat=2, owner=0)
    assert moves_blame(state_to_json(state), [], ["show 0-2"]) == {
        "SC-SET-03",
        "SC-SHOW-02",
    }  # onto an empty table: what opens, too
    facing_run = facing(4, "5/3 6/1", "7/1 8/4 2/5")
    scouts = [
        str(m)
        for m in __import__("scout_ref").legal_moves(facing_run)
        if "scout" in str(m) and "+" not in str(m)
    ]
    assert moves_blame(state_to_json(facing_run), scouts, []) == {"SC-SCOUT-04"}
    assert rejected_blame(state_to_json(state), "show 3-3", "not_stronger") == {"SC-SHOW-02"}


@pytest.mark.rule("SC-SCORE-04", "SC-SCORE-05")
def test_scores_that_differ_for_the_owner() -> None:
    state = unbeaten(players=5)
    expected = score(state)
    rows = [dict(r) for r in expected["round_scores"]]
    owner = state.owner
    assert owner is not None
    rows[owner]["hand_penalty"] = len(state.hands[owner])
    rows[owner]["exempt"] = False
    assert score_blame(state_to_json(state), expected, {**expected, "round_scores": rows}) == {
        "SC-SCORE-04"
    }
    rows = [dict(r) for r in expected["round_scores"]]
    rows[owner]["captured"] += len(state.active_set)
    assert score_blame(state_to_json(state), expected, {**expected, "round_scores": rows}) == {
        "SC-SCORE-05"
    }


@pytest.mark.rule("SC-ORIENT-02")
def test_hints_name_the_shape_of_a_wrong_hand() -> None:
    hand = ["1/2", "3/4", "5/6"]
    assert "reversed" in hand_hint(hand, hand[::-1])
    assert "every card turned" in hand_hint(hand, ["2/1", "4/3", "6/5"])
    assert "end over end" in hand_hint(hand, ["6/5", "4/3", "2/1"])
    diff = state_diff({"hands": [hand, ["7/8"]]}, {"hands": [hand[::-1], ["7/8"]]})
    assert 'hands[0]: expected ["1/2","3/4","5/6"], got ["5/6","3/4","1/2"]' in diff
    assert "hands[1]" not in diff


@pytest.mark.rule("SC-GAME-04")
def test_a_rule_broken_despite_a_broken_foundation_says_so() -> None:
    row = RuleRow(
        "SC-GAME-04",
        Status.NORMATIVE,
        "Winning",
        0,
        3,
        0,
        4,
        RuleVerdict.NONCONFORMANT,
        ("SC-SCORE-06",),
        (),
        3,
    )
    assert evidence_line(row) == (
        "SC-GAME-04: 3 cases fail that exercise no broken rule it builds on (SC-SCORE-06);"
        " fix it too"
    )


@pytest.mark.rule("SC-SET-03")
def test_a_run_taken_around_from_10_to_1_breaks_the_run_rule() -> None:
    state = facing(5, "", "9/2 10/3 1/4 6/5", seat=2, owner=0)
    assert moves_blame(state_to_json(state), [], ["show 0-2"]) == {"SC-SET-03", "SC-SHOW-02"}


@pytest.mark.rule("SC-SCOUT-04", "SC-VAR-03")
def test_a_scout_refused_because_a_show_is_possible_breaks_voluntary_scouting() -> None:
    state = facing(4, "5/3 6/1", "7/1 8/4 2/5")
    assert rejected_blame(state_to_json(state), "scout L @0", "show_available") == {"SC-SCOUT-04"}


@pytest.mark.rule("SC-TURN-04", "SC-SET-03")
def test_a_non_combination_rejected_as_not_stronger_may_be_a_misread_run() -> None:
    state = state_to_json(facing(3, "2/1 3/1 4/1", "2/3 5/3 6/3"))
    assert misread_blame(state, "show 0-1", "not_a_combination", "not_stronger") == {"SC-SET-03"}
    assert not misread_blame(state, "show 0-1", "not_a_combination", "range_outside_hand")
    jumbled = state_to_json(facing(3, "2/1 3/1 4/1", "2/3 7/5 3/6"))
    assert not misread_blame(jumbled, "show 0-2", "not_a_combination", "not_stronger")


@pytest.mark.rule("SC-SHOW-02", "SC-SET-03")
def test_missing_every_longer_show_on_an_empty_table_reads_as_the_opening_rule() -> None:
    state = facing(4, "", "9/2 3/4 4/5 8/6", seat=2, owner=0)
    assert moves_blame(state_to_json(state), ["show 1-2"], []) == {"SC-SET-03", "SC-SHOW-02"}


def _shown_and_captured() -> tuple[Any, str, Any]:
    """A state, a show that beats its active set, and the state after it (a pile captured)."""
    vectors = Path(__file__).parent.parent / "spec" / "vectors" / "apply" / "show.json"
    cases = json.loads(vectors.read_text("utf-8"))["cases"]
    case = next(c for c in cases if any(c["expected"]["state"]["captured"]))
    return case["state"], case["move"], case["expected"]["state"]


@pytest.mark.rule("SC-COMP-01")
@pytest.mark.parametrize("text", ["5/5", "11/12", "0/3"])
@pytest.mark.parametrize("field", ["hands", "active_set", "captured"])
def test_a_card_no_box_holds_is_blamed_on_the_box_in_every_card_field(
    field: str, text: str
) -> None:
    before, move, expected = _shown_and_captured()
    got = copy.deepcopy(expected)
    rows: list[list[str]] = got[field] if field != "active_set" else [got[field]]
    row = next(r for r in rows if r)
    row[0] = text.replace("/", "-") if field == "captured" else text
    assert state_blame(before, move, expected, got) == {"SC-COMP-01"}
