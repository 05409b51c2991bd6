"""Every position the README, ``spec/POSITION.md``, ``docs/examples`` and the developer pages
show is proved reachable (issue 19): its witness game, stored under ``spec/witnesses`` by the
position's digest, replays to exactly that position. ``scout-ref check`` finds the witness of
a typed position at once, since the position line places a sketch's unnamed cards as a game
that reaches it does (:mod:`scout_ref.analysis.construction`).

The positions are read from the files themselves, so a new one is checked as soon as it is
written; a position the docs show on purpose as bad input is listed in :data:`BAD_INPUT`.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scout_ref import MalformedInputError, State, parse_position, state_from_json
from scout_ref.cli import main
from scout_ref.cli.commands.explain import STATE_HELP
from scout_ref.formats.witness_store import replay_witness, stored_witness
from scout_ref.util.jsonread import read_file

ROOT = Path(__file__).resolve().parent.parent

PAGES = [
    ROOT / "README.md",
    ROOT / "spec" / "POSITION.md",
    ROOT / "spec" / "INTERPRETING.md",
    *sorted((ROOT / "docs" / "tutorial").glob("*.rst")),
    *sorted((ROOT / "docs" / "how-to").glob("*.rst")),
    *sorted((ROOT / "docs" / "reference").glob("*.rst")),
]
"""The files whose position lines are checked: the README, the specifications and the
developer pages (English only; the player pages' examples are proved by the docs build)."""

BAD_INPUT = {
    "3p hands 3/7 3/1 | 1/4 3/7 | - active_set 4/9 owner 2",  # a card twice (tutorial)
    "3p hands 3/1 4/1 | 5/5 | 6/3",  # not a card (reference page)
    "3p hands 3/1",  # too few hands (the browser page: a rejected promise's message)
}
"""Lines the docs show to illustrate an error message."""

README_LINE = "3p hands 3/7 3/1 9/2 5/8 6/4 | 1/4 2/7 | 8/2 7/1 active_set 4/9 5/1 owner 2"

_QUOTED = re.compile(r"""['"`]([2-5]p (?:[a-z_]+ )[^'"`\n]*?)['"`]""")
_ALONE = re.compile(r"^\s*(?:position: )?([2-5]p (?:hands|turn|phase|round) [^\n]*?)\s*$", re.M)


def _lines(text: str) -> set[str]:
    found = {m.replace("\\|", "|") for m in _QUOTED.findall(text) + _ALONE.findall(text)}
    return {line for line in found if "..." not in line}  # an elided line shows no position


def documented() -> list[tuple[str, str]]:
    """(where, position line or state file) for every position the files show."""
    out = []
    for page in PAGES:
        rel = page.relative_to(ROOT).as_posix()
        out += [(rel, line) for line in sorted(_lines(page.read_text("utf-8")))]
    out += [("scout-ref explain --help", line) for line in sorted(_lines(STATE_HELP))]
    for example in sorted((ROOT / "docs" / "examples").glob("*.json")):
        rel = example.relative_to(ROOT).as_posix()
        out.append((rel, rel))
    return out


def _state(position: str) -> State:
    if position.endswith(".json"):
        return state_from_json(read_file(ROOT / position))
    return parse_position(position)


@pytest.mark.rule("SC-REACH-01")
def test_the_files_show_positions() -> None:
    """The scan has teeth: it finds the README's lines, the specification's examples and the
    example files."""
    found = documented()
    assert ("README.md", README_LINE) in found
    assert sum(where == "spec/POSITION.md" for where, _ in found) >= 7
    assert any(p.endswith("beat-a-run.json") for _, p in found)
    assert any(where == "scout-ref explain --help" for where, _ in found)
    assert any(where == "spec/INTERPRETING.md" for where, _ in found)
    assert {p for _, p in found} >= BAD_INPUT


@pytest.mark.rule("SC-REACH-01")
@pytest.mark.parametrize(("where", "position"), documented())
def test_a_shown_position_has_a_witness_that_replays_to_it(where: str, position: str) -> None:
    if position in BAD_INPUT:
        with pytest.raises(MalformedInputError):
            _state(position)
        return
    state = _state(position)
    path = stored_witness(state)
    assert path is not None, f"{where}: no witness for {position!r}: scout-ref check --store"
    assert replay_witness(path, state) == state


@pytest.mark.rule("SC-REACH-01")
def test_check_proves_the_readme_line_with_its_witness(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["check", README_LINE]) == 0
    assert "reachable: the witness game" in capsys.readouterr().out
    # Without the stored file the command constructs the game itself.
    record = tmp_path / "witness.json"
    assert main(["check", README_LINE, "--record", str(record)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("reachable: a witness game of ")
    assert replay_witness(record, parse_position(README_LINE)) == parse_position(README_LINE)
