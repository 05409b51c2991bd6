"""The mutation campaign's only test (mutation/judge.py) and its report (mutation/campaign.py)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from mutation.judge import cases, first_failure, random_failure
from scout_ref.rulebook.registry import spec_dir

VECTORS = spec_dir() / "vectors"
pytestmark = pytest.mark.rule


def _copy(tmp_path: Path, *files: str) -> Path:
    root = tmp_path / "vectors"
    for name in files:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(VECTORS / name, root / name)
    return root


def test_the_judge_passes_the_engine_on_its_vectors(tmp_path: Path) -> None:
    root = _copy(tmp_path, "reject/closure.json", "score/two_player.json", "legal/notation.json")
    assert first_failure(root) is None
    assert next(k for k, _ in cases(root)) == "reject"  # the cheap kinds first


@pytest.mark.parametrize(
    ("name", "spoil"),
    [
        ("reject/closure.json", lambda e: e | {"reason": "not_stronger"}),
        ("apply/closure.json", lambda e: e | {"state": e["state"] | {"turn": 3}}),
        ("legal/notation.json", lambda e: e | {"moves": e["moves"][1:]}),
    ],
    ids=["reason", "state", "moves"],
)
def test_the_judge_names_the_first_case_that_fails(
    tmp_path: Path, name: str, spoil: object
) -> None:
    root = _copy(tmp_path, name)
    path = root / name
    document = json.loads(path.read_text("utf-8"))
    case = document["cases"][0]
    case["expected"] = spoil(case["expected"])  # type: ignore[operator]
    path.write_text(json.dumps(document), "utf-8")
    assert first_failure(root) == case["id"]


def test_the_judge_ignores_position_lines_and_the_order_of_moves(tmp_path: Path) -> None:
    root = _copy(tmp_path, "legal/notation.json", "apply/notation.json")
    for name in ("legal/notation.json", "apply/notation.json"):
        path = root / name
        document = json.loads(path.read_text("utf-8"))
        for case in document["cases"]:
            case["expected"].pop("position", None)
            if "moves" in case["expected"]:
                case["expected"]["moves"].reverse()
        path.write_text(json.dumps(document), "utf-8")
    assert first_failure(root) is None


def test_a_survivor_is_explained_only_by_its_module_function_operator_and_line() -> None:
    campaign = pytest.importorskip("mutation.campaign")
    entry = {"module": "show", "definition": "f", "operator": "op", "line": "x = 1"}
    entry["mutant"] = "x = 2"
    known = [entry | {"reason": "because"}]
    assert campaign._reason(entry, known) == "because"
    assert campaign._reason(entry | {"line": "y = 1"}, known) == "unexplained"
    assert campaign._reason(entry | {"mutant": "x = 0"}, known) == "unexplained"
    assert campaign._reason(entry | {"definition": "g"}, known) == "unexplained"
    assert campaign._mutant("--- a\n+++ b\n@@ -1 +1 @@\n-x = 1\n+x = 2\n") == "x = 2"
    assert campaign.OPERATORS.match("core/ReplaceComparisonOperator_Lt_LtE")
    assert not campaign.OPERATORS.match("core/ReplaceBinaryOperator_Add_Pow")
    assert not campaign.OPERATORS.match("core/RemoveDecorator")


def test_every_equivalent_mutant_gives_its_reason() -> None:
    path = Path(__file__).parents[1] / "mutation" / "equivalent.json"
    entries = json.loads(path.read_text("utf-8"))["equivalent"]
    for e in entries:
        assert set(e) >= {"module", "definition", "operator", "line", "mutant", "reason"}
        assert len(e["reason"]) > 20


@pytest.mark.slow
def test_the_judge_tests_the_engines_own_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """A mutant of the shuffle passes every vector (they carry the deck): the deal tests see it."""
    import scout_ref.conformance.oracle.answers as reference  # noqa: PLC0415
    from scout_ref.engine import setup  # noqa: PLC0415
    from tests.adapters.wrong_never_turns import shuffled  # noqa: PLC0415

    monkeypatch.setattr(setup, "shuffled", shuffled)
    monkeypatch.setattr(reference, "shuffled", shuffled)
    assert random_failure() == "random-deal-2p"


def test_a_resumed_session_judges_its_survivors_again_and_keeps_its_kills(tmp_path: Path) -> None:
    campaign = pytest.importorskip("mutation.campaign")
    from cosmic_ray.work_db import WorkDB, use_db  # noqa: PLC0415 - with the mutation group
    from cosmic_ray.work_item import (  # noqa: PLC0415
        MutationSpec,
        TestOutcome,
        WorkerOutcome,
        WorkItem,
        WorkResult,
    )

    path = tmp_path / "session.sqlite"
    source = tmp_path / "m.py"
    source.write_text("x = 1\n", "utf-8")
    with use_db(str(path), WorkDB.Mode.create) as db:
        for job, outcome in (("a", TestOutcome.KILLED), ("b", TestOutcome.SURVIVED)):
            spec = MutationSpec(str(source), "core/NumberReplacer", 0, (1, 4), (1, 5))
            db.add_work_item(WorkItem.single(job, spec))
            diff = f"--- a/x/src/scout_ref/m.py\n+++ b/x/src/scout_ref/m.py\n-x = 1\n+x = {job}\n"
            db.set_result(job, WorkResult(WorkerOutcome.NORMAL, None, outcome, diff))
        assert campaign._forget_survivors(path, db) == 1
        assert [i.job_id for i in db.pending_work_items] == ["b"]
    report = campaign.summarize([path])
    assert (report["killed"], report["survived"]) == (1, 0)
