"""Rejections and the public exceptions (``scout_ref.errors``)."""

from __future__ import annotations

import pytest

from scout_ref import (
    IllegalMoveError,
    MalformedInputError,
    Reason,
    Rejection,
    ScoutError,
    apply_move,
    parse_move,
)
from scout_ref.formats.position import build_state


@pytest.mark.rule
def test_input_errors_share_one_base_and_are_value_errors() -> None:
    assert issubclass(MalformedInputError, ScoutError)
    assert issubclass(MalformedInputError, ValueError)
    assert issubclass(IllegalMoveError, ScoutError)
    assert issubclass(IllegalMoveError, ValueError)


@pytest.mark.rule
def test_malformed_input_message_lists_every_problem_on_one_line() -> None:
    error = MalformedInputError("state", [("/hands/0/1", "bad card"), ("", "cards missing: 1-2")])
    assert str(error) == "invalid state: /hands/0/1: bad card; cards missing: 1-2"
    assert error.problems == [("/hands/0/1", "bad card"), ("", "cards missing: 1-2")]


@pytest.mark.rule("SC-SHOW-03")
def test_rejection_names_its_rule() -> None:
    rejection = Rejection(Reason.NOT_STRONGER, "too weak")
    assert rejection.rule == "SC-SHOW-03"
    assert str(rejection) == "too weak (SC-SHOW-03)"


@pytest.mark.rule("SC-SCOUT-01")
def test_illegal_move_message_quotes_the_move_rule_and_state() -> None:
    state = build_state(4, ["1/2", "3/4", "5/6", "7/8"], owner=1)
    with pytest.raises(IllegalMoveError) as info:
        apply_move(state, parse_move("scout L @0"))
    message = str(info.value)
    assert message.startswith("illegal move 'scout L @0': ")
    assert "(SC-SCOUT-01)" in message
    assert "(seat 0 to act, play phase, round 1)" in message
    assert info.value.state == state  # its digest, computed above the core, identifies it
    assert "\n" not in message
