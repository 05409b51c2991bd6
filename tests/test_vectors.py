"""The test vectors: schema-valid, fresh, equal to the engine's answers, and covering the rules.

The case generators double as tests: every case is checked here against the reference engine,
marked with the rules it cites, and ``make vectors`` writes the same cases to ``spec/vectors``.
"""

from __future__ import annotations

import json
import shutil
from functools import cache
from itertools import combinations_with_replacement
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from scout_ref import MalformedInputError, Reason, State, parse_move
from scout_ref.cli import main
from scout_ref.combinations import beats, classify
from scout_ref.conformance.cases import GENERATORS
from scout_ref.conformance.cases.targets import TARGETS
from scout_ref.conformance.positions import add_positions
from scout_ref.conformance.vectors import (
    KINDS,
    MANIFEST,
    answer,
    build_documents,
    claim_problems,
    existing_files,
    is_variant_case,
    lint,
    manifest,
    render,
    replay,
    schema_id,
    schema_problems,
    stale_paths,
    vectors_dir,
)
from scout_ref.notation import End, Flip, Keep, Move, Scout, ScoutShow, Show
from scout_ref.registry import Status, rules
from scout_ref.scout import scouted
from scout_ref.state import Hand, Phase
from scout_ref.variants import Scouting

Case = dict[str, Any]


@cache
def documents() -> dict[str, Any]:
    """The vector files on disk, parsed, by path relative to ``spec/vectors``."""
    return {p: json.loads(t) for p, t in existing_files(vectors_dir()).items() if p != MANIFEST}


def all_cases() -> list[tuple[str, Case]]:
    """Every case on disk with its kind."""
    return [(d["kind"], c) for d in documents().values() for c in d["cases"]]


def case_params() -> list[Any]:
    """One pytest parameter per case, named by its id and marked with its rules."""
    return [
        pytest.param(kind, c, id=c["id"], marks=pytest.mark.rule(*c["rules"]))
        for kind, c in all_cases()
    ]


@pytest.mark.rule
def test_every_kind_has_files() -> None:
    assert {d["kind"] for d in documents().values()} == set(KINDS)


@pytest.mark.rule
@pytest.mark.parametrize("path", sorted(documents()))
def test_file_validates_against_its_schema(path: str) -> None:
    assert schema_problems(path.split("/", maxsplit=1)[0], documents()[path]) == []


