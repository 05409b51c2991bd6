"""Arguments of the public API checked where they enter, as the command line checks its input.

A Python caller can hand any object to any function; without these checks a string where a
move belongs ends in an ``AssertionError`` deep in the engine, and seat ``-1`` or ``True``
quietly reads the last seat or seat 1 (python-chess refuses a square outside 0 to 63 the same
way). The wrong *type* is a :class:`TypeError` that says what to pass; a value of the right type
outside its range is the :class:`~scout_ref.MalformedInputError` the command line gives.
"""

from __future__ import annotations

from collections.abc import Sequence

from scout_ref.errors import MalformedInputError, excerpt


def shown(value: object) -> str:
    """A short repr of ``value`` for a message (it may be huge)."""
    return excerpt(repr(value), 60)


def require_type(value: object, kind: type | tuple[type, ...], what: str, example: str) -> None:
    """Raise TypeError unless ``value`` is a ``kind`` (or one of a tuple of kinds; a bool is not
    an int)."""
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        raise TypeError(f"{what} is {example}, not {type(value).__name__} {shown(value)}")


def require_seat(seat: object, players: int) -> int:
    """``seat`` itself, once it is an int from 0 to ``players - 1``.

    Raises:
        TypeError: if ``seat`` is not an int (``True`` is not seat 1).
        MalformedInputError: if it is outside the table.

    >>> require_seat(-1, 3)
    Traceback (most recent call last):
    ...
    scout_ref.errors.MalformedInputError: invalid seat: -1 is not a seat 0 to 2
    """
    require_type(seat, int, "a seat", "an int such as Seat(0)")
    assert isinstance(seat, int)
    if not 0 <= seat < players:
        raise MalformedInputError("seat", [("", f"{shown(seat)} is not a seat 0 to {players - 1}")])
    return seat


def require_choices(option: str, given: Sequence[str], choices: Sequence[str]) -> None:
    """Refuse a value of ``given`` that is not one of ``choices``, as the command line's
    choices do.

    Raises:
        MalformedInputError: naming ``option`` and the choices.
    """
    for value in given:
        if value not in choices:
            why = f"{value!r} is not one of {', '.join(choices)}"
            raise MalformedInputError(option, [("", why)])


MAX_PATTERN = 200
"""The longest rule or case pattern (the longest case ID is under 80 characters)."""


def require_pattern(value: str, option: str) -> str:
    """``value`` itself, once it is a pattern an ID can match: 1 to :data:`MAX_PATTERN`
    printable ASCII characters (a line break, a tab or another script's letters match no ID,
    and a glob of 100,000 characters is no selection).

    Raises:
        MalformedInputError: naming ``option`` otherwise.

    >>> require_pattern("SC-SHOW-01\\n", "--rule")  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    scout_ref.errors.MalformedInputError: invalid --rule: 'SC-SHOW-01\\n' is not 1 to 200
    printable ASCII characters
    """
    if not 0 < len(value) <= MAX_PATTERN or not (value.isascii() and value.isprintable()):
        why = f"{shown(value)} is not 1 to {MAX_PATTERN} printable ASCII characters"
        raise MalformedInputError(option, [("", why)])
    return value
