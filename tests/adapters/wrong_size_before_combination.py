"""Wrong engine: a show with fewer cards than the active set is rejected as not_stronger before
anyone asks whether it is a combination; breaks the order of SC-TURN-04."""

from __future__ import annotations

from scout_ref.engine import show
from scout_ref.engine.combinations import beats, classify
from scout_ref.engine.notation import Show
from scout_ref.engine.show import tops
from scout_ref.engine.state import Hand
from scout_ref.errors import Reason, Rejection
from tests.adapters._patch import replace, serve

BREAKS = ("SC-TURN-04",)


def check_show_against(hand: Hand, active_set: Hand, move: Show) -> Rejection | None:
    if move.last >= len(hand):
        return Rejection(Reason.RANGE_OUTSIDE_HAND, f"the hand has {len(hand)} cards")
    if active_set and move.last - move.first + 1 < len(active_set):
        return Rejection(Reason.NOT_STRONGER, "fewer cards than the active set")
    combo = classify(tops(hand[move.first : move.last + 1]))
    if combo is None:
        return Rejection(Reason.NOT_A_COMBINATION, "the cards form neither a set nor a run")
    active = classify(tops(active_set)) if active_set else None
    if not beats(combo, active):
        return Rejection(Reason.NOT_STRONGER, f"the {combo} does not beat the {active}")
    return None


if __name__ == "__main__":
    replace(show.check_show_against, check_show_against)
    serve("wrong: size before combination")
