"""Cards as an adapter writes them in a state: read safely, and checked against the box.

Blame compares the adapter's cards with the reference's; whatever the adapter sends, reading a
card never raises: text that is not two numbers of one or two ASCII digits is no card.
"""

from __future__ import annotations

import re

CARD_FIELDS = ("hands", "set_aside", "active_set", "captured")
"""State fields that hold cards (in piles, or a pile per seat)."""

_CARD = re.compile(r"([0-9]{1,2})[/-]([0-9]{1,2})", re.ASCII)
"""A card as it lies (``7/3``) or by its name (``3-7``, as ``captured`` holds it)."""


def is_card(text: str) -> bool:
    """Whether ``text`` is written as a card (two numbers of one or two digits, with the slash
    of a card as it lies or the dash of its name).

    >>> is_card("5/10"), is_card("5-10"), is_card("5/100"), is_card("x")
    (True, True, False, False)
    """
    return _CARD.fullmatch(text) is not None


def identity(card: object) -> tuple[int, int]:
    """A card whichever way up: its two numbers, smaller first; ``(0, 0)`` for anything that is
    no card (it then matches no card of the box).

    >>> identity("9/2"), identity("x")
    ((2, 9), (0, 0))
    """
    numbers = _CARD.fullmatch(card) if isinstance(card, str) else None
    if numbers is None:
        return (0, 0)
    a, b = int(numbers[1]), int(numbers[2])
    return (min(a, b), max(a, b))


def outside_box(value: object) -> bool:
    """Whether a field holds a card written as two numbers that no card of the box carries
    (SC-COMP-01: one card for each pair of different numbers from 1 to 10), such as 5/5.

    >>> outside_box([["1/2", "5/5"]]), outside_box(["1/2"]), outside_box([["11-12"]])
    (True, False, True)
    """
    piles = value if isinstance(value, list) else []
    cards = [c for p in piles for c in (p if isinstance(p, list) else [p])]
    for card in cards:
        if isinstance(card, str) and is_card(card):
            a, b = identity(card)
            if a == b or not (1 <= a <= 10 and 1 <= b <= 10):
                return True
    return False
