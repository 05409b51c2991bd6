"""Chapter ORIENT: the once-per-round decision to rotate the whole hand."""

from __future__ import annotations

from scout_ref.engine.state import Hand, Phase, Seat, State, evolve, next_seat
from scout_ref.rulebook.registry import implements


def rotate_hand(hand: Hand) -> Hand:
    """The hand turned end over end: order reversed and every card rotated.

    >>> from scout_ref.engine.components import oriented
    >>> [str(c) for c in rotate_hand((oriented(1, 5), oriented(7, 2)))]
    ['2/7', '5/1']
    """
    return tuple(c.rotated() for c in reversed(hand))


implements("SC-ORIENT-02")(rotate_hand)


def resolve_rotation(state: State, seat: Seat, *, flip: bool) -> State:
    """The state after ``seat`` decides; after the last decision play begins."""
    hands = state.hands
    if flip:
        hands = tuple(rotate_hand(h) if s == seat else h for s, h in enumerate(hands))
    after = next_seat(seat, state.players)
    if after == state.start_player:
        return evolve(state, hands=hands, phase=Phase.PLAY, turn=state.start_player)
    return evolve(state, hands=hands, turn=after)


implements("SC-ORIENT-01", "SC-ORIENT-03")(resolve_rotation)
