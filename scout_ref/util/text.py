"""Small helpers for the words scout-ref prints: counts with the right plural."""

from __future__ import annotations

_IRREGULAR = {"was": "were", "is": "are", "has": "have", "this": "these"}


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``count`` and ``noun``, in the plural unless ``count`` is 1.

    >>> plural(1, "case"), plural(3, "card"), plural(0, "seat"), plural(2, "match", "matches")
    ('1 case', '3 cards', '0 seats', '2 matches')
    """
    if count == 1:
        return f"1 {noun}"
    return f"{count} {many or _IRREGULAR.get(noun, noun + 's')}"
