"""Chapter END: passing the turn, and ending the round when a rule says so."""

from __future__ import annotations

from scout_ref.registry import implements
from scout_ref.scoring import end_round
from scout_ref.state import RoundEnd, Seat, State, evolve, next_seat
from scout_ref.two_player import is_stuck
from scout_ref.variants import EmptySetChain


@implements("SC-END-01", "SC-END-03", "SC-TURN-01")
def finish_turn(state: State, seat: Seat, *, showed: bool) -> State:
    """The state after ``seat``'s move has taken effect: the round ends or the turn passes."""
    if showed and not state.hands[seat]:
        return end_round(state, RoundEnd.EMPTY_HAND)
    if state.is_two_player:
        return _pass_two_player(state, seat, showed=showed)
    after = next_seat(seat, state.players)
    if not showed and is_unbeaten(state, after):
        return end_round(state, RoundEnd.UNBEATEN)
    return evolve(state, turn=after)


@implements("SC-END-02", "SC-VAR-02")
def is_unbeaten(state: State, after: Seat) -> bool:
    """Whether a scout just completed the circle: the turn would return to the set's owner.

    Only scouts can pass the turn between a show and its owner, so reaching the owner means
    everyone else scouted. Officially this holds even when the scouts emptied the set; the
    variant SC-VAR-02 resets the chain instead.
    """
    if after != state.owner:
        return False
    return bool(state.active_set) or state.rules.empty_set_chain is EmptySetChain.LITERAL


@implements("SC-VAR2-03", "SC-VAR2-05")
def _pass_two_player(state: State, seat: Seat, *, showed: bool) -> State:
    """Two players: a scout earns another turn; a player left with no move ends the round."""
    after = next_seat(seat, 2) if showed else seat
    if is_stuck(state, after):
        return end_round(state, RoundEnd.UNBEATEN)
    return evolve(state, turn=after)
