"""Where each rule is enforced, tested and exercised, found by reading the code, never by hand.

* enforcing code: functions and methods marked by ``implements(...)`` (the registry's map);
* tests: ``@pytest.mark.rule(...)`` on test functions and classes, and module ``pytestmark``,
  read with :mod:`ast` so the tests are not imported;
* vectors: every case object with an ``id`` and a ``rules`` list in ``spec/vectors/**/*.json``;
* coverage: the bins of ``spec/coverage.json`` the vectors fill
  (:mod:`scout_ref.conformance.vectors.coverage`).
"""

from __future__ import annotations

import ast
import hashlib
import importlib
import inspect
import json
import pkgutil
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import scout_ref
from scout_ref.conformance.vectors.coverage import measure_vectors
from scout_ref.rulebook.registry import enforced_by

ROOT = Path(__file__).resolve().parents[3]


@dataclass(frozen=True, slots=True)
class Enforcer:
    """A function or method that enforces a rule: where it is defined and how to cite it."""

    module: str
    qualname: str
    exported: str | None  # the name in ``scout_ref.__all__``, if the object is exported
    is_method: bool

    @property
    def target(self) -> str:
        """The Python object name the API reference documents it under."""
        if self.exported is not None:
            return f"scout_ref.{self.exported}"
        head, _, rest = self.qualname.partition(".")
        if rest and head in scout_ref.__all__:
            return f"scout_ref.{self.qualname}"
        return f"{self.module}.{self.qualname}"


ABOVE_THE_RULES = ("scout_ref.cli", "scout_ref.conformance", "scout_ref.play")
"""The packages that enforce no rule: the CLI, the conformance runner and the terminal game."""


def _modules() -> Iterator[str]:
    """The modules that may enforce rules: the engine and the layers it shares the package with,
    but not the CLI, the runner or the game (which decide no rule) nor ``__main__``."""
    for info in pkgutil.walk_packages(scout_ref.__path__, "scout_ref."):
        if info.ispkg or info.name.endswith("__main__") or info.name.startswith(ABOVE_THE_RULES):
            continue
        yield info.name


def _marked(module: object) -> Iterator[tuple[str, object, bool]]:
    """(qualname, function, is_method) for every object defined in ``module``."""
    name = getattr(module, "__name__", "")
    for attr, found in vars(module).items():
        if getattr(found, "__module__", None) != name:
            continue
        obj = inspect.unwrap(found) if callable(found) else found  # e.g. functools.cache
        if inspect.isfunction(obj):
            yield attr, obj, False
        elif inspect.isclass(obj):
            for meth, fn in vars(obj).items():
                func = getattr(fn, "__func__", fn)
                if inspect.isfunction(func):
                    yield f"{attr}.{meth}", func, True


@cache
def enforcers() -> dict[str, tuple[Enforcer, ...]]:
    """Rule ID to the functions marked as enforcing it, in module order."""
    exported = {id(getattr(scout_ref, n)): n for n in scout_ref.__all__}
    found: dict[str, list[Enforcer]] = defaultdict(list)
    for modname in _modules():
        module = importlib.import_module(modname)
        for qualname, func, is_method in _marked(module):
            for rule in enforced_by(func):
                entry = Enforcer(modname, qualname, exported.get(id(func)), is_method)
                if entry not in found[rule]:
                    found[rule].append(entry)
    return {rule: tuple(entries) for rule, entries in found.items()}


def _rule_ids(decorator: ast.expr) -> list[str]:
    """The IDs in a ``pytest.mark.rule("SC-...", ...)`` expression, else nothing."""
    if not isinstance(decorator, ast.Call):
        return []
    func = decorator.func
    if not (isinstance(func, ast.Attribute) and func.attr == "rule"):
        return []
    return [
        a.value for a in decorator.args if isinstance(a, ast.Constant) and isinstance(a.value, str)
    ]


def _module_marks(tree: ast.Module) -> list[str]:
    ids: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets
        ):
            values = (
                node.value.elts if isinstance(node.value, ast.List | ast.Tuple) else [node.value]
            )
            for value in values:
                ids += _rule_ids(value)
    return ids


def _tests_in(path: Path) -> Iterator[tuple[str, str]]:
    """(test node ID, rule ID) for every rule-marked test in one file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    where = path.relative_to(ROOT).as_posix()
    inherited = _module_marks(tree)

    def walk(body: list[ast.stmt], prefix: str, marks: list[str]) -> Iterator[tuple[str, str]]:
        for node in body:
            if isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
                own = [i for d in node.decorator_list for i in _rule_ids(d)]
                yield from walk(node.body, f"{prefix}{node.name}::", marks + own)
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith(
                "test"
            ):
                own = [i for d in node.decorator_list for i in _rule_ids(d)]
                for rule in dict.fromkeys(marks + own):
                    yield f"{where}::{prefix}{node.name}", rule

    yield from walk(tree.body, "", inherited)


@cache
def tests() -> dict[str, tuple[str, ...]]:
    """Rule ID to the tests marked with it, as pytest node IDs."""
    found: dict[str, list[str]] = defaultdict(list)
    for path in sorted((ROOT / "tests").rglob("*.py")):
        for node_id, rule in _tests_in(path):
            found[rule].append(node_id)
    return {rule: tuple(ids) for rule, ids in found.items()}


def _cases(data: object) -> Iterator[tuple[str, list[str]]]:
    if isinstance(data, dict):
        case_id, ids = data.get("id"), data.get("rules")
        if isinstance(case_id, str) and isinstance(ids, list):
            yield case_id, [r for r in ids if isinstance(r, str)]
        for value in data.values():
            yield from _cases(value)
    elif isinstance(data, list):
        for value in data:
            yield from _cases(value)


@cache
def vectors() -> dict[str, dict[str, tuple[str, ...]]]:
    """Rule ID to {vector file: case IDs} over every vector file (none yet is fine)."""
    found: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for path in sorted((ROOT / "spec" / "vectors").rglob("*.json")):
        where = path.relative_to(ROOT).as_posix()
        for case_id, ids in _cases(json.loads(path.read_text(encoding="utf-8"))):
            for rule in ids:
                found[rule][where].append(case_id)
    return {r: {f: tuple(c) for f, c in files.items()} for r, files in found.items()}


@cache
def coverage() -> dict[str, list[tuple[str, int]]]:
    """Rule ID to its bins of the coverage model, each with the number of cases filling it."""
    from scoutdocs.cache import cached  # noqa: PLC0415 - the cache's keys use fingerprint()

    return cached("coverage", _coverage)


def _coverage() -> dict[str, list[tuple[str, int]]]:
    measured = measure_vectors(ROOT / "spec" / "vectors")
    out: dict[str, list[tuple[str, int]]] = defaultdict(list)
    for b in measured.bins:
        out[b.rule].append((b.name, len(measured.hits[b.id])))
    return dict(out)


def fingerprint() -> str:
    """A cheap identity of everything the generated lists depend on, to know when to rebuild."""
    parts = []
    for folder, pattern in (("scout_ref", "*.py"), ("tests", "*.py"), ("spec", "*.json")):
        for path in sorted((ROOT / folder).rglob(pattern)):
            stat = path.stat()
            parts.append(f"{path}:{stat.st_mtime_ns}:{stat.st_size}")
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()
