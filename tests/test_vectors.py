"""The test vectors: schema-valid, fresh, equal to the engine's answers, and covering the rules.

The case generators double as tests: every case is checked here against the reference engine,
marked with the rules it cites, and ``make vectors`` writes the same cases to ``spec/vectors``.
"""

from __future__ import annotations

import json
import shutil
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from scout_ref import (
    MalformedInputError,
    Phase,
    Reason,
    State,
    apply_move,
    new_game,
    next_round,
    oriented,
    parse_move,
    state_from_json,
)
from scout_ref.checks.naive import broken_rules
from scout_ref.cli import main
from scout_ref.conformance.cases import GENERATORS
from scout_ref.conformance.cases.players import applies
from scout_ref.conformance.cases.targets import TARGETS
from scout_ref.conformance.model.kinds import VECTOR_KINDS, VectorKind
from scout_ref.conformance.model.positions import add_positions
from scout_ref.conformance.model.scope import coverage_gaps, scope_problems
from scout_ref.conformance.oracle.answers import expectation
from scout_ref.conformance.vectors.build import (
    MANIFEST,
    ClaimError,
    build_documents,
    existing_files,
    is_variant_case,
    lint,
    manifest,
    render,
    schema_id,
    schema_problems,
    stale_paths,
    state_problems,
    vector_case,
    vectors_dir,
)
from scout_ref.engine.notation import Move, Probe, parse_probe
from scout_ref.engine.repetition import first_repeat, position_key
from scout_ref.formats.state_json import rules_from_json, state_to_json
from scout_ref.formats.witness_store import stored_witness
from scout_ref.rulebook.registry import Status, rules

Case = dict[str, Any]


@cache
def documents() -> dict[str, Any]:
    """The vector files on disk, parsed, by path relative to ``spec/vectors``."""
    return {p: json.loads(t) for p, t in existing_files(vectors_dir()).items() if p != MANIFEST}


def all_cases() -> list[tuple[VectorKind, Case]]:
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
    assert {d["kind"] for d in documents().values()} == set(VECTOR_KINDS)


@pytest.mark.rule
@pytest.mark.parametrize("path", sorted(documents()))
def test_file_validates_against_its_schema(path: str) -> None:
    assert schema_problems(path.split("/", maxsplit=1)[0], documents()[path]) == []


@pytest.mark.rule
@pytest.mark.parametrize("name", [*VECTOR_KINDS, "common", "manifest"])
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


VECTOR_BUILD = pytest.mark.xdist_group("vector-build")
"""The tests that build every vector file (``build_documents``, about 9 CPU seconds, computed
once per process) or check every vector state (each witness game is replayed once per process:
6.6 CPU seconds the first time, 1.3 after) run on one pytest-xdist worker, so both are done
once per run."""


@VECTOR_BUILD
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
        assert add_positions(expectation(kind, case))["steps"] == case["steps"]
    else:
        assert add_positions({"expected": expectation(kind, case)})["expected"] == case["expected"]


@pytest.mark.rule
def test_a_contradicted_claim_stops_the_build() -> None:
    """Every generator's claims are checked where its cases are built: ``vector_case`` raises
    on a contradicted claim, so ``test_files_are_fresh`` (and ``make vectors``) fails on one.

    (A test per claimed case did the same again, and built every case at collection time in
    every pytest worker: 3 CPU seconds each.)
    """
    case = next(c for g in GENERATORS if g.kind == "deal" for c in g.cases() if "claim" in c)
    key = sorted(case["claim"])[0]
    wrong = case | {"claim": case["claim"] | {key: ["not", "what", "the", "engine", "says"]}}
    with pytest.raises(ClaimError, match=f"^{case['id']}: {key}: claimed"):
        vector_case("deal", wrong)
    assert vector_case("deal", case)["id"] == case["id"]


@VECTOR_BUILD
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
def test_every_case_cites_rules_that_apply_at_its_player_count() -> None:
    problems = [f"{c['id']}: {p}" for kind, c in all_cases() for p in scope_problems(kind, c)]
    assert problems == []


