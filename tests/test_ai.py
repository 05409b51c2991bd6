"""scout_ref.ai without the extra: the action numbering, the greedy policy and the ISMCTS bot.

The bot plays on what it knows: its decisions are the same in every game that gives its seat
the same observation, whatever the other seats' hidden cards are (chapter INFO).
"""

from __future__ import annotations

import itertools
import random

import pytest

from scout_ref import History, Seat, legal_moves, new_game, observation, sample_history
from scout_ref.ai import actions
from scout_ref.ai.ismcts import Budget, IsmctsBot, candidates
from scout_ref.analysis.simulation import random_game
from scout_ref.cli import main
from scout_ref.engine.notation import End, Scout, ScoutShow, Show
from scout_ref.engine.state import Phase
from scout_ref.play.autoplay import bot_game, wilson
from scout_ref.play.bots import GreedyBot


@pytest.mark.rule("SC-NOTE-01", "SC-NOTE-02", "SC-NOTE-03", "SC-NOTE-04")
def test_every_index_names_one_move_and_back() -> None:
    for players in (2, 3):  # 5 and 4 share the bounds' form; their blocks are checked below
        for index, text in actions.table(players):
            assert actions.index_of(players, actions.move_of(players, index)) == index, text
    for players in (4, 5):
        rng = random.Random(players)
        for index in rng.sample(range(actions.size(players)), 3_000):
            assert actions.index_of(players, actions.move_of(players, index)) == index


@pytest.mark.rule("SC-NOTE-01", "SC-NOTE-02", "SC-NOTE-03", "SC-NOTE-04")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_blocks_tile_the_action_space(players: int) -> None:
    blocks = actions.blocks(players)
    assert blocks[0][1] == 0
    for (_, first, count), (_, after, _) in itertools.pairwise(blocks):
        assert first + count == after
    assert blocks[-1][1] + blocks[-1][2] == actions.size(players)
    kinds = [type(actions.move_of(players, first)).__name__ for _, first, _ in blocks]
    assert kinds == ["Keep", "Show", "Scout", "ScoutShow"]


@pytest.mark.rule("SC-END-01", "SC-REACH-02")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_legal_move_of_played_games_has_an_index(players: int) -> None:
    seen = 0
    for seed in range(4):
        for rnd in random_game(players, seed, max_moves=400).rounds:
            for state, _ in rnd.steps():
                moves = legal_moves(state)
                indices = [actions.index_of(players, m) for m in moves]
                assert len(set(indices)) == len(moves)
                assert all(0 <= k < actions.size(players) for k in indices)
                seen += len(moves)
    assert seen > 1_000


@pytest.mark.rule("SC-SET-02", "SC-SET-03")
def test_moves_outside_the_bounds_have_no_index() -> None:
    h = actions.max_hand(3)
    with pytest.raises(ValueError, match="outside the action space"):
        actions.index_of(3, Show(0, actions.MAX_SHOW))
    with pytest.raises(ValueError, match="outside the action space"):
        actions.index_of(3, Scout(End.LEFT, False, h))
    with pytest.raises(ValueError, match="not from 0"):
        actions.move_of(3, actions.size(3))


def _midgame(players: int, seed: int, moves: int) -> History:
    """A history ``moves`` moves into a game of greedy bots."""
    history = History.begin(new_game(players, seed=seed))
    bot = GreedyBot()
    for _ in range(moves):
        seat = history.state.turn
        assert seat is not None
        history = history.then(bot.choose(observation(history, seat)))
    return history


@pytest.mark.rule("SC-INFO-01", "SC-INFO-07")
@pytest.mark.parametrize(("players", "moves"), [(3, 7), (4, 9), (2, 4)])
def test_ismcts_decides_the_same_whatever_the_hidden_cards(players: int, moves: int) -> None:
    history = _midgame(players, seed=players, moves=moves)
    seat = history.state.turn
    assert seat is not None
    obs = observation(history, seat)
    other = sample_history(obs, random.Random(11))  # the same observation, other hidden cards
    assert observation(other, seat) == obs
    others = [s for s in range(players) if s != seat]
    assert any(other.state.hands[s] != history.state.hands[s] for s in others)
    budget = Budget(iterations=12)
    real = IsmctsBot(random.Random(3), budget).choose(obs)
    swapped = IsmctsBot(random.Random(3), budget).choose(observation(other, seat))
    assert real == swapped
    assert real in legal_moves(history.state)


@pytest.mark.rule("SC-GAME-01")
def test_ismcts_plays_whole_games_of_legal_moves() -> None:
    record = bot_game(["ismcts", "greedy"], seed=1, budget=Budget(iterations=8))
    assert record.final.phase is Phase.GAME_OVER
    again = bot_game(["ismcts", "greedy"], seed=1, budget=Budget(iterations=8))
    assert again == record  # an iteration budget replays from the seed


@pytest.mark.rule
def test_a_time_budget_stops_the_search() -> None:
    obs = observation(_midgame(3, seed=2, moves=5), Seat(2))
    move = IsmctsBot(random.Random(0), Budget(iterations=1, seconds=0.05)).choose(obs)
    assert move in legal_moves(_midgame(3, seed=2, moves=5).state)


@pytest.mark.rule
def test_budgets_need_work() -> None:
    with pytest.raises(ValueError, match="at least one iteration"):
        Budget(iterations=0)
    with pytest.raises(ValueError, match="some time"):
        Budget(seconds=0)


@pytest.mark.rule
def test_candidates_keep_the_greedy_move_and_every_kind() -> None:
    history = _midgame(4, seed=5, moves=8)
    state = history.state
    moves = legal_moves(state)
    picked = candidates(state, moves)
    assert len(picked) <= 12
    assert set(picked) <= set(moves)
    seat = state.turn
    assert seat is not None
    assert picked[0] == GreedyBot().choose(observation(history, seat))
    if any(isinstance(m, ScoutShow) for m in moves) and len(moves) > 12:
        assert any(isinstance(m, Scout) for m in picked)


@pytest.mark.rule
def test_wilson_interval() -> None:
    low, high = wilson(0, 10)
    assert low == 0.0
    assert 0.25 < high < 0.35
    assert wilson(10, 10)[1] == pytest.approx(1.0)
    with pytest.raises(ValueError, match="at least one game"):
        wilson(0, 0)


@pytest.mark.rule("SC-GAME-04")
def test_simulate_reports_each_kind_s_win_rate(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--seats", "ismcts,greedy,greedy", "--games", "2", "--budget", "4"]
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    rates = [line for line in lines if "Wilson interval" in line]
    assert [line.split()[0] for line in rates] == ["greedy", "ismcts"]
    assert "fair share 33.3%" in rates[1]


@pytest.mark.parametrize(
    ("extra", "error"),
    [(["--budget", "0"], "--budget"), (["--budget-seconds", "0"], "--budget-seconds")],
)
@pytest.mark.rule
def test_budgets_are_checked_before_playing(
    extra: list[str], error: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as ended:  # refused as the options are read
        main(["simulate", "--seats", "ismcts,greedy", *extra])
    assert ended.value.code == 2
    assert f"error: argument {error}: '0' is not" in capsys.readouterr().err


@pytest.mark.rule
def test_play_seats_an_ismcts_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--seats", "ismcts,greedy", "--seed", "3", "--budget", "4"]) == 0
    assert "seat 0 (ismcts):" in capsys.readouterr().out
