"""Wrong engine: a show range past the hand is cut at its end, not rejected; SC-SHOW-01."""

from __future__ import annotations

from scout_ref.engine import show
from scout_ref.engine.notation import Show
from scout_ref.engine.state import Hand
from scout_ref.errors import Rejection
from tests.adapters._patch import replace, serve

BREAKS = ("SC-SHOW-01",)
right = show.check_show_against


def check_show_against(hand: Hand, active_set: Hand, move: Show) -> Rejection | None:
    if move.first < len(hand) <= move.last:
        return right(hand, active_set, Show(move.first, len(hand) - 1))
    return right(hand, active_set, move)


if __name__ == "__main__":
    replace(right, check_show_against)
    serve("wrong: ranges cut at the hand's end")
