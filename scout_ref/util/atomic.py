"""Writing output files so that a reader sees the old file or the new one, never half of one.

Every file scout-ref writes (reports, JUnit XML, game records, findings, vectors) goes through
:func:`write_atomic`: the text is written to a temporary file in the same folder, flushed to
disk, then renamed over the target, which POSIX makes atomic. A full disk, a kill or a crash
leaves the previous file intact. :func:`check_output_file` and :func:`check_output_folder` are
called before long runs, so a bad path is found before the results exist, not after.

The temporary file is created with the mode any new file gets (``0o666`` less the umask, or as
the folder's default ACL says), which the kernel applies as it creates the file. The umask is
never read: reading it means setting it, for every thread at once, and a file another thread
created meanwhile would be writable by all.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import tempfile
from pathlib import Path

from scout_ref.errors import MalformedInputError, excerpt


def _refuse(option: str, path: Path, why: str) -> MalformedInputError:
    return MalformedInputError(option, [("", f"{excerpt(repr(str(path)), 120)} {why}")])


def write_atomic(path: Path, data: str | bytes, option: str = "output") -> None:
    """Replace ``path`` with ``data`` (text is written as UTF-8) in one step.

    Raises:
        MalformedInputError: naming ``option`` if the file cannot be written; the old file,
            if any, is left as it was.
    """
    raw = data.encode("utf-8") if isinstance(data, str) else data
    folder = path.parent
    temp = folder / f".{path.name}.{secrets.token_hex(8)}.tmp"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    except OSError as exc:
        raise _refuse(option, path, f"cannot be written: {exc.strerror}") from None
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(raw)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException as exc:  # a signal may arrive here too: never leave the temp file
        with contextlib.suppress(OSError):
            os.unlink(temp)
        if isinstance(exc, OSError):
            raise _refuse(option, path, f"cannot be written: {exc.strerror}") from None
        raise


def check_output_folder(path: Path, option: str) -> None:
    """Make sure ``path`` is (or can be created as) a folder scout-ref can write files in.

    Raises:
        MalformedInputError: naming ``option`` if it cannot.
    """
    if path.exists() and not path.is_dir():
        raise _refuse(option, path, "is not a folder")
    try:
        path.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=path):
            pass
    except OSError as exc:
        why = f"is not a folder files can be written in: {exc.strerror}"
        raise _refuse(option, path, why) from None


def check_output_file(path: Path, option: str) -> None:
    """Make sure a file can be written at ``path`` (its folder is checked; it is not created).

    Raises:
        MalformedInputError: naming ``option`` if it cannot.
    """
    if path.is_dir():
        raise _refuse(option, path, "is a folder, not a file")
    if path.exists() and not path.is_file():
        raise _refuse(option, path, "is not a regular file")
    check_output_folder(path.parent, option)
