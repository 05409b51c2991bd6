"""Reading what subcommands are given, with one-line errors instead of tracebacks.

A state may be given as a position line (``spec/POSITION.md``), a file holding a position
line or a state JSON, or ``-`` for standard input holding either.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from scout_ref.errors import MalformedInputError
from scout_ref.state import State

_POSITION_START = re.compile(r"\s*[2-5]p(\s|$)")


def read_text(path: str) -> str:
    """The text of file ``path``, or of standard input for ``-``.

    Raises:
        MalformedInputError: if the file is missing, unreadable or not UTF-8.
    """
    if path == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise MalformedInputError("file", [("", f"cannot read {path!r}: {exc.strerror}")]) from None
    except UnicodeDecodeError:
        raise MalformedInputError("file", [("", f"{path!r} is not UTF-8 text")]) from None


def parse_json(text: str, name: str) -> object:
    """The JSON document ``text`` read from ``name``.

    Raises:
        MalformedInputError: saying where the text stops being JSON.
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise MalformedInputError(
            "JSON", [("", f"{name!r} line {exc.lineno} column {exc.colno}: {exc.msg}")]
        ) from None


def read_json(path: str) -> object:
    """The JSON document in file ``path``."""
    return parse_json(read_text(path), path)


def read_state(source: str) -> State:
    """The validated state that ``source`` gives: a position line, a file or ``-``.

    A file (or standard input) may hold a state JSON object or one position line.

    Raises:
        MalformedInputError: if the source cannot be read or gives no valid state.
    """
    if _POSITION_START.match(source):
        return State.from_position(source)
    text = read_text(source)
    if text.lstrip().startswith("{"):
        return State.from_json(parse_json(text, source))
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) != 1:
        raise MalformedInputError(
            "state", [("", f"{source!r} holds neither a state JSON object nor one position line")]
        )
    return State.from_position(lines[0])
