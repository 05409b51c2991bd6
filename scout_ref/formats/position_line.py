"""The position line: a whole state as one line of text, SCOUT's answer to chess's FEN.

``spec/POSITION.md`` is the language-neutral specification (grammar, defaults, examples).
:func:`parse_position` and :func:`format_position` are a pair: for every valid state ``s``,
``parse_position(format_position(s)) == s``. A hand-written line may leave out what a dispute
does not need. A line without ``captured`` is a sketch: the cards it does not name are placed
as the game :func:`scout_ref.analysis.construction.construct` plays places them, so the position
comes with the game that reaches it (or, if that construction finds none, as
:func:`scout_ref.formats.position.build_reachable_state` places them, which also fills in the chips
and the first round's totals); a line with ``captured`` places them by the default of
:func:`scout_ref.formats.position.build_state`, on the owner's pile.

>>> state = parse_position("3p hands 3/7 3/1 9/2 | 1/4 2/7 | 8/2 7/1 active_set 4/9 5/1 owner 2")
>>> [len(pile) for pile in state.captured], state.scout_chips  # placed by a game
([9, 9, 9], (4, 4, 4))
>>> parse_position(format_position(state)) == state
True
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from scout_ref.analysis.construction import construct
from scout_ref.engine.setup import TWO_PLAYER_CHIPS
from scout_ref.engine.state import Phase, RoundEnd, State, require_state
from scout_ref.engine.variants import Rules
from scout_ref.errors import MalformedInputError, excerpt
from scout_ref.formats.position import build_reachable_state, build_state
from scout_ref.util.jsonread import MAX_INTEGER

_HEADER = re.compile(r"([2-5])p")
_ORIENTED = re.compile(r"(10|[1-9])/(10|[1-9])")
_IDENTITY = re.compile(r"(10|[1-9])-(10|[1-9])")
_INTEGER = re.compile(r"-?([0-9]+)")
_EMPTY = "-"
_BAR = "|"
_NOT_IN_LINE = re.compile(r"[^\t\x20-\x7e]")  # a line holds printable ASCII and tabs only
_MAX_DIGITS = len(str(MAX_INTEGER))

MAX_POSITION_CHARS = 4096
"""The longest position line read: ten times a canonical line of five full hands, so a line
of megabytes is refused before it is split into tokens."""


@dataclass(frozen=True, slots=True)
class _Token:
    text: str
    column: int  # 1-based


def _fail(column: int, message: str) -> MalformedInputError:
    return MalformedInputError("position", [(f"column {column}", message)])


def _quoted(text: str) -> str:
    """A token as an error quotes it: short, since a token may be thousands of characters."""
    return excerpt(repr(text), 40)


def _natural(text: str) -> int | None:
    """The number ``text`` writes in ASCII digits, or None (a sign, another script, a leading
    zero (``01``: each number has one written form), or more digits than any integer within
    +-(2^53 - 1), refused before anything converts them)."""
    if not text.isascii() or not text.isdigit() or len(text) > _MAX_DIGITS:
        return None
    if text[0] == "0" and len(text) > 1:
        return None
    return int(text)


def _not_a(what: str | None, token: _Token) -> MalformedInputError:
    """``token`` is not ``what`` (None: not a field); a word gets the closest field, or the list
    of fields when none is close."""
    message = f"{_quoted(token.text)} is not {what or 'a field'}"
    if what is None or re.fullmatch(r"[A-Za-z_]+", token.text):
        close = difflib.get_close_matches(token.text.lower(), _FIELDS, n=1, cutoff=0.6)
        message += "" if what is None else " nor a field"
        message += f": did you mean {close[0]!r}?" if close else f"; fields: {', '.join(_FIELDS)}"
    return _fail(token.column, message)


def header_hint(text: str) -> str:
    """What a line that does not start with the player count may have meant.

    >>> header_hint("3 hands 3/4 | 1/2 | 1/3"), header_hint("3P hands 1/2"), header_hint("hands")
    ("did you mean '3p'?", "did you mean '3p'?", "start with the player count, e.g. '3p hands ...'")
    """
    first = text.split(maxsplit=1)[0] if text.strip() else ""
    if re.fullmatch(r"[2-5][pP]?", first):
        return f"did you mean '{first[0]}p'?"
    if re.fullmatch(r"\d+[pP]?", first):
        return "SCOUT is played by 2 to 5 players"
    return "start with the player count, e.g. '3p hands ...'"


class _Reader:
    """The fields of one line, read into :func:`build_state`'s arguments."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.kwargs: dict[str, Any] = {}
        self.columns: dict[str, int] = {}  # JSON pointer of the state -> column in the line

    def seat(self, token: _Token) -> int:
        seat = _natural(token.text)
        if seat is None or seat >= self.players:
            raise _fail(
                token.column, f"{_quoted(token.text)} is not a seat 0 to {self.players - 1}"
            )
        return seat

    def one(self, name: str, field: _Token, values: list[_Token]) -> _Token:
        if len(values) != 1:
            raise _fail(field.column, f"{name} takes exactly one value, got {len(values)}")
        return values[0]

    def integers(
        self, name: str, field: _Token, values: list[_Token], low: int | None
    ) -> list[int]:
        if len(values) != self.players:
            raise _fail(field.column, f"{name} needs one number per seat ({self.players})")
        numbers = []
        for v in values:
            match = _INTEGER.fullmatch(v.text)
            size = None if match is None else _natural(match[1])
            number = None if size is None else (-size if v.text.startswith("-") else size)
            shown = excerpt(repr(v.text), 40)
            if match is None or v.text == "-0" or (size is None and match[1][0] == "0"):
                raise _fail(v.column, f"{shown} is not an integer written as one (no leading 0)")
            if number is None:
                raise _fail(v.column, f"{shown} is beyond +-{MAX_INTEGER}")
            if low is not None and number < low:
                raise _fail(v.column, f"{shown} is below {low}")
            numbers.append(number)
        return numbers

    def row(self, pointer: str, tokens: list[_Token]) -> str:
        """Oriented cards, or ``-`` for none."""
        if [t.text for t in tokens] == [_EMPTY]:
            return ""
        for k, t in enumerate(tokens):
            match = _ORIENTED.fullmatch(t.text)
            if not match or match[1] == match[2]:
                raise _not_a("an oriented card such as '6/4'", t)
            self.columns[f"{pointer}/{k}"] = t.column
        return " ".join(t.text for t in tokens)

    def pile(self, pointer: str, tokens: list[_Token]) -> str | int:
        """Captured card identities, ``-`` for none, or a count of cards left to the default."""
        texts = [t.text for t in tokens]
        if texts == [_EMPTY]:
            return ""
        if len(texts) == 1 and texts[0].isdigit():
            count = _natural(texts[0])
            if count is None:
                raise _fail(tokens[0].column, f"{excerpt(texts[0], 40)} cards is beyond any pile")
            return count
        for t in tokens:
            match = _IDENTITY.fullmatch(t.text)
            if not match or int(match[1]) >= int(match[2]):
                raise _not_a("a card identity such as '1-2' (or a count)", t)
        return " ".join(texts)

    def rows(self, name: str, field: _Token, values: list[_Token]) -> list[list[_Token]]:
        bars = sum(v.text == _BAR for v in values)  # counted before any row is built
        if bars != self.players - 1:
            raise _fail(
                field.column,
                f"{name} needs {self.players} rows separated by '|', got {bars + 1}",
            )
        groups: list[list[_Token]] = [[]]
        for v in values:
            if v.text == _BAR:
                groups.append([])
            else:
                groups[-1].append(v)
        for s, group in enumerate(groups):
            self.columns[f"/{name}/{s}"] = group[0].column if group else field.column
        return groups


