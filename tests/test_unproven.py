"""The list of vector states still waiting for a witness game only shrinks (issue 19)."""

from __future__ import annotations

import pytest

from scout_ref._serialize import state_digest
from scout_ref.conformance import unproven
from scout_ref.setup import new_game
from scout_ref.state import State
from scout_ref.witness_store import witness_dir

pytestmark = pytest.mark.rule("SC-REACH-01")


def _state() -> State:
    return new_game(4, seed=20261201)


def test_a_state_without_witness_and_not_listed_is_a_problem(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(unproven, "unproven_digests", dict)
    unproven.start()
    problem = unproven.unlisted(_state(), "/state")
    assert problem is not None
    assert "no witness game reaches this state" in problem
    assert state_digest(_state()) in problem


def test_a_listed_state_passes_and_is_not_stale(monkeypatch: pytest.MonkeyPatch) -> None:
    digest = state_digest(_state())
    monkeypatch.setattr(unproven, "unproven_digests", lambda: {digest: "here"})
    unproven.start()
    assert unproven.unlisted(_state(), "/state") is None
    assert unproven.stale_entries() == []


def test_stale_lines_are_named(monkeypatch: pytest.MonkeyPatch) -> None:
    witnessed = next(p.stem for p in sorted(witness_dir().glob("*.json")))
    listed = {witnessed: "a", "0" * 64: "b"}
    monkeypatch.setattr(unproven, "unproven_digests", lambda: listed)
    unproven.start()
    stale = unproven.stale_entries()
    assert len(stale) == 2
    assert any(witnessed in s and "has a stored witness now" in s for s in stale)
    assert any("0" * 64 in s and "is the state of no vector case" in s for s in stale)


def test_the_shipped_list_names_each_digest_once() -> None:
    assert len(unproven.unproven_digests()) == sum(
        1
        for line in (witness_dir() / "unproven.txt").read_text("utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    )
