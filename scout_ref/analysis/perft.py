"""perft: counting move sequences, the move generator's end-to-end check (as in chess).

``perft(state, d)`` is the number of sequences of ``d`` legal moves from ``state``; a state
with no legal move (round_over, game_over) counts 0 at any depth above 0. ``divide`` splits the
count by first move, so a mismatch can be bisected down to the state where two move lists
differ.

Each listed move is applied as a move from the list (``apply_listed``), as a chess perft makes
its generated moves without asking again whether they are legal: checking them again was a
quarter of the count's time, and that every listed move is accepted is an invariant of its own
(:func:`~scout_ref.checks.invariants.check_listed_moves_apply`).
"""

from __future__ import annotations

from scout_ref.engine.state import State
from scout_ref.engine.turn import apply_listed, legal_moves


def perft(state: State, depth: int) -> int:
    """The number of legal move sequences of length ``depth`` from ``state``.

    >>> from scout_ref import new_game
    >>> perft(new_game(3, seed=0), 3)  # three rotation decisions: 2 * 2 * 2
    8
    """
    if depth == 0:
        return 1
    moves = legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(perft(apply_listed(state, m), depth - 1) for m in moves)


def divide(state: State, depth: int) -> dict[str, int]:
    """perft split by first move: each legal move's text and the perft after it at depth - 1.

    Raises:
        ValueError: if ``depth`` is below 1.
    """
    if depth < 1:
        raise ValueError(f"divide needs a depth of at least 1, not {depth}")
    return {str(m): perft(apply_listed(state, m), depth - 1) for m in legal_moves(state)}
