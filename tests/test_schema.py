"""The spec's JSON Schemas, tested the way JSON-Schema-Test-Suite tests validators.

``tests/data/schema`` mirrors ``spec/schema``: each file lists groups of a schema (a ``$ref``
into the spec's schemas) and documents with the verdict the schema must give, valid ones and
invalid ones (step 0 of a trace, Unicode digits and trailing newlines in patterns, repeated
items, bounds). Every schema under ``spec/schema`` has a corpus.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import referencing

from scout_ref.formats import schema as _schema
from scout_ref.rulebook.registry import spec_dir

CORPUS = Path(__file__).parent / "data" / "schema"
SCHEMAS = spec_dir() / "schema"

pytestmark = pytest.mark.rule


def registry() -> referencing.Registry[Any]:
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