@pytest.mark.rule
@pytest.mark.parametrize("name", [*KINDS, "common", "manifest"])
def test_schema_is_a_valid_draft_2020_12_schema(name: str) -> None:
    path = vectors_dir().parent / "schema" / "vectors" / f"{name}.schema.json"
    schema = json.loads(path.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$id"] == schema_id(name)


@pytest.mark.rule
def test_manifest_lists_the_files() -> None:
    texts = existing_files(vectors_dir())
    listed = texts.pop(MANIFEST)
    assert schema_problems("manifest", json.loads(listed)) == []
    assert listed == render(manifest(texts))


@pytest.mark.rule
def test_files_are_fresh() -> None:
    assert stale_paths(vectors_dir(), build_documents()) == []


@pytest.mark.rule
def test_case_ids_are_unique() -> None:
    ids = [c["id"] for _, c in all_cases()]
    assert len(ids) == len(set(ids))


@pytest.mark.rule
def test_no_two_cases_share_their_inputs() -> None:
    """Each case earns its place: no two cases of a kind pose the same question."""
    inputs = [
        (kind, json.dumps({k: v for k, v in c.items() if k not in NOT_INPUTS}, sort_keys=True))
        for kind, c in all_cases()
    ]
    assert len(inputs) == len(set(inputs))


NOT_INPUTS = ("id", "description", "rules", "expected")


@pytest.mark.rule
@pytest.mark.parametrize(("kind", "case"), case_params())
def test_case_matches_the_engine(kind: str, case: Case) -> None:
    if kind == "trace":
        assert add_positions({"steps": replay(case)})["steps"] == case["steps"]
    else:
        assert add_positions({"expected": answer(kind, case)})["expected"] == case["expected"]


@pytest.mark.rule
@pytest.mark.parametrize(
    ("kind", "case"),
    [
        pytest.param(g.kind, c, id=c["id"], marks=pytest.mark.rule(*c["rules"]))
        for g in GENERATORS
        for c in g.cases()
        if "claim" in c
    ],
)
def test_generator_claim_holds(kind: str, case: Case) -> None:
    assert claim_problems(kind, case["claim"], answer(kind, case)) == []


@pytest.mark.rule
@pytest.mark.slow
def test_lint_finds_nothing_in_the_committed_files() -> None:
    """The whole lint, as ``make vectors-check`` runs it (slow: it recomputes every answer)."""
    assert lint(vectors_dir()) == []


# --- coverage ----------------------------------------------------------------------------------


@pytest.mark.rule
def test_every_normative_rule_has_a_vector() -> None:
    cited = {r for _, c in all_cases() for r in c["rules"]}
    normative = {r.id for r in rules().values() if r.status is Status.NORMATIVE}
    assert sorted(normative - cited) == []


@pytest.mark.rule
def test_every_variant_rule_has_a_variant_vector() -> None:
    cited = {r for kind, c in all_cases() if is_variant_case(kind, c) for r in c["rules"]}
    variant = {r.id for r in rules().values() if r.status is Status.VARIANT}
    assert sorted(variant - cited) == []


def _show_breaks(hand: Hand, active_set: Hand, show: Show) -> list[Reason]:
    if show.last >= len(hand):
        return [Reason.RANGE_OUTSIDE_HAND]
    combo = classify([c.top for c in hand[show.first : show.last + 1]])
    if combo is None:
        return [Reason.NOT_A_COMBINATION]
    active = classify([c.top for c in active_set]) if active_set else None
    return [] if beats(combo, active) else [Reason.NOT_STRONGER]


def _could_show(hand: Hand, active_set: Hand) -> bool:
    ranges = combinations_with_replacement(range(len(hand)), 2)
    return any(not _show_breaks(hand, active_set, Show(i, j)) for i, j in ranges)


def _scout_breaks(state: State, scout: Scout) -> list[Reason]:
    chips = 1 if state.turn is None else state.scout_chips[state.turn]
    checks = {
        Reason.NO_ACTIVE_SET: not state.active_set,
        Reason.SINGLE_CARD_END: scout.end is End.RIGHT and len(state.active_set) == 1,
        Reason.SLOT_OUTSIDE_HAND: scout.slot > len(state.hand),
        Reason.NO_SCOUT_CHIP: state.is_two_player and chips == 0,
        Reason.SHOW_AVAILABLE: state.rules.scouting is Scouting.FORCED
        and _could_show(state.hand, state.active_set),
    }
    return [reason for reason, broken in checks.items() if broken]


def broken_reasons(state: State, move: Move) -> list[Reason]:
    """Every rule ``move`` breaks in ``state``, each judged on its own, not just the first.

    An independent oracle for isolation: a reject vector isolates its reason when this list
    holds that reason alone.
    """
    rotation = isinstance(move, Keep | Flip)
    out = [] if (state.phase is Phase.ROTATION) == rotation else [Reason.WRONG_PHASE]
    match move:
        case Keep() | Flip():
            pass
        case Show():
            out += _show_breaks(state.hand, state.active_set, move)
        case Scout():
            out += _scout_breaks(state, move)
        case ScoutShow(scout, show):
            if state.is_two_player:
                out.append(Reason.SCOUT_SHOW_TWO_PLAYER)
            elif state.turn is not None and not state.scout_show_available[state.turn]:
                out.append(Reason.SCOUT_SHOW_USED)
            scout_breaks = _scout_breaks(state, scout)
            out += scout_breaks
            if not scout_breaks:
                out += _show_breaks(*scouted(state.hand, state.active_set, scout), show)
            elif show.last > len(state.hand):
                # Whatever the scout, the hand it leaves has one card more than now.
                out.append(Reason.RANGE_OUTSIDE_HAND)
    return out


def isolating_cases() -> dict[Reason, list[str]]:
    """The reject cases whose move breaks exactly one rule, by reason."""
    found: dict[Reason, list[str]] = {r: [] for r in Reason}
    for kind, c in all_cases():
        if kind != "reject":
            continue
        broken = broken_reasons(State.from_json(c["state"]), parse_move(c["move"]))
        if len(broken) == 1 and broken[0].value == c["expected"]["reason"]:
            found[broken[0]].append(c["id"])
    return found


@pytest.mark.rule("SC-TURN-04")
@pytest.mark.parametrize("reason", list(Reason), ids=lambda r: r.value)
def test_every_reason_has_an_isolating_reject_vector(reason: Reason) -> None:
    assert isolating_cases()[reason], f"no reject vector breaks only {reason.value}"


@pytest.mark.rule("SC-TURN-04")
def test_oracle_sees_every_broken_rule() -> None:
    """The oracle itself: a move breaking three rules at once is seen breaking all three."""
    two = next(c for k, c in all_cases() if c["id"] == "reject-two-player-no-scout-chip")
    state = State.from_json(two["state"])
    found = broken_reasons(state, parse_move("scout L @99 + show 0-0"))
    assert found == [Reason.SCOUT_SHOW_TWO_PLAYER, Reason.SLOT_OUTSIDE_HAND, Reason.NO_SCOUT_CHIP]


@pytest.mark.rule
@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
def test_every_contested_point_and_known_mistake_has_cases(target: Any) -> None:
    variant_of = {c["id"]: is_variant_case(kind, c) for kind, c in all_cases()}
    assert [i for i in target.official if variant_of.get(i) is not False] == []
    assert [i for i in target.variant if variant_of.get(i) is not True] == []


# --- the command -------------------------------------------------------------------------------


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """A scratch copy of the vector files."""
    root = tmp_path / "vectors"
    shutil.copytree(vectors_dir(), root)
    return root


@pytest.fixture
def small(tmp_path: Path) -> Path:
    """A scratch copy of a few quick vector files, with their own manifest."""
    root = tmp_path / "small"
    texts = {p: t for p, t in existing_files(vectors_dir()).items() if p in SMALL}
    for path, text in (texts | {MANIFEST: render(manifest(texts))}).items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text, encoding="utf-8")
    return root


