"""Every ``--json`` output validates against its schema in ``spec/schema/cli/``."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import referencing

from scout_ref.cli import main
from scout_ref.rulebook.registry import spec_dir

DATA = Path(__file__).parent / "data" / "vectors"
TRACE = str(spec_dir() / "vectors" / "trace" / "games.json")
POSITION = "3p hands 3/7 3/1 9/2 5/8 6/4 | 1/4 2/7 | 8/2 7/1 active_set 4/9 5/1 owner 2"

pytestmark = pytest.mark.rule


@cache
def registry() -> referencing.Registry[Any]:
    paths = [*(spec_dir() / "schema").glob("*.schema.json")]
    paths += (spec_dir() / "schema" / "cli").glob("*.schema.json")
    resources = []
    for path in paths:
        doc = json.loads(path.read_text("utf-8"))
        resources.append((doc["$id"], referencing.Resource.from_contents(doc)))
    return referencing.Registry().with_resources(resources)


def validated(command: str, out: str) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(out)
    schema = registry().contents(f"urn:scout-ref:schema:cli:{command}")
    jsonschema.Draft202012Validator(schema, registry=registry()).validate(document)
    return document


@pytest.mark.parametrize(
    ("argv", "status"),
    [
        (["explain", POSITION, "show 0-1"], 0),
        (["explain", POSITION, "show 2-2"], 1),
        (["legal", POSITION], 0),
        (["legal", "3p phase round_over round_end unbeaten hands 2/1 | 3/1 | 4/1 owner 2"], 0),
        (["rules"], 0),
        (["rules", "sc-show-*", "SCOUT"], 0),
        (["simulate", "--players", "3", "--games", "2"], 0),
        (["simulate", "--seats", "ismcts,greedy", "--games", "1", "--budget", "4"], 0),
        (["replay", TRACE], 0),
        (["replay", TRACE, "--at", "5"], 0),
        (["conform", "--vectors-dir", str(DATA)], 0),
        (["conform", "--vectors-dir", str(DATA), "--list"], 0),
    ],
    ids=lambda v: " ".join(v[:3]) if isinstance(v, list) else str(v),
)
def test_json_output_matches_its_schema(
    argv: list[str], status: int, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*argv, "--json"]) == status
    validated(argv[0], capsys.readouterr().out)


def test_schemas_are_valid_and_documented() -> None:
    folder = spec_dir() / "schema" / "cli"
    readme = (folder / "README.md").read_text("utf-8")
    for path in folder.glob("*.schema.json"):
        schema = json.loads(path.read_text("utf-8"))
        jsonschema.Draft202012Validator.check_schema(schema)
        assert schema["description"]
        assert f"`{path.name}`" in readme


def test_explain_json_carries_the_verdict_and_rules(capsys: pytest.CaptureFixture[str]) -> None:
    main(["explain", POSITION, "show 2-2", "--json"])
    doc = validated("explain", capsys.readouterr().out)
    assert doc["legal"] is False
    assert doc["rejection"]["reason"] == "not_stronger"
    assert "SC-SHOW-03" in [r["id"] for r in doc["rules_cited"]]


def test_replay_at_gives_the_state_and_its_position(capsys: pytest.CaptureFixture[str]) -> None:
    main(["replay", TRACE, "--at", "3", "--json"])
    doc = validated("replay", capsys.readouterr().out)
    assert doc["at"]["index"] == 3
    assert main(["legal", doc["at"]["position"], "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["digest"] == doc["at"]["digest"]
