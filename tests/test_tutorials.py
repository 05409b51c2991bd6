"""The tutorials' examples run as written: console sessions and Python doctests.

Each ``.. code-block:: console`` block of a tutorial page holds ``$ scout-ref ...`` commands
(optionally fed by ``printf '...' |``) and their output, where a line ``...`` stands for any
number of lines. The commands run from a copy of ``docs/examples`` so that files they write
stay out of the tree.
"""

from __future__ import annotations

import doctest
import io
import re
import shlex
import shutil
import sys
from pathlib import Path

import pytest

from scout_ref.cli import main

DOCS = Path(__file__).resolve().parent.parent / "docs"
PAGES = ["playing", "explaining", "property-testing", "fair-bot", "game-ai"]
NEEDS_AI_EXTRA = {"game-ai"}  # its examples run PettingZoo and OpenSpiel
COMMAND = re.compile(r"\$ (?:printf '(?P<input>[^']*)' \| )?scout-ref (?P<args>.*)")


def console_sessions(page: str) -> list[tuple[str, list[str]]]:
    """Every command of the page's console blocks with its expected output lines."""
    lines = (DOCS / "tutorial" / f"{page}.rst").read_text(encoding="utf-8").splitlines()
    sessions: list[tuple[str, list[str]]] = []
    inside = False
    for line in lines:
        if line.strip() == ".. code-block:: console":
            inside = True
            continue
        if inside and line and not line.startswith("   "):
            inside = False
        if not inside or not line:
            if inside and sessions:
                sessions[-1][1].append("")
            continue
        text = line[3:]
        if text.startswith("$ "):
            sessions.append((text, []))
        elif sessions:
            sessions[-1][1].append(text)
    return [(cmd, _trimmed(out)) for cmd, out in sessions]


def _trimmed(lines: list[str]) -> list[str]:
    while lines and not lines[-1]:
        lines.pop()
    return lines


def matches(expected: list[str], actual: str) -> bool:
    """Whether ``actual`` reads as ``expected``, each ``...`` line standing for any lines."""
    pattern = "".join(r"(?:.*\n)*?" if e == "..." else re.escape(e) + r"\n" for e in expected)
    text = "".join(line.rstrip() + "\n" for line in actual.splitlines())
    return re.fullmatch(pattern, text) is not None


@pytest.mark.rule("SC-NOTE-02")
@pytest.mark.parametrize("page", ["playing", "explaining", "game-ai"])
def test_console_examples_run_as_shown(
    page: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    shutil.copytree(DOCS / "examples", tmp_path / "docs" / "examples")
    monkeypatch.chdir(tmp_path)
    sessions = console_sessions(page)
    assert sessions, "the page shows at least one session"
    for command, expected in sessions:
        found = COMMAND.fullmatch(command)
        assert found is not None, f"not a scout-ref command: {command}"
        typed = (found["input"] or "").replace("\\n", "\n")
        monkeypatch.setattr("sys.stdin", io.StringIO(typed))
        main(shlex.split(found["args"]))
        captured = capsys.readouterr()
        actual = captured.out + captured.err
        assert matches(expected, actual), f"{command}\n--- got ---\n{actual}"


@pytest.mark.rule("SC-SET-04")
@pytest.mark.parametrize("page", PAGES)
def test_python_examples_run_as_shown(page: str, monkeypatch: pytest.MonkeyPatch) -> None:
    if page in NEEDS_AI_EXTRA:
        pytest.importorskip("pettingzoo", reason="needs the ai extra")
        pytest.importorskip("pyspiel", reason="needs the ai extra")
    monkeypatch.chdir(DOCS.parent)
    monkeypatch.setattr("sys.path", [*sys.path])  # a page may import from docs/examples
    result = doctest.testfile(
        str(DOCS / "tutorial" / f"{page}.rst"),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    sys.modules.pop("toy_engine", None)
    assert result.attempted > 0
    assert result.failed == 0
