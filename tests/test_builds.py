"""The two builds of one source: pure Python (the default) and the engine compiled with mypyc.

``make test-compiled`` runs the engine, property and vector tests again on the compiled build
(``SCOUT_REF_BUILD=compiled``); here the build itself is checked, and random games played by the
compiled engine are compared step by step with the pure source driven through its adapter.
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scout_ref.conformance.fuzz.games import fuzz_game
from scout_ref.conformance.model.outcomes import Outcome
from scout_ref.conformance.process.adapter import Adapter
from scout_ref.conformance.process.context import Context

REPO = Path(__file__).resolve().parent.parent
BUILD = os.environ.get("SCOUT_REF_BUILD", "pure")
CONFIG = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))
MYPYC = CONFIG["tool"]["scout-ref"]["mypyc"]
PURE = frozenset(MYPYC["pure"])
FILES = [p.relative_to(REPO / "scout_ref") for p in (REPO / "scout_ref").rglob("*.py")]
PACKAGES = frozenset(".".join(p.parent.parts) for p in FILES if p.name == "__init__.py") - {""}
MODULES = sorted(
    ".".join(p.with_suffix("").parts) for p in FILES if p.name != "__init__.py"
) + sorted(PACKAGES)
"""Every module below ``scout_ref``, dotted (a package by its own name)."""


def compiles(module: str) -> bool:
    """Whether ``[tool.scout-ref.mypyc]`` asks mypyc to compile ``scout_ref.<module>``: a module
    named there or one of a package named there, but for packages and the pure modules."""
    named = module in MYPYC["compile"] or module.rpartition(".")[0] in MYPYC["compile"]
    return named and module not in PACKAGES and module not in PURE


compiled_only = pytest.mark.skipif(
    BUILD != "compiled", reason="compares the compiled build with the pure source"
)


def is_compiled(module: str) -> bool:
    """Whether ``scout_ref.<module>`` was loaded from an extension module."""
    origin = importlib.import_module(f"scout_ref.{module}").__file__ or ""
    return origin.endswith(tuple(EXTENSION_SUFFIXES))


@pytest.mark.rule
def test_pure_list_names_modules() -> None:
    assert sorted(PURE - set(MODULES)) == []


@pytest.mark.rule
def test_engine_is_the_build_asked_for() -> None:
    """Pure: nothing compiled. Compiled: every module but the pure ones, and not the source tree
    (which an import path put before the installed build would silently test instead)."""
    assert BUILD in ("pure", "compiled")
    modules = [m for m in MODULES if m != "__main__"]  # importing it runs the CLI
    expected = {m: BUILD == "compiled" and compiles(m) for m in modules}
    assert {m: is_compiled(m) for m in modules} == expected


@pytest.fixture(scope="module")
def pure_adapter() -> Iterator[Context]:
    """The pure source's reference adapter: this interpreter with the source tree put first."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PYTHONPATH", str(REPO))  # the adapter inherits it when it starts
        probe = "import scout_ref.engine.turn as t; print(t.__file__)"
        where = subprocess.run(
            [sys.executable, "-c", probe], capture_output=True, text=True, check=True
        )
        assert where.stdout.strip() == str(REPO / "scout_ref" / "engine" / "turn.py")
        adapter = Adapter([sys.executable, "-m", "scout_ref", "adapter"])
        try:
            yield Context(adapter)
        finally:
            adapter.close()


@compiled_only
@pytest.mark.rule("SC-TURN-02")
@settings(max_examples=12)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32))
def test_compiled_engine_plays_like_the_pure_source(
    pure_adapter: Context, players: int, seed: int
) -> None:
    """A random game of the compiled engine, replayed by the pure one: every deal, legal-move
    list, resulting state and score agrees (the conformance fuzzer's step-by-step check)."""
    result = fuzz_game(pure_adapter, players, f"builds:{seed}")
    assert result.outcome is Outcome.PASSED, result.message


@pytest.mark.rule("SC-GEN-03")
def test_engine_values_cross_process_boundaries_in_either_build() -> None:
    """verify --jobs and the Dask cluster pickle states, moves and counterexamples: the
    compiled build's frozen dataclasses cannot be unpickled the default way
    (scout_ref.analysis.distribute registers them with copyreg), so both builds are checked here."""
    import pickle  # noqa: PLC0415 - only this test pickles

    from scout_ref import apply_move, legal_moves, new_game  # noqa: PLC0415
    from scout_ref.checks.verify import Counterexample, verify  # noqa: PLC0415
    from scout_ref.engine.components import oriented  # noqa: PLC0415

    state = new_game(3, seed=4)
    moves = legal_moves(state)
    after = apply_move(state, moves[0])
    values: list[object] = [state, after, *moves, *legal_moves(after), after.rules, after.hands]
    values.append(Counterexample(state, tuple(moves), after, moves[0], "a problem"))
    assert [pickle.loads(pickle.dumps(v)) for v in values] == values
    assert pickle.loads(pickle.dumps(oriented(3, 7))) is oriented(3, 7)  # interned
    roots = [state, after]
    assert [t.nodes for t in verify(roots, 1, jobs=2)] == [t.nodes for t in verify(roots, 1)]


@pytest.mark.rule
def test_the_editions_rule_texts_ship_with_the_package() -> None:
    """Each edition's rules.po and explain.po are package data (setup.py): the installed build
    reads its own copy under scout_ref/_spec, the source tree its spec/ folder."""
    from scout_ref.analysis import wording  # noqa: PLC0415
    from scout_ref.rulebook import texts as rule_texts  # noqa: PLC0415 - the pure module, in either build
    from scout_ref.rulebook.registry import rules  # noqa: PLC0415

    folder = rule_texts.locales_dir()
    expected = "_spec" if BUILD == "compiled" else "spec"
    assert folder.parent.name == expected
    assert (folder / "editions.json").is_file()
    for lang in rule_texts.editions():
        catalog = rule_texts.catalog(lang)
        contexts = {m.context for m in catalog if m.id}
        assert {f"{r} statement" for r in rules()} <= contexts, lang
        words = rule_texts.catalog(lang, domain="explain")  # explain's words (issue 30)
        assert rule_texts.catalog_path(lang, "explain").is_relative_to(folder)
        assert all(words.get(p.english, context=p.context) for p in wording.phrases()), lang
