"""Serve the reference engine as an adapter after replacing one of its functions.

A wrong engine is the reference with one rule broken: :func:`replace` swaps a function for a
wrong one in every engine module that holds it (modules import functions by name), then
:func:`serve` answers the runner.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import scout_ref.conformance.adapter as reference


def replace(original: Callable[..., Any], wrong: Callable[..., Any]) -> None:
    """Make every loaded scout_ref module use ``wrong`` where it used ``original``."""
    for name, module in list(sys.modules.items()):
        if name == "scout_ref" or name.startswith("scout_ref."):
            for attr, value in list(vars(module).items()):
                if value is original:
                    setattr(module, attr, wrong)


def spans_of(ranges: list[tuple[int, int]], n: int) -> tuple[list[int], list[int]]:
    """Beating ranges as :func:`~scout_ref.combinations.beating_spans` gives them (the beating
    ranges from one start are contiguous), so a wrong ``beating_ranges`` reaches move listing."""
    lows, highs = list(range(1, n + 1)), list(range(n))  # empty spans: low = high + 1
    for i, j in reversed(ranges):
        lows[i] = j
    for i, j in ranges:
        highs[i] = j
    return lows, highs


def serve(name: str) -> None:
    """Answer the runner on stdin and stdout, introducing the adapter as ``name``."""
    reference.HELLO["name"] = name
    sys.exit(reference.serve(sys.stdin, sys.stdout))
