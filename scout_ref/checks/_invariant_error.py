"""The exception of :mod:`scout_ref.checks.invariants`, in a module of its own that stays pure
Python.

mypyc cannot compile a class derived from ``AssertionError``, while the checks that raise it
are verify's hot path and compile (``[tool.scout-ref.mypyc]`` in ``pyproject.toml``).
:mod:`scout_ref.checks.invariants` exports it; import it from there.
"""

from __future__ import annotations


class InvariantError(AssertionError):
    """An invariant of play does not hold: the engine has a bug."""
