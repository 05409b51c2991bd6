"""``scout-ref check`` and the stored witnesses (issue 35): only a witness that replays to the
position proves it; a damaged store is searched past or refused in one line; the search keeps
its budget and stops on a signal."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scout_ref.cli import main
from scout_ref.cli.commands import check
from scout_ref.formats import witness_store
from scout_ref.formats.position_line import format_position
from tests.hostile import DAMAGES
from tests.test_cli_input import one_error

pytestmark = pytest.mark.rule("SC-REACH-01")

STORED = sorted(witness_store.witness_dir().glob("*.json"))[:2]


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A witness folder holding two stored witnesses, read and written instead of the real."""
    folder = tmp_path / "witnesses"
    folder.mkdir()
    for path in STORED:
        shutil.copyfile(path, folder / path.name)
    monkeypatch.setattr(witness_store, "witness_dir", lambda: folder)
    monkeypatch.setattr(check, "witness_dir", lambda: folder)
    return folder


def position(path: Path) -> str:
    return format_position(witness_store.replay_witness(path))


def test_a_sound_stored_witness_proves_its_position(
    store: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", position(STORED[0])]) == 0
    assert "reachable: the witness game" in capsys.readouterr().out


def _another_position(path: Path) -> None:
    shutil.copyfile(STORED[1], path)


def _link_to_another(path: Path) -> None:
    path.unlink()
    path.symlink_to(STORED[1])


def _link_to_itself_elsewhere(path: Path) -> None:
    path.unlink()
    path.symlink_to(STORED[0])  # even a sound witness behind a link is not the stored file


WRONG = DAMAGES | {
    "of another position": _another_position,
    "a link to another witness": _link_to_another,
    "a link to a sound witness": _link_to_itself_elsewhere,
}


@pytest.mark.parametrize("damage", list(WRONG))
def test_a_stored_witness_that_does_not_replay_to_the_position_proves_nothing(
    damage: str, store: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = position(STORED[0])
    WRONG[damage](store / STORED[0].name)
    status = main(["check", "--budget", "0", target])
    out = capsys.readouterr().out
    assert "the witness game" not in out
    assert status == 4, out  # round 5: outside what the search covers
    assert ("does not prove it" in out) == (damage != "missing")


@pytest.mark.parametrize("what", ["a file", "a link to /dev/null", "a folder of no access"])
def test_store_into_a_folder_that_is_not_one_is_refused_before_the_search(
    what: str, store: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = position(STORED[0])
    shutil.rmtree(store)
    if what == "a file":
        store.write_text("")
    elif what == "a link to /dev/null":
        store.symlink_to("/dev/null")
    else:
        if os.geteuid() == 0:
            pytest.skip("root writes anywhere")
        store.mkdir(mode=0o500)
    assert "--store" in one_error(capsys, ["check", "--store", target])


@pytest.mark.parametrize("budget", ["-1", "100001", "10" * 20, "\u0663", "1_000", " 7", "7.0"])
def test_a_budget_beyond_its_cap_is_refused_naming_the_cap(
    budget: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        main(["check", "--budget", budget, "3p hands 3/1 | 2/1 | 4/1"])
    assert info.value.code == 2
    assert "from 0 to 100000" in capsys.readouterr().err


UNDECIDED = (
    "5p turn 0 hands 6/5 7/2 5/8 10/5 1/8 1/7 10/7 8/3 | 2/5 2/4 10/6 1/3 6/3 5/3 3/2 4/6 1/4 4/5 "
    "| 4/9 10/4 6/7 5/7 3/7 1/9 7/9 | 2/1 8/7 8/6 2/8 6/2 8/9 3/4 | 10/2 6/1 8/10 3/10 10/1 7/4 "
    "6/9 9/2 10/9 owner 3 captured - | 1-5 | - | - | 3-9 scout_chips 2 2 2 3 3 "
    "scout_show_used 0 1 2 3 4"
)
"""A position whose witness takes the search longer than a test can wait."""


def test_an_interrupt_stops_a_long_search_even_when_started_ignoring_it() -> None:
    """A shell starts a background job with SIGINT ignored; Ctrl-C (or kill -INT) still ends
    the search at once, with one line and status 130."""
    command = [sys.executable, "-m", "scout_ref", "check", "--budget", "100000", UNDECIDED]
    with subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN),  # noqa: PLW1509
    ) as process:
        try:
            deadline = time.monotonic() + 60
            while process.poll() is None and time.monotonic() < deadline:
                process.send_signal(signal.SIGINT)  # until the search (and its handler) started
                time.sleep(0.5)
        finally:
            process.kill()
        _, err = process.communicate()
    assert process.returncode == 130, err
    assert err.splitlines() == ["interrupted by SIGINT: the witness search stopped"]