@pytest.mark.rule
def test_coverage_command_counts_cases_per_player_count(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["vectors", "coverage"]) == 0
    table = capsys.readouterr().out.split("\n\n")[0]  # the bins follow a blank line
    rows = {line.split()[0]: line for line in table.splitlines()}
    assert rows["rule"].split() == ["rule", "2p", "3p", "4p", "5p"]
    assert rows["SC-SNS-01"][13:16].strip() == ""  # Scout & Show does not exist with 2 players
    assert all(cell.isdigit() or cell == "-" for cell in rows["SC-SHOW-03"].split()[1:])


KNOWN_GAPS = Path(__file__).parent / "data" / "vector_scope_gaps.json"
"""Rule and player-count pairs (``SC-SET-02@2``) no vector covers yet: the list may only shrink."""


@pytest.mark.rule
def test_no_new_rule_and_player_count_goes_without_a_vector() -> None:
    known = set(json.loads(KNOWN_GAPS.read_text(encoding="utf-8")))
    gaps = coverage_gaps(all_cases(), {Status.NORMATIVE, Status.VARIANT})
    assert sorted(set(gaps) - known) == []


@pytest.mark.rule
def test_every_variant_rule_has_a_variant_vector() -> None:
    cited = {r for kind, c in all_cases() if is_variant_case(kind, c) for r in c["rules"]}
    variant = {r.id for r in rules().values() if r.status is Status.VARIANT}
    assert sorted(variant - cited) == []


NOT_YET_PORTED: set[str] = set()
"""Chapters whose cases are not yet written at every player count (chapter INFO's are written
at every count by ``cases/information.py``, since the ports of ``cases/players.py`` do not
rebuild a history)."""


def _players(kind: str, case: Case) -> int:
    if kind == "deal":
        given = case["input"]
        return int(given["players"] if "players" in given else given["state"]["players"])
    return int(case["players"] if kind == "trace" else case["state"]["players"])


@pytest.mark.rule
def test_every_binding_rule_is_a_focus_at_every_player_count_it_applies_to() -> None:
    """An engine for any player count meets a case written for each rule it could break."""
    focused = {(c["focus"], _players(kind, c)) for kind, c in all_cases() if "focus" in c}
    binding = [
        r.id
        for r in rules().values()
        if r.status in (Status.NORMATIVE, Status.VARIANT) and r.area not in NOT_YET_PORTED
    ]
    missing = [(r, n) for r in binding for n in applies(r) if (r, n) not in focused]
    assert missing == []


def _written(text: str) -> Move | Probe:
    """A reject case's move: canonical notation, or a move the rules forbid (SC-NOTE-07)."""
    try:
        return parse_move(text)
    except MalformedInputError:
        return parse_probe(text)


def isolating_cases() -> dict[Reason, list[str]]:
    """The reject cases whose move breaks exactly one rule, by reason."""
    found: dict[Reason, list[str]] = {r: [] for r in Reason}
    for kind, c in all_cases():
        if kind != "reject":
            continue
        broken = broken_rules(state_from_json(c["state"]), _written(c["move"]))
        if len(broken) == 1 and broken.pop().value == c["expected"]["reason"]:
            found[Reason(c["expected"]["reason"])].append(c["id"])
    return found


@pytest.mark.rule("SC-TURN-04")
@pytest.mark.parametrize("reason", list(Reason), ids=lambda r: r.value)
def test_every_reason_has_an_isolating_reject_vector(reason: Reason) -> None:
    assert isolating_cases()[reason], f"no reject vector breaks only {reason.value}"


@pytest.mark.rule("SC-TURN-04")
def test_oracle_sees_every_broken_rule() -> None:
    """The oracle itself: a move breaking three rules at once is seen breaking all three."""
    two = next(c for k, c in all_cases() if c["id"] == "reject-two-player-no-scout-chip")
    state = state_from_json(two["state"])
    found = broken_rules(state, parse_move("scout L @99 + show 0-0"))
    assert found == {Reason.SCOUT_SHOW_TWO_PLAYER, Reason.SLOT_OUTSIDE_HAND, Reason.NO_SCOUT_CHIP}


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
    "reject/scout.json",
)


def _edit(root: Path, path: str, case_id: str, key: str, value: object) -> None:
    target = root / path
    doc = json.loads(target.read_text(encoding="utf-8"))
    for c in doc["cases"]:
        if c["id"] == case_id:
            c[key] = value
    target.write_text(render(doc), encoding="utf-8")


