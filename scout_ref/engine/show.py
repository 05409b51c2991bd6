"""Chapter SHOW: playing a combination from the hand to beat the active set."""

from __future__ import annotations

from scout_ref.engine.combinations import Strength, beats, classify, strength_of
from scout_ref.engine.components import _card_order
from scout_ref.engine.notation import Show, ShowCards
from scout_ref.engine.state import Hand, Seat, State, _after_play, next_seat
from scout_ref.errors import Reason, Rejection
from scout_ref.rulebook.registry import implements
from scout_ref.util.text import plural


def tops(cards: Hand) -> list[int]:
    """The numbers that count in play: the top of each card (SC-COMP-02)."""
    return [c.top for c in cards]


def active_strength(active_set: Hand) -> Strength | None:
    """The strength a show must exceed: None when there is no active set."""
    return strength_of(tops(active_set)) if active_set else None


implements("SC-SHOW-02")(active_strength)


@implements("SC-SHOW-01", "SC-SET-01", "SC-SHOW-02", "SC-SHOW-03")
def check_show_against(hand: Hand, active_set: Hand, show: Show) -> Rejection | None:
    """Why ``show`` from ``hand`` cannot be played onto ``active_set``, or None if it can."""
    if show.last >= len(hand):
        return Rejection(Reason.RANGE_OUTSIDE_HAND, f"the hand has {plural(len(hand), 'card')}")
    combo = classify(tops(hand[show.first : show.last + 1]))
    if combo is None:
        return Rejection(Reason.NOT_A_COMBINATION, "the cards form neither a set nor a run")
    active = classify(tops(active_set)) if active_set else None
    if not beats(combo, active):
        if active is not None and combo.strength == active.strength:
            tie = f"the {combo} only ties the {active}, and a tie does not beat (SC-SET-05)"
            return Rejection(Reason.NOT_STRONGER, tie)
        return Rejection(Reason.NOT_STRONGER, f"the {combo} does not beat the {active}")
    return None


@implements("SC-SHOW-01")
def check_show_cards(state: State, probe: ShowCards) -> Rejection:
    """Why cards that are not adjacent, or not in the order they lie, cannot be shown: the
    positions must lie within the hand, then be adjacent, then keep the hand's order."""
    positions = probe.positions
    if max(positions) >= len(state.hand):
        cards = plural(len(state.hand), "card")
        return Rejection(Reason.RANGE_OUTSIDE_HAND, f"the hand has {cards}")
    if max(positions) - min(positions) + 1 != len(positions):
        return Rejection(Reason.NOT_ADJACENT, f"positions {probe.positions} are not adjacent")
    return Rejection(Reason.OUT_OF_ORDER, "adjacent cards are shown in the order they lie")


def check_show(state: State, show: Show) -> Rejection | None:
    """Why the player to act cannot make this show, or None if they can."""
    return check_show_against(state.hand, state.active_set, show)


def resolve_show(state: State, seat: Seat, hand: Hand, active_set: Hand, show: Show) -> State:
    """The state right after ``seat`` shows from ``hand``, beating ``active_set``.

    The shown cards become the active set owned by ``seat``; the beaten set is captured face
    down; the turn passes to the next seat, unless the round ends
    (:mod:`scout_ref.engine.round_end`). Assumes the show was checked.
    """
    shown = hand[show.first : show.last + 1]
    rest = hand[: show.first] + hand[show.last + 1 :]
    captured = list(state.captured)
    if active_set:
        beaten = tuple(c.card for c in active_set)
        captured[seat] = tuple(sorted(captured[seat] + beaten, key=_card_order))
    hands = list(state.hands)
    hands[seat] = rest
    return _after_play(
        state,
        turn=next_seat(seat, state.players),
        hands=tuple(hands),
        active_set=shown,
        owner=seat,
        captured=tuple(captured),
        scout_chips=state.scout_chips,
        scout_show_available=state.scout_show_available,
    )


implements("SC-SHOW-04", "SC-SHOW-05", "SC-TURN-01", "SC-GEN-02")(resolve_show)
