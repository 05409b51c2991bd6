"""Starting the adapter before a run, and saying what to try when it does not start.

An adapter that cannot even answer the handshake would fail every case for the same reason, so
``conform`` stops at once with one line: what went wrong and the likeliest fix.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from scout_ref.conformance.process.adapter import Adapter
from scout_ref.conformance.protocol.messages import Hello, ProtocolError
from scout_ref.errors import ScoutError, excerpt

_MISSING_MODULE = re.compile(r"No module named '([^']+)'")
_HANDSHAKE = 'type {"type": "hello", "protocol": 2} and expect one line back (INTERPRETING.md §1)'


class AdapterStartError(ScoutError):
    """The adapter did not start or did not answer the handshake."""


def advice(argv: Sequence[str], exc: ProtocolError) -> str:
    """What to try, given how the start failed and what the adapter printed on stderr.

    >>> print(advice(["python", "a.py"], ProtocolError("hello", "...", "ModuleNotFoundError: "
    ...     "No module named 'rfc8785'")))  # doctest: +ELLIPSIS
    its Python lacks the module 'rfc8785': ... --adapter ".venv/bin/python a.py" ...
    """
    found = _MISSING_MODULE.search(exc.stderr_tail)
    if found:
        program = " ".join(argv[1:]) or "my_adapter.py"
        return (
            f"its Python lacks the module {found.group(1)!r}: run it with a Python that has "
            f'it, e.g. --adapter ".venv/bin/python {program}" (scout-ref\'s own), or install '
            f"{found.group(1).split('.')[0]} for {argv[0]!r}"
        )
    if "cannot start" in str(exc):
        return "check the program's name and path in --adapter (it is run without a shell)"
    if "within" in str(exc) or "did not read" in str(exc):
        return (
            "it must print its hello as one line and flush; a slow start gets longer with "
            f"--timeout SECONDS; run {' '.join(argv)!r} by hand, {_HANDSHAKE}"
        )
    return f"run {' '.join(argv)!r} by hand, {_HANDSHAKE}"


def start_or_explain(adapter: Adapter) -> Hello:
    """Start ``adapter`` and return its hello.

    Raises:
        AdapterStartError: one line saying why it did not start and what to try.
    """
    try:
        return adapter.start()
    except ProtocolError as exc:
        last = exc.stderr_tail.strip().splitlines()[-1:] if exc.stderr_tail else []
        said = f"; its stderr ends: {excerpt(last[0], 160)}" if last else ""
        raise AdapterStartError(
            f"the adapter did not start: {exc}{said}; {advice(adapter.argv, exc)}"
        ) from None