@VECTOR_BUILD
@pytest.mark.rule
def test_check_passes_on_fresh_files(copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["vectors", "check", "--vectors-dir", str(copy)]) == 0
    assert capsys.readouterr().out.endswith("are up to date with the case generators\n")


@VECTOR_BUILD
@pytest.mark.rule
def test_check_lists_every_stale_file(copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (copy / "legal" / "rotation.json").unlink()
    (copy / "legal" / "extra.json").write_text("{}\n", encoding="utf-8")
    assert main(["vectors", "check", "--vectors-dir", str(copy)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in out] == ["legal/extra.json", "legal/rotation.json"]


@VECTOR_BUILD
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
        # SC-NOTE-07's forms that name no move the rule describes: an end card of the active
        # set (``scout #i`` names an inner card), a card past it, a card named twice
        *(
            pytest.param(
                path,
                case_id,
                "move",
                move,
                "the reference engine cannot answer it",
                id=f"probe-naming-no-move-{move}",
            )
            for path, case_id, move in [
                ("reject/scout.json", "reject-scout-inner-card", "scout #2 @0"),
                ("reject/scout.json", "reject-scout-inner-card", "scout #9 @0"),
                ("reject/show.json", "reject-show-not-adjacent", "show 0,0"),
                ("reject/show.json", "reject-show-not-adjacent", "show 2,1,1"),
            ]
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
        expectation("deal", {"input": {"state": three["state"], "deck": None}})
    assert expectation("deal", {"input": two})["state"]["round"] == 2


@VECTOR_BUILD
@pytest.mark.rule("SC-REACH-01")
def test_every_vector_state_is_valid_and_meets_the_conditions_of_play() -> None:
    """The fast half of the lint's state check: no vector poses an impossible position."""
    problems = [f"{c['id']}: {p}" for kind, c in all_cases() for p in state_problems(kind, c)]
    assert problems == []


@pytest.mark.rule("SC-REACH-01")
def test_a_state_without_a_stored_witness_game_is_a_problem() -> None:
    # Seat 0 scouts from the table's first show: a position no stored witness reaches.
    state = new_game(3, seed=20261202)
    for move in ("keep", "keep", "keep", "show 0-0", "scout L @0"):
        state = apply_move(state, parse_move(move))
    assert stored_witness(state) is None
    problems = list(state_problems("legal", {"state": state_to_json(state)}))
    assert len(problems) == 1
    assert problems[0].startswith("/state: no witness game reaches this state (SC-REACH-01)")


def trace_states(trace: Case) -> list[State]:
    """The state after each step of a trace (the engine's), from its first deal."""
    states: list[State] = []
    for step in trace["steps"]:
        if "move" in step:
            states.append(apply_move(states[-1], parse_move(step["move"])))
        elif step["deal"] is None:
            states.append(next_round(states[-1]))
        else:
            deck = [oriented(*map(int, c.split("/"))) for c in step["deal"]]
            rules = rules_from_json(trace["game_rules"])
            dealt = next_round(states[-1], deck) if states else None
            states.append(dealt or new_game(trace["players"], deck, rules))
    return states


@pytest.mark.rule("SC-END-06")
def test_no_trace_stops_at_a_move_cap() -> None:
    # A trace ends with its round (or game), or stops a round whose position has repeated.
    for kind, trace in all_cases():
        if kind == "trace":
            states = trace_states(trace)
            finished = states[-1].phase in (Phase.ROUND_OVER, Phase.GAME_OVER)
            assert finished or first_repeat(states) is not None, trace["id"]


@pytest.mark.rule("SC-END-04", "SC-END-03")
def test_the_cycle_trace_repeats_its_position_and_never_ends() -> None:
    document = json.loads((vectors_dir() / "trace" / "cycles.json").read_text(encoding="utf-8"))
    (cycle,) = document["cases"]
    assert "SC-END-04" in cycle["rules"]
    states = trace_states(cycle)
    play = [s for s in states if s.phase is Phase.PLAY]  # play[k]: after k moves of play
    assert len(play) == 25
    assert position_key(play[12]) == position_key(play[24])
    assert play[24].scout_chips == (4, 4, 4)
    assert state_from_json(cycle["steps"][-1]["state"]) == play[24]
