"""Chapter SNS: Scout & Show, a scout and a show made as one turn once per round."""

from __future__ import annotations

from scout_ref.engine.notation import ScoutShow
from scout_ref.engine.scout import check_scout, resolve_scout, scouted
from scout_ref.engine.show import check_show_against, resolve_show
from scout_ref.engine.state import Seat, State, evolve
from scout_ref.engine.two_player import check_no_scout_show
from scout_ref.errors import Reason, Rejection
from scout_ref.rulebook.registry import implements


@implements("SC-SNS-01", "SC-SNS-02", "SC-COMP-04")
def check_scout_show(state: State, move: ScoutShow) -> Rejection | None:
    """Why the player to act cannot make this Scout & Show, or None if they can.

    The show is judged on the hand after the insertion against the active set as reduced by
    the scout (SC-SNS-02), never against the set before it.
    """
    if (rejection := check_no_scout_show(state)) is not None:
        return rejection
    if state.turn is None or not state.scout_show_available[state.turn]:
        return Rejection(Reason.SCOUT_SHOW_USED, "Scout & Show was already used this round")
    if (rejection := check_scout(state, move.scout)) is not None:
        return rejection
    hand, rest = scouted(state.hand, state.active_set, move.scout)
    return check_show_against(hand, rest, move.show)


def resolve_scout_show(state: State, seat: Seat, move: ScoutShow) -> State:
    """The state right after the Scout & Show; the turn is not yet passed. Assumes it is legal."""
    after = resolve_scout(state, seat, move.scout)
    used = tuple(ok and s != seat for s, ok in enumerate(after.scout_show_available))
    after = evolve(after, scout_show_available=used)
    return resolve_show(after, seat, after.hands[seat], after.active_set, move.show)


implements("SC-SNS-01", "SC-SNS-03")(resolve_scout_show)
