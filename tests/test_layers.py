"""The layers of the package (issue 32): ``make lint`` runs import-linter on the contracts of
``[tool.importlinter]`` in ``pyproject.toml``. Here the contracts are shown to have teeth: a copy
of the package with one import planted against a contract fails the same check, naming it."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LINT = Path(sys.executable).with_name("lint-imports")


def _lint(tmp_path: Path, module: str, line: str) -> str:
    """import-linter's report on a copy of the package whose ``module`` file gains ``line``."""
    shutil.copytree(
        ROOT / "scout_ref", tmp_path / "scout_ref", ignore=shutil.ignore_patterns("*.so")
    )
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    path = tmp_path / "scout_ref" / f"{module.replace('.', '/')}.py"
    path.write_text(path.read_text(encoding="utf-8") + f"\n{line}\n", encoding="utf-8")
    done = subprocess.run(
        [str(LINT), "--no-cache"],
        cwd=tmp_path,
        env={"PYTHONPATH": str(tmp_path), "PATH": ""},
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 1, done.stdout + done.stderr
    return done.stdout


@pytest.mark.rule
@pytest.mark.parametrize(
    ("module", "line", "contract"),
    [
        ("engine.show", "import scout_ref.cli", "The package's layers import only"),
        ("engine.turn", "import scout_ref.rulebook.texts", "The engine reads no translation"),
        (
            "conformance.model.outcomes",
            "import scout_ref.conformance.judge.runner",
            "runner's parts",
        ),
        ("analysis.simulation", "from scout_ref import new_game", "public face"),
        ("engine.components", "import scout_ref.engine.state", "No import circle"),
    ],
)
def test_a_planted_import_breaks_its_contract(
    tmp_path: Path, module: str, line: str, contract: str
) -> None:
    report = _lint(tmp_path, module, line)
    broken = [row for row in report.splitlines() if row.endswith("BROKEN")]
    assert any(contract in row for row in broken), report
