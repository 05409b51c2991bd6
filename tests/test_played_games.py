"""Positions the case builders reach by games written by hand (issue 19)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from scout_ref.conformance.cases import _by_hand, _table
from scout_ref.conformance.cases._by_hand import (
    GAMES_FILE,
    written_game,
)
from scout_ref.conformance.vectors.witnesses import derived_witnesses
from scout_ref.engine.state import State
from scout_ref.formats.state_json import state_digest, state_to_json
from scout_ref.formats.witness_store import document_text, replay_witness, steps_document

pytestmark = pytest.mark.rule("SC-REACH-01")


def _replays(state: State, tmp_path: Path) -> bool:
    """Whether the game kept for ``state`` is found as a vector's witness and replays to it."""
    documents = {"apply/a.json": {"cases": [{"id": "a", "state": state_to_json(state)}]}}
    found = derived_witnesses(documents, tmp_path)
    digest = state_digest(state)
    path = tmp_path / f"{digest}.json"
    path.write_text(document_text(steps_document(found[digest][1], state)), encoding="utf-8")
    return replay_witness(path, state) == state


@pytest.mark.parametrize("name", sorted(tomllib.loads(GAMES_FILE.read_text("utf-8"))))
def test_each_game_by_hand_reaches_its_position_with_a_witness(name: str, tmp_path: Path) -> None:
    assert _replays(written_game(name), tmp_path)


def test_an_illegal_move_of_a_game_is_refused_by_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    games = tmp_path / "games.toml"
    games.write_text('[g]\nplayers = 3\ndeck = "1/2"\nmoves = "keep; keep; keep; scout L @0"\n')
    monkeypatch.setattr(_by_hand, "GAMES_FILE", games)
    with pytest.raises(ValueError, match=r"games\.toml: g: move 3 \(scout L @0\)"):
        written_game("g")


def test_a_row_whose_game_ends_elsewhere_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    row = (
        '[legal-t-x]\ndescription = "d"\nrules = ["SC-VAR2-04"]\ngame = "two-player-no-chip"\n'
        'position = {players = 2, active_set = "5/3 6/1", hand = "4/9 7/1 8/4", '
        "scout_chips = [3, 0]}\n"
    )
    (tmp_path / "t.toml").write_text(row, "utf-8")
    monkeypatch.setattr(_table, "TABLES", tmp_path)
    _table._table.cache_clear()
    try:
        with pytest.raises(ValueError, match=r"legal-t-x: .*\['scout_chips'\]"):
            _table.facing_cases("t", "legal")
    finally:
        _table._table.cache_clear()
