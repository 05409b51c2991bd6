"""The environments of scout_ref.ai under their libraries' own checks (the ``ai`` extra).

PettingZoo's ``api_test``, ``seed_test`` and ``render_test`` (its ``max_cycles_test`` is for
parallel environments, which this one is not), and OpenSpiel's ``random_sim_test`` with
serialization and a fresh interpreter's ``load_game``, at 2 to 5 players; then what the
libraries cannot check: observations hold what a seat knows (chapter INFO), the mask is exactly
the legal moves, and rewards and returns are the engine's scores.
"""

from __future__ import annotations

import random
import subprocess
import sys
import warnings
from collections.abc import Callable
from typing import Any

import pytest

from scout_ref import History, Seat, legal_moves, observation, sample_history
from scout_ref.ai import actions, pettingzoo_env
from scout_ref.engine.state import Phase
from scout_ref.engine.variants import Rules, Scouting
from scout_ref.play.autoplay import bot_game
from scout_ref.play.bots import GreedyBot

pettingzoo_test = pytest.importorskip("pettingzoo.test", reason="needs the ai extra")
pyspiel = pytest.importorskip("pyspiel", reason="needs the ai extra")
features = pytest.importorskip("scout_ref.ai.features")
scout_spiel = pytest.importorskip("scout_ref.ai.open_spiel")

PLAYERS = [2, 3, 4, 5]
# What PettingZoo's checks say of every environment with a dict observation (an action mask
# beside the vector), which is how PettingZoo's own card games carry their masks.
EXPECTED_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be",
    "Action mask numpy array is all zeros",  # a seat that is not to act has no legal action
)


def _checked(run: Callable[[], Any]) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        run()
    unexpected = [
        str(w.message) for w in caught if not str(w.message).startswith(EXPECTED_WARNINGS)
    ]
    assert not unexpected


@pytest.mark.rule("SC-INFO-01", "SC-TURN-01")
@pytest.mark.parametrize("players", PLAYERS)
def test_pettingzoo_api_test(players: int, capsys: pytest.CaptureFixture[str]) -> None:
    _checked(lambda: pettingzoo_test.api_test(pettingzoo_env(players), num_cycles=200))
    assert "Passed API test" in capsys.readouterr().out


@pytest.mark.rule("SC-SETUP-02")
@pytest.mark.parametrize("players", PLAYERS)
def test_pettingzoo_seed_test(players: int) -> None:
    _checked(lambda: pettingzoo_test.seed_test(lambda: pettingzoo_env(players), num_cycles=50))


@pytest.mark.rule
@pytest.mark.parametrize("players", [3, 5])
def test_pettingzoo_render_test(players: int, capsys: pytest.CaptureFixture[str]) -> None:
    def make(render_mode: str | None = None) -> Any:
        return pettingzoo_env(players, render_mode=render_mode)

    _checked(lambda: pettingzoo_test.render_test(make))
    assert "last move:" in capsys.readouterr().out


@pytest.mark.rule("SC-SETUP-02", "SC-INFO-01")
@pytest.mark.parametrize(("players", "cap"), [(2, 100), (3, 40), (4, 30), (5, 30)])
def test_open_spiel_random_sim_test(players: int, cap: int) -> None:
    game = pyspiel.load_game("python_scout", {"players": players, "max_moves": cap})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.rule("SC-VAR-01", "SC-VAR-03")
def test_open_spiel_variants_load_by_name() -> None:
    game = pyspiel.load_game(
        "python_scout(players=3,scouting=forced,owner_exemption=False,max_moves=30)"
    )
    assert game.num_players() == 3
    assert game.rules == Rules(owner_exemption=False, scouting=Scouting.FORCED)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.rule
