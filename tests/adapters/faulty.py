"""A faulty adapter: the reference engine, except that ``legal`` requests trigger one fault.

Usage: ``faulty.py MODE`` with MODE one of crash, hang, garbage, wrong_id, wrong_shape, flood,
or die_at_hello (which fails before anything else).
"""

from __future__ import annotations

import json
import sys
import time

from scout_ref.conformance.adapter import HELLO, answer


def fault(mode: str, request: dict[str, object]) -> str:
    """The line to print for a ``legal`` request, after any side effect of the fault."""
    match mode:
        case "crash":
            print("Traceback: engine exploded on a legal request", file=sys.stderr, flush=True)
            sys.exit(3)
        case "hang":
            time.sleep(3600)
        case "garbage":
            return "legal moves are: keep, flip"
        case "wrong_id":
            return json.dumps({**answer(request), "id": 999})
        case "wrong_shape":
            return json.dumps({"id": request["id"], "type": "result", "moves": "keep flip"})
        case "flood":
            sys.stdout.write("[" * (2 << 20))
            sys.stdout.flush()
            time.sleep(3600)
        case _:
            pass
    raise SystemExit(f"unknown mode {mode!r}")


def main(mode: str) -> None:
    """Serve until bye, faulting on legal requests."""
    if mode == "die_at_hello":
        print("fatal: the engine library could not be loaded", file=sys.stderr, flush=True)
        sys.exit(1)
    for line in sys.stdin:
        request = json.loads(line)
        if request["type"] == "bye":
            return
        if request["type"] == "hello":
            reply = json.dumps(HELLO)
        elif request["type"] == "legal":
            reply = fault(mode, request)
        else:
            reply = json.dumps(answer(request))
        print(reply, flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
