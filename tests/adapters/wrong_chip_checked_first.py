"""Wrong engine: a two-player scout checks the chip before the other scout checks; SC-TURN-04."""

from __future__ import annotations

from scout_ref.engine import scout
from scout_ref.engine.notation import Scout
from scout_ref.engine.state import State
from scout_ref.engine.two_player import check_scout_chip
from scout_ref.errors import Rejection
from tests.adapters._patch import replace, serve

BREAKS = ("SC-TURN-04",)
right = scout.check_scout


def check_scout(state: State, move: Scout) -> Rejection | None:
    return check_scout_chip(state) or right(state, move)


if __name__ == "__main__":
    replace(right, check_scout)
    serve("wrong: chip checked first")
