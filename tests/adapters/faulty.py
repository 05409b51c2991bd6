"""A faulty adapter: the reference engine, except that ``legal`` requests trigger one fault.

Usage: ``faulty.py MODE`` with MODE one of crash, changing_hello, hang, half_line, garbage,
wrong_id, wrong_shape, flood, nested, giant, markup, surrogate, slow, exit0, float_id, string_id,
setsid, or die_at_hello (which fails before anything else). When ``FAULTY_MARK`` names a file,
the adapter writes its pid there when the first legal request arrives (the setsid mode writes its
grandchild's pid too), so a test knows when the fault is reached and which processes must be
gone afterwards. ``FAULTY_KIND`` names another request type to fault instead of ``legal``
(``deal_random``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Callable

from scout_ref.conformance.oracle.server import HELLO, answer

NESTED = 200_000  # brackets each way: about 400 KB, under the runner's 1 MiB line limit


def mark(*pids: int) -> None:
    """Tell the test which processes this fault involves."""
    path = os.environ.get("FAULTY_MARK")
    if path:
        with open(path + ".tmp", "w", encoding="utf-8") as out:
            out.write(" ".join(map(str, pids)))
        os.replace(path + ".tmp", path)


def grandchild() -> int:
    """Start a process that leaves the adapter's session and sleeps: it must not outlive it."""
    code = "import os, time; os.setsid(); time.sleep(3600)"
    return subprocess.Popen([sys.executable, "-c", code]).pid


Request = dict[str, object]

REPLIES: dict[str, Callable[[Request], str]] = {
    "garbage": lambda r: "legal moves are: keep, flip",
    "wrong_id": lambda r: json.dumps({**answer(r), "id": 999}),
    "float_id": lambda r: json.dumps({**answer(r), "id": float(str(r["id"]))}),
    "string_id": lambda r: json.dumps({**answer(r), "id": str(r["id"])}),
    "wrong_shape": lambda r: json.dumps({"id": r["id"], "type": "result", "moves": "keep flip"}),
    "nested": lambda r: "[" * NESTED + "]" * NESTED,
    "giant": lambda r: json.dumps({"id": r["id"], "type": "result", "moves": ["keep"] * 100_000}),
    "markup": lambda r: json.dumps({"id": r["id"], "type": "errored", "message": "[/] [bold"}),
    "surrogate": lambda r: json.dumps({"id": r["id"], "type": "errored", "message": "\ud800"}),
}
"""Faults that are a wrong line."""


def fault(mode: str, request: Request) -> str:
    """The line to print for a ``legal`` request, after any side effect of the fault."""
    if mode in REPLIES:
        return REPLIES[mode](request)
    match mode:
        case "crash" | "changing_hello":  # changing_hello: another version at each start
            print("Traceback: engine exploded on a legal request", file=sys.stderr, flush=True)
            sys.exit(3)
        case "exit0":
            sys.exit(0)
        case "hang":
            time.sleep(3600)
        case "half_line":  # the start of a reply, then nothing
            sys.stdout.write(json.dumps(answer(request))[:20])
            sys.stdout.flush()
            time.sleep(3600)
        case "slow":
            time.sleep(5)
            return json.dumps(answer(request))
        case "flood":
            sys.stdout.write("[" * (2 << 20))
            sys.stdout.flush()
            time.sleep(3600)
        case "setsid":
            mark(os.getpid(), grandchild())
            time.sleep(3600)
        case _:
            pass
    raise SystemExit(f"unknown mode {mode!r}")


def main(mode: str) -> None:
    """Serve until bye, faulting on legal requests (or ``FAULTY_KIND``'s)."""
    faulted = os.environ.get("FAULTY_KIND", "legal")
    if mode == "die_at_hello":
        print("fatal: the engine library could not be loaded", file=sys.stderr, flush=True)
        sys.exit(1)
    for line in sys.stdin:
        request = json.loads(line)
        if request["type"] == "bye":
            return
        if request["type"] == "hello":
            name = "[/]\x1b[2J" if mode == "markup" else HELLO["name"]  # markup, a terminal escape
            version = str(os.getpid()) if mode == "changing_hello" else HELLO["version"]
            reply = json.dumps(HELLO | {"name": name, "version": version})
        elif request["type"] == faulted:
            if mode != "setsid":
                mark(os.getpid())
            reply = fault(mode, request)
        else:
            reply = json.dumps(answer(request))
        print(reply, flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
