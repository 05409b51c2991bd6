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
from typing import Final

from scout_ref.errors import MalformedInputError
from scout_ref.rulebook.registry import implements
from scout_ref.util.args import shown

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
        card = _CARDS[self.top * _FACES + self.bottom]
        assert card is not None, "an oriented card has the numbers of a card"
        return card

    def rotated(self) -> OrientedCard:
        """The same card turned end over end: top and bottom numbers swap."""
        card = _ORIENTED[self.bottom * _FACES + self.top]
        assert card is not None, "a card turned over is a card"
        return card


implements("SC-COMP-02")(OrientedCard.rotated)


def _card_order(card: Card) -> int:
    """A number that sorts cards as they compare (by ``low``, then ``high``), for
    :func:`sorted`'s ``key``: cheaper than comparing the cards themselves.

    >>> sorted([Card(2, 3), Card(1, 9), Card(1, 4)], key=_card_order) == sorted(
    ...     [Card(2, 3), Card(1, 9), Card(1, 4)]
    ... )
    True
    """
    return card.low * _FACES + card.high


def is_card_numbers(a: int, b: int) -> bool:
    """Whether two numbers can be the faces of one card (SC-COMP-01)."""
    return MIN_NUMBER <= a <= MAX_NUMBER and MIN_NUMBER <= b <= MAX_NUMBER and a != b


# Every oriented card and its card, made once, at index ``top * _FACES + bottom`` (None where no
# card has those numbers): looking one up is all oriented() and OrientedCard.card do.
_FACES: Final = MAX_NUMBER + 1
_ORIENTED: Final = [
    OrientedCard(top, bottom) if is_card_numbers(top, bottom) else None
    for top in range(_FACES)
    for bottom in range(_FACES)
]
_CARDS: Final = [
    None if c is None else Card(min(c.top, c.bottom), max(c.top, c.bottom)) for c in _ORIENTED
]


def oriented(top: object, bottom: object) -> OrientedCard:
    """The interned oriented card with these numbers (ints; typed ``object`` so that the
    compiled build, which would unbox an ``int`` argument, still sees a ``bool`` as one).

    Raises:
        TypeError: if a number is not an int (``True`` is not 1).
        MalformedInputError: (a ``ValueError``) if the numbers cannot be the faces of a card.
    """
    if type(top) is not int or type(bottom) is not int:
        raise TypeError(f"a card's numbers are ints, not {shown(top)} and {shown(bottom)}")
    card = _ORIENTED[top * _FACES + bottom] if is_card_numbers(top, bottom) else None
    if card is None:
        why = f"no card has the numbers {shown(top)} and {shown(bottom)}"
        raise MalformedInputError("card", [("", why)])
    return card


@implements("SC-COMP-01")
def full_deck() -> tuple[Card, ...]:
    """All 45 cards, in ascending order of identity.

    >>> len(full_deck()), str(full_deck()[0]), str(full_deck()[-1])
    (45, '1-2', '9-10')
    """
    return tuple(
        Card(a, b) for a in range(MIN_NUMBER, MAX_NUMBER + 1) for b in range(a + 1, MAX_NUMBER + 1)
    )
