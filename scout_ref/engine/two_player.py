"""Chapter VAR2: the two-player game (paid scouting, extra turns, its own round end)."""

from __future__ import annotations

from scout_ref.engine.combinations import beating_ranges
from scout_ref.engine.show import active_strength, tops
from scout_ref.engine.state import Hand, Seat, State
from scout_ref.errors import Reason, Rejection
from scout_ref.rulebook.registry import implements


def check_scout_chip(state: State) -> Rejection | None:
    """With 2 players a scout needs one of the scouting player's own chips."""
    if state.is_two_player and state.turn is not None and state.scout_chips[state.turn] == 0:
        return Rejection(Reason.NO_SCOUT_CHIP, "scouting costs a Scout chip and none is left")
    return None


implements("SC-VAR2-04")(check_scout_chip)


@implements("SC-VAR2-02")
def check_no_scout_show(state: State) -> Rejection | None:
    """The two-player game has no Scout & Show."""
    if state.is_two_player:
        return Rejection(Reason.SCOUT_SHOW_TWO_PLAYER, "there is no Scout & Show with 2 players")
    return None


def pay_scout_chip(chips: tuple[int, ...], seat: Seat) -> tuple[int, ...]:
    """The chip counts after ``seat`` pays one chip to the centre (nobody receives it)."""
    counts = list(chips)
    counts[seat] -= 1
    return tuple(counts)


implements("SC-VAR2-03")(pay_scout_chip)


def can_show(hand: Hand, active_set: Hand) -> bool:
    """Whether some combination of ``hand`` beats ``active_set``."""
    return bool(beating_ranges(tops(hand), active_strength(active_set)))


def is_stuck(state: State, seat: Seat) -> bool:
    """Whether ``seat`` can neither show nor scout, which ends a two-player round."""
    can_scout = bool(state.active_set) and state.scout_chips[seat] > 0
    return not can_scout and not can_show(state.hands[seat], state.active_set)


implements("SC-VAR2-05")(is_stuck)
