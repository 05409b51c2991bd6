"""SCOUT as a PettingZoo AEC environment: agents ``seat_0`` ... ``seat_{n-1}``, one to act.

Each agent's observation is a dict of ``observation`` (:func:`~scout_ref.ai.features.vector`
of what that seat knows, chapter INFO) and ``action_mask`` (1 at exactly the legal actions of
:mod:`~scout_ref.ai.actions`, all 0 for a seat not to act). A step plays the move of the
action on the engine (:func:`~scout_ref.apply_move` through :class:`~scout_ref.History`);
when a round ends each seat is rewarded with its score for the round (chapter SCORE), so the
rewards of a game add up to its final totals, and the next round is dealt. The game ends after
its last round (SC-GAME-01): every agent is then terminated.

A round may go on forever with 3 to 5 players (SC-END-04): ``max_moves`` stops one after that
many moves, truncating every agent; a truncated round is not scored (SC-END-06).

``reset(seed=k)`` deals what ``scout-ref play --seed k`` deals, and ``simulate --seats``'s game
of seed ``k``: the same seed gives the same deals, and with the same actions the same game.

>>> env = ScoutEnv(players=3)
>>> env.reset(seed=1)
>>> env.agent_selection, int(env.observe("seat_0")["action_mask"].sum())
('seat_0', 2)
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from scout_ref.ai import actions, features
from scout_ref.engine.information import History, Observation, observation
from scout_ref.engine.notation import Move
from scout_ref.engine.setup import check_players, new_game, shuffled_deck
from scout_ref.engine.state import Phase, Seat, State
from scout_ref.engine.turn import legal_moves
from scout_ref.engine.variants import Rules
from scout_ref.formats.position_line import format_position

MAX_MOVES = 1_000
"""The default move cap of a round, outside the rules (SC-END-06)."""

Obs = dict[str, Any]


def agent_name(seat: int) -> str:
    """The agent of ``seat``."""
    return f"seat_{seat}"


class ScoutEnv(AECEnv):  # type: ignore[misc]  # PettingZoo has no type information
    """A game of SCOUT for ``players`` agents under ``rules`` (official by default)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "scout_ref_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        players: int = 4,
        rules: Rules | None = None,
        *,
        max_moves: int = MAX_MOVES,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        check_players(players)
        if max_moves < 1:
            raise ValueError(f"a move cap must allow at least one move, not {max_moves}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not one of ansi, human")
        self.players = players
        self.rules = rules or Rules()
        self.max_moves = max_moves
        self.render_mode = render_mode
        self.possible_agents = [agent_name(s) for s in range(players)]
        size, width = actions.size(players), features.length(players)
        observed = spaces.Dict(
            {
                "observation": spaces.Box(-10.0, 10.0, (width,), np.float32),
                "action_mask": spaces.Box(0, 1, (size,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, observed)
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self._rng = random.Random()
        self.history = History.begin(new_game(players, rules=self.rules, seed=0))
        self.moves_this_round = 0
        self.last_move: Move | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same Dict space for every agent."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(actions.size(players))`` for every agent."""
        return self.action_spaces[agent]

    @property
    def full_state(self) -> State:
        """The full state of the game now: every hand, for judging and rendering, never for an
        agent, which observes only what its seat knows. (PettingZoo's ``state()``, a global
        view for centralised training, is not provided.)"""
        return self.history.state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game; with ``seed`` the deals are those of that seed."""
        if seed is not None:
            self._rng = random.Random(seed)
        deck = shuffled_deck(self.players, self._rng.getrandbits(64))
        self.history = History.begin(new_game(self.players, deck, self.rules))
        self.moves_this_round = 0
        self.last_move = None
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._to_act()

    def _to_act(self) -> str:
        turn = self.full_state.turn
        assert turn is not None, "a game in progress has a seat to act"
        return agent_name(turn)

    def knowledge(self, agent: str) -> Observation:
        """What ``agent``'s seat knows, as the engine's :class:`~scout_ref.Observation`: the
        same that its observation vector is built from, for agents (such as the ISMCTS bot)
        that decide from it."""
        return observation(self.history, Seat(self.possible_agents.index(agent)))

    def observe(self, agent: str) -> Obs:
        """What ``agent``'s seat knows, and the mask of its legal actions."""
        seat = Seat(self.possible_agents.index(agent))
        mask = np.zeros(actions.size(self.players), dtype=np.int8)
        state = self.full_state
        live = not (self.terminations.get(agent) or self.truncations.get(agent))
        if live and state.turn == seat and state.phase in (Phase.ROTATION, Phase.PLAY):
            for move in legal_moves(state):  # those of observed_moves: they need nothing hidden
                mask[actions.index_of(self.players, move)] = 1
        return {
            "observation": features.vector(self.knowledge(agent)),
            "action_mask": mask,
        }

    def step(self, action: int | None) -> None:
        """Play the move of ``action`` for the agent to act (None for a finished agent).

        Raises:
            IllegalMoveError: if the action's move is illegal now (the mask has it at 0).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act and must choose an action")
        move = actions.move_of(self.players, int(action))
        before = self.full_state
        self.history = self.history.then(move)  # raises IllegalMoveError, changing nothing
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.last_move = move
        self.moves_this_round += 1
        after = self.full_state
        if after.phase in (Phase.ROUND_OVER, Phase.GAME_OVER):
            for s, (old, new) in enumerate(zip(before.scores, after.scores, strict=True)):
                self.rewards[agent_name(s)] = float(new - old)
            if after.phase is Phase.GAME_OVER:
                self.terminations = dict.fromkeys(self.agents, True)
            else:
                self._next_round()
        elif self.moves_this_round >= self.max_moves:
            self.truncations = dict.fromkeys(self.agents, True)
        if not (any(self.terminations.values()) or any(self.truncations.values())):
            self.agent_selection = self._to_act()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _next_round(self) -> None:
        deck = None if self.players == 2 else shuffled_deck(self.players, self._rng.getrandbits(64))
        self.history = self.history.next_round(deck)  # the game is remembered (SC-INFO-05)
        self.moves_this_round = 0

    def render(self) -> str | None:
        """``ansi``: the position line of the full state and the last move; ``human`` prints it."""
        if self.render_mode is None:
            return None
        text = f"{format_position(self.full_state)}\nlast move: {self.last_move or '-'}"
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""
