"""Judging ``observe`` cases: differences are shown at their JSON pointers with their INFO rule."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from scout_ref import History, Seat, new_game, observation, observation_to_json, parse_move
from scout_ref.conformance.judge.observe import observation_rules, observation_verdict
from scout_ref.conformance.judge.runner import not_applicable
from scout_ref.conformance.model.outcomes import Outcome
from scout_ref.conformance.protocol.messages import Capabilities
from scout_ref.formats.position import build_state
from scout_ref.formats.state_json import state_to_json

START = build_state(4, ["5/1 6/2 7/3", "9/1 2/8", "4/1 4/3", "3/2"], active_set="8/5 9/6", owner=3)
HISTORY = History.replay(START, [parse_move(m) for m in ("scout R~ @1", "scout L @0")])
EXPECTED = observation_to_json(observation(HISTORY, Seat(1)))


def _changed(path: list[str | int], value: object) -> object:
    data = copy.deepcopy(EXPECTED)
    here: object = data
    for key in path[:-1]:
        here = here[key]  # type: ignore[index]
    here[path[-1]] = value  # type: ignore[index]
    return data


@pytest.mark.rule("SC-INFO-01", "SC-INFO-04")
@pytest.mark.parametrize(
    ("path", "value", "rule"),
    [
        (["public", "hands", 2, 0], "4/1", "SC-INFO-01"),
        (["hand", 0], "1/9", "SC-INFO-01"),
        (["public", "hands", 0, 1], None, "SC-INFO-04"),
        (["public", "set_aside"], 3, "SC-INFO-06"),
        (["public", "turn"], 0, "SC-INFO-02"),
        (["public", "captured", 3], [], "SC-INFO-05"),
        (["history", "events", 0, "scouted"], "9/6", "SC-INFO-03"),
        (["unseen"], [], "SC-INFO-08"),
        (["deduced", 2], ["1-4"], "SC-INFO-08"),
        (["earlier"], [EXPECTED["history"]], "SC-INFO-05"),
    ],
)
def test_a_difference_names_the_rule_it_breaks(
    path: list[str | int], value: object, rule: str
) -> None:
    outcome, message = observation_verdict(EXPECTED, _changed(path, value))
    pointer = "/" + "/".join(map(str, path))
    assert outcome is Outcome.FAILED
    assert f"{pointer}: expected " in message
    assert message.rstrip().endswith(f"({rule})")


@pytest.mark.rule("SC-INFO-02")
def test_equal_observations_pass() -> None:
    assert observation_verdict(EXPECTED, copy.deepcopy(EXPECTED)) == (Outcome.PASSED, "")


@pytest.mark.rule("SC-INFO-01")
def test_observe_cases_apply_only_to_adapters_that_claim_observe() -> None:
    kinds = frozenset({"deal", "legal", "apply", "score", "perft"})
    without = Capabilities(kinds, frozenset({2, 3, 4, 5}), variants=True)
    assert not_applicable("observe", 3, True, without) == "needs request types ['observe']"
    claimed = Capabilities(kinds | {"observe"}, frozenset({2, 3, 4, 5}), variants=True)
    assert not_applicable("observe", 3, True, claimed) is None


@pytest.mark.rule("SC-ORIENT-01")
def test_a_decision_shown_too_early_is_blamed_on_the_rotation_rule() -> None:
    history = History.replay(new_game(3, seed=2), [parse_move("flip")])
    deciding: Any = observation_to_json(observation(history, Seat(1)))
    leaked = copy.deepcopy(deciding)
    other: Any = observation_to_json(observation(history, Seat(0)))
    leaked["history"]["events"] = other["history"]["events"]
    outcome, message = observation_verdict(deciding, leaked)
    assert outcome is Outcome.FAILED
    assert message.rstrip().endswith("(SC-ORIENT-01)")


@pytest.mark.rule("SC-INFO-01")
def test_another_seats_observation_breaks_the_information_rules_not_the_rotation_rule() -> None:
    """Seat 0's view, given when seat 1's is asked: its events show seat 0's own decision,
    which seat 0 may see, so the difference is the seat's view (INFO), not a decision shown
    too early (ORIENT-01); a leak in the right seat's view is still ORIENT-01 (above)."""
    start = new_game(3, seed=2)
    history = History.replay(start, [parse_move("flip")])
    asked: Any = observation_to_json(observation(history, Seat(1)))
    other: Any = observation_to_json(observation(history, Seat(0)))
    outcome, message = observation_verdict(asked, other)
    assert outcome is Outcome.FAILED
    assert "SC-ORIENT-01" not in message
    assert "(SC-INFO-01)" in message
    case = {"rules": ["SC-INFO-01"], "state": state_to_json(start), "moves": ["flip"]}
    blamed = observation_rules(case, asked, other)
    assert "SC-INFO-01" in blamed
    assert "SC-ORIENT-01" not in blamed
