"""Traces (``scout_ref.formats.trace``): written, completed and replayed in one module."""

from __future__ import annotations

import ast

import pytest

from scout_ref.analysis.simulation import random_game
from scout_ref.engine.variants import Rules
from scout_ref.errors import MalformedInputError
from scout_ref.formats.trace import (
    TraceDivergence,
    complete,
    draft_steps,
    play_step,
    played_steps,
    replay,
    step_state,
)
from tests.sources import trees

pytestmark = pytest.mark.rule("SC-GEN-03")


@pytest.mark.parametrize("players", [2, 3])
def test_a_played_game_a_completed_draft_and_its_replay_agree(players: int) -> None:
    record = random_game(players, seed=f"trace-{players}")
    draft = draft_steps(record, len(record.rounds))
    steps = complete(players, record.rules, draft)
    assert [s.get("deal", s.get("move")) for s in steps] == [
        s.get("deal", s.get("move")) for s in draft
    ]
    assert all(isinstance(s["digest"], str) for s in steps)
    assert "state" in steps[-1]
    states = [done.state for done in replay(players, record.rules, steps, "")]
    assert states[-1] == record.final
    unchecked = [done.state for done in replay(players, record.rules, draft, "", check=False)]
    assert unchecked == states
    again = None
    for step in draft:
        again = step_state(again, players, record.rules, step, "")
    assert again == record.final


def test_played_steps_are_the_completed_draft_of_the_same_game() -> None:
    record = random_game(3, seed="trace-played")
    first = record.rounds[0]
    deck = [c for hand in first.start.hands for c in hand]
    steps = played_steps(3, record.rules, [(deck, first.moves)])
    draft = draft_steps(record, 1)
    completed = complete(3, record.rules, draft)
    completed[-1].pop("state")  # complete writes the last state too; a round's end has it
    assert "state" in steps[-1]
    steps[-1].pop("state")
    assert steps == completed


def test_play_step_writes_the_step_it_plays() -> None:
    record = random_game(3, seed="trace-step")
    draft = draft_steps(record, 1)
    state, written = play_step(None, 3, Rules(), draft[0])
    assert written["deal"] == draft[0]["deal"]
    after, move = play_step(state, 3, Rules(), draft[1])
    assert move["move"] == draft[1]["move"]
    assert after == record.rounds[0].steps()[1][0]


def test_a_missing_deck_is_malformed_outside_the_second_two_player_round() -> None:
    record = random_game(3, seed="trace-deck")
    draft = draft_steps(record, 2)
    later = next(k for k, s in enumerate(draft) if k and "deal" in s)
    draft[later] = {"deal": None}
    with pytest.raises(MalformedInputError, match="a new round needs a deck"):
        complete(3, record.rules, draft)


def test_an_illegal_move_is_a_divergence_at_its_step() -> None:
    record = random_game(3, seed="trace-illegal")
    draft = [*draft_steps(record, 1)[:2], {"move": "show 0-11"}]
    with pytest.raises(TraceDivergence, match="step 2: 'show 0-11' is illegal here"):
        complete(3, record.rules, draft)


def _writes_a_step(node: ast.AST) -> bool:
    """A dict of a step's keys with a ``digest``, or a ``digest`` set by subscript."""
    if isinstance(node, ast.Dict):
        keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
        return "digest" in keys and keys <= {"deal", "move", "digest", "state"}
    return isinstance(node, ast.Assign) and any(
        isinstance(t, ast.Subscript)
        and isinstance(t.slice, ast.Constant)
        and t.slice.value == "digest"
        for t in node.targets
    )


@pytest.mark.rule
def test_trace_steps_are_written_in_one_module() -> None:
    """A step (a ``deal`` or a ``move``, its ``digest``, perhaps its ``state``) is written by
    ``formats/trace.py`` alone: a second writer of steps fails here."""
    writers = {path for path, tree in trees().items() for n in ast.walk(tree) if _writes_a_step(n)}
    assert writers == {"scout_ref/formats/trace.py"}


@pytest.mark.rule("SC-NOTE-07", "SC-TURN-03")
def test_a_step_written_as_a_move_the_rules_forbid_is_illegal_not_unreadable() -> None:
    record = random_game(3, seed="trace-probe")
    draft = draft_steps(record, 1)[:1]  # the deal: the rotation phase follows
    for text, reason in (("show 3,1", "wrong_phase"), ("scout #1 @0", "wrong_phase")):
        steps = [*draft, {"move": text}]
        with pytest.raises(TraceDivergence, match=f"'{text}' is illegal here: {reason}"):
            list(replay(3, record.rules, steps, "", check=False))
    with pytest.raises(MalformedInputError, match="it is written show 1-2"):
        list(replay(3, record.rules, [*draft, {"move": "show 1,2"}], "", check=False))
