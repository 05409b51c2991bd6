"""Chapter COMP: the cards and chips of SCOUT.

Naming conventions (one word per concept, used everywhere: code, docs, JSON keys, vectors):

``card``
    A physical card, identified by its two numbers ``a-b`` with ``a < b`` (:class:`Card`).
``orientation``
    Which number of a card is at the top; an oriented card is written ``top/bottom``
    (:class:`OrientedCard`).
``hand``
    A player's cards, left to right, as a tuple of oriented cards.
``active_set``
    The combination on the table that the next show must beat, and its ``owner``.
``seat``
    A player's place at the table, ``0 .. n-1``.
``move``
    One decision of the player to act; ``state`` is everything rule-relevant about a game.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from scout_ref.registry import implements

MIN_NUMBER = 1
MAX_NUMBER = 10


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A card by identity: its two different numbers, smaller first (SC-COMP-01).

    >>> Card(3, 7)
    Card(low=3, high=7)
    >>> str(Card(3, 7))
    '3-7'
    """

    low: int
    high: int

    def __str__(self) -> str:
        return f"{self.low}-{self.high}"


@dataclass(frozen=True, slots=True)
class OrientedCard:
    """A card as it lies: ``top`` counts in play, ``bottom`` after a rotation (SC-COMP-02).

    Instances are interned: use :func:`oriented` to get one.

    >>> oriented(6, 4)
    OrientedCard(top=6, bottom=4)
    >>> str(oriented(6, 4).rotated())
    '4/6'
    """

    top: int
    bottom: int

    def __str__(self) -> str:
        return f"{self.top}/{self.bottom}"

    @property
    def card(self) -> Card:
        """The card's identity, whatever its orientation."""
        return _card(self.top, self.bottom)

    @implements("SC-COMP-02")
    def rotated(self) -> OrientedCard:
        """The same card turned end over end: top and bottom numbers swap."""
        return oriented(self.bottom, self.top)


def is_card_numbers(a: int, b: int) -> bool:
    """Whether two numbers can be the faces of one card (SC-COMP-01)."""
    return MIN_NUMBER <= a <= MAX_NUMBER and MIN_NUMBER <= b <= MAX_NUMBER and a != b


@cache
def _card(a: int, b: int) -> Card:
    return Card(min(a, b), max(a, b))


@cache
def oriented(top: int, bottom: int) -> OrientedCard:
    """The interned oriented card with these numbers.

    Raises:
        ValueError: if the numbers cannot be the faces of a card.
    """
    if not is_card_numbers(top, bottom):
        raise ValueError(f"no card has the numbers {top} and {bottom}")
    return OrientedCard(top, bottom)


@implements("SC-COMP-01")
def full_deck() -> tuple[Card, ...]:
    """All 45 cards, in ascending order of identity.

    >>> len(full_deck()), str(full_deck()[0]), str(full_deck()[-1])
    (45, '1-2', '9-10')
    """
    return tuple(
        Card(a, b) for a in range(MIN_NUMBER, MAX_NUMBER + 1) for b in range(a + 1, MAX_NUMBER + 1)
    )
