"""Reading the states (and JSON documents) that a front end is given, with one-line errors.

A state may be given as a position line (``spec/POSITION.md``), a file holding a position
line or a state JSON, or ``-`` for standard input holding either. The command line reads its
arguments here, and so does the browser's engine (:mod:`scout_ref.browser`), so both refuse the
same input with the same message.
"""

from __future__ import annotations

import os
import re
import sys
from typing import TextIO

from scout_ref.engine.combinations import strength_of
from scout_ref.engine.reachability import check_reachable
from scout_ref.engine.show import tops
from scout_ref.engine.state import State
from scout_ref.errors import MalformedInputError, excerpt
from scout_ref.formats.position_line import header_hint, parse_position
from scout_ref.formats.state_json import state_from_json
from scout_ref.util import jsonread as _jsonread
from scout_ref.util.jsonread import JSONValue

_POSITION_START = re.compile(r"\s*[2-5]p(\s|$)")
_LOOKS_LIKE_POSITION = re.compile(r"\|| hands | active_set |^\s*\d+[pP]?\s")
"""Text that is meant as a position line, not a file name."""


def standard_input(purpose: str) -> TextIO:
    """Standard input, which ``purpose`` reads.

    Raises:
        MalformedInputError: if standard input is closed or absent (``<&-``, or a service
            started without one): one line that says what needed it.
    """
    stream = sys.stdin
    if stream is None or stream.closed:
        message = f"{purpose} reads standard input, which is closed; give it a file or a terminal"
        raise MalformedInputError("standard input", [("", message)])
    return stream


def read_text(path: str, max_bytes: int = _jsonread.MAX_FILE_BYTES) -> str:
    """The text of file ``path``, or of standard input for ``-``, read by the bounded reader
    (:mod:`scout_ref.util.jsonread`): a regular file, at most 16 MiB, UTF-8.

    Raises:
        MalformedInputError: if the file is missing, unreadable, not a regular file, too large
            or not UTF-8.
    """
    if path == "-":
        stream = standard_input("the argument '-'")
        binary = getattr(stream, "buffer", stream)
        return _jsonread.read_stream(binary, "standard input", max_bytes)
    return _jsonread.read_text(path, max_bytes)


def parse_json(text: str, name: str, max_bytes: int = _jsonread.MAX_FILE_BYTES) -> JSONValue:
    """The JSON document ``text`` read from ``name``, within the reader's limits.

    Raises:
        MalformedInputError: saying where the text stops being JSON, or which limit it breaks.
    """
    return _jsonread.parse(text, repr(name), max_bytes)


def read_json(path: str, max_bytes: int = _jsonread.MAX_FILE_BYTES) -> JSONValue:
    """The JSON document in file ``path`` (``-``: standard input), of at most ``max_bytes``."""
    return parse_json(read_text(path, max_bytes), path, max_bytes)


def read_state(source: str, *, reachable: bool = False) -> State:
    """The validated state that ``source`` gives: a position line, a file or ``-``.

    A file (or standard input) may hold a state JSON object or one position line. With
    ``reachable`` the state must also meet every condition of chapter REACH.

    Raises:
        MalformedInputError: if the source cannot be read or gives no valid state, or (with
            ``reachable``) naming each condition of chapter REACH the state breaks.
    """
    state = _read_state(source)
    if reachable:
        refuse_unreachable(state)
    return state


def refuse_unreachable(state: State) -> None:
    """Raise unless ``state`` meets every condition of chapter REACH.

    Raises:
        MalformedInputError: listing each broken condition, with a hint at --hypothetical.
    """
    violations = check_reachable(state)
    if violations:
        problems = [(v.where, f"{v.detail} ({v.rule})") for v in violations]
        problems.append(("", "no game reaches this position; --hypothetical judges it anyway"))
        raise MalformedInputError("position", problems)


def refuse_non_combination(state: State) -> None:
    """Raise if the active set is not a set or run: no rule can judge a move against it.

    Raises:
        MalformedInputError: naming the active set.
    """
    if state.active_set and strength_of(tops(state.active_set)) is None:
        cards = " ".join(map(str, state.active_set))
        detail = f"expected a set or a run, found {cards!r} (SC-SET-01)"
        raise MalformedInputError("position", [("/active_set", detail)])


def _read_state(source: str) -> State:
    if _POSITION_START.match(source):
        return parse_position(source)
    if source != "-" and not os.path.exists(source) and _LOOKS_LIKE_POSITION.search(source):
        why = f"{excerpt(source, 60)!r} is no file, and as a position line: {header_hint(source)}"
        raise MalformedInputError("position", [("", why)])
    text = read_text(source)
    if text.lstrip().startswith("{"):
        return state_from_json(parse_json(text, source))
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) != 1:
        raise MalformedInputError(
            "state", [("", f"{source!r} holds neither a state JSON object nor one position line")]
        )
    return parse_position(lines[0])
