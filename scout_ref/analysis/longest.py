"""The longest two-player rounds: a guided search that checks the bound of SC-END-05 from below.

SC-END-05 proves that a two-player round has at most :data:`TWO_PLAYER_MAX_TURNS` turns of
play. This module looks for rounds that long: from seeded deals it runs a depth-first
branch-and-bound search over every legal move, cutting a line as soon as the bound of the
proof, applied to the position reached, says it cannot beat the best round found so far. The
move order follows the proof's equality case (single-card shows, lowest number first, then
scouts), so long rounds are found early. It is not part of the engine; the tests, the docs and
the benchmarks use it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from scout_ref.engine.notation import KEEP, Move, Show
from scout_ref.engine.setup import new_game, shuffled_deck
from scout_ref.engine.state import Phase, State
from scout_ref.engine.turn import apply_move, legal_moves
from scout_ref.rulebook.registry import implements

TWO_PLAYER_MAX_TURNS = 33
"""The most turns of play (shows and scouts, after the rotation decisions) a two-player round
can have (SC-END-05): 21 + 2 x 6."""

TWO_PLAYER_MAX_MOVES = TWO_PLAYER_MAX_TURNS + 2
"""The same bound counting the two rotation decisions (``keep`` or ``flip``) as moves."""


@implements("SC-END-05")
def turns_left_bound(state: State) -> int:
    """An upper bound on the turns of play left in a two-player round from ``state``.

    Each future scout spends a chip; each future show takes at least one card out of the hands,
    which gain a card per scout and still hold one at the end (the proof of SC-END-05).

    >>> from scout_ref import new_game
    >>> turns_left_bound(new_game(2, seed=1)) == TWO_PLAYER_MAX_TURNS
    True
    """
    cards = sum(len(hand) for hand in state.hands)
    return cards - 1 + 2 * sum(state.scout_chips)


def _order(state: State, move: Move) -> tuple[int, int]:
    if isinstance(move, Show):
        if move.first == move.last:
            return (0, state.hand[move.first].top)
        return (2, move.first - move.last)  # longer shows last
    return (1, 0)


@dataclass(frozen=True, slots=True)
class LongRound:
    """A two-player round found by the search: its play-phase start and its turns of play."""

    start: State
    moves: tuple[Move, ...]
    nodes: int


def longest_from(start: State, budget: int) -> LongRound:
    """The longest round the search finds from ``start`` (two players, play phase) within
    ``budget`` visited positions."""
    best: list[Move] = []
    path: list[Move] = []
    nodes = 0

    def visit(state: State) -> None:
        nonlocal nodes, best
        nodes += 1
        if state.phase is not Phase.PLAY:
            if len(path) > len(best):
                best = list(path)
            return
        if nodes > budget or len(path) + turns_left_bound(state) <= len(best):
            return
        for move in sorted(legal_moves(state), key=lambda m: _order(state, m)):
            if nodes > budget:
                break
            path.append(move)
            visit(apply_move(state, move))
            path.pop()

    visit(start)
    return LongRound(start, tuple(best), nodes)


def longest_two_player_round(deals: int, seed: int = 0, budget: int = 20_000) -> LongRound:
    """The longest round found over ``deals`` seeded two-player deals, both hands kept.

    Stops early once a round reaches :data:`TWO_PLAYER_MAX_TURNS`, which nothing can beat.

    Raises:
        ValueError: if ``deals`` is below 1.
    """
    if deals < 1:
        raise ValueError(f"search at least one deal, not {deals}")
    rng = random.Random(seed)
    found: LongRound | None = None
    for _ in range(deals):
        state = new_game(2, shuffled_deck(2, rng.getrandbits(64)))
        while state.phase is Phase.ROTATION:
            state = apply_move(state, KEEP)
        result = longest_from(state, budget)
        if found is None or len(result.moves) > len(found.moves):
            found = result
        if len(found.moves) == TWO_PLAYER_MAX_TURNS:
            break
    assert found is not None, "deals >= 1"
    return found
