"""What each interface layer costs over the raw engine (issue 34), measured by ``run.py``.

The same work, uniformly random legal moves of seeded 4-player games, through each layer:

* the engine: :func:`~scout_ref.legal_moves` and :func:`~scout_ref.engine.turn.apply_listed`;
* a seat's knowledge: each move through :class:`~scout_ref.History`, and the observation of
  the seat to act (what every fair bot and every environment computes);
* PettingZoo: the AEC environment's ``last()`` (observation vector and action mask) and
  ``step()`` for the agent to act;
* OpenSpiel: ``pyspiel``'s random simulation of ``python_scout`` (chance deals included):
  ``legal_actions()`` and ``apply_action()`` to the end, as ``random_sim_test`` plays;
* the ISMCTS bot: search iterations (a sampled state and a playout) per CPU second.

Each figure is moves (or steps, or iterations) per CPU second; the environments' figures are NaN
without the ``ai`` extra.
"""

from __future__ import annotations

import random
import time

from scout_ref import History, new_game, observation
from scout_ref.ai.ismcts import Budget, IsmctsBot
from scout_ref.engine.state import Phase, State
from scout_ref.engine.turn import apply_listed, legal_moves

PLAYERS = 4
ROUND_CAP = 300
"""Moves per round before a benchmark game deals again (random rounds can be long)."""


def _rate(moves: int, start: float) -> float:
    return moves / max(time.process_time() - start, 1e-9)


def _over(state: State) -> bool:
    return state.phase is not Phase.ROTATION and state.phase is not Phase.PLAY


def engine_moves(moves: int) -> float:
    """Random moves of the engine alone per CPU second."""
    rng, done, start = random.Random(1), 0, time.process_time()
    while done < moves:
        state, played = new_game(PLAYERS, seed=rng.getrandbits(32)), 0
        while not _over(state) and played < ROUND_CAP and done < moves:
            state = apply_listed(state, rng.choice(legal_moves(state)))
            played, done = played + 1, done + 1
    return _rate(done, start)


def observed_moves(moves: int) -> float:
    """Random moves through a history, with the mover's observation, per CPU second."""
    rng, done, start = random.Random(1), 0, time.process_time()
    while done < moves:
        history, played = History.begin(new_game(PLAYERS, seed=rng.getrandbits(32))), 0
        while not _over(history.state) and played < ROUND_CAP and done < moves:
            seat = history.state.turn
            assert seat is not None
            observation(history, seat)
            history = history.then(rng.choice(legal_moves(history.state)))
            played, done = played + 1, done + 1
    return _rate(done, start)


def pettingzoo_steps(steps: int) -> float:
    """PettingZoo AEC steps (``last()`` then ``step()``) per CPU second, NaN without the extra."""
    try:
        import numpy as np  # noqa: PLC0415 - the ai extra

        from scout_ref.ai.aec import ScoutEnv  # noqa: PLC0415
    except ModuleNotFoundError:
        return float("nan")
    env = ScoutEnv(PLAYERS, max_moves=ROUND_CAP)
    rng = np.random.default_rng(1)
    done, seed, start = 0, 0, time.process_time()
    while done < steps:
        env.reset(seed=seed)
        seed += 1
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            done += 1
            if done >= steps:
                break
    return _rate(done, start)


def open_spiel_actions(actions: int) -> float:
    """Actions (chance deals included) of OpenSpiel random simulations per CPU second."""
    try:
        import pyspiel  # noqa: PLC0415 - the ai extra

        import scout_ref.ai.open_spiel  # noqa: F401, PLC0415 - registers python_scout
    except ModuleNotFoundError:
        return float("nan")
    game = pyspiel.load_game("python_scout", {"players": PLAYERS, "max_moves": ROUND_CAP})
    rng, done, start = random.Random(1), 0, time.process_time()
    while done < actions:
        state = game.new_initial_state()
        while not state.is_terminal() and done < actions:
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choice(outcomes)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            done += 1
    return _rate(done, start)


def ismcts_iterations(decisions: int, iterations: int) -> float:
    """ISMCTS search iterations per CPU second, over ``decisions`` decisions of one game."""
    history = History.begin(new_game(3, seed=5))
    bot = IsmctsBot(random.Random(0), Budget(iterations=iterations))
    made, start = 0, time.process_time()
    while made < decisions and not _over(history.state):
        seat = history.state.turn
        assert seat is not None
        made += len(legal_moves(history.state)) > 1  # a forced move is played without search
        history = history.then(bot.choose(observation(history, seat)))
    return _rate(made * iterations, start)
