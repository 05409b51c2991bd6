"""Adapters for the conformance tests: faulty ones and wrong engines, each run as a subprocess.

The wrong engines (``wrong_*.py``) form the zoo: each is the reference with one rule broken and
declares the rules it breaks in ``BREAKS``. :func:`zoo` lists them for the tests and for
``benchmarks/zoo.py``, which measures how exactly the runner names the broken rules.
"""

from __future__ import annotations

import importlib
from pathlib import Path

HERE = Path(__file__).resolve().parent


def zoo() -> list[tuple[str, tuple[str, ...]]]:
    """Every wrong engine's module name and the rules it breaks, by name."""
    out = []
    for path in sorted(HERE.glob("wrong_*.py")):
        module = importlib.import_module(f"tests.adapters.{path.stem}")
        out.append((path.stem, tuple(module.BREAKS)))
    return out
