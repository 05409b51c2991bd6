"""Reading the files that subcommands are given, with one-line errors instead of tracebacks."""

from __future__ import annotations

from scout_ref._jsonread import JSONValue, read_file
from scout_ref.state import State


def read_json(path: str) -> JSONValue:
    """The JSON document in ``path``, read by the bounded reader (``-`` is not accepted:
    files are named on purpose).

    Raises:
        MalformedInputError: if the file is missing, unreadable, not a regular file, too large,
            not JSON or beyond the reader's limits (:mod:`scout_ref._jsonread`).
    """
    return read_file(path)


def read_state(path: str) -> State:
    """The validated state stored in ``path``."""
    return State.from_json(read_json(path))
