"""The ``scout-ref`` command line: ``simulate``, ``rules`` and the one-line input errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scout_ref import MalformedInputError, state_to_json
from scout_ref.cli import build_parser, entrypoint, main
from scout_ref.cli.commands._output import ViewOptions, console, wants_color
from scout_ref.formats.position import build_state
from scout_ref.formats.state_source import read_json, read_state
from scout_ref.rulebook.registry import rules, spec_version
from scout_ref.util.text import plural


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def _one_line_error(err: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("error: ")
    return lines[0]


@pytest.mark.rule
def test_rules_lists_the_whole_registry(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "rules")
    assert status == 0
    listed = [line.split()[0] for line in out.splitlines() if line.startswith("SC-")]
    assert listed == list(rules())


@pytest.mark.rule("SC-SET-05")
def test_rules_shows_one_rule(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "rules", "SC-SET-05")
    assert status == 0
    assert out.splitlines()[0] == "SC-SET-05  [normative]  [players 2,3,4,5]  Ties do not beat"


@pytest.mark.rule
def test_rules_filters_by_area(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "rules", "show")
    assert status == 0
    listed = [line.split()[0] for line in out.splitlines() if line.startswith("SC-")]
    assert listed == [r for r in rules() if r.startswith("SC-SHOW-")]


@pytest.mark.rule
@pytest.mark.parametrize("wanted", ["SC-SHOW-99", "NOPE"])
def test_rejects_unknown_rule_or_area(capsys: pytest.CaptureFixture[str], wanted: str) -> None:
    status, out, err = _run(capsys, "rules", wanted)
    assert status == 2
    assert out == ""
    assert repr(wanted) in _one_line_error(err)


@pytest.mark.rule("SC-GAME-01")
def test_simulate_summarises_seeded_games(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "simulate", "--players", "3", "--games", "2", "--seed", "5")
    assert status == 0
    assert out.splitlines()[0] == "2 games of 3 players, 6 rounds"
    assert _run(capsys, "simulate", "--players", "3", "--games", "2", "--seed", "5")[1] == out


@pytest.mark.rule("SC-SCORE-06", "SC-GAME-04")
def test_simulate_log_prints_moves_scores_and_winners(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "simulate", "--players", "2", "--games", "1", "--log")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "round 1"
    assert "round 2" in lines
    assert any(line.startswith("totals: ") for line in lines)
    assert any(line.startswith("winners: seat") for line in lines)


@pytest.mark.rule("SC-GEN-01")
@pytest.mark.parametrize(
    ("argv", "words"), [(["--players", "7"], "--players"), (["--games", "0"], "--games")]
)
def test_rejects_bad_simulate_options(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    with pytest.raises(SystemExit) as info:  # refused by the option's type, as argparse does
        main(["simulate", *argv])
    assert info.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert words in _one_line_error(err)


@pytest.mark.rule
def test_rejects_unparseable_option_with_status_two(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["simulate", "--players", "four"])
    assert info.value.code == 2
    assert "'four' is not a whole number from 2 to 5" in capsys.readouterr().err


@pytest.mark.rule
def test_version_names_package_spec_and_protocol(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("scout-ref 1.")
    assert f"spec {spec_version()}" in out
    assert "protocol SCP 2" in out


@pytest.mark.rule
@pytest.mark.parametrize(
    ("patterns", "expected"),
    [
        (["sc-set-05"], ["SC-SET-05"]),
        (["SC-SHOW-0[12]"], ["SC-SHOW-01", "SC-SHOW-02"]),
        (["*-var2-0[1-2]", "sc-set-05"], ["SC-SET-05", "SC-VAR2-01", "SC-VAR2-02"]),
    ],
)
def test_rules_take_ids_in_any_case_and_globs(
    capsys: pytest.CaptureFixture[str], patterns: list[str], expected: list[str]
) -> None:
    status, out, _ = _run(capsys, "rules", *patterns)
    assert status == 0
    assert [line.split()[0] for line in out.splitlines() if line.startswith("SC-")] == expected
    assert out.splitlines()[-1] == plural(len(expected), "rule")


@pytest.mark.rule
def test_simulate_json_and_log_exclude_each_other(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["simulate", "--log", "--json"])
    assert info.value.code == 2
    assert "not allowed with" in capsys.readouterr().err


@pytest.mark.rule
def test_parser_lists_simulate_and_rules() -> None:
    help_text = build_parser().format_help()
    assert "simulate" in help_text
    assert "rules" in help_text


@pytest.mark.rule
def test_rejects_missing_file(tmp_path: Path) -> None:
    with pytest.raises(MalformedInputError, match="cannot read") as info:
        read_json(str(tmp_path / "nope.json"))
    assert "\n" not in str(info.value)


@pytest.mark.rule
def test_rejects_invalid_json(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"players": 4,', encoding="utf-8")
    with pytest.raises(MalformedInputError, match="line 1 column") as info:
        read_json(str(path))
    assert "\n" not in str(info.value)


@pytest.mark.rule
def test_rejects_text_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin.json"
    path.write_bytes(b'{"x": "\xe9"}')
    with pytest.raises(MalformedInputError, match="not UTF-8"):
        read_json(str(path))


@pytest.mark.rule("SC-GEN-03")
def test_rejects_invalid_state_file(tmp_path: Path) -> None:
    data = state_to_json(build_state(4, ["1/2", "3/4", "5/6", "7/8"], owner=1))
    data["phase"] = "lunch"
    path = tmp_path / "state.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(MalformedInputError, match="invalid state: /phase") as info:
        read_state(str(path))
    assert "\n" not in str(info.value)


@pytest.mark.rule
def test_module_entry_point_exits_two_with_one_line_on_bad_input() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "scout_ref", "simulate", "--players", "9"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert _one_line_error(done.stderr).startswith("error: argument --players: '9' is not")


def _exit_status(argv: list[str]) -> int:
    """Run the console script's entry point in-process and return its exit status."""
    with pytest.raises(SystemExit) as info:
        entrypoint_with(argv)
    code = info.value.code
    assert isinstance(code, int)
    return code


