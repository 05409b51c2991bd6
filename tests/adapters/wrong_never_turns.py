"""Wrong engine: its own deals never turn a card, the smaller number always on top; breaks
SC-SETUP-02. Every vector passes the deck in, so only the tests of ``deal_random`` see it."""

from __future__ import annotations

import random
from collections.abc import Sequence

from scout_ref.engine import setup
from scout_ref.engine.components import Card, OrientedCard, oriented
from tests.adapters._patch import replace, serve

BREAKS = ("SC-SETUP-02",)


def shuffled(cards: Sequence[Card], seed: int | str | None = None) -> tuple[OrientedCard, ...]:
    order = list(cards)
    random.Random(seed).shuffle(order)
    return tuple(oriented(c.low, c.high) for c in order)


if __name__ == "__main__":
    replace(setup.shuffled, shuffled)
    serve("wrong: never turns a dealt card")
