"""Every ``reference:`` command a failure of a vector case prints runs, and shows the answer
the vector expects.

The commands are built exactly as the report builds them (``where``, ``position_line``,
``reproduction``), for every apply, reject and legal case and for steps of every trace, and
run through ``scout_ref.cli.main`` with the words the report printed. SC-NOTE-07's forms
(``scout #1 @0``, ``show 3,2``) are among them: the reject vectors use both notations.
"""

from __future__ import annotations

import contextlib
import io
import shlex
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from scout_ref.cli import main
from scout_ref.conformance.judge.runner import load_cases
from scout_ref.conformance.model.outcomes import Case, CaseResult, Outcome
from scout_ref.conformance.report.reproduce import position_line, reproduction, where
from scout_ref.conformance.vectors.build import vectors_dir
from scout_ref.engine.notation import move_sort_key, parse_move
from scout_ref.formats.position_line import format_position
from scout_ref.formats.state_json import rules_from_json, state_from_json, state_to_json
from scout_ref.formats.trace import replay

pytestmark = pytest.mark.rule("SC-NOTE-07", "SC-TURN-02")

REPO = Path(__file__).parent.parent
TRACE_STEPS = 12
"""Steps taken from each trace (every k-th move, spread over the whole game)."""


def _reference(case: Case, state: object = None, step: str | None = None) -> str:
    """The ``reference:`` command the report prints under a failure of ``case`` (at ``step``
    from ``state`` for a trace, as the trace judge records it)."""
    spot = where(case)
    if step is not None:
        spot = type(spot)(state, step)  # type: ignore[arg-type]
    known = case.data.get("position") if step is None else None
    position = position_line(spot.state, known if isinstance(known, str) else None)
    failed = CaseResult(case, Outcome.FAILED, "", position=position, step=spot.step)
    lines = [x for x in reproduction(failed, [], None) if x.startswith("reference: ")]
    assert lines, f"{case.id}: no reference command"
    return lines[0].removeprefix("reference: ")


def _run(command: str) -> tuple[int, str]:
    words = shlex.split(command)
    assert words[0] == "scout-ref", command
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(words[1:])
    assert not err.getvalue(), f"{command}: {err.getvalue()}"
    return status, out.getvalue()


def _cases(kind: str) -> list[Case]:
    return [c for c in load_cases(vectors_dir()) if c.kind == kind]


@pytest.mark.parametrize("kind", ["apply", "reject", "legal"])
def test_every_reference_command_of_a_vector_case_runs_and_shows_the_expected_answer(
    kind: str,
) -> None:
    cases = _cases(kind)
    assert cases
    for case in cases:
        command = _reference(case)
        status, out = _run(command)
        lines = out.splitlines()
        expected = case.data["expected"]
        if kind == "legal":
            assert status == 0, command
            wanted = sorted(map(parse_move, expected["moves"]), key=move_sort_key)
            assert lines[:-1] == [str(m) for m in wanted], command
        elif kind == "reject":
            assert status == 1, command
            verdict = f"illegal, {expected['reason']} ({expected['rule']})"
            assert lines[0].split(":")[0].split(" by seat ")[0] == case.data["move"], command
            assert verdict in lines[0], command
        else:
            assert status == 0, command
            assert lines[0].endswith(": legal"), command
            after = format_position(state_from_json(expected["state"]))
            assert lines[lines.index("position after the move:") + 1].strip() == after, command


