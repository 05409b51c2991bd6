"""The case tables (scout_ref/conformance/cases/tables): every row becomes a vector case."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scout_ref.conformance.cases import _table
from scout_ref.conformance.cases._table import TABLES, facing_cases
from scout_ref.rulebook.registry import spec_dir

pytestmark = pytest.mark.rule


def _vector_ids() -> set[str]:
    ids = set()
    for path in (spec_dir() / "vectors").glob("*/*.json"):
        ids |= {c["id"] for c in json.loads(path.read_text("utf-8")).get("cases", [])}
    return ids


def test_every_row_of_every_table_is_a_vector_case() -> None:
    rows = {id for path in TABLES.glob("*.toml") for id in _table._table(path.stem)}
    assert rows, "no tables"
    assert rows - _vector_ids() == set()  # a row no builder asks for would be lost silently


def test_a_row_is_built_with_its_position_moves_and_outcome() -> None:
    [row] = [c for c in facing_cases("two_player", "apply") if c["id"].endswith("after-scout")]
    assert row["move"] == "show 2-3"
    assert row["claim"] == {"owner": 1, "turn": 0}
    assert row["state"]["turn"] == 1  # the scout was played first: the same seat goes again


@pytest.mark.parametrize(
    "text",
    [
        '[reject-t-x]\ndescription = "d"\nrules = ["SC-SET-01"]\nposition = {}\nmoved = "x"\n',
        '[reject-t-x]\ndescription = "d"\nrules = ["SC-SET-01"]\n',
        '[apply-other-x]\ndescription = "d"\nrules = ["SC-SET-01"]\nposition = {}\n',
        '[reject-t-x]\ndescription = "d"\nrules = []\nposition = {}\nreason = "a"\nclaim = {}\n',
    ],
    ids=["unknown-key", "no-position", "other-topic", "reason-and-claim"],
)
def test_a_malformed_row_is_refused_by_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    (tmp_path / "t.toml").write_text(text, "utf-8")
    monkeypatch.setattr(_table, "TABLES", tmp_path)
    _table._table.cache_clear()
    try:
        with pytest.raises(ValueError, match=r"t\.toml: row "):
            _table._table("t")
    finally:
        _table._table.cache_clear()
