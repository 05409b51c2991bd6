"""SCOUT as an OpenSpiel game, registered from Python as ``python_scout``.

Importing this module registers the game; then ``pyspiel.load_game("python_scout")`` (or
``"python_scout(players=3,scouting=forced)"``) makes it. Parameters: ``players`` (2 to 5,
default 4), the rules switches of chapter VAR by their names in a position line
(``owner_exemption`` as a bool, ``empty_set_chain``, ``scouting``, ``rotation`` as their
values' names) and ``max_moves``, the move cap of a round (outside the rules, SC-END-06).

* Chance deals: each chance outcome puts one card into the deck, its identity and which way
  up (``2 * k + 1`` for card ``k`` of :func:`~scout_ref.engine.components.full_deck` with its
  high number on top, ``2 * k`` the other way up), each remaining outcome equally likely
  (SC-SETUP-02). Once every card in play is placed the round is dealt from that deck; with 2
  players the second round is dealt from the cards set aside in the first, with no new chance
  (SC-VAR2-01).
* Moves are the actions of :mod:`~scout_ref.ai.actions`; the rotation decisions are moves.
* Imperfect information: the information-state string is the seat's whole observation
  (:func:`~scout_ref.observation`, its recall of the game included) as canonical JSON; the
  observation string the same without the recall, and the observation tensor
  :func:`~scout_ref.ai.features.vector`.
* Returns: the final totals (SC-GAME-04), at the end of the game. A game whose round reached
  ``max_moves`` ends there, truncated: its returns are the totals of the rounds it finished.

>>> import pyspiel
>>> game = pyspiel.load_game("python_scout", {"players": 3})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 72)
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from scout_ref.ai import actions, features
from scout_ref.engine.components import OrientedCard, full_deck, oriented
from scout_ref.engine.information import History, Observation, observation
from scout_ref.engine.setup import cards_in_play, new_game
from scout_ref.engine.state import MAX_PLAYERS, MIN_PLAYERS, Phase, Seat
from scout_ref.engine.turn import legal_moves
from scout_ref.engine.variants import EmptySetChain, Rotation, Rules, Scouting
from scout_ref.formats.observation_json import observation_to_json, view_to_json

SHORT_NAME = "python_scout"
MAX_MOVES = 1_000
"""The default move cap of a round."""
_DECK = full_deck()
_OFFICIAL = Rules()
_DEFAULTS: dict[str, Any] = {
    "players": 4,
    "owner_exemption": _OFFICIAL.owner_exemption,
    "empty_set_chain": _OFFICIAL.empty_set_chain.value,
    "scouting": _OFFICIAL.scouting.value,
    "rotation": _OFFICIAL.rotation.value,
    "max_moves": MAX_MOVES,
}


def game_type() -> pyspiel.GameType:
    """The game's type: sequential, explicit chance, imperfect information, general sum."""
    return pyspiel.GameType(
        short_name=SHORT_NAME,
        long_name="SCOUT (scout-ref)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=MAX_PLAYERS,
        min_num_players=MIN_PLAYERS,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_DEFAULTS,
    )


def _dealt(players: int) -> int:
    """How many cards a deal places: with 2 players the set-aside ones too."""
    return len(cards_in_play(players))


def game_info(players: int, max_moves: int) -> pyspiel.GameInfo:
    """The bounds OpenSpiel asks for.

    A round scores at most every card in play captured and a chip for every move (with 3 to 5
    players the chips are unlimited, SC-COMP-03, but each scout pays one), and at least minus
    the largest hand (chapter SCORE): loose bounds, the tight ones being unknown.
    """
    rounds, h = players, actions.max_hand(players)
    deals = _dealt(players) * (1 if players == 2 else rounds)
    return pyspiel.GameInfo(
        num_distinct_actions=actions.size(players),
        max_chance_outcomes=2 * len(_DECK),
        num_players=players,
        min_utility=float(-rounds * h),
        max_utility=float(rounds * (_dealt(players) + max_moves)),
        utility_sum=None,
        max_game_length=deals + rounds * max_moves,
    )


def _rules(params: dict[str, Any]) -> Rules:
    return Rules(
        owner_exemption=bool(params["owner_exemption"]),
        empty_set_chain=EmptySetChain(params["empty_set_chain"]),
        scouting=Scouting(params["scouting"]),
        rotation=Rotation(params["rotation"]),
    )


class ScoutGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type information
    """The game, for the player count and rules of ``params``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = {**_DEFAULTS, **(params or {})}
        self.players = int(given["players"])
        self.rules = _rules(given)
        self.max_moves = int(given["max_moves"])
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS or self.max_moves < 1:
            raise ValueError(f"players must be 2 to 5 and max_moves at least 1: {params}")
        super().__init__(game_type(), game_info(self.players, self.max_moves), params or {})

    def new_initial_state(self) -> ScoutState:
        """A game before its first card is dealt."""
        return ScoutState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> ScoutObserver:
        """The observer of ``iig_obs_type``: with perfect recall, the information state."""
        recall = iig_obs_type is not None and bool(iig_obs_type.perfect_recall)
        return ScoutObserver(self.players, perfect_recall=recall)


class ScoutState(pyspiel.State):  # type: ignore[misc]
    """A game in progress: the cards dealt so far for the next round, or its history."""

    def __init__(self, game: ScoutGame) -> None:
        super().__init__(game)
        self.players = game.players
        self.rules = game.rules
        self.max_moves = game.max_moves
        self.deck: list[OrientedCard] = []
        self.history: History | None = None
        self.moves_this_round = 0
        self.truncated = False

    def current_player(self) -> int:
        """The seat to act, chance while dealing, or terminal."""
        if self._over():
            return int(pyspiel.PlayerId.TERMINAL)
        if self.history is None or self.history.state.phase is Phase.ROUND_OVER:
            return int(pyspiel.PlayerId.CHANCE)
        turn = self.history.state.turn
        assert turn is not None, "a game in progress has a seat to act"
        return int(turn)

    def _over(self) -> bool:
        return self.truncated or (
            self.history is not None and self.history.state.phase is Phase.GAME_OVER
        )

    def _legal_actions(self, player: int) -> list[int]:
        assert self.history is not None, "a seat acts after the deal"
        assert player == self.history.state.turn, "only the seat to act has moves"
        return sorted(actions.index_of(self.players, m) for m in legal_moves(self.history.state))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every card not yet in the deck, either way up, each as likely."""
        placed = {c.card for c in self.deck}
        left = [k for k, card in enumerate(_DECK) if card in cards_in_play(self.players)]
        left = [k for k in left if _DECK[k] not in placed]
        p = 1.0 / (2 * len(left))
        return [(2 * k + up, p) for k in left for up in (0, 1)]

    def _apply_action(self, action: int) -> None:
        if self.is_chance_node():
            card = _DECK[action // 2]
            low_up = oriented(card.low, card.high)
            self.deck.append(low_up.rotated() if action % 2 else low_up)
            if len(self.deck) == _dealt(self.players):
                self._deal()
            return
        assert self.history is not None, "a move follows a deal"
        self.history = self.history.then(actions.move_of(self.players, action))
        self.moves_this_round += 1
        phase = self.history.state.phase
        if phase is Phase.ROUND_OVER and self.players == 2:
            self.history = self.history.next_round()  # from the cards set aside (SC-VAR2-01)
            self.moves_this_round = 0
        elif phase is not Phase.GAME_OVER and self.moves_this_round >= self.max_moves:
            self.truncated = phase is not Phase.ROUND_OVER

    def _deal(self) -> None:
        if self.history is None:
            self.history = History.begin(new_game(self.players, self.deck, self.rules))
        else:
            self.history = self.history.next_round(self.deck)
        self.deck = []
        self.moves_this_round = 0

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            card = _DECK[action // 2]
            low_up = oriented(card.low, card.high)
            return f"deal {low_up.rotated() if action % 2 else low_up}"
        return str(actions.move_of(self.players, action))

    def knowledge(self, player: int) -> Observation:
        """What ``player`` knows, as the engine's :class:`~scout_ref.Observation` (the source
        of its information-state string), for agents that decide from it.

        Raises:
            ValueError: while the first round is being dealt: nothing is known yet.
        """
        if self.history is None:
            raise ValueError("the first round is being dealt")
        return observation(self.history, Seat(player))

    def is_terminal(self) -> bool:
        """Whether the game is over, or truncated by the move cap."""
        return self._over()

    def returns(self) -> list[float]:
        """The totals at the end of the game (of its finished rounds if truncated), else 0."""
        if not self._over() or self.history is None:
            return [0.0] * self.players
        if self.history.state.phase is Phase.GAME_OVER:
            return [float(s) for s in self.history.state.scores]
        return [float(s) for s in self.history.start.scores]  # the truncated round not scored

    def __str__(self) -> str:
        if self.history is None:
            return f"dealing: {len(self.deck)} cards placed"
        return json.dumps(view_to_json(observation(self.history, Seat(0)).public))


class ScoutObserver:
    """OpenSpiel's observer: strings and, without perfect recall, the observation vector."""

    def __init__(self, players: int, *, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        size = 0 if perfect_recall else features.length(players)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: ScoutState, player: int) -> None:
        """Fill ``tensor`` with what ``player`` knows of ``state``."""
        if self.perfect_recall:
            return
        if state.history is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = features.vector(observation(state.history, Seat(player)))

    def string_from(self, state: ScoutState, player: int) -> str:
        """What ``player`` knows of ``state`` as canonical JSON."""
        if state.history is None:
            return json.dumps({"seat": player, "dealing": len(state.deck)})
        obs = observation_to_json(observation(state.history, Seat(player)))
        if not self.perfect_recall:
            obs = {k: v for k, v in obs.items() if k not in ("history", "earlier")}
        return json.dumps(obs, sort_keys=True, separators=(",", ":"))


pyspiel.register_game(game_type(), ScoutGame)
