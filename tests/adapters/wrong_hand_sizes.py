"""Wrong engine: with 3 players it deals the deck in blocks of 15, so the hands hold 15, 15 and
6 cards in every round; breaks SC-SETUP-03 (hands of 12), not the new deal of SC-GAME-03."""

from __future__ import annotations

from collections.abc import Sequence

from scout_ref.engine import setup
from scout_ref.engine.components import OrientedCard
from scout_ref.engine.state import Hand
from tests.adapters._patch import replace, serve

BREAKS = ("SC-SETUP-03",)
right = setup.deal_hands


def deal_hands(players: int, deck: Sequence[OrientedCard]) -> tuple[tuple[Hand, ...], Hand]:
    if players != 3:
        return right(players, deck)
    return tuple(tuple(deck[s * 15 : s * 15 + 15]) for s in range(players)), ()


if __name__ == "__main__":
    replace(right, deal_hands)
    serve("wrong: hands of 15 with 3 players")
