"""The runner against the reference adapter: verdicts, filters, reports and exit codes."""

from __future__ import annotations

import json
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import jsonschema
import pytest

from scout_ref.cli import main
from scout_ref.rulebook.registry import spec_dir
from tests.test_conformance_verdict_evidence import perft_case, write_vectors

DATA = Path(__file__).parent / "data" / "vectors"
REPO = Path(__file__).parent.parent

pytestmark = pytest.mark.rule("SC-TURN-02")


def conform(*args: str) -> int:
    return main(["conform", "--vectors", str(DATA), *args])


def report_of(directory: Path) -> dict[str, object]:
    report: dict[str, object] = json.loads((directory / "report.json").read_text("utf-8"))
    schema = json.loads((spec_dir() / "schema" / "report.schema.json").read_text("utf-8"))
    jsonschema.validate(report, schema)
    return report


def test_reference_passes_every_case(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert conform("--report", str(tmp_path), "--junit", str(tmp_path / "j.xml")) == 0
    out = capsys.readouterr().out
    assert out.rstrip().splitlines()[-1] == "15 passed, 0 failed"
    report = report_of(tmp_path)
    assert report["conformant"] is True
    rules = {r["id"]: r["verdict"] for r in report["rules"]}  # type: ignore[attr-defined]
    assert rules["SC-SET-03"] == "conformant"
    assert rules["SC-GEN-01"] == "conformant"  # no case cites it; the trace's deals judged it
    assert rules["SC-INFO-06"] == "not_applicable"
    suite = ET.parse(tmp_path / "j.xml").getroot().find("testsuite")
    assert suite is not None
    assert suite.get("tests") == "15"
    assert suite.get("failures") == "0"


def test_rule_and_kind_filters(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert conform("--rule", "SC-SET-*", "--kind", "reject", "--report", str(tmp_path)) == 0
    report = report_of(tmp_path)
    ids = [c["id"] for c in report["cases"]]  # type: ignore[attr-defined]
    assert ids == ["reject-runs-monotonic", "reject-ties-equal-run"]
    assert {r["id"] for r in report["rules"]} == {  # type: ignore[attr-defined]
        f"SC-SET-0{k}" for k in range(1, 7)
    }
    assert capsys.readouterr().out.rstrip().endswith("2 passed, 0 failed")


def test_no_matching_case_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert conform("--rule", "SC-NOPE-*") == 2
    assert capsys.readouterr().err.startswith("error: ")


def test_missing_vectors_folder_is_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["conform", "--vectors", str(tmp_path)]) == 2
    assert "no vector files" in capsys.readouterr().err


def test_strictness_legality_accepts_any_rejection(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A reject case whose reason was edited: only strictness reason notices."""
    shutil_copy(DATA / "reject" / "ties.json", tmp_path / "reject" / "ties.json")
    path = tmp_path / "reject" / "ties.json"
    document = json.loads(path.read_text("utf-8"))
    document["cases"][0]["expected"]["reason"] = "not_a_combination"
    path.write_text(json.dumps(document), "utf-8")
    vectors = ["conform", "--vectors", str(tmp_path)]
    assert main([*vectors, "--strictness", "legality"]) == 0
    assert main(vectors) == 1
    assert "rejected for 'not_stronger', expected 'not_a_combination'" in capsys.readouterr().out


def shutil_copy(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(source.read_bytes())


def test_capabilities_make_cases_not_applicable(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    adapter = tmp_path / "three.py"
    adapter.write_text(
        "import sys\n"
        "from scout_ref.conformance.oracle import server as a\n"
        "a.HELLO['capabilities'] = {'kinds': ['legal', 'apply'], 'players': [3], "
        "'variants': False}\n"
        "sys.exit(a.serve(sys.stdin, sys.stdout))\n",
        "utf-8",
    )
    status = conform("--adapter", f"{sys.executable} {adapter}", "--report", str(tmp_path))
    assert status == 0
    report = report_of(tmp_path)
    outcome = {c["id"]: c["outcome"] for c in report["cases"]}  # type: ignore[attr-defined]
    assert outcome["apply-chip-to-owner"] == "not_applicable"  # four players
    assert outcome["score-exemption-owner"] == "not_applicable"  # no score requests
    assert outcome["trace-round-three-players"] == "not_applicable"  # needs deal
    assert outcome["apply-sns-reduced-set"] == "passed"


@pytest.mark.rule("SC-END-02")
def test_perft_mismatch_is_bisected_to_an_apply(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The chain-reset engine agrees on moves but not on where the round ends."""
    monkeypatch.setenv("PYTHONPATH", str(REPO))
    source = json.loads((DATA / "apply" / "chain.json").read_text("utf-8"))["cases"][0]
    case = perft_case("perft-chain-two", source["state"], 2, ["SC-END-02"])
    write_vectors(tmp_path / "vectors", "perft", [case])
    engine = f"{sys.executable} -m tests.adapters.wrong_chain_resets"
    status = main(
        [
            "conform",
            "--vectors",
            str(tmp_path / "vectors"),
            "--adapter",
            engine,
            "--save",
            str(tmp_path / "found"),
        ]
    )
    assert status == 1
    out = capsys.readouterr().out
    assert "its own apply of 'scout L @0' differs" in out
    assert re.search(r"phase: expected \"round_over\", got \"play\"", out)
    found = tmp_path / "found"
    saved = json.loads((found / "apply" / "perft-chain-two-bisected.json").read_text("utf-8"))
    assert saved["cases"][0]["move"] == "scout L @0"
    # the saved vector is ready to use: the reference passes it, the wrong engine fails it
    assert main(["conform", "--vectors", str(found)]) == 0
    assert main(["conform", "--vectors", str(found), "--adapter", engine]) == 1


def test_interpreting_example_adapter_passes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The minimal adapter printed in spec/INTERPRETING.md works as printed."""
    text = (spec_dir() / "INTERPRETING.md").read_text("utf-8")
    assert text.splitlines()[2] == "**Contract version: SCP 2 / vectors 1.2.0.**"
    section = text.split("## A complete minimal adapter", 1)[1]
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    example = tmp_path / "example_adapter.py"
    example.write_text(code, "utf-8")
    assert conform("--adapter", f"{sys.executable} {example}") == 0
    out = capsys.readouterr().out
    assert "adapter: example 1.0 (python)" in out
    assert out.rstrip().endswith("15 passed, 0 failed")


@pytest.mark.rule("SC-SET-05")
def test_perft_mismatch_is_bisected_to_a_legal_vector(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The equal-strength engine lists extra shows at the root of the perft case."""
    monkeypatch.setenv("PYTHONPATH", str(REPO))
    engine = f"{sys.executable} -m tests.adapters.wrong_equal_beats"
    found = tmp_path / "found"
    assert conform("--kind", "perft", "--adapter", engine, "--save", str(found)) == 1
    out = capsys.readouterr().out
    assert "bisected at the root: the legal moves differ" in out
    assert "extra:   show 1-1, show 6-6" in out
    assert (found / "legal" / "perft-midgame-four-depth-two-bisected.json").is_file()
    assert main(["conform", "--vectors", str(found)]) == 0
    assert main(["conform", "--vectors", str(found), "--adapter", engine]) == 1


@pytest.mark.rule("SC-NOTE-07")
@pytest.mark.parametrize(
    ("move", "why"),
    [
        ("show 1,2", "it is written show 1-2"),
        ("show 2,2", "a card is named twice"),
        ("scout #2 @0", "the right end of the active set"),
        ("scout #7 @0", "the active set has 3 cards"),
        ("show 4-2", "is reversed"),
    ],
)
def test_a_vector_whose_move_names_no_move_is_refused_before_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], move: str, why: str
) -> None:
    """A hand-made folder: the schema lets these texts through; the loader does not."""
    source = next(p for p in spec_dir().glob("vectors/reject/*.json") if "#" in p.read_text())
    document = json.loads(source.read_text("utf-8"))
    case = next(c for c in document["cases"] if len(c["state"]["active_set"]) == 3)
    document["cases"] = [{**case, "move": move}]
    (tmp_path / "reject").mkdir()
    (tmp_path / "reject" / "mine.json").write_text(json.dumps(document), "utf-8")
    assert main(["conform", "--vectors-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: invalid vectors: reject/mine.json /cases/0: ")
    assert why in err
    assert err.count("\n") == 1
