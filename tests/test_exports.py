"""The public surface: ``scout_ref.__all__`` matches what ``__init__`` binds, and is documented."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import scout_ref

ROOT = Path(__file__).resolve().parent.parent
API_DOC = ROOT / "docs" / "reference" / "api.rst"


def _bound_names() -> set[str]:
    """The public names ``scout_ref/__init__.py`` binds by import or assignment."""
    tree = ast.parse(Path(scout_ref.__file__).read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom | ast.Import):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return {n for n in names if not n.startswith("_")}


@pytest.mark.rule
def test_all_is_alphabetised() -> None:
    assert scout_ref.__all__ == sorted(scout_ref.__all__)


@pytest.mark.rule
def test_all_equals_the_public_names() -> None:
    assert set(scout_ref.__all__) == _bound_names()
    assert len(set(scout_ref.__all__)) == len(scout_ref.__all__)
    for name in scout_ref.__all__:
        assert getattr(scout_ref, name) is not None


@pytest.mark.rule
def test_every_public_name_appears_in_the_api_reference() -> None:
    if not API_DOC.exists():
        pytest.skip("docs/reference/api.rst is not written yet (helper A is writing it)")
    text = API_DOC.read_text(encoding="utf-8")
    missing = [n for n in scout_ref.__all__ if not re.search(rf"\b{re.escape(n)}\b", text)]
    assert missing == []
