"""Wrong engine: a player who can beat the active set must show; breaks SC-SCOUT-04."""

from __future__ import annotations

from scout_ref.engine import scout, turn
from scout_ref.engine.notation import Scout
from scout_ref.engine.state import State
from scout_ref.engine.two_player import can_show
from scout_ref.errors import Reason, Rejection
from tests.adapters._patch import replace, serve

BREAKS = ("SC-SCOUT-04",)
right_check, right_scouts = scout.check_scout, turn._scouts


def check_scout(state: State, move: Scout) -> Rejection | None:
    rejection = right_check(state, move)
    if rejection is None and can_show(state.hand, state.active_set):
        return Rejection(Reason.SHOW_AVAILABLE, "a show is possible")
    return rejection


def scouts(state: State, *, can_show: bool) -> tuple[Scout, ...]:
    return () if can_show else right_scouts(state, can_show=can_show)


if __name__ == "__main__":
    replace(right_check, check_scout)
    replace(right_scouts, scouts)
    serve("wrong: show when you can")