def _trace_steps(case: Case) -> Iterator[tuple[object, str]]:
    """Every few move steps of a trace: the state before the move (JSON) and the move."""
    data = case.data
    rules = rules_from_json(data["game_rules"], "/game_rules")
    moves = [k for k, s in enumerate(data["steps"]) if "move" in s]
    picked = set(moves[:: max(1, len(moves) // TRACE_STEPS)])
    before = None
    for done in replay(data["players"], rules, data["steps"], case.id, check=False):
        if done.index in picked and before is not None:
            yield state_to_json(before), data["steps"][done.index]["move"]
        before = done.state


def test_the_reference_commands_at_trace_steps_run_and_show_the_move_legal() -> None:
    for case in _cases("trace"):
        for state, move in _trace_steps(case):
            status, out = _run(_reference(case, state, move))
            assert status == 0, (case.id, move)
            assert out.startswith(f"{move} by seat "), (case.id, move)
            status, out = _run(_reference(case, state, "legal"))
            assert status == 0, (case.id, move)
            assert move in out.splitlines(), (case.id, move)


def test_a_reference_command_runs_as_printed_in_a_shell() -> None:
    """The words are quoted for a shell: run one of each notation as a user pastes it."""
    probes = [c for c in _cases("reject") if "#" in c.data["move"] or "," in c.data["move"]]
    shown = next(c for c in probes if "," in c.data["move"])
    scouted = next(c for c in probes if "#" in c.data["move"] and c.data["state"]["active_set"])
    for case in (shown, scouted):
        command = _reference(case).replace("scout-ref", f"{sys.executable} -m scout_ref", 1)
        done = subprocess.run(command, shell=True, capture_output=True, text=True, check=False)
        assert done.returncode == 1, (command, done.stderr)
        assert f"illegal, {case.data['expected']['reason']}" in done.stdout


def test_every_reference_command_the_runner_prints_under_a_failure_runs(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """An engine that misjudges every move of SC-NOTE-07's forms fails the 70 reject vectors
    written in them; each failure's printed ``reference:`` command shows the expected reason."""
    monkeypatch.setenv("PYTHONPATH", str(REPO))
    adapter = f"{sys.executable} -m tests.adapters.misjudges_probes"
    options = ["--adapter", adapter, "--kind", "reject", "--rule", "SC-NOTE-07", "--quiet"]
    assert main(["conform", *options]) == 1
    lines = capsys.readouterr().out.splitlines()
    cases = _cases("reject")
    expected = {c.id: c.data["expected"] for c in cases}
    printed = []
    for k, line in enumerate(lines):
        if line.strip().startswith("reference: "):
            rerun = next(x for x in lines[k + 1 :] if x.strip().startswith("rerun: "))
            printed.append((line.strip().removeprefix("reference: "), shlex.split(rerun)[-1]))
    probes = [c.id for c in cases if "#" in c.data["move"] or "," in c.data["move"]]
    assert sorted(case for _, case in printed) == sorted(probes)
    assert len(printed) == 70
    for command, case_id in printed:
        status, out = _run(command)
        assert status == 1, command
        reason = expected[case_id]["reason"]
        assert f"illegal, {reason} ({expected[case_id]['rule']})" in out.splitlines()[0], command


@pytest.mark.rule("SC-COMP-01")
def test_what_a_random_deal_failure_prints_runs_and_names_no_missing_file(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under a failure of the adapter's own deals, the ``vector:`` line names no file (there is
    none) and the ``rerun:`` command asks for the same deals (their number and seed): run as
    printed, it fails again with the same words."""
    monkeypatch.setenv("PYTHONPATH", str(REPO))
    adapter = f"{sys.executable} -m tests.adapters.deals_a_card_twice"
    options = ["--adapter", adapter, "--case", "random-deal-[34]p", "--random-deals", "3"]
    assert main(["conform", *options, "--seed", "4", "--quiet"]) == 1
    first = capsys.readouterr().out.splitlines()
    blocks = _failure_blocks(first)
    assert sorted(blocks) == ["random-deal-3p", "random-deal-4p"]
    for case_id, lines in blocks.items():
        vector = next(x for x in lines if x.startswith("vector: ")).removeprefix("vector: ")
        assert vector.startswith("(none") or (Path.cwd() / vector).is_file(), vector
        rerun = next(x for x in lines if x.startswith("rerun: ")).removeprefix("rerun: ")
        status, out = _run(rerun)
        assert status == 1, rerun
        again = _failure_blocks(out.splitlines())
        assert list(again) == [case_id]
        assert again[case_id][:2] == lines[:2]  # the same deals set aside, the same first


def _failure_blocks(lines: list[str]) -> dict[str, list[str]]:
    """Each FAIL line's case ID and the indented lines under it."""
    blocks: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in lines:
        if line.startswith("FAIL "):
            current = blocks.setdefault(line.split()[1], [])
        elif current is not None and line.startswith("    "):
            current.append(line.strip())
        else:
            current = None
    return blocks
