"""Chapter NOTE: moves and their one canonical text form.

``parse_move`` and ``str(move)`` are a pair: ``parse_move(str(m)) == m`` for every move, and
``repr(m)`` is the Python expression that rebuilds it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from scout_ref.errors import MalformedInputError
from scout_ref.rulebook.registry import implements
from scout_ref.util.args import require_type, shown


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
MAX_INDEX = 9999
"""The largest hand position or slot the notation writes (four digits, far above any hand)."""


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
    "the active set; ~: turned; k: the slot), or a move the rules forbid (SC-NOTE-07): "
    "scout #i[~] @k or show i,j,..."
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


def _is_index(value: object) -> bool:
    return type(value) is int and 0 <= value <= MAX_INDEX


def _check_index(value: object, what: str, text: str) -> None:
    """Raise for an index that is not an int from 0 to :data:`MAX_INDEX` (called on failure:
    ``text`` is the move as written)."""
    require_type(value, int, what, "an int")
    raise MalformedInputError("move", [("", f"{text!r}: {value} is not a canonical index")])


def _check_show(show: Show) -> None:
    first, last = show.first, show.last
    if _is_index(first) and _is_index(last) and first <= last:
        return
    text = f"show {first}-{last}"
    if not _is_index(first):
        _check_index(first, "Show.first", text)
    if not _is_index(last):
        _check_index(last, "Show.last", text)
    raise MalformedInputError("move", [("", f"{text!r}: range {first}-{last} is reversed")])


def _check_scout(scout: Scout) -> None:
    end: object = scout.end  # typed End, but a caller may pass anything
    rotated: object = scout.rotated
    if type(end) is End and type(rotated) is bool and _is_index(scout.slot):
        return
    require_type(scout.end, End, "Scout.end", "End.LEFT or End.RIGHT")
    require_type(scout.rotated, bool, "Scout.rotated", "a bool")
    _check_index(scout.slot, "Scout.slot", str(scout))


def check_notation(move: object) -> None:
    """Raise unless ``move`` is a move the canonical notation can write: the public functions
    that take a move check it first, so the API refuses what :func:`parse_move` refuses.

    Raises:
        TypeError: if ``move`` is not a move, or a field has the wrong type (a bool slot).
        MalformedInputError: if an index is negative or beyond :data:`MAX_INDEX`, or a
        show's range is reversed, with the message the command line gives.

    >>> check_notation(Scout(End.LEFT, False, -1))
    Traceback (most recent call last):
    ...
    scout_ref.errors.MalformedInputError: invalid move: 'scout L @-1': -1 is not a canonical index
    """
    match move:
        case Keep() | Flip():
            return
        case Show():
            _check_show(move)
        case Scout():
            _check_scout(move)
        case ScoutShow():
            if type(move.scout) is not Scout:
                require_type(move.scout, Scout, "ScoutShow.scout", "a Scout")
            if type(move.show) is not Show:
                require_type(move.show, Show, "ScoutShow.show", "a Show")
            _check_scout(move.scout)
            _check_show(move.show)
        case str():
            raise TypeError(
                f"a move is a Move, not the str {shown(move)}: pass parse_move({shown(move)})"
            )
        case _:
            kinds = "Keep, Flip, Show, Scout or ScoutShow, e.g. parse_move('keep')"
            raise TypeError(f"a move is a {kinds}, not {type(move).__name__} {shown(move)}")


@dataclass(frozen=True, slots=True)
class ScoutInner:
    """Take the card at ``position`` of the active set, counted from 0 at the left end, which
    is not an end card (SC-NOTE-07). Never legal (SC-SCOUT-01): a probe for rejections."""

    position: int
    rotated: bool
    slot: int

    def __str__(self) -> str:
        return f"scout #{self.position}{'~' if self.rotated else ''} @{self.slot}"


@dataclass(frozen=True, slots=True)
class ShowCards:
    """Show the hand's cards at ``positions``, put down in this order, which are not adjacent
    or not in the order they lie (SC-NOTE-07). Never legal (SC-SHOW-01): a probe for
    rejections."""

    positions: tuple[int, ...]

    def __str__(self) -> str:
        return "show " + ",".join(map(str, self.positions))


Probe = ScoutInner | ShowCards
"""A physically possible move the rules forbid, which canonical notation cannot name."""

Written = Move | Probe
"""Anything a move may be written as: a move in canonical notation or a probe (SC-NOTE-07)."""

_PROBES = (
    ("scout", re.compile(r"scout #([0-9]+)(~?) @([0-9]+)")),
    ("show", re.compile(r"show ([0-9]+(?:,[0-9]+)+)")),
)


def _refuse(text: str, why: str) -> MalformedInputError:
    return MalformedInputError("move", [("", f"{text!r}: {why}")])


def _check_positions(positions: tuple[int, ...], text: str) -> None:
    """Refuse a show of listed cards that names fewer than two, one twice, or an ascending run,
    which ``show i-j`` writes (each physical move has one spelling)."""
    if len(positions) < 2:
        one = f"it is written show {positions[0]}-{positions[0]}" if positions else "no card"
        raise _refuse(text, f"{one}: show i,j,... lists two cards or more")
    if len(set(positions)) < len(positions):
        raise _refuse(text, "a card is named twice")
    if list(positions) == list(range(positions[0], positions[-1] + 1)):
        raise _refuse(text, f"it is written show {positions[0]}-{positions[-1]}")


@implements("SC-NOTE-07")
def check_probe_notation(probe: object) -> None:
    """Raise unless ``probe`` is a probe its notation can write, as :func:`parse_probe` would
    read it: the functions that judge a probe check it first, so a probe built in Python is
    refused where its text is.

    Raises:
        TypeError: if ``probe`` is not a probe, or a field has the wrong type (a bool or a str
        where an index belongs, a list of positions).
        MalformedInputError: for a negative index or one beyond :data:`MAX_INDEX`, position 0
        of ``scout #i`` (the left end, written ``L``), or a ``show i,j,...`` that names fewer
        than two cards, one twice, or an ascending run.

    >>> check_probe_notation(ShowCards((0, 1)))
    Traceback (most recent call last):
    ...
    scout_ref.errors.MalformedInputError: invalid move: 'show 0,1': it is written show 0-1
    """
    match probe:
        case ScoutInner():
            require_type(probe.position, int, "ScoutInner.position", "an int")
            require_type(probe.rotated, bool, "ScoutInner.rotated", "a bool")
            require_type(probe.slot, int, "ScoutInner.slot", "an int")
            text = str(probe)
            for index in (probe.position, probe.slot):
                if not _is_index(index):
                    raise _refuse(text, f"{index} is not a canonical index")
            if probe.position == 0:
                raise _refuse(text, "the left end is written L")
        case ShowCards():
            positions: object = probe.positions
            require_type(positions, tuple, "ShowCards.positions", "a tuple of ints")
            for index in probe.positions:
                require_type(index, int, "a position of ShowCards", "an int")
            for index in probe.positions:
                if not _is_index(index):
                    raise _refuse(str(probe), f"{index} is not a canonical index")
            _check_positions(probe.positions, str(probe))
        case _:
            kinds = "ScoutInner or ShowCards, e.g. parse_probe('show 2,0')"
            raise TypeError(f"a probe is a {kinds}, not {type(probe).__name__} {shown(probe)}")


@implements("SC-NOTE-07")
def parse_probe(text: str) -> Probe:
    """Read a probe: ``scout #i[~] @k`` (i at least 1) or ``show i,j,...`` (positions each once,
    not the ascending run that ``show i-j`` names).

    Raises:
        MalformedInputError: if ``text`` is not a probe.

    >>> str(parse_probe('show 3,1'))
    'show 3,1'
    >>> parse_probe('show 1,2')
    Traceback (most recent call last):
    ...
    scout_ref.errors.MalformedInputError: invalid move: 'show 1,2': it is written show 1-2
    """
    for kind, pattern in _PROBES:
        m = pattern.fullmatch(text)
        if m is None:
            continue
        probe: Probe
        if kind == "scout":
            probe = ScoutInner(_number(m[1], text), m[2] == "~", _number(m[3], text))
        else:
            probe = ShowCards(tuple(_number(n, text) for n in m[1].split(",")))
        check_probe_notation(probe)
        return probe
    raise MalformedInputError("move", [("", f"{text!r} is not scout #i[~] @k or show i,j,...")])


def parse_written(text: str) -> Written:
    """Read a move as a vector, a request or a person writes it: in canonical notation, or a
    probe of SC-NOTE-07. The one reader of written moves (the command line's included).

    Raises:
        MalformedInputError: if ``text`` is neither; a text in a probe's shape is refused with
        the probe's reason, any other with :func:`parse_move`'s.

    >>> parse_written('scout #1 @0'), parse_written('show 0-1')
    (ScoutInner(position=1, rotated=False, slot=0), parse_move('show 0-1'))
    """
    try:
        return parse_move(text)
    except MalformedInputError as exc:
        if not any(pattern.fullmatch(text) for _, pattern in _PROBES):
            raise exc from None
    return parse_probe(text)


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
