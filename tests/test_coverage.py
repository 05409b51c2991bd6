"""The functional coverage model (spec/coverage.json) and the vectors that fill it."""

from __future__ import annotations

import json
from functools import cache

import pytest

from scout_ref import state_to_json
from scout_ref.cli import main
from scout_ref.conformance.oracle.answers import expectation
from scout_ref.conformance.vectors.coverage import (
    MODEL,
    Bin,
    Coverage,
    expand,
    matches,
    measure,
    measure_vectors,
    model,
    report_lines,
)
from scout_ref.conformance.vectors.coverage_facts import broken_reasons, case_facts, probe_reasons
from scout_ref.engine.notation import parse_move, parse_probe
from scout_ref.formats.position_line import parse_position
from scout_ref.rulebook.registry import rules
from tests.test_cli_json import validated

pytestmark = pytest.mark.rule


@cache
def coverage() -> Coverage:
    return measure_vectors()


def test_every_bin_of_the_model_is_filled_by_a_vector() -> None:
    assert [b.id for b in coverage().missed] == []


def test_vectors_hold_a_ten_card_run_at_four_and_five_players() -> None:
    hits = coverage().hits
    for players in (4, 5):
        assert hits[f"SC-SET-03: a run of 10 shown at {players} players"]


def test_vectors_hold_every_feasible_neighbour_pair_of_the_rejection_order() -> None:
    pairs = {b.name.split(" at ")[0] for b in model() if b.rule == "SC-TURN-04"}
    assert "not_a_combination>not_stronger" in pairs  # size against combination
    assert all(coverage().hits[b.id] for b in model() if b.rule == "SC-TURN-04")


def test_a_bin_is_a_conjunction_of_facts_and_a_list_means_any() -> None:
    group = {"rule": "SC-SET-01", "bin": "{n} at {players}", "when": {"kind": "apply"}}
    bins = list(expand({**group, "each": [{"players": [4, 5], "n": [1, 2]}]}))
    assert [b.name for b in bins] == ["1 at 4", "2 at 4", "1 at 5", "2 at 5"]
    first = bins[0]
    assert matches({"kind": "apply", "players": 4, "n": 1}, first)
    assert not matches({"kind": "reject", "players": 4, "n": 1}, first)
    assert not matches({"kind": "apply", "players": 4}, first)  # a missing fact fails
    assert matches({"kind": "apply", "players": 4, "n": [3, 1]}, first)  # one of a list
    flag = Bin("SC-SET-03", "x", (("run_from_1", True),))
    assert not matches({"run_from_1": 1}, flag)  # True is not 1


def _case(kind: str, line: str, move: str) -> dict[str, object]:
    case = {"id": "t", "rules": [], "state": state_to_json(parse_position(line)), "move": move}
    return {**case, "expected": expectation(kind, case)}


def test_facts_of_a_show_name_its_size_kind_direction_and_how_it_beats() -> None:
    line = "5p turn 1 hands 1/2 | 9/1 8/2 7/3 | 1/4 | 1/5 | 1/6 active_set 5/6 owner 0"
    facts = case_facts("apply", _case("apply", line, "show 0-2"))
    assert facts["show_size"] == 3
    assert facts["show_kind"] == "run"
    assert facts["run_direction"] == "down"
    assert facts["beat"] == "size-more"
    assert facts["players"] == 5


def test_every_broken_reason_is_listed_not_only_the_first() -> None:
    line = "4p turn 1 hands 1/2 | 9/1 3/2 | 1/4 | 1/5 active_set 5/6 6/7 7/8 owner 0"
    state = parse_position(line)
    assert broken_reasons(state, parse_move("show 0-1")) == ["not_a_combination", "not_stronger"]
    facts = case_facts("reject", _case("reject", line, "show 0-1"))
    assert facts["precedence_pair"] == ["not_a_combination>not_stronger"]
    as_many = "4p turn 1 hands 1/2 | 9/1 3/2 | 1/4 | 1/5 active_set 5/6 6/7 owner 0"
    assert broken_reasons(parse_position(as_many), parse_move("show 0-1")) == [
        "not_a_combination"
    ]  # with as many cards, only the combination is wrong


def test_a_probe_lists_the_checks_of_its_form_it_breaks() -> None:
    line = "4p turn 1 hands 1/2 | 9/1 3/2 8/3 | 1/4 | 1/5 active_set 5/6 6/7 7/8 owner 0"
    state = parse_position(line)
    assert probe_reasons(state, parse_probe("show 2,0")) == ["not_adjacent", "out_of_order"]
    assert probe_reasons(state, parse_probe("show 3,2")) == ["range_outside_hand", "out_of_order"]
    assert probe_reasons(state, parse_probe("scout #1 @9")) == ["not_an_end", "slot_outside_hand"]
    facts = case_facts("reject", _case("reject", line, "show 2,0"))
    assert facts["probe_pair"] == ["not_adjacent>out_of_order"]
    facts = case_facts("reject", _case("reject", line, "show 3,2"))
    assert facts["probe_pair"] == []  # range and order are not neighbours: adjacency between


def test_a_missed_bin_is_reported_and_fails_the_command(
    capsys: pytest.CaptureFixture[str],
) -> None:
    bins = (Bin("SC-SET-03", "a run of 11", (("show_size", 11),)),)
    lines = report_lines(measure([], bins))
    assert lines[1:] == ["  missed: a run of 11", "1 bins, 0 hit, 1 missed"]
    assert lines[0].split() == ["SC-SET-03", "0/1", "bins"]
    assert main(["vectors", "coverage", "--json"]) == 0
    document = validated("vectors-coverage", capsys.readouterr().out)
    assert document["missed"] == 0
    assert document["hit"] == len(model())


def test_every_bin_name_is_unique_and_every_rule_is_registered() -> None:
    names = [b.id for b in model()]
    assert len(names) == len(set(names))
    assert {b.rule for b in model()} <= set(rules())
    assert json.loads(MODEL.read_text("utf-8"))["spec_version"] == "1.2.0"
