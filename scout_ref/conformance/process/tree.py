"""Adapter processes and everything they start: spawned in their own session, ended together.

An adapter may start helpers, and a helper may leave the adapter's process group (``setsid``)
or outlive the adapter. Killing the group is therefore not enough. Every adapter is started
with a marker in its environment, which its descendants inherit (Jenkins finds a build's
processes by the same kind of cookie), and ending it kills, until none is left:

- the adapter's process group;
- every live descendant of the adapter (by parent pid, read from ``/proc``);
- every process carrying the marker, wherever it was reparented.

On Linux the runner also becomes a *child subreaper* (``prctl(PR_SET_CHILD_SUBREAPER)``), so
orphaned descendants are reparented to it rather than to init: they stay in its tree, and the
ones it kills are reaped instead of lingering as zombies. Elsewhere only the process group is
killed. A descendant that both leaves the session and clears its environment is not found.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import secrets
import signal
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from functools import cache

MARKER = "SCOUT_REF_ADAPTER"
"""The environment variable that marks an adapter's processes."""
PR_SET_CHILD_SUBREAPER = 36
_ROUNDS = 20  # kill passes: a process may fork while its tree is being ended

_started: dict[int, str] = {}
"""Every adapter leader this process started that is not ended yet, with its marker value."""


@cache
def become_subreaper() -> bool:
    """Make this process adopt its orphaned descendants (Linux); whether that succeeded."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def spawn(argv: Sequence[str]) -> subprocess.Popen[bytes]:
    """Start ``argv`` with piped stdin, stdout and stderr in a new session, marked as ours.

    Raises:
        OSError: if the command cannot be started.
    """
    become_subreaper()
    token = secrets.token_hex(8)
    env = {**os.environ, MARKER: token}
    proc = subprocess.Popen(
        list(argv),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        env=env,
    )
    _started[proc.pid] = token
    return proc


def end(proc: subprocess.Popen[bytes]) -> None:
    """Kill ``proc``, its process group, its descendants and every process with its marker."""
    token = _started.pop(proc.pid, None)
    # Once reaped, the leader's pid may belong to someone else: then only its group and marker.
    killed = _kill_until_gone(proc.pid, token, walk=proc.returncode is None)
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    _reap(killed - {proc.pid})
    _reap_orphans()


def end_all() -> None:
    """End every adapter this process started and has not ended (used when interrupted)."""
    for pid, token in list(_started.items()):
        _started.pop(pid, None)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(pid, signal.SIGKILL)
        _reap(_kill_until_gone(pid, token) | {pid})
    _reap_orphans()


def _reap_orphans() -> None:
    """Reap the dead orphans a subreaper adopted (they died before anyone could kill them)."""
    me = os.getpid()
    dead = {pid for pid, (ppid, state) in _process_table() if ppid == me and state == "Z"}
    _reap(dead - _started.keys())


def _kill_until_gone(leader: int, token: str | None, *, walk: bool = True) -> set[int]:
    killed: set[int] = set()
    for _ in range(_ROUNDS):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(leader, signal.SIGKILL)
        found = set(_members(leader if walk else None, token)) - {os.getpid()}
        if not found - killed and killed:
            break
        for pid in found:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
        killed |= found
        if not found:
            break
        time.sleep(0.01)
    return killed


def _members(leader: int | None, token: str | None) -> Iterator[int]:
    """The live processes of an adapter: its leader's descendants and the marked ones."""
    table = dict(_process_table())
    children: dict[int, list[int]] = {}
    for pid, (ppid, _) in table.items():
        children.setdefault(ppid, []).append(pid)
    stack = [] if leader is None else [leader]
    while stack:
        pid = stack.pop()
        if pid in table and table[pid][1] != "Z":
            yield pid
        stack.extend(children.get(pid, []))
    if token is not None:
        marker = f"\0{MARKER}={token}\0".encode()
        for pid, (_, state) in table.items():
            if state != "Z" and marker in b"\0" + _environ(pid):
                yield pid


def _process_table() -> Iterator[tuple[int, tuple[int, str]]]:
    """(pid, (parent pid, state)) of every process in ``/proc`` (nothing without ``/proc``)."""
    try:
        entries = os.listdir("/proc")
    except OSError:
        return
    for name in entries:
        if not name.isascii() or not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as stat:
                fields = stat.read().rpartition(b")")[2].split()
        except OSError:
            continue
        if len(fields) >= 2:
            yield int(name), (int(fields[1]), fields[0].decode("ascii", "replace"))


def _environ(pid: int) -> bytes:
    try:
        with open(f"/proc/{pid}/environ", "rb") as environ:
            return environ.read()
    except OSError:
        return b""


def _reap(pids: set[int]) -> None:
    """Collect the exit status of killed processes that were reparented to this one."""
    for pid in pids:
        for _ in range(50):
            try:
                done, _ = os.waitpid(pid, os.WNOHANG)
            except ChildProcessError:  # not our child (or already reaped)
                break
            if done:
                break
            time.sleep(0.002)
