"""The rule registry (``spec/rules.json``) and its citations in code, tests, docs and vectors.

Every ID cited anywhere must exist; every normative and variant rule must be enforced by some
``@implements`` and checked by some ``pytest.mark.rule``; retired IDs are never cited by code.
Citations are collected from the source text (``ast``), so nothing needs importing.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from scout_ref import Reason
from scout_ref.engine.combinations import classify
from scout_ref.engine.components import OrientedCard
from scout_ref.rulebook.registry import (
    RULE_ID,
    Kind,
    Rule,
    Status,
    enforced_by,
    foundations,
    implements,
    rules,
    spec_dir,
    spec_version,
)

ROOT = Path(__file__).resolve().parent.parent
CITATION = re.compile(r"\bSC-[A-Z][A-Z0-9]*-\d+\b(?![*?\[{])")
"""Anything shaped like a rule ID, including malformed ones (one or three digits); a rule
pattern such as ``SC-SET-0*`` or an f-string template is not a citation."""
UNKNOWN_ON_PURPOSE = re.compile(r"SC-[A-Z0-9]+-99")
"""Number 99 is never assigned: tests use it for an ID that must be reported as unknown."""
SCANNED = ("scout_ref", "tests", "docs", "spec/vectors")
SKIPPED_DIRS = {"_build", "__pycache__", ".hypothesis", ".mypy_cache", ".pytest_cache"}
ENFORCED = (Status.NORMATIVE, Status.VARIANT)


def _files(*tops: str, suffix: str = "") -> Iterator[Path]:
    for top in tops:
        for path in sorted((ROOT / top).rglob(f"*{suffix}")):
            if path.is_file() and not SKIPPED_DIRS.intersection(path.parts):
                yield path


def _text(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return None


def _string_args(call: ast.Call) -> list[str]:
    return [a.value for a in call.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]


def _calls(top: str) -> Iterator[tuple[Path, ast.Call]]:
    for path in _files(top, suffix=".py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                yield path, node


@cache
def _implements_ids() -> dict[str, set[str]]:
    """Rule ID -> the engine files whose ``@implements(...)`` cite it."""
    out: dict[str, set[str]] = {}
    for path, call in _calls("scout_ref"):
        if isinstance(call.func, ast.Name) and call.func.id == "implements":
            for rule_id in _string_args(call):
                out.setdefault(rule_id, set()).add(str(path.relative_to(ROOT)))
    return out


def _is_rule_marker(func: ast.expr) -> bool:
    return ast.unparse(func) in ("pytest.mark.rule", "mark.rule")


@cache
def _marker_ids() -> dict[str, set[str]]:
    """Rule ID -> the test files whose ``pytest.mark.rule(...)`` cite it."""
    out: dict[str, set[str]] = {}
    for path, call in _calls("tests"):
        if _is_rule_marker(call.func):
            for rule_id in _string_args(call):
                out.setdefault(rule_id, set()).add(str(path.relative_to(ROOT)))
    return out


def _registry_entries() -> list[dict[str, Any]]:
    data = json.loads((spec_dir() / "rules.json").read_text(encoding="utf-8"))
    return list(data["rules"])


@pytest.mark.rule
def test_ids_are_unique_and_well_formed() -> None:
    entries = _registry_entries()
    ids = [e["id"] for e in entries]
    assert len(ids) == len(set(ids)), "duplicate rule IDs"
    data = json.loads((spec_dir() / "rules.json").read_text(encoding="utf-8"))
    areas = {ch["area"] for ch in data["chapters"]}
    for entry in entries:
        assert RULE_ID.fullmatch(entry["id"]), entry["id"]
        assert not UNKNOWN_ON_PURPOSE.fullmatch(entry["id"]), "number 99 is reserved"
        assert entry["id"].split("-")[1] in areas, entry["id"]
        assert entry["status"] in {s.value for s in Status}
        assert entry["title"].strip()
        assert entry["statement"].strip()


@pytest.mark.rule
def test_builds_on_names_known_rules_and_has_no_cycle() -> None:
    registry = rules()
    for entry in _registry_entries():
        assert isinstance(entry.get("builds_on"), list), f"{entry['id']} has no builds_on list"
        for lower in entry["builds_on"]:
            assert lower in registry, f"{entry['id']} builds on unknown {lower}"
            assert registry[lower].status is not Status.RETIRED, f"{entry['id']}: {lower}"
    assert all(r.id not in foundations(r.id) for r in registry.values()), "a cycle"


@pytest.mark.rule
def test_every_rule_declares_its_player_counts() -> None:
    for entry in _registry_entries():
        players = entry["players"]
        assert isinstance(players, list), entry["id"]
        assert players, entry["id"]
        assert players == sorted(set(players)), entry["id"]
        assert set(players) <= {2, 3, 4, 5}, entry["id"]


SCOPE_PHRASES = {"With 2 players": (2,), "With 3 to 5 players": (3, 4, 5)}
"""A statement that opens with one of these phrases must have exactly that scope."""


@pytest.mark.rule
@pytest.mark.parametrize("rule", list(rules().values()), ids=lambda r: r.id)
def test_a_statement_opening_with_a_player_count_has_that_scope(rule: Rule) -> None:
    for phrase, scope in SCOPE_PHRASES.items():
        if rule.statement.startswith(phrase):
            assert rule.players == scope


@pytest.mark.rule("SC-SNS-01", "SC-VAR2-02")
def test_scope_is_loaded_and_answers_by_player_count() -> None:
    assert rules()["SC-SNS-01"].players == (3, 4, 5)
    assert rules()["SC-VAR2-02"].players == (2,)
    assert rules()["SC-SHOW-03"].applies_to(2)
    assert not rules()["SC-VAR2-03"].applies_to(4)


@pytest.mark.rule
def test_rules_are_loaded_in_rulebook_order() -> None:
    assert list(rules()) == [e["id"] for e in _registry_entries()]
    assert all(isinstance(r, Rule) for r in rules().values())
    assert rules()["SC-SHOW-03"].chapter
    assert spec_version()


@pytest.mark.rule
def test_every_cited_id_exists_in_the_registry() -> None:
    known = rules()
    unknown = []
    for path in _files(*SCANNED):
        text = _text(path)
        if text is None:
            continue
        for match in CITATION.finditer(text):
            if match[0] not in known and not UNKNOWN_ON_PURPOSE.fullmatch(match[0]):
                line = text.count("\n", 0, match.start()) + 1
                unknown.append(f"{path.relative_to(ROOT)}:{line}: {match[0]}")
    assert unknown == []


def _enforced() -> list[object]:
    return [pytest.param(r.id, id=r.id) for r in rules().values() if r.status in ENFORCED]


@pytest.mark.rule
@pytest.mark.parametrize("rule_id", _enforced())
def test_normative_and_variant_rule_is_implemented(rule_id: str) -> None:
    assert rule_id in _implements_ids()


@pytest.mark.rule
@pytest.mark.parametrize("rule_id", _enforced())
def test_normative_and_variant_rule_is_tested(rule_id: str) -> None:
    assert rule_id in _marker_ids()


@pytest.mark.rule
def test_code_cites_only_live_rules() -> None:
    known = rules()
    for cited in (_implements_ids(), _marker_ids()):
        for rule_id, where in cited.items():
            assert rule_id in known, f"{rule_id} cited by {sorted(where)}"
            assert known[rule_id].status is not Status.RETIRED, f"{rule_id} is retired"


@pytest.mark.rule("SC-TURN-04")
@pytest.mark.parametrize("reason", list(Reason), ids=lambda r: r.value)
def test_every_reason_maps_to_a_normative_or_variant_rule(reason: Reason) -> None:
    assert rules()[reason.rule].status in ENFORCED


@cache
def _test_names() -> set[str]:
    return {
        node.name
        for path in _files("tests", suffix=".py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")
    }


@pytest.mark.rule("SC-TURN-04")
@pytest.mark.parametrize("reason", list(Reason), ids=lambda r: r.value)
def test_every_reason_has_a_test_that_isolates_it(reason: Reason) -> None:
    name = f"test_rejects_{reason.value}"
    assert any(n == name or n.startswith(f"{name}_") for n in _test_names())


@pytest.mark.rule
def test_every_test_carries_a_rule_marker() -> None:
    unmarked = []
    for path in _files("tests", suffix=".py"):
        if not path.name.startswith("test_"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        marked = _marked_module_names(tree)
        if "pytestmark" in marked:
            continue
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef) or not node.name.startswith("test_"):
                continue
            if not any(_carries_rule_marker(d, marked) for d in node.decorator_list):
                unmarked.append(f"{path.relative_to(ROOT)}::{node.name}")
    assert unmarked == []


def _is_rule_marker_node(node: ast.AST) -> bool:
    """``pytest.mark.rule(...)``, or a bare ``pytest.mark.rule`` (a test of tooling)."""
    target = node.func if isinstance(node, ast.Call) else node
    return isinstance(target, ast.expr) and _is_rule_marker(target)


def _marked_module_names(tree: ast.Module) -> set[str]:
    """Module-level names (``pytestmark``, parameter tables) whose value holds a rule marker."""
    names: set[str] = set()
    for node in tree.body:
        if not isinstance(node, ast.Assign | ast.AnnAssign) or node.value is None:
            continue
        if any(_is_rule_marker_node(n) for n in ast.walk(node.value)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(t.id for t in targets if isinstance(t, ast.Name))
    return names


def _carries_rule_marker(decorator: ast.expr, marked: set[str]) -> bool:
    """The decorator is a rule marker, or passes one in (``pytest.param(..., marks=...)``)."""
    return any(
        _is_rule_marker_node(n) or (isinstance(n, ast.Name) and n.id in marked)
        for n in ast.walk(decorator)
    )


@pytest.mark.rule("SC-SET-01", "SC-COMP-02")
def test_implements_records_the_ids_in_the_registry_map() -> None:
    """The map works in both builds: compiled functions take no attributes, so none is set."""
    assert enforced_by(classify) == ("SC-SET-01", "SC-SET-02", "SC-SET-03")
    assert enforced_by(OrientedCard.rotated) == ("SC-COMP-02",)

    def probe() -> None: ...

    assert enforced_by(probe) == ()
    assert implements("SC-GEN-01")(probe) is probe
    assert enforced_by(probe) == ("SC-GEN-01",)


@pytest.mark.rule
def test_rule_coverage_report_counts_tests_per_player_count(tmp_path: Path) -> None:
    report = tmp_path / "coverage.json"
    target = "tests/test_position.py::test_the_owner_holds_a_chip_per_scout_the_turn_order_proves"
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", target]
    done = subprocess.run(
        [*command, "--rule-coverage", str(report)], cwd=ROOT, capture_output=True, check=False
    )
    assert done.returncode == 0, done.stdout
    counted = json.loads(report.read_text(encoding="utf-8"))
    assert counted["SC-REACH-06"] == {
        "players": [3, 4, 5],
        "tests": {"3": 0, "4": 1, "5": 0},
        "untested": [3, 5],
    }


def _version(text: str) -> tuple[int, ...]:
    assert re.fullmatch(r"\d+\.\d+\.\d+", text), f"{text!r} is not a spec version"
    return tuple(int(x) for x in text.split("."))


@pytest.mark.rule
def test_rule_history_is_ordered_and_within_the_spec() -> None:
    current = _version(spec_version())
    for rule in rules().values():
        versions = [_version(rule.since), *(_version(c.version) for c in rule.changed)]
        assert versions == sorted(set(versions)), f"{rule.id}: history out of order"
        assert versions[-1] <= current, f"{rule.id}: history names a version after the spec's"
        assert all(c.what.strip() for c in rule.changed), rule.id
    retired = [r for r in rules().values() if r.status is Status.RETIRED]
    assert all(r.changed for r in retired), "a retired rule records when and why it was retired"


MODEL_AREAS = {"NOTE", "REACH"}
"""Chapters whose every rule is a convention of the model: notation and reachability."""


@pytest.mark.rule("SC-ORIENT-01", "SC-SETUP-03", "SC-INFO-03", "SC-INFO-05", "SC-INFO-08")
def test_every_rule_says_whether_it_is_a_rule_of_play_or_of_the_model() -> None:
    from scout_ref.formats import schema  # noqa: PLC0415 - only this test validates the registry

    document = json.loads((spec_dir() / "rules.json").read_text("utf-8"))
    rules_schema = json.loads((spec_dir() / "schema" / "rules.schema.json").read_text("utf-8"))
    assert not list(
        schema.validator(rules_schema, schema.registry([rules_schema])).iter_errors(document)
    )
    registry = rules()
    assert {r.kind for r in registry.values()} == set(Kind)
    assert all(r.kind is Kind.MODEL for r in registry.values() if r.area in MODEL_AREAS)
    # the model conventions issue 31 named, which the table sheet no longer calls rules of play
    for rule_id in ("SC-SETUP-03", "SC-INFO-03", "SC-INFO-05", "SC-INFO-08"):
        assert registry[rule_id].kind is Kind.MODEL, rule_id
    # a rule of play on a point the official rules leave open says so, and names the model
    assert registry["SC-ORIENT-01"].kind is Kind.PLAY
    assert "official rules do not say" in registry["SC-ORIENT-01"].statement
