"""Reading one typed line (a move, an answer to a prompt) from a stream nobody bounds.

``input()`` and ``readline()`` read up to the next line break however far it is, so a
standard input with none (``< /dev/zero``, a stuck pipe) grows one string until the memory
runs out. :func:`read_line` reads at most :data:`MAX_TYPED_CHARACTERS` and refuses a longer
line at once; a terminal keeps ``input()`` and its line editing (the terminal bounds a line).
"""

from __future__ import annotations

import sys
from typing import TextIO

from scout_ref.errors import MalformedInputError

MAX_TYPED_CHARACTERS = 4096
"""The longest line read from a person (a position line's limit; a move is under 40)."""


def read_line(stream: TextIO, purpose: str, prompt: str = "") -> str:
    """The next line of ``stream`` without its line break, after printing ``prompt``.

    Raises:
        EOFError: at the end of the stream, as ``input()`` does.
        MalformedInputError: if the line is longer than :data:`MAX_TYPED_CHARACTERS` (or is
            not text), naming ``purpose``, without reading the rest.
    """
    if stream is sys.stdin and stream.isatty():
        return input(prompt)
    if prompt:
        print(prompt, end="", flush=True)
    try:
        line = stream.readline(MAX_TYPED_CHARACTERS + 1)
    except UnicodeDecodeError as exc:
        why = f"{purpose}: a line is not UTF-8 text (at byte {exc.start})"
        raise MalformedInputError("standard input", [("", why)]) from None
    if not line:
        raise EOFError
    if len(line) > MAX_TYPED_CHARACTERS and not line.endswith("\n"):
        why = f"{purpose}: a line is longer than {MAX_TYPED_CHARACTERS} characters"
        raise MalformedInputError("standard input", [("", why)])
    return line.removesuffix("\n").removesuffix("\r")
