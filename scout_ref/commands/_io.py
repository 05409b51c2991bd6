"""Reading the files that subcommands are given, with one-line errors instead of tracebacks."""

from __future__ import annotations

import json
from pathlib import Path

from scout_ref.errors import MalformedInputError
from scout_ref.state import State


def read_json(path: str) -> object:
    """The JSON document in ``path`` (``-`` is not accepted: files are named on purpose).

    Raises:
        MalformedInputError: if the file is missing, unreadable or not JSON.
    """
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise MalformedInputError("file", [("", f"cannot read {path!r}: {exc.strerror}")]) from None
    except UnicodeDecodeError:
        raise MalformedInputError("file", [("", f"{path!r} is not UTF-8 text")]) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise MalformedInputError(
            "JSON", [("", f"{path!r} line {exc.lineno} column {exc.colno}: {exc.msg}")]
        ) from None


def read_state(path: str) -> State:
    """The validated state stored in ``path``."""
    return State.from_json(read_json(path))
