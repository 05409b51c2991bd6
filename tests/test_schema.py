"""The spec's JSON Schemas, tested the way JSON-Schema-Test-Suite tests validators.

``tests/data/schema`` mirrors ``spec/schema``: each file lists groups of a schema (a ``$ref``
into the spec's schemas) and documents with the verdict the schema must give, valid ones and
invalid ones (step 0 of a trace, Unicode digits and trailing newlines in patterns, repeated
items, bounds). Every schema under ``spec/schema`` has a corpus.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scout_ref.formats import schema as _schema
from scout_ref.rulebook.registry import spec_dir
from scout_ref.util.jsonread import plain_json

CORPUS = Path(__file__).parent / "data" / "schema"
SCHEMAS = spec_dir() / "schema"

pytestmark = pytest.mark.rule


def registry() -> _schema.Schemas:
    """Every schema of the spec, by ``$id``."""
    paths = sorted(SCHEMAS.rglob("*.schema.json"))
    return _schema.registry(json.loads(p.read_text("utf-8")) for p in paths)


def corpus() -> list[Any]:
    """(corpus file, group, test) for every test of every corpus file."""
    found = []
    for path in sorted(CORPUS.rglob("*.json")):
        name = path.relative_to(CORPUS).as_posix()
        for group in json.loads(path.read_text("utf-8")):
            for test in group["tests"]:
                label = f"{name}: {group['description']}: {test['description']}"
                found.append(pytest.param(group["schema"], test, id=label))
    return found


@pytest.mark.parametrize(("schema", "test"), corpus())
def test_schema_gives_the_expected_verdict(schema: dict[str, str], test: dict[str, Any]) -> None:
    validator = _schema.validator(schema, registry())
    problems = _schema.problems(validator, test["data"])
    assert (not problems) == test["valid"], problems
    assert validator.python.is_valid(test["data"]) == test["valid"]  # alone, as in a browser
    if _schema.FAST and plain_json(test["data"]):  # and jsonschema-rs, which it trusts first
        assert validator.passes_fast(test["data"]) == test["valid"]


def test_every_schema_has_a_corpus() -> None:
    schemas = {p.relative_to(SCHEMAS).as_posix() for p in SCHEMAS.rglob("*.schema.json")}
    corpora = {p.relative_to(CORPUS).as_posix() for p in CORPUS.rglob("*.json")}
    assert {s.replace(".schema.json", ".json") for s in schemas} == corpora


def test_a_long_list_behind_a_ref_reports_its_first_bad_item_only() -> None:
    """Items under a ``$ref`` to a scalar schema are checked by a predicate, and only the first
    bad one is handed to jsonschema: a hostile list yields one problem, not one per item."""
    check = _schema.validator(
        {"$ref": "urn:scout-ref:schema:protocol#/$defs/legal_result"}, registry()
    )
    moves = ["keep"] * 50_000 + ["", 7]
    reply = {"id": 1, "type": "result", "moves": moves}
    assert _schema.problems(check, reply) == [("/moves/50000", "'' should be non-empty")]


def test_the_schemas_given_are_left_as_they_were() -> None:
    documents = [json.loads(p.read_text("utf-8")) for p in sorted(SCHEMAS.rglob("*.schema.json"))]
    written = json.dumps(documents)
    _schema.validator(documents[0], _schema.registry(documents))
    assert json.dumps(documents) == written


FAST_ONLY = pytest.mark.skipif(not _schema.FAST, reason="jsonschema-rs is not installed")

SAMPLES = (
    ("vectors:apply", "vectors/apply/scout.json"),
    ("vectors:trace", "vectors/trace/games.json"),
    ("vectors:observe", "vectors/observe/information.json"),
    ("vectors:perft", "vectors/perft/positions.json"),
    ("vectors:manifest", "vectors/manifest.json"),
)
"""Committed documents (schema ``$id`` after ``urn:scout-ref:schema:``, path under spec/) that
Hypothesis breaks, one value at a time, for the two validators to judge."""


@cache
def _samples() -> list[tuple[str, Any]]:
    """(``$id``, document): the vector files of :data:`SAMPLES`, and the states, moves,
    observations and replies in them, each under its own schema."""
    found: list[tuple[str, Any]] = []
    for name, path in SAMPLES:
        document = json.loads((spec_dir() / path).read_text("utf-8"))
        if "cases" in document:  # a few cases: each example validates the whole document
            document["cases"] = document["cases"][:3]
        found.append((f"urn:scout-ref:schema:{name}", document))
    for _, document in list(found):
        for case in document.get("cases", []):
            for key in ("state", "start"):
                if isinstance(case.get(key), dict) and "hands" in case[key]:
                    found.append(("urn:scout-ref:schema:state", case[key]))
                    reply = {"id": 3, "type": "result", "state": case[key]}
                    found.append(("urn:scout-ref:schema:protocol#/$defs/state_result", reply))
            expected = case.get("expected")
            if isinstance(expected, dict) and isinstance(expected.get("observation"), dict):
                found.append(("urn:scout-ref:schema:observation", expected["observation"]))
    return found


@cache
def _check(uri: str) -> _schema.Check:
    return _schema.validator({"$ref": uri}, registry())


_TEXTS = st.text(alphabet="0123456789/-\n \u0661\u00b2abSCRLkeps@~#+,.", max_size=8)
_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 12) | st.integers() | _TEXTS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_TEXTS, inner, max_size=3),
    max_leaves=6,
)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in ``value``, the root first."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for k, item in enumerate(value):
            found += _paths(item, (*path, k))
    return found


def _broken(document: Any, path: tuple[Any, ...], how: str, value: Any) -> Any:
    """A copy of ``document`` with the value at ``path`` replaced, removed, or (in a list or
    an object) given a sibling ``value``."""
    copy = copy_of(document)
    if not path:
        return value
    *upper, last = path
    parent = copy
    for step in upper:
        parent = parent[step]
    if how == "replace":
        parent[last] = value
    elif how == "remove":
        del parent[last]
    elif isinstance(parent, list):
        parent.insert(last, copy_of(parent[last]) if how == "repeat" else value)
    else:
        parent[f"{last}_"] = value
    return copy


def copy_of(value: Any) -> Any:
    """A deep copy of a JSON value."""
    return json.loads(json.dumps(value))


@FAST_ONLY
@settings(max_examples=400, deadline=None)
@given(data=st.data())
def test_jsonschema_rs_and_jsonschema_agree_on_broken_documents(data: st.DataObject) -> None:
    """jsonschema-rs's yes is trusted first (scout_ref.formats.schema): on the spec's documents
    with one value replaced, removed, repeated or added, it says yes exactly where jsonschema,
    with the spec's reading of patterns, does."""
    uri, document = data.draw(st.sampled_from(_samples()))
    path = data.draw(st.sampled_from(_paths(document)))
    how = data.draw(st.sampled_from(("replace", "remove", "repeat", "add")))
    broken = _broken(document, path, how, data.draw(_VALUES))
    check = _check(uri)
    if plain_json(broken):
        assert check.passes_fast(broken) == check.python.is_valid(broken), (path, how)


@FAST_ONLY
def test_every_sample_document_passes_both_validators() -> None:
    for uri, document in _samples():
        check = _check(uri)
        assert check.passes_fast(document), uri
        assert check.python.is_valid(document), uri


def test_a_document_of_other_python_types_is_judged_by_jsonschema_alone() -> None:
    """jsonschema-rs reads a tuple as an array and a float 1.0 as the integer 1 in
    uniqueItems; JSON has neither, and jsonschema's verdict stands."""
    check = _schema.validator({"type": "array", "uniqueItems": True})
    assert not check.passes_fast((1, 2))
    assert not check.is_valid((1, 2))
    assert check.is_valid([1, 2])