def _rules(reader: _Reader, field: _Token, values: list[_Token]) -> None:
    for v in values:  # word by word first, so that an error names the word's column
        try:
            Rules.parse(v.text)
        except MalformedInputError as exc:
            raise _fail(v.column, exc.problems[0][1]) from None
    try:
        reader.kwargs["rules"] = Rules.parse(" ".join(v.text for v in values))
    except MalformedInputError as exc:  # a switch given twice: the location is "word N"
        where, why = exc.problems[0]
        word = int(where.removeprefix("word ")) if where.startswith("word ") else 1
        raise _fail(values[min(word, len(values)) - 1].column, why) from None


def _round(reader: _Reader, field: _Token, values: list[_Token]) -> None:
    token = reader.one("round", field, values)
    number = _natural(token.text)
    if number is None or not 1 <= number <= reader.players:
        raise _fail(token.column, f"{_quoted(token.text)} is not a round 1 to {reader.players}")
    reader.kwargs["round"] = number


def _enum(name: str, key: str, kind: type[Phase] | type[RoundEnd]) -> Callable[..., None]:
    def read(reader: _Reader, field: _Token, values: list[_Token]) -> None:
        token = reader.one(name, field, values)
        allowed = [e.value for e in kind]
        if token.text not in allowed:
            raise _fail(token.column, f"{_quoted(token.text)} is not one of {', '.join(allowed)}")
        reader.kwargs[key] = token.text

    return read


