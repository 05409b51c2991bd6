"""The command line helps a new user: help on a bare command, exit statuses in every help,
errors that guess what was meant, one spelling per switch, and a quiet end on a closed pipe."""

from __future__ import annotations

import argparse
import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest

from scout_ref.cli import build_parser, main
from scout_ref.cli.commands import COMMANDS

pytestmark = pytest.mark.rule

SHOWN = "3p hands 3/7 3/1 9/2 | 1/4 | 8/2 active_set 4/9 5/1 owner 2"


def error_of(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    return err


def test_bare_scout_ref_prints_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: scout-ref")
    assert "conform" in out
    assert "Exit status:" in out


def test_every_command_help_gives_its_exit_statuses() -> None:
    parser = build_parser()
    (action,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    commands: dict[str, argparse.ArgumentParser] = action.choices
    assert len(commands) == len(COMMANDS)
    for name, sub in commands.items():
        text = " ".join(sub.format_help().split())
        assert "Exit status" in text or "exit status" in text, name
        assert "3 a bug in scout-ref" in text, name


def test_every_command_reads_each_of_its_options_as_a_typed_field() -> None:
    parser = build_parser()
    (action,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    for command in COMMANDS:
        name = command.__name__.rsplit(".", 1)[-1]
        options = {a.dest for a in action.choices[name]._actions if a.dest != "help"}
        fields = {f.name for f in dataclasses.fields(command.Options)}
        assert fields == options, name
        assert command.Options.__dataclass_params__.frozen, name


@pytest.mark.parametrize(
    ("line", "hint"),
    [
        ("3 hands 3/4 | 1/2 | 1/3", "did you mean '3p'?"),
        ("3P hands 3/4 | 1/2 | 1/3", "did you mean '3p'?"),
        ("hands 3/4 | 1/2 | 1/3", "start with the player count, e.g. '3p hands ...'"),
        ("3p hands 3/4 | 1/2 | 1/3 activeset 5/1 owner 1", "did you mean 'active_set'?"),
        ("3p hands 3/4 | 1/2 | 1/3 foo 5/1", "fields: round, phase, turn,"),
    ],
)
def test_a_position_error_guesses_what_was_meant(
    line: str, hint: str, capsys: pytest.CaptureFixture[str]
) -> None:
    err = error_of(capsys, "legal", line)
    assert hint in err
    assert "No such file" not in err


@pytest.mark.parametrize(
    ("move", "hint"),
    [
        ("scout L 3", "did you mean 'scout L @3'?"),
        ("Show 0-1", "did you mean 'show 0-1'?"),
        ("show 3", "a show needs a range: did you mean 'show 3-3'?"),
        ("pass", "there is no passing in SCOUT (SC-TURN-02)"),
        ("play 3", "E: the L or R end of the active set"),
    ],
)
def test_a_move_error_guesses_what_was_meant(
    move: str, hint: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert hint in error_of(capsys, "explain", SHOWN, move)


def test_rules_search_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "tie"]) == 0
    out = capsys.readouterr().out
    assert "SC-SET-05" in out
    assert "SC-GAME-04" in out  # players tied for the highest total
    assert "names no rule, area or word" in error_of(capsys, "rules", "zzzz")


def test_a_tie_is_rejected_citing_sc_set_05(capsys: pytest.CaptureFixture[str]) -> None:
    tie = "3p turn 0 hands 5/1 4/1 8/1 | 1/3 | 9/3 active_set 4/2 5/2 owner 1"
    assert main(["explain", tie, "show 0-1"]) == 1
    head = capsys.readouterr().out.split("reasoning:")[0]
    assert "illegal, not_stronger (SC-SHOW-03)" in head
    assert "a tie does not beat (SC-SET-05)" in " ".join(head.split())


def test_rotation_is_spelled_as_positions_spell_it() -> None:
    parser = build_parser()
    for spelled in ("once_per_game", "once-per-game"):  # the dashed one of earlier versions
        args = parser.parse_args(["play", "--rotation", spelled])
        assert args.rotation == "once_per_game"


def test_verify_from_vectors_keeps_its_old_name() -> None:
    parser = build_parser()
    assert parser.parse_args(["verify", "--from-vectors"]).vectors
    assert parser.parse_args(["verify", "--vectors"]).vectors


def test_simulate_records_its_first_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.json"
    argv = ["simulate", "--players", "2", "--games", "1", "--chooser", "rare_first"]
    assert main([*argv, "--record", str(record)]) == 0
    capsys.readouterr()
    assert main(["replay", str(record), "--quiet"]) == 0
    assert "1 case, " in capsys.readouterr().out


def test_a_closed_pipe_ends_quietly() -> None:
    script = "from scout_ref.cli import entrypoint; entrypoint()"
    argv = [sys.executable, "-c", script, "simulate", "--log", "--games", "5"]
    with subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as run:
        assert run.stdout is not None
        run.stdout.readline()
        run.stdout.close()  # the reader goes away, as `| head -1` does
        err = run.stderr.read() if run.stderr else b""
        assert run.wait(timeout=60) == 0
    assert err == b""


def test_simulate_plays_the_bots_of_play(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--seats", "greedy,random", "--games", "2", "--seed", "4", "--json"]
    assert main(argv) == 0
    first = capsys.readouterr().out
    assert '"players": 2' in first
    assert main(argv) == 0
    assert capsys.readouterr().out == first  # the same seed, the same games
    assert "bots only" in error_of(capsys, "simulate", "--seats", "human,greedy")
