"""Wrong engine: in the play phase 'pass' is listed as a legal move; breaks SC-TURN-02."""

from __future__ import annotations

from typing import Any

from scout_ref.engine import turn
from scout_ref.engine.state import Phase, State
from tests.adapters._patch import replace, serve

BREAKS = ("SC-TURN-02",)
right = turn.legal_moves


class Pass:
    def __str__(self) -> str:
        return "pass"


def legal_moves(state: State) -> list[Any]:
    moves: list[Any] = list(right(state))
    return [*moves, Pass()] if state.phase is Phase.PLAY else moves


if __name__ == "__main__":
    replace(right, legal_moves)
    serve("wrong: pass is a move")