def entrypoint_with(argv: list[str]) -> None:
    saved = sys.argv
    sys.argv = ["scout-ref", *argv]
    try:
        entrypoint()
    finally:
        sys.argv = saved


@pytest.mark.rule
@pytest.mark.parametrize("debug", ["", "1"])
def test_a_bug_is_one_line_naming_an_internal_error(
    debug: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(args: object) -> int:
        raise ZeroDivisionError("boom")

    monkeypatch.setattr("scout_ref.cli.commands.rules.run", broken)
    monkeypatch.setenv("SCOUT_REF_DEBUG", debug)
    assert _exit_status(["rules", "SC-SHOW-03"]) == 3
    err = capsys.readouterr().err
    last = err.splitlines()[-1]
    assert last.startswith("internal error: ZeroDivisionError: boom; this is a bug in scout-ref")
    assert "SCOUT_REF_DEBUG=1" in last
    assert ("Traceback" in err) == (debug == "1")
    assert len(err.splitlines()) == 1 or debug == "1"


@pytest.mark.rule
def test_ctrl_c_is_one_line_and_status_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(args: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr("scout_ref.cli.commands.simulate.run", interrupted)
    assert _exit_status(["simulate"]) == 130
    assert capsys.readouterr().err == "interrupted\n"


@pytest.mark.rule
@pytest.mark.parametrize(
    "argv",
    [
        ["conform", "--timeout", "nan"],
        ["conform", "--timeout", "inf"],
        ["conform", "--timeout", "1e300"],
        ["conform", "--timeout", "-1"],
        ["conform", "--timeout", "0"],
        ["conform", "--adapter", '"unbalanced'],
        ["conform", "--adapter", "trailing\\"],
        ["conform", "--adapter", ""],
        ["conform", "--fuzz", "-1"],
        ["conform", "--kind", "nonsense"],
        ["simulate", "--seed", "9" * 5000],
        ["nonsense"],
    ],
)
def test_bad_options_are_one_line_and_status_two(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert _exit_status(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert len(_one_line_error(err)) < 1_000


@pytest.mark.rule
@pytest.mark.parametrize(
    ("option", "make"),
    [("--report", "file"), ("--junit", "folder"), ("--save", "file")],
)
def test_output_paths_are_checked_before_the_run(
    option: str, make: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "taken"
    if make == "file":
        target.write_text("keep me", encoding="utf-8")
    else:
        target.mkdir()
    adapter = f"{sys.executable} -c 'raise SystemExit(\"the adapter must not start\")'"
    status = main(["conform", "--kind", "deal", "--adapter", adapter, option, str(target)])
    assert status == 2
    assert option in _one_line_error(capsys.readouterr().err)
    assert make == "folder" or target.read_text("utf-8") == "keep me"


@pytest.mark.rule("SC-END-06")
def test_simulate_reports_truncated_rounds_without_scoring_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = _run(capsys, "simulate", "--players", "3", "--games", "2", "--max-moves", "5")
    assert status == 0
    assert "2 rounds truncated at 5 moves: not scored" in out
    assert "rounds ended by: none" in out
    assert main(["simulate", "--players", "3", "--games", "2", "--max-moves", "5", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert (summary["truncated_rounds"], summary["round_ends"]) == (2, {})
    assert (summary["max_moves"], summary["final_totals"]) == (5, None)
    assert "final totals:" not in out
    with pytest.raises(SystemExit) as info:
        main(["simulate", "--max-moves", "0"])
    err = capsys.readouterr().err
    assert info.value.code == 2
    assert "--max-moves" in _one_line_error(err)


@pytest.mark.rule
@pytest.mark.parametrize(
    ("environment", "switch", "drawn", "coloured"),
    [
        ({}, None, False, False),  # a pipe: plain text
        ({"FORCE_COLOR": "1"}, None, True, True),  # rich honours FORCE_COLOR in a pipe
        ({"TTY_COMPATIBLE": "1", "NO_COLOR": "1"}, None, True, False),  # a terminal, no colour
        ({"TTY_COMPATIBLE": "1", "TERM": "dumb"}, None, True, False),  # it cannot show colour
        ({"FORCE_COLOR": "1"}, "plain", False, False),  # the switches beat the environment
        ({"NO_COLOR": "1"}, "color", True, True),
    ],
)
def test_rich_decides_the_view_unless_a_switch_does(
    environment: dict[str, str],
    switch: str | None,
    drawn: bool,
    coloured: bool,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name in ("FORCE_COLOR", "NO_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "COLORTERM"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("TERM", "xterm")
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    args = ViewOptions(plain=switch == "plain", color=switch == "color")
    out = console(args)
    assert wants_color(args) is drawn
    assert (out.color_system is not None and not out.no_color) is coloured
