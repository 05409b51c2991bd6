"""Hostile input at the command line (issue 24): typed digits, closed streams, oversized
records, repeated case ids and ``--jobs``, each one line of error and status 2."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from scout_ref.cli import main
from scout_ref.conformance.judge.runner import load_cases
from scout_ref.conformance.vectors.build import vectors_dir

pytestmark = pytest.mark.rule

SUPERSCRIPT = "3p turn \u00b2 hands 3/1 | 2/1 | 4/1"


def one_error(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1, err
    assert err.startswith("error: ")
    return err


@pytest.mark.parametrize(
    "argv",
    [
        ["explain", SUPERSCRIPT, "keep"],
        ["check", SUPERSCRIPT],
        ["legal", SUPERSCRIPT],
        ["play", "--from", SUPERSCRIPT, "--seats", "random,random,random"],
        ["verify", "--from", SUPERSCRIPT, "--depth", "1"],
        ["check", f"3p hands 3/1 | 2/1 | 4/1 scores {'9' * 5000} 0 0"],
        ["check", "3p turn \u0660 hands 3/1 | 2/1 | 4/1"],
    ],
)
def test_a_typed_digit_or_number_is_an_input_error(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert "position" in one_error(capsys, argv)


def test_a_file_of_16_mib_of_bars_is_refused_by_its_length(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bars.txt"
    path.write_text("3p hands " + "|" * (16 * 1024 * 1024 - 20))
    assert "at most 4096 characters" in one_error(capsys, ["check", str(path)])


def trace_file(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    path.write_text((vectors_dir() / "trace" / "games.json").read_text("utf-8"))
    return path


@pytest.mark.parametrize(
    "argv",
    [
        ["replay", "-"],
        ["replay", "TRACE", "--step"],
        ["play", "--from", "-"],
        ["play", "--seats", "human,random", "--seed", "1"],
        ["explain", "-", "keep"],
        ["check", "-"],
        ["adapter"],
    ],
)
def test_closed_standard_input_is_an_input_error(
    argv: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(sys, "stdin", None)  # what Python sets when started with <&-
    argv = [str(trace_file(tmp_path)) if a == "TRACE" else a for a in argv]
    assert "standard input, which is closed" in one_error(capsys, argv)


def test_closed_standard_input_in_a_real_process() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "scout_ref", "replay", "-"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        check=False,
        preexec_fn=lambda: os.close(0),
    )
    assert done.returncode == 2, done.stderr
    assert "standard input, which is closed" in done.stderr


def padded_record(tmp_path: Path, mib: int) -> Path:
    """A recorded game padded with JSON whitespace to more than ``mib`` MiB: a long game's size."""
    document = json.loads(trace_file(tmp_path).read_text("utf-8"))
    document["cases"] = document["cases"][:1]  # one game
    text = json.dumps(document)
    big = tmp_path / "long-game.json"
    big.write_text(" " * (mib << 20) + text)
    return big


def test_a_record_beyond_16_mib_says_how_to_replay_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    big = padded_record(tmp_path, 17)  # refused by its size, before it is read
    assert f"replay --max-mib 64 {big}" in one_error(capsys, ["replay", "--quiet", str(big)])
    with pytest.raises(SystemExit) as info:  # refused by the option's type
        main(["replay", "--max-mib", "0", str(big)])
    assert info.value.code == 2
    assert "from 1 to 1024" in capsys.readouterr().err


def test_max_mib_replays_a_longer_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    big = padded_record(tmp_path, 2)
    assert f"replay --max-mib 4 {big}" in one_error(capsys, ["replay", "--max-mib", "1", str(big)])
    assert main(["replay", "--quiet", "--max-mib", "4", str(big)]) == 0
    assert "steps match" in capsys.readouterr().out


def test_repeated_case_ids_are_refused_naming_both_places(tmp_path: Path) -> None:
    folder = tmp_path / "vectors" / "legal"
    folder.mkdir(parents=True)
    document = json.loads((vectors_dir() / "legal" / "notation.json").read_text("utf-8"))
    (folder / "a.json").write_text(json.dumps(document))
    document["cases"] = document["cases"][1:] + document["cases"][:1]
    (folder / "b.json").write_text(json.dumps(document))
    repeated = document["cases"][0]["id"]  # a.json's second case, b.json's first
    where = f"'{repeated}' is used twice: legal/a.json /cases/1 and legal/b.json /cases/0"
    with pytest.raises(ValueError, match=where):
        load_cases(tmp_path / "vectors")


POSITION = "3p hands 3/1 | 2/1 | 4/1 active_set 5/1 owner 0"


