"""Random playouts: whole games played by uniformly random moves, recorded round by round.

Used by ``scout-ref simulate``, the benchmarks and the property tests; the engine never imports
it. The random generator is explicit, so a seed reproduces a game exactly.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from scout_ref.components import OrientedCard
from scout_ref.game import next_round
from scout_ref.notation import Move
from scout_ref.scoring import SeatScore, round_scores
from scout_ref.setup import new_game, shuffled_deck
from scout_ref.state import Phase, State
from scout_ref.turn import apply_move, legal_moves
from scout_ref.variants import Rules


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """One played round: the dealt state, the moves in order, and the scored end state."""

    start: State
    moves: tuple[Move, ...]
    end: State

    def steps(self) -> list[tuple[State, Move]]:
        """Each move with the state it was made in."""
        out = []
        state = self.start
        for move in self.moves:
            out.append((state, move))
            state = apply_move(state, move)
        return out

    @property
    def scores(self) -> tuple[SeatScore, ...]:
        """The round's score breakdown."""
        return round_scores(self.end)


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A whole game: the rounds in order; the last round's end state is the final state."""

    players: int
    rules: Rules
    rounds: tuple[RoundRecord, ...]

    @property
    def final(self) -> State:
        """The game_over state."""
        return self.rounds[-1].end


Chooser = Callable[[random.Random, Sequence[Move]], Move]
"""Picks the next move among the legal ones; :func:`uniform` by default."""


def uniform(rng: random.Random, moves: Sequence[Move]) -> Move:
    """Any legal move, each as likely."""
    return rng.choice(moves)


def play_round(
    state: State, rng: random.Random, choose: Chooser = uniform
) -> tuple[State, tuple[Move, ...]]:
    """Play ``state`` to the end of its round, each move picked by ``choose``."""
    moves: list[Move] = []
    while state.phase in (Phase.ROTATION, Phase.PLAY):
        move = choose(rng, legal_moves(state))
        moves.append(move)
        state = apply_move(state, move)
    return state, tuple(moves)


def random_game(
    players: int, seed: int | str, rules: Rules | None = None, choose: Chooser = uniform
) -> GameRecord:
    """A whole game of random moves (uniform unless ``choose`` says otherwise); the same seed
    gives the same game.

    >>> g = random_game(3, seed=5)
    >>> g.final.phase.value, len(g.rounds)
    ('game_over', 3)
    """
    rng = random.Random(seed)
    deck: Sequence[OrientedCard] | None = shuffled_deck(players, rng.getrandbits(64))
    state = new_game(players, deck, rules)
    records = []
    while True:
        end, moves = play_round(state, rng, choose)
        records.append(RoundRecord(state, moves, end))
        if end.phase is Phase.GAME_OVER:
            return GameRecord(players, state.rules, tuple(records))
        deck = None if players == 2 else shuffled_deck(players, rng.getrandbits(64))
        state = next_round(end, deck)
