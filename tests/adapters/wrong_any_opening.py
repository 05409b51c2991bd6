"""Wrong engine: onto an empty table any adjacent cards may be shown, a combination or not;
breaks SC-SHOW-02 (only a combination may open).

Its set and run checks are right: facing an active set it refuses what is no combination.
"""

from __future__ import annotations

from scout_ref.engine import show, turn
from scout_ref.engine.notation import Move, Show
from scout_ref.engine.state import Phase, State
from scout_ref.errors import Rejection
from tests.adapters._patch import replace, serve

BREAKS = ("SC-SHOW-02",)
right_check, right_legal = show.check_show, turn.legal_moves


def check_show(state: State, move: Show) -> Rejection | None:
    if not state.active_set and move.last < len(state.hand):
        return None
    return right_check(state, move)


def legal_moves(state: State) -> list[Move]:
    moves = right_legal(state)
    if state.phase is not Phase.PLAY or state.active_set:
        return moves
    n = len(state.hand)
    shows: list[Move] = [Show(i, j) for i in range(n) for j in range(i, n)]
    return shows + [m for m in moves if not isinstance(m, Show)]


if __name__ == "__main__":
    replace(right_check, check_show)
    replace(right_legal, legal_moves)
    serve("wrong: anything opens")