@pytest.mark.parametrize(
    "line",
    [
        f"{POSITION} turn 01",
        "3p turn 1 hands 3/1 | 2/1 | 4/1 active_set 5/1 owner 00",
        f"3p round 01 {POSITION[3:]}",
        f"{POSITION} scout_chips 01 0 0",
        f"{POSITION} scores 0 -0 0",
        f"{POSITION} scores 0 -01 0",
        f"{POSITION} scores 007 0 0",
        f"{POSITION} captured 01 | - | -",
        f"{POSITION} scout_show_used 01",
        f"{POSITION} rules scouting=forced scouting=forced",
        f"{POSITION} rules rotation=once_per_game scouting=forced rotation=each_round",
    ],
)
def test_a_number_with_a_leading_zero_or_a_repeated_switch_is_refused(
    line: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each value has one written form (spec/POSITION.md): ``01`` is not seat 1."""
    assert "invalid position: column" in one_error(capsys, ["legal", "--hypothetical", line])


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


@pytest.mark.parametrize(
    "argv",
    [["replay", "--step", "TRACE"], ["play", "--seats", "human,random", "--seed", "1", "--plain"]],
)
def test_an_endless_standard_input_is_refused_at_its_first_long_line(
    argv: list[str], tmp_path: Path
) -> None:
    """A line typed at a prompt is at most 4,096 characters: ``< /dev/zero`` (no line break,
    ever) took 3 GB and ended in a MemoryError; now one line, status 2, within 1 GiB."""
    argv = [str(trace_file(tmp_path)) if a == "TRACE" else a for a in argv]
    with open("/dev/zero", "rb") as zero:
        done = subprocess.run(
            [sys.executable, "-m", "scout_ref", *argv],
            stdin=zero,
            capture_output=True,
            text=True,
            check=False,
            timeout=60,
            preexec_fn=_limit_memory,
        )
    assert done.returncode == 2, done.stderr
    purpose = "replay --step" if argv[0] == "replay" else "a human seat"
    assert done.stderr.splitlines() == [
        f"error: invalid standard input: {purpose}: a line is longer than 4096 characters"
    ]


@pytest.mark.parametrize("line", ["", "show 99-0", "?"])
def test_an_endless_input_that_plays_no_move_is_refused(line: str) -> None:
    """A human seat's input of lines that play no move (``yes ''``, a wrong move, a command)
    is refused after 1,000 in a row: the game waited on it forever."""
    endless = subprocess.Popen(["yes", line], stdout=subprocess.PIPE)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "scout_ref", "play", "--seats", "human,random", "--plain"],
            stdin=endless.stdout,
            capture_output=True,
            text=True,
            check=False,
            timeout=120,
        )
    finally:
        endless.kill()
        endless.wait()
        assert endless.stdout is not None
        endless.stdout.close()
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines() == [
        "error: invalid standard input: a human seat: 1000 lines in a row played no move"
    ]


@pytest.mark.parametrize(
    ("argv", "cap"),
    [
        (["simulate", "--games", "\u0663"], "from 1 to 1000000"),
        (["simulate", "--games", "1_000"], "from 1 to 1000000"),
        (["simulate", "--players", " 3"], "from 2 to 5"),
        (["simulate", "--seed", "-1"], "from 0 to 9007199254740991"),
        (["conform", "--fuzz", "1000001"], "from 0 to 1000000"),
        (["conform", "--random-deals", "10" * 10], "from 0 to 1000000"),
        (["conform", "--jobs", "1025"], "from 1 to 1024"),
        (["verify", "--jobs", "1000000"], "from 1 to 1024"),
        (["verify", "--depth", "9"], "from 0 to 8"),
        (["replay", "--at", "True", "x"], "from 0 to"),
        (["play", "--seed", "1e3"], "from 0 to"),
        (["play", "--budget", "99999999999"], "from 1 to 1000000"),
        (["simulate", "--budget", "\u0663"], "from 1 to 1000000"),
        (["play", "--budget-seconds", "inf"], "seconds from 0.01 to 3600"),
        (["simulate", "--budget-seconds", "1e9"], "seconds from 0.01 to 3600"),
    ],
)
def test_a_count_beyond_its_cap_or_not_in_ascii_digits_names_the_cap(
    argv: list[str], cap: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1, err
    assert cap in err


def test_no_option_reads_a_number_with_pythons_int_or_float() -> None:
    """Every number an option takes is read by one of the option types of ``_options``
    (``whole``, ``seconds``): ``int`` reads ``"\u0663"`` and ``"1_000"``, ``float`` reads
    ``"inf"`` and ``"nan"``, and neither has a cap (``play --budget 99999999999`` was taken)."""
    import argparse  # noqa: PLC0415 - only this test walks the parsers

    from scout_ref.cli import build_parser  # noqa: PLC0415

    def walk(parser: argparse.ArgumentParser) -> list[str]:
        bare = []
        for action in parser._actions:
            if action.type in (int, float):
                bare.append(f"{parser.prog} {'/'.join(action.option_strings) or action.dest}")
            if isinstance(action, argparse._SubParsersAction):
                for sub in action.choices.values():
                    bare += walk(sub)
        return bare

    assert walk(build_parser()) == []


@pytest.mark.parametrize(
    "pattern",
    ["SC-SHOW-01\n", "legal-*\t", "x" * 100_000, "", "SC-\u0428OW-01"],
    ids=lambda p: f"{p[:12]!r} ({len(p)})",
)
@pytest.mark.parametrize(
    "option", [["conform", "--list", "--rule"], ["conform", "--list", "--case"], ["rules"]]
)
def test_a_pattern_with_a_line_break_or_of_100000_characters_is_refused(
    option: list[str], pattern: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A rule or case pattern is 1 to 200 printable ASCII characters: ``SC-SHOW-01\\n``
    matched the rule, and a glob of 100,000 characters was accepted."""
    err = one_error(capsys, [*option, pattern])
    assert "printable ASCII" in err or "names no rule" in err