def _seat_field(key: str) -> Callable[..., None]:
    def read(reader: _Reader, field: _Token, values: list[_Token]) -> None:
        reader.kwargs[key] = reader.seat(reader.one(key, field, values))

    return read


def _hands(reader: _Reader, field: _Token, values: list[_Token]) -> None:
    groups = reader.rows("hands", field, values)
    reader.kwargs["hands"] = [reader.row(f"/hands/{s}", g) for s, g in enumerate(groups)]


def _row_field(key: str) -> Callable[..., None]:
    def read(reader: _Reader, field: _Token, values: list[_Token]) -> None:
        reader.kwargs[key] = reader.row(f"/{key}", values or [_Token(_EMPTY, field.column)])

    return read


def _captured(reader: _Reader, field: _Token, values: list[_Token]) -> None:
    groups = reader.rows("captured", field, values)
    reader.kwargs["captured"] = [reader.pile(f"/captured/{s}", g) for s, g in enumerate(groups)]


def _scout_chips(reader: _Reader, field: _Token, values: list[_Token]) -> None:
    reader.kwargs["scout_chips"] = reader.integers("scout_chips", field, values, 0)


def _scores(reader: _Reader, field: _Token, values: list[_Token]) -> None:
    reader.kwargs["scores"] = reader.integers("scores", field, values, None)


def _scout_show_used(reader: _Reader, field: _Token, values: list[_Token]) -> None:
    if reader.players == 2:
        raise _fail(field.column, "there is no Scout & Show with 2 players")
    used = {reader.seat(v) for v in values}
    reader.kwargs["scout_show_available"] = [s not in used for s in range(reader.players)]


_FIELDS: dict[str, Callable[[_Reader, _Token, list[_Token]], None]] = {
    "round": _round,
    "phase": _enum("phase", "phase", Phase),
    "turn": _seat_field("turn"),
    "round_end": _enum("round_end", "round_end", RoundEnd),
    "hands": _hands,
    "active_set": _row_field("active_set"),
    "owner": _seat_field("owner"),
    "captured": _captured,
    "scout_chips": _scout_chips,
    "scout_show_used": _scout_show_used,
    "scores": _scores,
    "set_aside": _row_field("set_aside"),
    "rules": _rules,
}
"""The fields in canonical order; the JSON key each one fills is documented in spec/POSITION.md."""

_POINTER_FIELD = {"scout_show_available": "scout_show_used", "start_player": "round"}


def _tokens(text: str) -> list[_Token]:
    """The tokens of one line of printable ASCII, refused before it is split if it is longer
    than :data:`MAX_POSITION_CHARS` or holds any other character (spec/POSITION.md: tokens
    are separated by spaces or tabs; digits are 0 to 9)."""
    if not isinstance(text, str):
        raise TypeError(f"a position line is a str, not {type(text).__name__}")
    if len(text) > MAX_POSITION_CHARS:
        message = f"a position line is at most {MAX_POSITION_CHARS} characters; got {len(text)}"
        raise _fail(MAX_POSITION_CHARS + 1, message)
    odd = _NOT_IN_LINE.search(text)
    if odd is not None:
        raise _fail(odd.start() + 1, _odd_character(odd[0]))
    return [_Token(m[0], m.start() + 1) for m in re.finditer(r"\||[^ \t|]+", text)]


def _odd_character(char: str) -> str:
    if char in "\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029":
        return "a line break: a position is one line, its tokens separated by spaces or tabs"
    what = f"{char!r} (U+{ord(char):04X})"
    if char.isdigit() or char.isnumeric():
        return f"{what} is not one of the digits 0 to 9"
    return f"{what} is not part of a position line, which is printable ASCII"


def _split_fields(tokens: list[_Token]) -> list[tuple[_Token, list[_Token]]]:
    fields: list[tuple[_Token, list[_Token]]] = []
    for token in tokens:
        if token.text in _FIELDS:
            if any(f.text == token.text for f, _ in fields):
                raise _fail(token.column, f"field {_quoted(token.text)} is given twice")
            fields.append((token, []))
        elif not fields:
            raise _not_a(None, token)
        else:
            fields[-1][1].append(token)
    return fields


def _located(exc: MalformedInputError, reader: _Reader) -> MalformedInputError:
    """The state's problems, with a column where the line named the part at fault."""
    problems = []
    for pointer, message in exc.problems:
        path = pointer
        while path and path not in reader.columns:
            path = path.rpartition("/")[0]
        if path:
            problems.append((f"column {reader.columns[path]}", message))
        else:
            head = pointer.split("/")[1] if pointer else ""
            problems.append((_POINTER_FIELD.get(head, head), message))
    return MalformedInputError("position", problems)


