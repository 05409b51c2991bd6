"""Chapter NOTE: moves and their one canonical text form.

``parse_move`` and ``str(move)`` are a pair: ``parse_move(str(m)) == m`` for every move, and
``repr(m)`` is the Python expression that rebuilds it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from scout_ref.errors import MalformedInputError
from scout_ref.registry import implements


class End(Enum):
    """An end of the active set."""

    LEFT = "L"
    RIGHT = "R"


@dataclass(frozen=True, slots=True)
class Keep:
    """Keep the hand as dealt (SC-NOTE-01)."""

    def __str__(self) -> str:
        return "keep"

    def __repr__(self) -> str:
        return "parse_move('keep')"


@dataclass(frozen=True, slots=True)
class Flip:
    """Rotate the whole hand (SC-NOTE-01)."""

    def __str__(self) -> str:
        return "flip"

    def __repr__(self) -> str:
        return "parse_move('flip')"


@dataclass(frozen=True, slots=True, order=True)
class Show:
    """Show hand positions ``first`` to ``last`` inclusive (SC-NOTE-02)."""

    first: int
    last: int

    def __str__(self) -> str:
        return f"show {self.first}-{self.last}"

    def __repr__(self) -> str:
        return f"parse_move({str(self)!r})"


@dataclass(frozen=True, slots=True)
class Scout:
    """Take the card at ``end``, rotated or not, and insert it at ``slot`` (SC-NOTE-03)."""

    end: End
    rotated: bool
    slot: int

    def __str__(self) -> str:
        return f"scout {self.end.value}{'~' if self.rotated else ''} @{self.slot}"

    def __repr__(self) -> str:
        return f"parse_move({str(self)!r})"

    @property
    def sort_key(self) -> tuple[int, int, int]:
        """Canonical display order (SC-NOTE-06)."""
        return (self.end is End.RIGHT, self.rotated, self.slot)


@dataclass(frozen=True, slots=True)
class ScoutShow:
    """Scout, then show from the new hand, as one turn (SC-NOTE-04)."""

    scout: Scout
    show: Show

    def __str__(self) -> str:
        return f"{self.scout} + {self.show}"

    def __repr__(self) -> str:
        return f"parse_move({str(self)!r})"


Move = Keep | Flip | Show | Scout | ScoutShow
"""Any move."""

KEEP = Keep()
FLIP = Flip()

# ASCII digits only (``\d`` would take "٢" as 2); fullmatch, so no trailing newline slips in.
_SHOW = r"show ([0-9]+)-([0-9]+)"
_SCOUT = r"scout ([LR])(~?) @([0-9]+)"
_PATTERNS = (
    ("keep", re.compile("keep")),
    ("flip", re.compile("flip")),
    ("show", re.compile(_SHOW)),
    ("scout", re.compile(_SCOUT)),
    ("scout_show", re.compile(_SCOUT + r" \+ " + _SHOW)),
)
_NUMBER = re.compile(r"0|[1-9][0-9]{0,3}")


def _number(text: str, source: str) -> int:
    if not _NUMBER.fullmatch(text):
        raise MalformedInputError("move", [("", f"{source!r}: {text!r} is not a canonical index")])
    return int(text)


def _show(a: str, b: str, source: str) -> Show:
    first, last = _number(a, source), _number(b, source)
    if first > last:
        raise MalformedInputError("move", [("", f"{source!r}: range {first}-{last} is reversed")])
    return Show(first, last)


@implements("SC-NOTE-01", "SC-NOTE-02", "SC-NOTE-03", "SC-NOTE-04")
def parse_move(text: str) -> Move:
    """Read a move in canonical notation.

    Raises:
        MalformedInputError: if ``text`` is not a move in canonical notation.

    >>> parse_move('scout R~ @0 + show 1-3')
    parse_move('scout R~ @0 + show 1-3')
    >>> parse_move('show 4-2')
    Traceback (most recent call last):
    ...
    scout_ref.errors.MalformedInputError: invalid move: 'show 4-2': range 4-2 is reversed
    """
    for kind, pattern in _PATTERNS:
        m = pattern.fullmatch(text)
        if m is None:
            continue
        if kind == "keep":
            return KEEP
        if kind == "flip":
            return FLIP
        if kind == "show":
            return _show(m[1], m[2], text)
        scout = Scout(End(m[1]), m[2] == "~", _number(m[3], text))
        return scout if kind == "scout" else ScoutShow(scout, _show(m[4], m[5], text))
    raise MalformedInputError("move", [("", f"{text!r} is not a move: {_hint(text)}")])


_FORMS = (
    "keep, flip, show i-j, scout E[~] @k or scout E[~] @k + show i-j (E: the L or R end of "
    "the active set; ~: turned; k: the slot)"
)


def spelled_canonically(text: str) -> str:
    """``text`` with its words in canonical case and spacing, a slot's ``@`` and a one-card
    range's second index filled in: what a person most likely meant.

    >>> spelled_canonically("Show 0 - 1"), spelled_canonically("scout l 3")
    ('show 0-1', 'scout L @3')
    >>> spelled_canonically("show 3"), spelled_canonically("scout r~ @0+show 1-2")
    ('show 3-3', 'scout R~ @0 + show 1-2')
    """
    words = re.sub(r"\s*-\s*", "-", re.sub(r"\s*\+\s*", " + ", text.strip())).split()
    words = [w.upper() if w.lower() in ("l", "r", "l~", "r~") else w.lower() for w in words]
    out = " ".join(words)
    out = re.sub(r"(scout [LR]~?) ([0-9]+)", r"\1 @\2", out)
    return re.sub(r"show ([0-9]+)(?=$| )", r"show \1-\1", out)


def _hint(text: str) -> str:
    """What a text that is not a move probably meant, or the forms a move takes."""
    if text.strip().lower() == "pass":
        return "there is no passing in SCOUT (SC-TURN-02): show, scout, or Scout & Show"
    guess = spelled_canonically(text)
    if guess != text and any(p.fullmatch(guess) for _, p in _PATTERNS):
        one_card = "-" not in text and "show" in guess
        return f"{'a show needs a range: ' if one_card else ''}did you mean {guess!r}?"
    return f"a move is {_FORMS}"


def move_sort_key(move: Move) -> tuple[int, tuple[int, ...]]:
    """The canonical display order of moves (SC-NOTE-06)."""
    match move:
        case Keep():
            return (0, ())
        case Flip():
            return (1, ())
        case Show(first, last):
            return (2, (first, last))
        case Scout():
            return (3, move.sort_key)
        case ScoutShow(scout, show):
            return (4, (*scout.sort_key, show.first, show.last))
