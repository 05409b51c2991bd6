"""Random playouts: whole games played by uniformly random moves, recorded round by round.

Used by ``scout-ref simulate``, the benchmarks and the property tests; the engine never imports
it. The random generator is explicit, so a seed reproduces a game exactly.

With 3 to 5 players a round need not end (SC-END-04), so a simulation may cap the moves of a
round (``max_moves``). The cap is outside the rules (SC-END-06): a round it stops is
*truncated*, keeps its unfinished end state, has no score, and ends the game record with no
winner.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from scout_ref.engine.game import next_round
from scout_ref.engine.notation import Move, Show
from scout_ref.engine.repetition import Repeat, first_repeat
from scout_ref.engine.scoring import SeatScore, round_scores
from scout_ref.engine.setup import new_game
from scout_ref.engine.state import Phase, State
from scout_ref.engine.turn import apply_listed, apply_move, legal_moves
from scout_ref.engine.variants import Rules
from scout_ref.util.text import plural


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """One played round: the dealt state, the moves in order, and the end state.

    The end state is scored, unless the round was truncated by a move cap: then it is the
    unfinished state the cap stopped at (SC-END-06).
    """

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
    def truncated(self) -> bool:
        """Whether a move cap stopped the round before it ended (SC-END-06)."""
        return self.end.phase in (Phase.ROTATION, Phase.PLAY)

    @property
    def scores(self) -> tuple[SeatScore, ...]:
        """The round's score breakdown.

        Raises:
            ValueError: if the round was truncated: it has no score (SC-END-06).
        """
        if self.truncated:
            raise ValueError(
                f"a round truncated after {plural(len(self.moves), 'move')} has no score"
            )
        return round_scores(self.end)

    def first_repeat(self) -> Repeat | None:
        """The first position of the round that had occurred before (SC-END-04), if any."""
        return first_repeat([*(state for state, _ in self.steps()), self.end])


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A whole game: the rounds in order; the last round's end state is the final state.

    A game whose last round was truncated by a move cap stops there, unfinished: its final
    state is that round's unfinished state, and it has no winner.
    """

    players: int
    rules: Rules
    rounds: tuple[RoundRecord, ...]

    @property
    def final(self) -> State:
        """The game_over state, or the unfinished state of a truncated last round."""
        return self.rounds[-1].end

    @property
    def truncated(self) -> bool:
        """Whether a move cap stopped the game's last round (SC-END-06)."""
        return self.rounds[-1].truncated


Chooser = Callable[[random.Random, Sequence[Move]], Move]
"""Picks the next move among the legal ones; :func:`uniform` by default."""


def uniform(rng: random.Random, moves: Sequence[Move]) -> Move:
    """Any legal move, each as likely."""
    return rng.choice(moves)


def play_round(
    state: State, rng: random.Random, choose: Chooser = uniform, max_moves: int | None = None
) -> tuple[State, tuple[Move, ...]]:
    """Play ``state`` to the end of its round, each move picked by ``choose``.

    With ``max_moves``, play stops after that many moves of the round (rotation decisions
    included) even if the round has not ended; the state returned is then unfinished and
    must not be scored (SC-END-06). Without it a 3-5 player round could, in principle, go on
    forever (SC-END-04).

    Raises:
        ValueError: if ``max_moves`` is below 1.
    """
    if max_moves is not None and max_moves < 1:
        raise ValueError(f"a move cap must allow at least one move, not {max_moves}")
    moves: list[Move] = []
    cap = -1 if max_moves is None else max_moves
    listed = choose is uniform  # it returns a move of the list, which need not be checked again
    while (state.phase is Phase.PLAY or state.phase is Phase.ROTATION) and len(moves) != cap:
        move = choose(rng, legal_moves(state))
        moves.append(move)
        state = apply_listed(state, move) if listed else apply_move(state, move)
    return state, tuple(moves)


def random_game(
    players: int,
    seed: int | str,
    rules: Rules | None = None,
    choose: Chooser = uniform,
    *,
    max_moves: int | None = None,
) -> GameRecord:
    """A whole game of random moves (uniform unless ``choose`` says otherwise); the same seed
    gives the same game.

    ``max_moves`` caps each round as in :func:`play_round`; a game with a truncated round stops
    at that round (:attr:`GameRecord.truncated`).

    >>> g = random_game(3, seed=5)
    >>> g.final.phase.value, len(g.rounds)
    ('game_over', 3)
    >>> cut = random_game(3, seed=5, max_moves=5)
    >>> cut.truncated, len(cut.rounds), cut.final.phase.value
    (True, 1, 'play')
    """
    rng = random.Random(seed)
    # Each deck is shuffled by the engine from a seed drawn here, so it need not be checked.
    state = new_game(players, rules=rules, seed=rng.getrandbits(64))
    records = []
    while True:
        end, moves = play_round(state, rng, choose, max_moves)
        records.append(RoundRecord(state, moves, end))
        if end.phase is not Phase.ROUND_OVER:
            return GameRecord(players, state.rules, tuple(records))
        # Two players deal the second round from the cards set aside (SC-VAR2-01).
        state = next_round(end) if players == 2 else next_round(end, seed=rng.getrandbits(64))


LONGEST_SHOW = 0.5
"""How often :func:`rare_first` plays one of the longest shows rather than any show."""


def rare_first(rng: random.Random, moves: Sequence[Move]) -> Move:
    """A kind of move first (show, scout, Scout & Show, rotation), then a move of that kind.

    Uniform moves are mostly scouts and Scout & Shows, which have a move per slot, so rounds
    rarely run out of cards or chips. Picking the kind first makes shows as likely as scouts:
    hands empty, sets are scouted away, two-player seats spend their last chips and get stuck,
    and games reach their last rounds, which is where engines go wrong. Half the shows are the
    longest on offer, so hands empty sooner.
    """
    kind = rng.choice(sorted({type(m).__name__ for m in moves}))
    pool = [m for m in moves if type(m).__name__ == kind]
    if kind == "Show" and rng.random() < LONGEST_SHOW:
        sizes = {m: m.last - m.first for m in pool if isinstance(m, Show)}
        pool = [m for m, size in sizes.items() if size == max(sizes.values())]
    return rng.choice(pool)
