"""A bot that plays on what it knows: single-observer information-set Monte Carlo tree search.

Each iteration draws a full state that agrees with the bot's own observation
(:func:`~scout_ref.sample_state`, uniform over the cards it cannot see, chapter INFO), walks
the one tree of the bot's information set down with the moves that are legal in that draw,
adds one node, plays the round out with the cheap greedy policy
(:func:`~scout_ref.ai.policy.greedy_move`) and credits every node on the way with the result
for the seat that chose it (Cowling, Powley and Whitehouse's SO-ISMCTS, with availability
counts in UCB). It never sees a state that was not drawn from its observation: the only inputs
of :meth:`IsmctsBot.choose` are the observation and the bot's own generator.

Wide nodes are narrowed before they are searched: at most :data:`WIDEST` moves of a node
are tried, the greedy move first, then the shows, the Scout & Shows with the longest shows,
and for each end and way up the scout into the slot that best builds a combination.

>>> from scout_ref import new_game, observation, Seat
>>> bot = IsmctsBot(random.Random(0), Budget(iterations=20))
>>> str(bot.choose(observation(new_game(3, seed=1), Seat(0))))
'flip'
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from scout_ref.ai.policy import best_strength, greedy_move, show_size
from scout_ref.analysis.determinization import observed_moves, sample_state
from scout_ref.engine.information import Observation
from scout_ref.engine.notation import End, Move, Scout, ScoutShow, Show
from scout_ref.engine.scout import scouted
from scout_ref.engine.state import Phase, State
from scout_ref.engine.turn import apply_listed, legal_moves

WIDEST = 12
"""The most moves of one node that the search tries."""
PLAYOUT_MOVES = 400
"""A playout that has not ended its round after this many moves counts as a draw."""
EXPLORATION = 0.7
"""UCB's exploration constant, for rewards from 0 to 1."""
MARGIN_SCALE = 8.0
"""Points of lead that make a reward of about 0.88 (``0.5 + tanh(1) / 2``)."""


@dataclass(frozen=True, slots=True)
class Budget:
    """How long the bot thinks per decision: ``iterations`` draws, or ``seconds`` of CPU time
    when given (then the games are no longer reproducible from a seed)."""

    iterations: int = 200
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.iterations < 1 or (self.seconds is not None and self.seconds <= 0):
            raise ValueError(f"a budget needs at least one iteration and some time: {self}")


@dataclass(slots=True)
class _Node:
    """A node of the information-set tree: the move that led to it and the seat that chose it."""

    move: Move | None
    seat: int
    children: dict[Move, _Node] = field(default_factory=dict)
    visits: int = 0
    available: int = 0
    reward: float = 0.0

    def score(self) -> float:
        """UCB1 with the count of draws in which this node's move was available."""
        mean = self.reward / self.visits
        return mean + EXPLORATION * math.sqrt(math.log(self.available) / self.visits)


def candidates(state: State, moves: Sequence[Move]) -> list[Move]:
    """The moves of ``state`` that the search tries, at most :data:`WIDEST`, greedy first."""
    turn = state.turn
    assert turn is not None, "a node with moves has a seat to act"
    hand = state.hands[turn]
    if len(moves) <= WIDEST:
        return list(moves)
    picked = [greedy_move(state.phase, hand, state.active_set, moves)]
    shows = sorted((m for m in moves if isinstance(m, Show)), key=show_size, reverse=True)
    pairs = sorted(
        (m for m in moves if isinstance(m, ScoutShow)),
        key=lambda m: show_size(m.show),
        reverse=True,
    )
    best: dict[tuple[bool, bool], tuple[tuple[int, bool, int], Scout]] = {}
    for m in moves:
        if isinstance(m, Scout):
            strength = best_strength(scouted(hand, state.active_set, m)[0])
            key = (m.end is End.RIGHT, m.rotated)
            if key not in best or strength > best[key][0]:
                best[key] = (strength, m)
    scouts = [m for _, m in best.values()]
    for group in (shows[:5], scouts, pairs[:4], shows[5:]):
        for m in group:
            if m not in picked and len(picked) < WIDEST:
                picked.append(m)
    return picked


def _rewards(state: State) -> list[float]:
    """Each seat's reward from 0 to 1 at the end of a playout: its lead over the best other."""
    if state.phase not in (Phase.ROUND_OVER, Phase.GAME_OVER):
        return [0.5] * state.players
    scores = state.scores
    out = []
    for s, mine in enumerate(scores):
        lead = mine - max(v for o, v in enumerate(scores) if o != s)
        out.append(0.5 + 0.5 * math.tanh(lead / MARGIN_SCALE))
    return out


def _playout(state: State, rng: random.Random) -> State:
    for _ in range(PLAYOUT_MOVES):
        if state.phase is not Phase.PLAY and state.phase is not Phase.ROTATION:
            break
        turn = state.turn
        assert turn is not None, "the rotation and play phases have a seat to act"
        moves = legal_moves(state)
        move = greedy_move(state.phase, state.hands[turn], state.active_set, moves, rng)
        state = apply_listed(state, move)
    return state


@dataclass(slots=True)
class IsmctsBot:
    """Searches its information set with ``budget`` per decision; deterministic given ``rng``
    and an iteration budget."""

    rng: random.Random
    budget: Budget = field(default_factory=Budget)
    kind: str = "ismcts"

    def choose(self, obs: Observation) -> Move:
        """The move most visited by the search; the only legal move at once."""
        moves = observed_moves(obs)
        if len(moves) == 1:
            return moves[0]
        root = _Node(None, -1)
        deadline = None
        if self.budget.seconds is not None:
            deadline = time.process_time() + self.budget.seconds
        done = 0
        while done < self.budget.iterations if deadline is None else time.process_time() < deadline:
            self._iterate(root, sample_state(obs, self.rng))
            done += 1
        if not root.children:
            return moves[0]
        return max(root.children.values(), key=lambda n: (n.visits, n.reward)).move or moves[0]

    def _iterate(self, root: _Node, state: State) -> None:
        path = [root]
        node = root
        while state.phase is Phase.PLAY or state.phase is Phase.ROTATION:
            turn = state.turn
            assert turn is not None, "the rotation and play phases have a seat to act"
            options = candidates(state, legal_moves(state))
            for m in options:
                child = node.children.get(m)
                if child is not None:
                    child.available += 1
            untried = [m for m in options if m not in node.children]
            if untried:
                move = (
                    untried[0] if node is root and not node.children else self.rng.choice(untried)
                )
                child = node.children[move] = _Node(move, turn, available=1)
                path.append(child)
                state = apply_listed(state, move)
                break
            node = max((node.children[m] for m in options), key=_Node.score)
            path.append(node)
            assert node.move is not None, "a child has its move"
            state = apply_listed(state, node.move)
        rewards = _rewards(_playout(state, self.rng))
        for n in path[1:]:
            n.visits += 1
            n.reward += rewards[n.seat]
