"""Positions the case builders take from seeded and spliced games, each with its game (issue 19)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scout_ref.analysis.simulation import random_game
from scout_ref.conformance.cases._case import facing_played, played
from scout_ref.conformance.cases._games import (
    circled_game,
    remember,
    seeded_state,
    spliced,
)
from scout_ref.conformance.cases._played import PLAYED
from scout_ref.conformance.vectors.witnesses import witness_steps
from scout_ref.engine.state import Phase, State
from scout_ref.formats.witness_store import document_text, replay_witness, steps_document


def _replays(state: State, tmp_path: Path) -> bool:
    """Whether the registered game of ``state``, written as a witness, replays to it."""
    path = tmp_path / "w.json"
    steps = witness_steps(state, PLAYED[state])
    path.write_text(document_text(steps_document(steps, state)))
    return replay_witness(path, state) == state


@pytest.mark.rule("SC-REACH-01")
def test_every_round_of_a_remembered_game_has_its_game(tmp_path: Path) -> None:
    game = remember(random_game(3, seed="case-games"))
    for played_round in game.rounds:
        assert _replays(played_round.start, tmp_path)
        assert _replays(played_round.end, tmp_path)


@pytest.mark.rule("SC-REACH-01")
def test_moves_played_on_keep_the_game(tmp_path: Path) -> None:
    start = remember(random_game(2, seed="case-games-2")).rounds[1].start
    after = played(start, "keep", "flip")
    assert after in PLAYED
    assert _replays(after, tmp_path)


@pytest.mark.rule("SC-GAME-02")
def test_a_later_round_position_is_reached_by_play(tmp_path: Path) -> None:
    state = facing_played(4, "5/3 6/1", "7/1 8/4", round=3)
    assert state is not None
    assert (state.round, state.start_player, state.turn, state.owner) == (3, 2, 1, 0)
    assert state.scores != (0, 0, 0, 0)  # the totals of the earlier rounds played
    assert _replays(state, tmp_path)


@pytest.mark.rule("SC-REACH-01")
def test_a_spliced_round_is_played_after_the_other_games_rounds(tmp_path: Path) -> None:
    first = remember(random_game(3, seed="splice-a"))
    last = random_game(3, seed="splice-b").rounds[-1]
    state = spliced(first.rounds[1].end, last)
    gained = [a - b for a, b in zip(last.end.scores, last.start.scores, strict=True)]
    carried = first.rounds[1].end.scores
    assert state.scores == tuple(c + g for c, g in zip(carried, gained, strict=True))
    assert state.hands == last.end.hands
    assert _replays(state, tmp_path)
    with pytest.raises(ValueError, match="does not follow"):
        spliced(first.rounds[0].end, last)


@pytest.mark.rule("SC-SCORE-02")
def test_each_circle_gives_every_seat_a_chip(tmp_path: Path) -> None:
    plain, circled = circled_game("circles", 0), circled_game("circles", 4)
    assert circled.scores == tuple(t + 4 for t in plain.scores)
    assert circled.phase is Phase.GAME_OVER
    assert _replays(circled, tmp_path)


@pytest.mark.rule("SC-REACH-01")
def test_a_seeded_state_has_the_property_and_its_game(tmp_path: Path) -> None:
    state = seeded_state(2, "case-games", lambda s: s.phase is Phase.PLAY and not s.active_set)
    assert state.phase is Phase.PLAY
    assert not state.active_set
    assert _replays(state, tmp_path)
