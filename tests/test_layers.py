"""The engine's core imports nothing above it (issue 19): the JSON and position layers sit on
top of the rule modules and own their formats, as ``scout_ref/state.py`` says.

Every ``import`` statement counts, at module level, inside a function (a lazy import) or under
``TYPE_CHECKING``, so a cycle cannot hide behind any of them.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

from scout_ref.registry import spec_dir

PACKAGE = Path(__file__).resolve().parent.parent / "scout_ref"

UPPER = {
    "scout_ref._serialize",
    "scout_ref._observation_json",
    "scout_ref.position",
    "scout_ref.position_line",
}
"""The JSON and position layers: the state's and the observation's text forms."""


def _module(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def _graph() -> dict[str, set[str]]:
    """Each module of ``scout_ref`` and the ``scout_ref`` modules it imports, anywhere in it."""
    modules = {_module(p): p for p in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found |= {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found.add(node.module)
                found |= {f"{node.module}.{a.name}" for a in node.names}
        graph[name] = {m for m in found if m in modules and m != name}
    return graph


def _below(roots: set[str]) -> set[str]:
    """``roots`` and every module they import, directly or not."""
    seen, todo = set(), list(roots)
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo += _graph()[name]
    return seen


def _core() -> set[str]:
    """The rule modules, one per rulebook chapter, and the state they act on."""
    import json  # noqa: PLC0415 - only this helper reads the registry's chapters

    chapters = json.loads((spec_dir() / "rules.json").read_text(encoding="utf-8"))["chapters"]
    return {f"scout_ref.{c['stem']}" for c in chapters} | {"scout_ref.turn"}


@pytest.mark.rule
def test_the_core_reaches_no_json_or_position_layer() -> None:
    core = _core()
    assert core <= set(_graph()), sorted(core - set(_graph()))
    reached = _below(core) & UPPER
    assert not reached, f"the core imports {sorted(reached)}"


@pytest.mark.rule
def test_the_layers_above_do_import_the_core() -> None:
    """The check has teeth: the layers it guards do sit on the core."""
    assert "scout_ref.state" in _below({"scout_ref._serialize"})
    assert "scout_ref.state" in _below({"scout_ref.position_line"})


@pytest.mark.rule
def test_the_core_reaches_no_translation() -> None:
    """The editions' rule texts (issue 23) sit above the engine: nothing of the core reads them,
    so the engine needs no catalog and no Babel."""
    assert "scout_ref.rule_texts" not in _below(_core())
    assert "scout_ref.rule_texts" in _below({"scout_ref.commands.rules"})  # the check has teeth
