"""An adapter that rejects every move of SC-NOTE-07's forms for the wrong reason.

The reference engine, except that an ``apply`` request whose move is ``scout #i @k`` or
``show i,j,...`` is rejected as ``not_stronger``: every reject vector in those forms fails, so
the runner prints a ``reference:`` command under each (tests/test_conformance_reproduce.py).
"""

from __future__ import annotations

import json
import sys

from scout_ref.conformance.oracle.server import HELLO, answer


def main() -> None:
    """Serve until bye."""
    for line in sys.stdin:
        request = json.loads(line)
        if request["type"] == "bye":
            return
        move = str(request.get("move", ""))
        if request["type"] == "hello":
            reply = HELLO | {"name": "misjudges-probes"}
        elif request["type"] == "apply" and ("#" in move or "," in move):
            reply = {"id": request["id"], "type": "result", "rejection": {"reason": "not_stronger"}}
        else:
            reply = answer(request)
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()