SMALL = (
    "legal/rotation.json",
    "legal/scout.json",
    "reject/show.json",
    "apply/scout.json",
    "score/two_player.json",
    "deal/setup.json",
)


def _edit(root: Path, path: str, case_id: str, key: str, value: object) -> None:
    target = root / path
    doc = json.loads(target.read_text(encoding="utf-8"))
    for c in doc["cases"]:
        if c["id"] == case_id:
            c[key] = value
    target.write_text(render(doc), encoding="utf-8")


@pytest.mark.rule
def test_check_passes_on_fresh_files(copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["vectors", "check", "--vectors-dir", str(copy)]) == 0
    assert capsys.readouterr().out.endswith("are up to date with the case generators\n")


@pytest.mark.rule
def test_check_lists_every_stale_file(copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (copy / "legal" / "rotation.json").unlink()
    (copy / "legal" / "extra.json").write_text("{}\n", encoding="utf-8")
    assert main(["vectors", "check", "--vectors-dir", str(copy)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in out] == ["legal/extra.json", "legal/rotation.json"]


@pytest.mark.rule
def test_generate_restores_the_files(copy: Path) -> None:
    (copy / "score" / "two_player.json").write_text("{}\n", encoding="utf-8")
    assert main(["vectors", "generate", "--vectors-dir", str(copy)]) == 0
    assert stale_paths(copy, build_documents()) == []


@pytest.mark.rule
@pytest.mark.parametrize(
    ("path", "case_id", "key", "value", "problem"),
    [
        pytest.param(
            "reject/show.json",
            "reject-show-not-stronger",
            "expected",
            {"reason": "not_a_combination", "rule": "SC-SET-01"},
            "expected differs from the reference engine's answer",
            id="wrong-expectation",
        ),
        pytest.param(
            "legal/rotation.json",
            "legal-rotation-keep-or-flip",
            "rules",
            ["SC-NOTE-06"],
            "cites SC-NOTE-06, a informative rule",
            id="informative-rule",
        ),
        pytest.param(
            "legal/rotation.json",
            "legal-rotation-keep-or-flip",
            "rules",
            ["SC-VAR-03"],
            "cites SC-VAR-03, a variant rule",
            id="variant-rule-in-official-case",
        ),
        pytest.param(
            "legal/rotation.json",
            "legal-rotation-keep-or-flip",
            "id",
            "legal-scout-both-ends",
            "id already used",
            id="duplicate-id",
        ),
        pytest.param(
            "legal/rotation.json",
            "legal-rotation-keep-or-flip",
            "id",
            "legal-turn-keep-or-flip",
            "id does not start with legal-rotation-",
            id="id-outside-its-file",
        ),
        pytest.param(
            "apply/scout.json",
            "apply-scout-middle-slot",
            "move",
            "scout L @9",
            "the reference engine cannot answer it",
            id="illegal-apply-move",
        ),
        pytest.param(
            "legal/rotation.json",
            "legal-rotation-keep-or-flip",
            "description",
            "",
            "should be non-empty",
            id="schema",
        ),
        pytest.param(
            "legal/rotation.json",
            "legal-rotation-keep-or-flip",
            "position",
            "3p hands - | - | -",
            "/position: describes another state than /state",
            id="position-of-another-state",
        ),
        pytest.param(
            "legal/rotation.json",
            "legal-rotation-keep-or-flip",
            "position",
            "3p hands 1/2 | 1/2 | -",
            "/position: invalid position: column",
            id="unreadable-position",
        ),
        pytest.param(
            "legal/rotation.json",
            "legal-rotation-keep-or-flip",
            "claim",
            {"moves": []},
            "Unevaluated properties are not allowed ('claim' was unexpected)",
            id="unknown-key",
        ),
    ],
)
def test_lint_reports_each_problem(
    small: Path, *, path: str, case_id: str, key: str, value: object, problem: str
) -> None:
    assert lint(small) == []
    _edit(small, path, case_id, key, value)
    found = lint(small)
    assert any(problem in line for line in found), found


@pytest.mark.rule
def test_lint_reports_an_invalid_state(small: Path) -> None:
    path = small / "score" / "two_player.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["cases"][0]["state"]["hands"][0].append(doc["cases"][0]["state"]["hands"][1][0])
    path.write_text(render(doc), encoding="utf-8")
    assert any("/state: invalid state" in line for line in lint(small))


@pytest.mark.rule
def test_lint_reports_a_stale_manifest(small: Path) -> None:
    (small / "legal" / "rotation.json").unlink()
    assert lint(small) == ["manifest.json: does not list the files as they are"]


@pytest.mark.rule
def test_lint_command_exit_statuses(small: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["vectors", "lint", "--vectors-dir", str(small)]) == 0
    (small / "deal" / "setup.json").write_text("not json", encoding="utf-8")
    assert main(["vectors", "lint", "--vectors-dir", str(small)]) == 1
    assert "deal/setup.json: not JSON" in capsys.readouterr().out


@pytest.mark.rule
def test_missing_folder_is_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["vectors", "lint", "--vectors-dir", str(tmp_path / "nowhere")]) == 2
    assert capsys.readouterr().err.startswith("error: ")


@pytest.mark.rule("SC-GAME-03", "SC-VAR2-01")
def test_a_deal_without_deck_is_only_the_second_two_player_round() -> None:
    """Chance is data: outside the second two-player round a missing deck is malformed."""
    found = {c["id"]: c for _, c in all_cases()}
    three = found["deal-rounds-3p-round-2"]["input"]
    two = found["deal-rounds-2p-round-2"]["input"]
    with pytest.raises(MalformedInputError, match="a new round needs a deck"):
        answer("deal", {"input": {"state": three["state"], "deck": None}})
    assert answer("deal", {"input": two})["state"]["round"] == 2
