"""Wrong engine: a scout that takes the last card of the set ends the round; SC-END-03."""

from __future__ import annotations

from scout_ref.engine import round_end
from scout_ref.engine.scoring import end_round
from scout_ref.engine.state import RoundEnd, Seat, State
from tests.adapters._patch import replace, serve

BREAKS = ("SC-END-03", "SC-VAR-02")  # with the chain reset too, scouts never end the round
right = round_end.finish_turn


def finish_turn(state: State, seat: Seat, *, showed: bool) -> State:
    after = right(state, seat, showed=showed)
    emptied = not showed and not state.active_set and not state.is_two_player
    if after.round_end is None and emptied:
        return end_round(state, RoundEnd.UNBEATEN)
    return after


if __name__ == "__main__":
    replace(right, finish_turn)
    serve("wrong: an emptied set ends the round")
