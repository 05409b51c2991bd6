"""Seeded random playouts (``scout_ref.analysis.simulation``)."""

from __future__ import annotations

import random

import pytest

from scout_ref import Phase, apply_move, round_scores, state_digest
from scout_ref.analysis.simulation import play_round, random_game


@pytest.mark.rule("SC-SETUP-02")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_seed_reproduces_a_game_exactly(players: int) -> None:
    assert random_game(players, seed=42) == random_game(players, seed=42)
    assert state_digest(random_game(players, seed=42).final) == state_digest(
        random_game(players, 42).final
    )


@pytest.mark.rule("SC-SETUP-02")
def test_different_seeds_give_different_games() -> None:
    assert random_game(4, seed=1).rounds[0].start != random_game(4, seed=2).rounds[0].start


@pytest.mark.rule("SC-GEN-03", "SC-GAME-01")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_game_plays_every_round_to_game_over(players: int) -> None:
    record = random_game(players, seed=7)
    assert len(record.rounds) == players
    assert [r.end.phase for r in record.rounds][-1] is Phase.GAME_OVER
    assert all(r.end.phase is Phase.ROUND_OVER for r in record.rounds[:-1])


@pytest.mark.rule("SC-TURN-02")
def test_steps_replay_the_recorded_moves() -> None:
    rnd = random_game(3, seed=9).rounds[1]
    steps = rnd.steps()
    assert [m for _, m in steps] == list(rnd.moves)
    last_state, last_move = steps[-1]
    assert apply_move(last_state, last_move) == rnd.end
    assert rnd.scores == round_scores(rnd.end)


@pytest.mark.rule("SC-END-03")
def test_play_round_stops_when_the_round_is_over() -> None:
    start = random_game(4, seed=3).rounds[0].start
    end, moves = play_round(start, random.Random(0))
    assert end.phase is Phase.ROUND_OVER
    assert end.round_end is not None
    assert moves


@pytest.mark.rule("SC-END-06")
def test_a_capped_round_is_truncated_and_never_scored() -> None:
    record = random_game(4, seed=3, max_moves=6)
    assert record.truncated
    assert len(record.rounds) == 1
    rnd = record.rounds[0]
    assert rnd.truncated
    assert len(rnd.moves) == 6
    assert rnd.end.phase is Phase.PLAY
    assert rnd.end.round_end is None
    assert rnd.end.scores == (0, 0, 0, 0)
    with pytest.raises(ValueError, match="no score"):
        _ = rnd.scores


@pytest.mark.rule("SC-END-06")
def test_a_cap_the_game_never_reaches_changes_nothing() -> None:
    assert random_game(3, seed=4, max_moves=10_000) == random_game(3, seed=4)
    assert not random_game(3, seed=4).truncated
    with pytest.raises(ValueError, match="at least one move"):
        play_round(random_game(3, seed=4).rounds[0].start, random.Random(0), max_moves=0)


@pytest.mark.rule("SC-END-04")
def test_rounds_of_random_play_record_their_first_repeated_position() -> None:
    rounds = [r for seed in range(5) for r in random_game(2, seed=seed).rounds]
    assert all(r.first_repeat() is None for r in rounds)  # SC-END-05: none in two-player play
