"""Wrong engine: cards are placed only by sight, never by elimination (``deduced`` is always
empty); breaks SC-INFO-08.

A bot framework with this bug tells a bot less than its player knows, for instance nothing
about the other hand in the second two-player round after that player emptied their hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from scout_ref.engine import elimination
from scout_ref.engine.components import Card
from tests.adapters._patch import replace, serve

BREAKS = ("SC-INFO-08",)
right = elimination.deduced_holdings


def deduced_holdings(
    unseen: Sequence[Card], hidden: Sequence[int], seat: int
) -> tuple[tuple[Card, ...], ...]:
    return tuple(() for _ in hidden)


if __name__ == "__main__":
    replace(right, deduced_holdings)
    serve("wrong: no elimination")