def parse_position(text: str) -> State:
    """The state a position line describes (``spec/POSITION.md``).

    Raises:
        MalformedInputError: at the first syntax error, with its column; or listing every way
            the described state is invalid, with columns where the line named the part.

    >>> parse_position("3p hands 3/1 | 2/1")
    Traceback (most recent call last):
    ...
    scout_ref.errors.MalformedInputError: invalid position: column 4: hands needs 3 rows ...
    """
    tokens = _tokens(text)
    if not tokens or not _HEADER.fullmatch(tokens[0].text):
        column = tokens[0].column if tokens else 1
        hint = header_hint(text)
        raise _fail(column, f"a position starts with the player count, 2p to 5p: {hint}")
    reader = _Reader(int(tokens[0].text[0]))
    for field, values in _split_fields(tokens[1:]):
        reader.columns[f"/{field.text}"] = field.column
        _FIELDS[field.text](reader, field, values)
    kw = reader.kwargs
    over = kw.get("phase") in (Phase.ROUND_OVER.value, Phase.GAME_OVER.value)
    start = (kw.get("round", 1) - 1) % reader.players
    kw.setdefault("turn", None if over else start)
    kw.setdefault("hands", [""] * reader.players)
    sketch = kw.get("owner") is not None and "captured" not in kw and "set_aside" not in kw
    if reader.players == 2 and kw.get("round", 1) > 1:
        sketch = False  # nothing is placed: every card of the round is named
    try:
        if sketch:
            # Nothing said about the piles: place the cards as play can (chapter REACH).
            return _played(build_reachable_state(reader.players, **kw), kw)
        return build_state(reader.players, **kw)
    except MalformedInputError as exc:
        raise _located(exc, reader) from None


def _played(state: State, kw: dict[str, Any]) -> State:
    """A sketch's position as a constructed game reaches it: the same named parts, with the
    captured piles, chips and totals that game leaves (spec/POSITION.md, the default
    placement); ``state`` itself when the line writes chips or totals or no game is found."""
    if "scout_chips" in kw or "scores" in kw:
        return state
    witness = construct(state)
    return state if witness is None else witness.replay(state)


def _cards(row: tuple[object, ...]) -> str:
    return " ".join(map(str, row)) or _EMPTY


def _captured_text(state: State) -> str | None:
    """The captured piles, the owner's left to the default placement (None: nothing to write)."""
    piles = [_cards(p) for p in state.captured]
    if state.owner is not None and not (state.is_two_player and state.round > 1):
        piles[state.owner] = _EMPTY  # the only cards left unnamed: the placement gives them back
        return " | ".join(piles)  # always written: a line without piles is a sketch
    return " | ".join(piles) if any(p != _EMPTY for p in piles) else None


def format_position(state: State) -> str:
    """The canonical position line of ``state``: defaults left out, and every card named but
    the owner's captured cards, which the default placement puts back.

    >>> state = parse_position("3p owner 1 active_set 5/1 hands 3/1|2/1|4/1 captured -|-|-")
    >>> format_position(state)
    '3p turn 0 hands 3/1 | 2/1 | 4/1 active_set 5/1 owner 1 captured - | - | -'
    """
    two = require_state(state).is_two_player
    used = [str(s) for s, free in enumerate(state.scout_show_available) if not free and not two]
    chips = state.scout_chips
    default_chips = ((TWO_PLAYER_CHIPS if two else 0),) * state.players
    fields: list[tuple[str, object]] = [
        ("round", state.round if state.round != 1 else None),
        ("phase", state.phase.value if state.phase is not Phase.PLAY else None),
        ("turn", state.turn),
        ("round_end", None if state.round_end is None else state.round_end.value),
        ("hands", " | ".join(_cards(h) for h in state.hands)),
        ("active_set", _cards(state.active_set) if state.active_set else None),
        ("owner", state.owner),
        ("captured", _captured_text(state)),
        ("scout_chips", None if chips == default_chips else _numbers(chips)),
        ("scout_show_used", " ".join(used) or None),
        ("scores", _numbers(state.scores) if any(state.scores) else None),
        ("set_aside", _cards(state.set_aside) if state.set_aside else None),
        ("rules", str(state.rules) or None),
    ]
    return " ".join([f"{state.players}p", *(f"{k} {v}" for k, v in fields if v is not None)])


def _numbers(values: tuple[int, ...]) -> str:
    return " ".join(map(str, values))
