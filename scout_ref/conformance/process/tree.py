"""Adapter processes and everything they start: spawned in their own session, ended together.

An adapter may start helpers, and a helper may leave the adapter's process group (``setsid``)
or outlive the adapter. Killing the group is therefore not enough. Every adapter is started
with a marker in its environment, which its descendants inherit (Jenkins finds a build's
processes by the same kind of cookie), and ending it kills, until none is left:

- the adapter's process group;
- every live descendant of the adapter (psutil reads the process table);
- every process carrying the marker, wherever it was reparented.

On Linux the runner also becomes a *child subreaper* (``prctl(PR_SET_CHILD_SUBREAPER)``, which
psutil does not offer), so orphaned descendants are reparented to it rather than to init: they
stay in its tree, and the ones it kills are reaped instead of lingering as zombies. Elsewhere
the orphans go to init, which reaps them. A descendant that both leaves the session and clears
its environment is not found.
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
from collections.abc import Iterable, Sequence
from functools import cache

import psutil

MARKER = "SCOUT_REF_ADAPTER"
"""The environment variable that marks an adapter's processes."""
PR_SET_CHILD_SUBREAPER = 36
_ROUNDS = 20  # kill passes: a process may fork while its tree is being ended
_REAP_SECONDS = 0.1  # how long the killed processes are waited for, all together

_started: dict[subprocess.Popen[bytes], str] = {}
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
    _started[proc] = token
    return proc


def end(proc: subprocess.Popen[bytes]) -> None:
    """Kill ``proc``, its process group, its descendants and every process with its marker."""
    token = _started.pop(proc, None)
    # Once reaped, the leader's pid may belong to someone else: then only its group and marker.
    killed = _kill_until_gone(proc.pid, token, walk=proc.returncode is None)
    _kill_group(proc.pid)
    proc.wait()
    _reap(p for p in killed if p.pid != proc.pid)
    _reap_orphans()


def end_all() -> None:
    """End every adapter this process started and has not ended (used when interrupted)."""
    for proc in list(_started):
        end(proc)


def _kill_group(leader: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(leader, signal.SIGKILL)


def _kill_until_gone(leader: int, token: str | None, *, walk: bool) -> set[psutil.Process]:
    killed: set[psutil.Process] = set()
    for _ in range(_ROUNDS):
        _kill_group(leader)
        found = _members(leader if walk else None, token)
        if not found - killed and killed:
            break
        for process in found:
            with contextlib.suppress(psutil.Error):
                process.kill()
        killed |= found
        if not found:
            break
        time.sleep(0.01)
    return killed


def _members(leader: int | None, token: str | None) -> set[psutil.Process]:
    """The live processes of an adapter: its leader's descendants and the marked ones."""
    found: list[psutil.Process] = []
    if leader is not None:
        with contextlib.suppress(psutil.Error):
            root = psutil.Process(leader)
            found += [root, *root.children(recursive=True)]
    if token is not None:
        for process in psutil.process_iter(["environ"]):
            if (process.info["environ"] or {}).get(MARKER) == token:
                found.append(process)
    return {p for p in found if p.pid != os.getpid() and _alive(p)}


def _alive(process: psutil.Process) -> bool:
    """Whether ``process`` runs (a zombie has ended)."""
    try:
        return process.status() != psutil.STATUS_ZOMBIE
    except psutil.Error:
        return False


def _reap_orphans() -> None:
    """Reap the dead orphans a subreaper adopted (they died before anyone could kill them)."""
    ours = {proc.pid for proc in _started}
    _reap(c for c in psutil.Process().children() if c.pid not in ours and not _alive(c))


def _reap(processes: Iterable[psutil.Process]) -> None:
    """Wait for killed processes to exit, collecting the status of those reparented to us."""
    psutil.wait_procs(list(processes), timeout=_REAP_SECONDS)
