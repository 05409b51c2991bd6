"""Fuzzing a step finely: shared moves applied before a list is blamed, and forbidden moves."""

from __future__ import annotations

from typing import Any

import pytest

from scout_ref import state_to_json
from scout_ref.conformance.blame.states import state_blame
from scout_ref.conformance.cases._case import facing
from scout_ref.conformance.fuzz.lists import (
    basic_kind_blame,
    first_shared_difference,
    probe_difference,
    probe_for,
    shared_moves,
)
from scout_ref.conformance.protocol.messages import Reply, Result
from scout_ref.engine.notation import parse_move
from scout_ref.engine.state import State
from scout_ref.engine.turn import apply_move, check_written, legal_moves

pytestmark = pytest.mark.rule("SC-TURN-02")


def _position() -> State:
    return facing(4, "5/3 6/1 7/2", "4/9 7/1 8/4 2/5")


@pytest.mark.rule("SC-SCOUT-02")
def test_a_list_is_blamed_on_the_most_basic_kind_that_differs() -> None:
    state = _position()
    listed = [str(m) for m in legal_moves(state)]
    scouts = [m for m in listed if m.startswith("scout") and "+" not in m]
    pairs = [m for m in listed if "+" in m]
    blame = basic_kind_blame(state_to_json(state), [scouts[-1], pairs[0]], [], [])
    assert blame == {"SC-SCOUT-02"}  # the Scout & Show follows the scout


@pytest.mark.rule("SC-SCOUT-02")
def test_shared_moves_include_the_scouts_a_scout_and_show_is_made_of() -> None:
    state = _position()
    listed = [str(m) for m in legal_moves(state)]
    pair = next(m for m in listed if "+" in m)
    shared = shared_moves(listed, [m for m in listed if m != pair], [pair], [])
    kinds = ["+" in m for m in shared]
    assert kinds == sorted(kinds)  # plain scouts first, then the Scout & Shows
    assert False in kinds
    assert True in kinds
    assert pair not in shared


@pytest.mark.rule("SC-SCOUT-02")
def test_a_shared_scout_made_elsewhere_is_blamed_on_the_slot() -> None:
    """An engine whose last slot wraps to the front lists the same scouts but makes one
    differently: applying the shared moves finds it before the Scout & Show list is read."""
    state = _position()
    last = f"scout L @{len(state.hand)}"

    def request(kind: str, **fields: Any) -> Reply:
        move = "scout L @0" if fields["move"] == last else fields["move"]
        return Result({"state": state_to_json(apply_move(state, parse_move(move)))})

    def compare(reply: Result, before: State, text: str, ref: State) -> Any:
        got, expected = reply.data["state"], state_to_json(ref)
        if got == expected:
            return None
        return "differs", state_blame(state_to_json(before), text, expected, got)

    moves = [str(m) for m in legal_moves(state)]
    found = first_shared_difference(request, state, moves, compare)
    assert found is not None
    assert found[0] == last
    assert found[2] == {"SC-SCOUT-02"}


@pytest.mark.rule("SC-NOTE-07", "SC-SCOUT-01", "SC-SHOW-01")
def test_a_forbidden_move_accepted_is_blamed_on_the_rule_it_breaks() -> None:
    state = _position()
    probe = probe_for(state)
    assert probe is not None
    assert probe_for(state) == probe  # picked by the state, so shrinking sends it again
    assert check_written(state, str(probe)) is not None

    def accepts(kind: str, **fields: Any) -> Reply:
        return Result({"state": state_to_json(state)})

    def rejects(kind: str, **fields: Any) -> Reply:
        return Result({"rejection": {"reason": "not_stronger"}})

    found = probe_difference(accepts, state, strict=True)
    assert found is not None
    assert found[2] in ("SC-SCOUT-01", "SC-SHOW-01")
    assert probe_difference(rejects, state, strict=False) is None
    assert probe_difference(rejects, state, strict=True) is not None
