"""Building the rulebook in a test: the helper and the xdist group that shares one build.

The build itself is the session fixture ``built`` of ``tests/conftest.py``, which the tests of
``test_docs.py`` and the browser tests (``tests/browser``) share.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

ONE_BUILD = pytest.mark.xdist_group("docs-build")
"""The tests of the built rulebook share one build: pytest-xdist keeps them on one worker,
and the fixture lives as long as the worker (a module-scoped one was built twice when the
worker ran tests of other modules between them)."""


def sphinx(source: Path, out: Path, *extra: str) -> tuple[int, str]:
    """Build ``source`` to HTML in a subprocess; the exit status and the warnings."""
    warnings = out / "warnings.txt"
    command = [sys.executable, "-m", "sphinx", "-b", "html", "-n", "-E", "-q", "-w", str(warnings)]
    done = subprocess.run(
        [*command, *extra, str(source), str(out / "html")],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    return done.returncode, warnings.read_text(encoding="utf-8") if warnings.exists() else ""


def build_rulebook(out: Path) -> Path:
    """The rulebook built as ``make docs`` builds it into ``out``; fails on any warning."""
    messages = f"scout_messages_out={out / 'messages.json'}"  # for the editions' catalogs
    status, warnings = sphinx(DOCS, out, "-W", "--keep-going", "-D", messages)
    assert (status, warnings) == (0, "")
    return out / "html"
