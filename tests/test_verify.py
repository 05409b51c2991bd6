"""Exhaustive checking (``scout_ref.verify`` and ``scout-ref verify``)."""

from __future__ import annotations

import json
import re
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from scout_ref import Move, Phase, State, apply_move, legal_moves, new_game
from scout_ref._serialize import JSONObject
from scout_ref.cli import main
from scout_ref.conformance.vectors import schema_problems
from scout_ref.naive import could_show, strength
from scout_ref.perft import perft
from scout_ref.position import build_state
from scout_ref.registry import spec_version
from scout_ref.verify import Counterexample, vector_states, verify, verify_root

DOCS = Path(__file__).resolve().parent.parent / "docs"
SMALL = build_state(2, ["2/1 5/4 6/5", "3/1 7/2"], active_set="4/2", owner=1)


@pytest.mark.rule("SC-TURN-02", "SC-TURN-04", "SC-SETUP-03", "SC-VAR2-03")
def test_every_node_to_the_depth_is_checked() -> None:
    tally = verify_root(SMALL, depth=2)
    assert tally.counterexamples == []
    assert tally.nodes == sum(perft(SMALL, d) for d in range(3))
    assert tally.roots == 1


@pytest.mark.rule("SC-TURN-02")
def test_parallel_and_serial_runs_agree() -> None:
    roots = [SMALL, new_game(3, seed=2)]
    serial = [t.nodes for t in verify(roots, 2)]
    assert [t.nodes for t in verify(roots, 2, jobs=2)] == serial


@pytest.mark.rule("SC-TURN-04")
def test_a_listing_that_disagrees_with_the_oracle_is_a_legal_vector(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    listed = [str(m) for m in legal_moves(SMALL)]
    monkeypatch.setattr("scout_ref.verify.legal_moves", lambda state: [])
    found = verify_root(SMALL, depth=1).counterexamples
    assert len(found) == 1
    assert found[0].move is None
    assert "SC-TURN-02" in found[0].problem
    kind, case = found[0].vector()
    assert kind == "legal"
    assert case["expected"] == {"moves": listed}
    assert _schema_problems(kind, case) == []


@pytest.mark.rule("SC-VAR2-03")
def test_a_wrong_move_effect_is_an_apply_vector(monkeypatch: pytest.MonkeyPatch) -> None:
    def generous(state: State, move: Move) -> State:
        after = apply_move(state, move)
        return replace(after, scout_chips=tuple(n + 1 for n in after.scout_chips))

    monkeypatch.setattr("scout_ref.verify.apply_move", generous)
    found = verify_root(SMALL, depth=2).counterexamples
    assert len(found) == 1
    problem: Counterexample = found[0]
    assert problem.path == ()
    assert str(problem.move) == "show 1-1"  # the first legal move
    assert "SC-VAR2-03" in problem.rules
    kind, case = problem.vector()
    assert (kind, case["move"], case["state"]) == ("apply", "show 1-1", SMALL.to_json())
    assert "expected" not in case  # the engine's answer is the one in doubt


def _schema_problems(kind: str, case: JSONObject) -> list[str]:
    document = {"spec_version": spec_version(), "kind": kind, "description": "x", "cases": [case]}
    return schema_problems(kind, document)


@pytest.mark.rule
def test_the_vectors_carry_distinct_states() -> None:
    states = vector_states()
    assert len(states) > 100
    assert len({s.digest() for s in states}) == len(states)


@pytest.mark.rule("SC-TURN-02")
def test_cli_checks_a_state_file_and_reports_the_rate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "state.json"
    path.write_text(json.dumps(SMALL.to_json()), encoding="utf-8")
    assert main(["verify", "--depth", "2", "--from", str(path)]) == 0
    out = capsys.readouterr().out
    nodes = sum(perft(SMALL, d) for d in range(3))
    assert f"depth 2 from 1 positions: {nodes} nodes checked" in out
    assert "per CPU second" in out
    assert out.rstrip().endswith("0 counterexamples")


@pytest.mark.rule("SC-TURN-02")
def test_cli_prints_a_counterexample_and_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "state.json"
    path.write_text(json.dumps(SMALL.to_json()), encoding="utf-8")
    monkeypatch.setattr("scout_ref.verify.legal_moves", lambda state: [])
    assert main(["verify", "--depth", "0", "--from", str(path)]) == 1
    out = capsys.readouterr().out
    assert "counterexample under root" in out
    assert "as a legal vector:" in out
    assert out.rstrip().endswith("1 counterexamples")


@pytest.mark.rule
@pytest.mark.parametrize("argv", [["--depth", "-1"], ["--jobs", "0"]])
def test_cli_refuses_bad_numbers(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", *argv]) == 2
    assert capsys.readouterr().err.startswith("error: invalid --")


def _worked_examples() -> list[tuple[str, dict[str, str]]]:
    """The options of every ``scout-example`` in the rulebook, by title."""
    found: list[tuple[str, dict[str, str]]] = []
    for page in sorted((DOCS / "rulebook").glob("*.rst")):
        options: dict[str, str] | None = None
        key = ""
        for line in page.read_text(encoding="utf-8").splitlines():
            if ".. scout-example::" in line:
                options = {}
                found.append((f"{page.stem}: {line.split('::', 1)[1].strip()}", options))
            elif options is not None and (m := re.match(r"\s+:([\w-]+):\s*(.*)$", line)):
                key = m.group(1)
                options[key] = m.group(2)
            elif options is not None and line.strip() and key:
                if line.startswith("      ") and not line.strip().startswith(".."):
                    options[key] += "\n" + line.strip() if key == "expect" else " " + line.strip()
                else:
                    options, key = None, ""
            elif options is not None and not line.strip():
                key = ""
    return found


def _could_occur(state: State) -> bool:
    """Two conditions every position reached by play meets and a few hand-built examples skip,
    since they do not matter to the rule shown: the active set is a combination (SC-SHOW-05),
    and a two-player player to act has a move, else the round would have ended (SC-VAR2-05)."""
    if state.active_set and strength([c.top for c in state.active_set]) is None:
        return False
    if not state.is_two_player or state.turn is None or state.phase is not Phase.PLAY:
        return True
    return bool(state.scout_chips[state.turn]) or could_show(state.hand, state.active_set)


@pytest.mark.rule("SC-TURN-02", "SC-TURN-04", "SC-GEN-03")
def test_every_position_of_the_worked_examples_keeps_every_invariant() -> None:
    sys.path.insert(0, str(DOCS / "_ext"))
    from scoutdocs.scenario import play, start_state  # noqa: PLC0415 - docs code

    examples = _worked_examples()
    assert len(examples) > 50
    positions = []
    for _, options in examples:
        start = start_state(options)
        setup = [m.strip() for m in options.get("setup", "").split(";") if m.strip()]
        if setup:  # the witness that play reaches the pictured position
            start = play(start, setup)[-1].after
        moves = [m.strip() for m in options.get("moves", "").split(";") if m.strip()]
        positions += [start, *(s.after for s in play(start, moves) if s.move is not None)]
    possible = [p for p in positions if _could_occur(p)]
    assert len(possible) > 0.9 * len(positions)
    problems = [c for t in verify(possible, 0) for c in t.counterexamples]
    assert problems == []
