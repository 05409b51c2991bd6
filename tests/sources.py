"""The repository's Python sources as syntax trees, for tests that a thing has one home.

A test that a table, a parser or a writer lives in one module asks where a name is defined
(:func:`defined`) or imported (:func:`importers`), so a second copy fails it.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@cache
def trees(folder: str = "scout_ref") -> dict[str, ast.Module]:
    """Every Python file under ``folder`` (from the repository's root), parsed, by path."""
    paths = sorted((ROOT / folder).rglob("*.py"))
    return {p.relative_to(ROOT).as_posix(): ast.parse(p.read_text("utf-8")) for p in paths}


def _top_names(tree: ast.Module) -> Iterator[str]:
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            yield node.name
        elif isinstance(node, ast.Assign):
            yield from (t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            yield node.target.id


def defined(name: str, folder: str = "scout_ref") -> list[str]:
    """The modules under ``folder`` that define ``name`` at their top level."""
    return [path for path, tree in trees(folder).items() if name in set(_top_names(tree))]


def importers(name: str, folder: str = "scout_ref") -> list[str]:
    """The modules under ``folder`` that import ``name`` from a ``scout_ref`` module."""
    return [
        path
        for path, tree in trees(folder).items()
        if any(
            isinstance(node, ast.ImportFrom)
            and (node.module or "").startswith("scout_ref")
            and any(alias.name == name for alias in node.names)
            for node in ast.walk(tree)
        )
    ]
