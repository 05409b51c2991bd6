"""The mutation campaign's only test (mutation/judge.py) and its report (mutation/campaign.py)."""

from __future__ import annotations

import contextlib
import json
import shutil
from pathlib import Path
from typing import Any

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


def _session(folder: Path, source: str) -> tuple[Any, Path]:
    """A Cosmic Ray session of the campaign's configuration over one small module, which it
    names by its path in ``folder`` (as the campaign names a module by its path in a copy)."""
    campaign = pytest.importorskip("mutation.campaign")
    from cosmic_ray.commands.init import init  # noqa: PLC0415 - with the mutation group
    from cosmic_ray.config import serialize_config  # noqa: PLC0415
    from cosmic_ray.work_db import WorkDB, use_db  # noqa: PLC0415

    folder.mkdir(parents=True)
    (folder / "m.py").write_text(source, "utf-8")
    config = folder / "config.toml"
    config.write_text(serialize_config(campaign.make_config([], 1.0, [])), "utf-8")
    session = folder / "session.sqlite"
    with contextlib.chdir(folder), use_db(str(session), WorkDB.Mode.create) as db:
        init([Path("m.py")], db, {})
    return campaign, session


def test_cosmic_rays_operators_filter_keeps_the_chosen_operators(tmp_path: Path) -> None:
    from cosmic_ray.tools.filters import operators_filter  # noqa: PLC0415
    from cosmic_ray.work_db import WorkDB, use_db  # noqa: PLC0415

    _, session = _session(tmp_path / "s", "@f\ndef g(x):\n    return x + 1 < 2 and x * 3\n")
    operators_filter.main([str(session), str(session.with_name("config.toml"))])
    with use_db(str(session), WorkDB.Mode.open) as db:
        kept = {i.mutations[0].operator_name for i in db.pending_work_items}
        skipped = {i.mutations[0].operator_name for i, _ in db.completed_work_items}
    assert {"core/ReplaceBinaryOperator_Add_Sub", "core/ReplaceComparisonOperator_Lt_LtE"} <= kept
    assert {"core/NumberReplacer", "core/ReplaceAndWithOr"} <= kept
    assert {"core/ReplaceBinaryOperator_Add_Pow", "core/RemoveDecorator"} <= skipped
    assert not any("Pow" in n or "Mod" in n or "Bit" in n for n in kept)


def test_a_sample_is_reproducible_and_skips_the_rest(tmp_path: Path) -> None:
    from cosmic_ray.work_db import WorkDB, use_db  # noqa: PLC0415

    chosen = []
    for run in ("a", "b"):
        campaign, session = _session(tmp_path / run, "x = 1 + 2 - 3 * 4 < 5\n")
        with use_db(str(session), WorkDB.Mode.open) as db:
            assert campaign.skip_outside_sample(db, 3, seed=1) == 3
            chosen.append(sorted(campaign._key(i)[1:] for i in db.pending_work_items))
            assert len(db.completed_work_items) == db.num_work_items - 3
    assert chosen[0] == chosen[1]


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


def test_a_new_session_takes_over_the_kills_and_the_survivors_only_if_asked(
    tmp_path: Path,
) -> None:
    from cosmic_ray.work_db import WorkDB, use_db  # noqa: PLC0415 - with the mutation group
    from cosmic_ray.work_item import TestOutcome, WorkerOutcome, WorkResult  # noqa: PLC0415

    source = "x = 1\ny = 2\n"
    campaign, earlier = _session(tmp_path / "earlier", source)
    with use_db(str(earlier), WorkDB.Mode.open) as db:
        first, second = sorted(db.pending_work_items, key=campaign._key)[:2]
        for item, outcome in ((first, TestOutcome.KILLED), (second, TestOutcome.SURVIVED)):
            diff = "--- mutation diff ---\n-x = 1\n+x = 2\n"
            db.set_result(item.job_id, WorkResult(WorkerOutcome.NORMAL, None, outcome, diff))
    for survivors, found in ((False, ["killed"]), (True, ["killed", "survived"])):
        _, session = _session(tmp_path / str(survivors), source)
        with use_db(str(session), WorkDB.Mode.open) as db:
            assert campaign.take_over(earlier, db, survivors=survivors) == len(found)
            assert sorted(r.test_outcome.value for _, r in db.completed_work_items) == found