def test_open_spiel_loads_from_a_fresh_interpreter() -> None:
    code = (
        "import pyspiel, scout_ref.ai.open_spiel\n"
        "g = pyspiel.load_game('python_scout')\n"
        "print(g.num_players(), g.num_distinct_actions(), g.get_type().short_name)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.split() == ["4", str(actions.size(4)), "python_scout"]


def _greedy_action(history: History, players: int) -> int:
    seat = history.state.turn
    assert seat is not None
    return actions.index_of(players, GreedyBot().choose(observation(history, seat)))


@pytest.mark.rule("SC-GAME-01", "SC-GAME-04", "SC-VAR2-01")
@pytest.mark.parametrize("players", [2, 3])
def test_open_spiel_returns_are_the_final_totals(players: int) -> None:
    game = pyspiel.load_game("python_scout", {"players": players})
    state = game.new_initial_state()
    rng = random.Random(players)
    deals = 0
    while not state.is_terminal():
        if state.is_chance_node():
            deals += 1
            outcomes, _ = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choice(outcomes))
        else:
            assert state.legal_actions() == sorted(
                actions.index_of(players, m) for m in legal_moves(state.history.state)
            )
            state.apply_action(_greedy_action(state.history, players))
    final = state.history.state
    assert final.phase is Phase.GAME_OVER
    assert state.returns() == [float(s) for s in final.scores]
    assert deals == (44 if players == 2 else 36 * 3)  # 2 players: one deal, with the set aside


@pytest.mark.rule("SC-INFO-01", "SC-INFO-04", "SC-INFO-08")
@pytest.mark.parametrize("players", [3, 4])
def test_observations_hold_what_the_seat_knows_and_nothing_more(players: int) -> None:
    env = pettingzoo_env(players)
    env.reset(seed=players)
    bot = GreedyBot()
    for _ in range(6 + players):
        turn = env.full_state.turn
        assert turn is not None
        env.step(actions.index_of(players, bot.choose(observation(env.history, turn))))
    for seat in map(Seat, range(players)):
        obs = observation(env.history, seat)
        vector = env.observe(f"seat_{seat}")["observation"]
        assert (vector == features.vector(obs)).all()
        other = sample_history(obs, random.Random(seat))  # other hidden cards, same knowledge
        assert other.state.hands != env.history.state.hands
        assert (features.vector(observation(other, seat)) == vector).all()
        spiel = scout_spiel.ScoutObserver(players, perfect_recall=False)
        state = pyspiel.load_game("python_scout", {"players": players}).new_initial_state()
        state.history = env.history
        spiel.set_from(state, seat)
        assert (spiel.tensor == vector).all()


@pytest.mark.rule("SC-TURN-01", "SC-SCORE-01")
@pytest.mark.parametrize("players", PLAYERS)
def test_the_mask_is_the_legal_moves_and_rewards_add_up_to_the_totals(players: int) -> None:
    env = pettingzoo_env(players)
    env.reset(seed=7)
    earned = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        _, reward, terminated, truncated, _ = env.last()
        earned[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        mask = env.observe(agent)["action_mask"]
        legal = sorted(actions.index_of(players, m) for m in legal_moves(env.full_state))
        assert [int(k) for k in mask.nonzero()[0]] == legal
        env.step(_greedy_action(env.history, players))
    assert env.history.state.phase is Phase.GAME_OVER
    assert [earned[f"seat_{s}"] for s in range(players)] == list(env.history.state.scores)


@pytest.mark.rule("SC-TURN-01")
def test_an_illegal_action_changes_nothing() -> None:
    env = pettingzoo_env(3)
    env.reset(seed=1)
    before = env.history
    with pytest.raises(ValueError, match="illegal move"):
        env.step(actions.index_of(3, actions.move_of(3, 2)))  # a show in the rotation phase
    assert env.history == before


@pytest.mark.rule("SC-END-06")
def test_a_round_stopped_by_the_cap_truncates_every_agent() -> None:
    env = pettingzoo_env(4, max_moves=3)
    env.reset(seed=2)
    for _ in range(3):
        env.step(_greedy_action(env.history, 4))
    assert all(env.truncations.values())
    assert not any(env.terminations.values())


@pytest.mark.rule("SC-SETUP-02", "SC-GAME-03")
def test_a_seed_deals_what_play_deals() -> None:
    env = pettingzoo_env(3)
    env.reset(seed=5)
    record = bot_game(["greedy"] * 3, seed=5)
    assert env.full_state == record.rounds[0].start
    for rnd in record.rounds:  # the bots' moves, through the environment
        assert env.full_state == rnd.start
        for move in rnd.moves:
            env.step(actions.index_of(3, move))
    assert all(env.terminations.values())
    assert env.history.state == record.final
