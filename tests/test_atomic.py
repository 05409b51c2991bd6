"""Output files are replaced in one step: a failure or a signal mid-write keeps the old file."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from scout_ref import MalformedInputError
from scout_ref.util.atomic import check_output_file, check_output_folder, write_atomic

pytestmark = pytest.mark.rule


def test_writes_and_replaces(tmp_path: Path) -> None:
    path = tmp_path / "deeper" / "report.json"
    write_atomic(path, "first")
    write_atomic(path, b"second")
    assert path.read_text("utf-8") == "second"
    assert os.listdir(path.parent) == ["report.json"]
    (tmp_path / "plain").touch()  # the mode of any new file here
    assert path.stat().st_mode & 0o777 == (tmp_path / "plain").stat().st_mode & 0o777


WRITE_UNDER_UMASK = """
import os, sys
from pathlib import Path
from scout_ref.util.atomic import write_atomic
os.umask(int(sys.argv[2], 8))
os.umask = None  # the umask is process-wide: another thread may be creating a file
write_atomic(Path(sys.argv[1]), "x")
print(oct(Path(sys.argv[1]).stat().st_mode & 0o777))
"""


@pytest.mark.parametrize("umask", [0o022, 0o077, 0o002])
def test_the_mode_follows_the_umask_which_is_left_alone(umask: int, tmp_path: Path) -> None:
    path = tmp_path / "report.json"
    argv = [sys.executable, "-c", WRITE_UNDER_UMASK, str(path), oct(umask)]
    done = subprocess.run(argv, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == oct(0o666 & ~umask)


@pytest.mark.parametrize("failure", [OSError(28, "No space left on device"), KeyboardInterrupt()])
def test_a_failed_write_keeps_the_old_file_and_no_temporary(
    failure: BaseException, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "report.json"
    path.write_text("old", encoding="utf-8")

    def fail(fd: int) -> None:
        raise failure

    monkeypatch.setattr(os, "fsync", fail)
    with pytest.raises((MalformedInputError, KeyboardInterrupt)) as info:
        write_atomic(path, "new", "--report")
    if isinstance(failure, OSError):
        assert "No space left on device" in str(info.value)
    assert path.read_text("utf-8") == "old"
    assert os.listdir(tmp_path) == ["report.json"]


def test_an_unwritable_place_is_refused(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    with pytest.raises(MalformedInputError, match="--record"):
        write_atomic(blocker / "game.json", "x", "--record")
    with pytest.raises(MalformedInputError, match="is not a folder"):
        check_output_folder(blocker, "--report")
    with pytest.raises(MalformedInputError, match="is a folder, not a file"):
        check_output_file(tmp_path, "--junit")
    with pytest.raises(MalformedInputError, match="is not a regular file"):
        check_output_file(Path("/dev/null"), "--junit")
    check_output_file(tmp_path / "new" / "junit.xml", "--junit")
    assert (tmp_path / "new").is_dir()
