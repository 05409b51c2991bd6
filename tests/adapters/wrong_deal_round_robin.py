"""Wrong engine: with 3 to 5 players cards are dealt one at a time around the table; SC-SETUP-03."""

from __future__ import annotations

from collections.abc import Sequence

from scout_ref.engine import setup
from scout_ref.engine.components import OrientedCard
from scout_ref.engine.state import Hand
from tests.adapters._patch import replace, serve

BREAKS = ("SC-SETUP-03",)
right = setup.deal_hands


def deal_hands(players: int, deck: Sequence[OrientedCard]) -> tuple[tuple[Hand, ...], Hand]:
    if players == 2:
        return right(players, deck)
    return tuple(tuple(deck[s::players]) for s in range(players)), ()


if __name__ == "__main__":
    replace(right, deal_hands)
    serve("wrong: round-robin dealing")
