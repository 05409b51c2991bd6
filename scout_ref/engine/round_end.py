"""Chapter END: ending the round when a rule says so, right after a move."""

from __future__ import annotations

from scout_ref.engine.scoring import end_round
from scout_ref.engine.state import RoundEnd, Seat, State
from scout_ref.engine.two_player import is_stuck
from scout_ref.engine.variants import EmptySetChain
from scout_ref.rulebook.registry import implements


def finish_turn(state: State, seat: Seat, *, showed: bool) -> State:
    """The state after ``seat``'s move, whose effects (and the turn passing) are in ``state``.

    The round ends when the move emptied the shower's hand (SC-END-01), when a scout completed
    the circle back to the owner (SC-END-02), or, with 2 players, when the player to act now can
    neither show nor scout (SC-VAR2-05); otherwise the state stands (SC-END-03).
    """
    if showed and not state.hands[seat]:
        return end_round(state, RoundEnd.EMPTY_HAND)
    after = state.turn
    assert after is not None, "a move always passes the turn to a seat"
    if state.is_two_player:
        stuck = is_stuck(state, after)
    else:
        stuck = not showed and is_unbeaten(state, after)
    return end_round(state, RoundEnd.UNBEATEN) if stuck else state


implements("SC-END-01", "SC-END-03", "SC-VAR2-05")(finish_turn)


def is_unbeaten(state: State, after: Seat) -> bool:
    """Whether a scout just completed the circle: the turn would return to the set's owner.

    Only scouts can pass the turn between a show and its owner, so reaching the owner means
    everyone else scouted. Officially this holds even when the scouts emptied the set; the
    variant SC-VAR-02 resets the chain instead.
    """
    if after != state.owner:
        return False
    return bool(state.active_set) or state.rules.empty_set_chain is EmptySetChain.LITERAL


implements("SC-END-02", "SC-VAR-02")(is_unbeaten)
